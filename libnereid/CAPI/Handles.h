#ifndef NEREID_LIB_CAPI_HANDLES_H
#define NEREID_LIB_CAPI_HANDLES_H

#include "nereid-c/Nereid.h"
#include "nereid/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>

namespace mlir::nereid::capi {

/// Adds the LLVM and OpenMP dialects and the translations of them (and of builtin) to LLVM
/// IR, so that a context can parse a module lowered to the LLVM dialect and emit it.
void registerLLVMTranslations(mlir::DialectRegistry &registry);

} // namespace mlir::nereid::capi

/// The storage behind a NereidContext handle: an MLIR context with every Nereid dialect.
struct NereidContext {
  mlir::MLIRContext context;
  /// What broke the context, when an entry point recovered from a fatal error or a crash in it
  /// (CrashRecovery.h); empty while it is usable.
  std::string internalError;

  NereidContext() : context(makeRegistry(), mlir::MLIRContext::Threading::DISABLED) {
    context.loadAllAvailableDialects();
    // Diagnostics name the op by its source location; the generic dump of the op that MLIR
    // attaches by default means nothing to a kernel author.
    context.printOpOnDiagnostic(false);
  }

private:
  static mlir::DialectRegistry makeRegistry() {
    mlir::DialectRegistry registry;
    mlir::nereid::registerAllDialects(registry);
    mlir::nereid::registerAllTargets();
    mlir::nereid::capi::registerLLVMTranslations(registry);
    return registry;
  }
};

/// The storage behind a NereidModule handle: the module, its last printed text, and the
/// context it was parsed in.
struct NereidModule {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::string printed;
  NereidContext *owner;
};

#endif // NEREID_LIB_CAPI_HANDLES_H
