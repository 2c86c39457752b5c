// test-nereid-crash: an internal compiler error on request, so that tests reach the C API's
// crash recovery (libnereid/CAPI/CrashRecovery.cpp), which no valid input reaches.

#include "nereid/Support/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstdlib>

namespace mlir::nereid {

#define GEN_PASS_DEF_TESTCRASHPASS
#include "nereid/Support/Passes.h.inc"

namespace {

struct TestCrashPass : impl::TestCrashPassBase<TestCrashPass> {
  using TestCrashPassBase::TestCrashPassBase;

  void runOnOperation() override {
    if (kind == "fatal-error")
      llvm::report_fatal_error("test-nereid-crash: a fatal error, as requested");
    if (kind == "usage-error")
      llvm::reportFatalUsageError("test-nereid-crash: a fatal usage error, as requested");
    if (kind == "abort")
      std::abort();
    getOperation().emitError() << "test-nereid-crash: unknown kind '" << kind
                               << "'; expected fatal-error, usage-error or abort";
    signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid
