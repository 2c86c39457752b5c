// cpu-scalarize-lane-extracts: one lane taken out of a vector computation is computed on
// scalars (see CpuScalarizeLaneExtractsPass in Passes.td).

#include "LaneGEP.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUSCALARIZELANEEXTRACTSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// vector.extract of one lane of a vector llvm.getelementptr: the scalar getelementptr of that
/// lane of its base and indices. Unlike elementwise ops, a GEP is scalarized even when the
/// vector GEP has other users: the scalar one costs one address computation.
struct ExtractFromVectorGEP : OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ExtractOp op, PatternRewriter &rewriter) const override {
    auto gep = op.getSource().getDefiningOp<LLVM::GEPOp>();
    if (!gep || op.hasDynamicPosition() || isa<VectorType>(op.getType()))
      return failure();
    ArrayRef<int64_t> position = op.getStaticPosition();
    auto lane = [&](Value value) -> Value {
      if (!isa<VectorType>(value.getType()))
        return value;
      return vector::ExtractOp::create(rewriter, op.getLoc(), value, position);
    };
    rewriter.replaceOp(op, buildLaneGEP(rewriter, op.getLoc(), gep, lane(gep.getBase()), lane));
    return success();
  }
};

struct CpuScalarizeLaneExtractsPass
    : impl::CpuScalarizeLaneExtractsPassBase<CpuScalarizeLaneExtractsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExtractFromVectorGEP>(&getContext());
    vector::populateSinkVectorOpsPatterns(patterns);
    vector::ExtractOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
