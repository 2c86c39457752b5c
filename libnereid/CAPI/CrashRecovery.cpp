// Crash recovery around the C API's entry points: an LLVM fatal error or a crash signal in the
// compiler becomes an error diagnostic, and the process goes on.
//
// LLVM's fatal-error handler must not return (report_fatal_error then aborts, and
// reportFatalUsageError exits), and throwing through LLVM, built without exceptions, is not an
// option. So each entry point runs its work in llvm::CrashRecoveryContext::RunSafely, which
// sets a jump buffer; the handler below records the reason and jumps back to it through
// CrashRecoveryContext::HandleExit, and a crash signal jumps back through the signal handlers
// that CrashRecoveryContext::Enable installs. Outside an entry point the handler returns, and
// LLVM ends the process as it would without one.

#include "CrashRecovery.h"

#include "Diagnostics.h"
#include "Handles.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <unistd.h>

namespace mlir::nereid::capi {
namespace {

/// The reason of the fatal error that is unwinding the current thread's entry point.
thread_local std::string fatalErrorReason;

void handleFatalError(void *, const char *reason, bool) {
  if (llvm::CrashRecoveryContext *recovery = llvm::CrashRecoveryContext::GetCurrent()) {
    fatalErrorReason = reason;
    recovery->HandleExit(/*RetCode=*/1);
  }
  // Not under an entry point (another thread of the process using LLVM): print what LLVM prints
  // without a handler, and return so that it ends the process. raw_ostream may itself report
  // fatal errors, hence write(2).
  std::string message = std::string("LLVM ERROR: ") + reason + "\n";
  (void)::write(STDERR_FILENO, message.data(), message.size());
}

/// Whether recovery is on: once per process, enables it unless the environment turns it off.
bool isRecoveryEnabled() {
  static bool enabled = [] {
    const char *disable = std::getenv("NEREID_DISABLE_CRASH_RECOVERY");
    if (disable && *disable && std::strcmp(disable, "0") != 0)
      return false;
    llvm::install_fatal_error_handler(handleFatalError);
    llvm::CrashRecoveryContext::Enable();
    return true;
  }();
  return enabled;
}

/// What went wrong, from the recovery context's return code: the fatal error's reason, or the
/// signal, which LLVM reports as 128 + its number.
std::string describeCrash(int retCode) {
  if (!fatalErrorReason.empty())
    return "LLVM fatal error: " + fatalErrorReason;
  if (retCode > 128) {
    int signal = retCode - 128;
    const char *name = strsignal(signal);
    return "crash: signal " + std::to_string(signal) + (name ? std::string(" (") + name + ")" : "");
  }
  return "crash with code " + std::to_string(retCode);
}

} // namespace

NereidStatus runRecoverably(NereidContext &context, NereidDiagnostics *diagnostics,
                            llvm::StringRef entryPoint, llvm::function_ref<LogicalResult()> body) {
  if (!context.internalError.empty()) {
    if (diagnostics)
      diagnostics->addError(entryPoint.str() +
                            ": the context is unusable after an internal compiler error (" +
                            context.internalError + "); create a new one");
    return NEREID_FAILURE;
  }
  // Outside the recovery context, so that it unregisters even when the body is cut short.
  DiagnosticCollector collector(&context.context, diagnostics);
  if (!isRecoveryEnabled())
    return succeeded(body()) ? NEREID_SUCCESS : NEREID_FAILURE;

  LogicalResult result = failure();
  llvm::CrashRecoveryContext recovery;
  fatalErrorReason.clear();
  if (recovery.RunSafely([&] { result = body(); }))
    return succeeded(result) ? NEREID_SUCCESS : NEREID_FAILURE;

  context.internalError = describeCrash(recovery.RetCode);
  fatalErrorReason.clear();
  if (diagnostics)
    diagnostics->addError("internal compiler error in " + entryPoint.str() + ": " +
                          context.internalError +
                          ". Please report it with the IR that caused it; this context and its "
                          "modules can no longer be used (create a new context)");
  return NEREID_FAILURE;
}

} // namespace mlir::nereid::capi
