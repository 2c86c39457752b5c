// test-print-axis-info: the AxisInfo lattice of every integer and pointer result, as remarks, so
// that lit tests can check the analysis.

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/Analysis/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

namespace mlir::nereid {

#define GEN_PASS_DEF_TESTPRINTAXISINFOPASS
#include "nereid/Analysis/Passes.h.inc"

namespace {

struct TestPrintAxisInfoPass : impl::TestPrintAxisInfoPassBase<TestPrintAxisInfoPass> {
  void runOnOperation() override {
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(getOperation());
    if (failed(solver)) {
      getOperation().emitError("the AxisInfo analysis failed");
      return signalPassFailure();
    }
    getOperation().walk([&](Operation *op) {
      if (auto forOp = dyn_cast<scf::ForOp>(op))
        if (const AxisInfo *info = getAxisInfo(**solver, forOp.getInductionVar())) {
          std::string text;
          llvm::raw_string_ostream os(text);
          os << "induction variable: ";
          info->print(os);
          op->emitRemark(text);
        }
      for (OpResult result : op->getResults()) {
        const AxisInfo *info = getAxisInfo(**solver, result);
        if (!info)
          continue;
        std::string text;
        llvm::raw_string_ostream os(text);
        if (op->getNumResults() > 1)
          os << "result #" << result.getResultNumber() << ": ";
        info->print(os);
        op->emitRemark(text);
      }
    });
  }
};

} // namespace
} // namespace mlir::nereid
