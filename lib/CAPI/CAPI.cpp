// Contexts, modules and pass pipelines behind the C API.

#include "nereid-c/Nereid.h"

#include "Diagnostics.h"
#include "nereid/Registration.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

using namespace mlir;
using mlir::nereid::capi::DiagnosticCollector;

struct NereidContext {
  MLIRContext context;

  NereidContext() : context(makeRegistry(), MLIRContext::Threading::DISABLED) {
    context.loadAllAvailableDialects();
  }

private:
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    mlir::nereid::registerAllDialects(registry);
    return registry;
  }
};

struct NereidModule {
  OwningOpRef<ModuleOp> module;
  std::string printed;
};

/// Pass registration is global and must happen once per process before pipelines are parsed.
static void registerPassesOnce() {
  static std::once_flag once;
  std::call_once(once, [] { mlir::nereid::registerAllPasses(); });
}

extern "C" {

int32_t nereid_api_version(void) { return NEREID_C_API_VERSION; }

NereidContext *nereid_context_create(void) { return new NereidContext(); }

void nereid_context_destroy(NereidContext *context) { delete context; }

NereidModule *nereid_module_parse(NereidContext *context, const char *text, size_t length,
                                  const char *filename, NereidDiagnostics *diagnostics) {
  if (!context || (!text && length != 0)) {
    if (diagnostics)
      diagnostics->addError("nereid_module_parse: null context or text");
    return nullptr;
  }
  DiagnosticCollector collector(&context->context, diagnostics);
  // A copy, so that the parser sees a NUL-terminated buffer whatever the caller passed.
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(text ? text : "", length),
                                           filename ? filename : "<string>"),
      llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context->context);
  if (!module)
    return nullptr;
  return new NereidModule{std::move(module), ""};
}

void nereid_module_destroy(NereidModule *module) { delete module; }

NereidStatus nereid_module_verify(NereidModule *module, NereidDiagnostics *diagnostics) {
  if (!module) {
    if (diagnostics)
      diagnostics->addError("nereid_module_verify: null module");
    return NEREID_FAILURE;
  }
  DiagnosticCollector collector(module->module->getContext(), diagnostics);
  return succeeded(verify(*module->module)) ? NEREID_SUCCESS : NEREID_FAILURE;
}

const char *nereid_module_print(NereidModule *module, int with_locations) {
  if (!module)
    return "";
  module->printed.clear();
  llvm::raw_string_ostream stream(module->printed);
  OpPrintingFlags flags;
  if (with_locations)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->module->print(stream, flags);
  return module->printed.c_str();
}

NereidStatus nereid_module_run_pipeline(NereidModule *module, const char *pipeline,
                                        NereidDiagnostics *diagnostics) {
  if (!module || !pipeline) {
    if (diagnostics)
      diagnostics->addError("nereid_module_run_pipeline: null module or pipeline");
    return NEREID_FAILURE;
  }
  registerPassesOnce();
  MLIRContext *context = module->module->getContext();
  DiagnosticCollector collector(context, diagnostics);

  std::string parseErrors;
  llvm::raw_string_ostream errorStream(parseErrors);
  FailureOr<OpPassManager> parsed = parsePassPipeline(pipeline, errorStream);
  if (failed(parsed)) {
    if (diagnostics)
      diagnostics->addError("invalid pass pipeline '" + std::string(pipeline) +
                            "': " + parseErrors);
    return NEREID_FAILURE;
  }
  if (parsed->getOpAnchorName() != ModuleOp::getOperationName()) {
    if (diagnostics)
      diagnostics->addError("pass pipeline '" + std::string(pipeline) +
                            "' must be anchored on builtin.module, as in "
                            "'builtin.module(canonicalize)'");
    return NEREID_FAILURE;
  }
  PassManager passManager(context, ModuleOp::getOperationName());
  static_cast<OpPassManager &>(passManager) = *parsed;
  return succeeded(passManager.run(*module->module)) ? NEREID_SUCCESS : NEREID_FAILURE;
}

} // extern "C"
