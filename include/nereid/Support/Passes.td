#ifndef NEREID_SUPPORT_PASSES
#define NEREID_SUPPORT_PASSES

include "mlir/Pass/PassBase.td"

def TestCrashPass : Pass<"test-nereid-crash", "ModuleOp"> {
  let summary = "Fails the way an internal compiler error does, so that tests can check recovery";
  let description = [{
    Input: any module. Ends the compilation as a bug inside the compiler would: `kind=fatal-error`
    (the default) calls llvm::report_fatal_error, `kind=usage-error` llvm::reportFatalUsageError
    (which exits rather than aborts), `kind=abort` std::abort (SIGABRT). Without crash recovery
    the process ends; through the C API, whose entry points recover
    (libnereid/CAPI/CrashRecovery.h), the call returns an error that names it. Any other kind is an error. It exists so that the C
    API's unit and Python tests can reach the recovery path, which no valid input reaches.
  }];
  let options = [
    Option<"kind", "kind", "std::string", /*default=*/"\"fatal-error\"",
           "fatal-error, usage-error or abort">,
  ];
}

#endif // NEREID_SUPPORT_PASSES
