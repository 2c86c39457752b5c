// cpu-scalarize-lane-extracts: one lane taken out of a vector computation is computed on
// scalars (see CpuScalarizeLaneExtractsPass in Passes.td).

#include "LaneGEP.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// Whether `value`, a vector, is cheap to take one lane of: a broadcast of a scalar, a constant,
/// or integer arithmetic on such vectors (an address's offsets: `splat(i) + range`).
bool isCheapToExtractFrom(Value value, unsigned depth = 0) {
  Operation *op = value.getDefiningOp();
  if (!op)
    return false;
  if (isa<vector::BroadcastOp, arith::ConstantOp>(op))
    return true;
  if (depth == 4 || !isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ExtSIOp,
                         arith::ExtUIOp, arith::TruncIOp, arith::IndexCastOp>(op))
    return false;
  return llvm::all_of(op->getOperands(),
                      [&](Value operand) { return isCheapToExtractFrom(operand, depth + 1); });
}

/// vector.extract of one lane of integer arithmetic on broadcasts and constants
/// (isCheapToExtractFrom): the same arithmetic on that lane's scalars, even when the vector has
/// other users (a bounds check's slow path reads every lane's pointer): one scalar op per op,
/// where taking the lane out of the vector is a vector-to-scalar move on the address's path.
struct ExtractFromIntegerArith : OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ExtractOp op, PatternRewriter &rewriter) const override {
    Operation *source = op.getSource().getDefiningOp();
    if (!source || op.hasDynamicPosition() || isa<VectorType>(op.getType()) ||
        isa<vector::BroadcastOp, arith::ConstantOp>(source) ||
        !isCheapToExtractFrom(op.getSource()))
      return failure();
    SmallVector<Value> lanes;
    for (Value operand : source->getOperands())
      lanes.push_back(
          vector::ExtractOp::create(rewriter, op.getLoc(), operand, op.getStaticPosition()));
    OperationState state(op.getLoc(), source->getName(), lanes, {op.getType()},
                         source->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

struct CpuScalarizeLaneExtractsPass
    : impl::CpuScalarizeLaneExtractsPassBase<CpuScalarizeLaneExtractsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ExtractFromVectorGEP, ExtractFromIntegerArith>(&getContext());
    vector::populateSinkVectorOpsPatterns(patterns);
    vector::ExtractOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
