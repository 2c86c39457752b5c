// tt-cpu-expand-arith: the arith ops without an LLVM lowering on a CPU (see ExpandCpuArithPass
// in Passes.td).

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_EXPANDCPUARITHPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

struct ExpandCpuArithPass : impl::ExpandCpuArithPassBase<ExpandCpuArithPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
