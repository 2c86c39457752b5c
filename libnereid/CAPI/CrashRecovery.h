#ifndef NEREID_LIB_CAPI_CRASHRECOVERY_H
#define NEREID_LIB_CAPI_CRASHRECOVERY_H

#include "nereid-c/Nereid.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

struct NereidContext;

namespace mlir::nereid::capi {

/// Runs `body`, the work of the C API function `entryPoint` on `context`, with the context's
/// diagnostics going to `diagnostics`, so that an LLVM fatal error (report_fatal_error and its
/// successors) or a crash signal (SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP) inside it
/// returns NEREID_FAILURE with an error diagnostic that names it, instead of ending the
/// process. Recovery jumps out of the compiler (llvm::CrashRecoveryContext), skipping its
/// destructors, so the context's state is then unknown: the context is marked broken, and this
/// and every later call on it or its modules fails at once with a diagnostic that says so; its
/// memory is never released. A context that is broken already fails without running `body`.
///
/// The first call enables LLVM's crash recovery for the process (it installs a fatal-error
/// handler and handlers of those signals, which pass a signal raised outside the C API on to
/// the handler installed before); NEREID_DISABLE_CRASH_RECOVERY=1 in the environment leaves both
/// alone, for debuggers and fuzzers, and the body then runs unguarded.
NereidStatus runRecoverably(NereidContext &context, NereidDiagnostics *diagnostics,
                            llvm::StringRef entryPoint, llvm::function_ref<LogicalResult()> body);

} // namespace mlir::nereid::capi

#endif // NEREID_LIB_CAPI_CRASHRECOVERY_H
