// test-print-linear-layout: prints the LinearLayout of every encoded result, a tensor in
// registers or a buffer in shared memory, so that lit tests check the conversion of each
// encoding (test/Dialect/TritonGPU/linear-layout.mlir).

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "llvm/ADT/StringExtras.h"

namespace mlir::nereid::ttg {
#define GEN_PASS_DEF_TESTPRINTLINEARLAYOUTPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::nereid::ttg

using namespace mlir;
using namespace mlir::nereid::ttg;

namespace {

struct TestPrintLinearLayoutPass
    : public mlir::nereid::ttg::impl::TestPrintLinearLayoutPassBase<TestPrintLinearLayoutPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      for (OpResult result : op->getResults()) {
        // A tensor in registers, or a buffer in shared memory.
        std::optional<nereid::LinearLayout> layout;
        auto type = dyn_cast<ShapedType>(result.getType());
        if (auto tensor = dyn_cast<RankedTensorType>(result.getType()))
          layout = toLinearLayout(tensor);
        else if (auto memdesc = dyn_cast<MemDescType>(result.getType()))
          layout = toLinearLayout(memdesc);
        if (!layout)
          continue;
        InFlightDiagnostic remark = op->emitRemark();
        if (op->getNumResults() > 1)
          remark << "result " << result.getResultNumber() << ": ";
        remark << "linear layout of "
               << llvm::join(llvm::map_range(type.getShape(),
                                             [](int64_t size) { return std::to_string(size); }),
                             "x")
               << ":\n"
               << layout->toString();
      }
    });
  }
};

} // namespace
