// nvidia-pipeline-warpgroup-dots: a loop's wgmma runs on into the next iteration, while its
// operands' copies for later iterations arrive (see NvidiaPipelineWarpgroupDotsPass in
// Passes.td).

#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/Passes.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopLoadSlices.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::nereid::nvidia {

#define GEN_PASS_DEF_NVIDIAPIPELINEWARPGROUPDOTSPASS
#include "nereid/Nvidia/Passes.h.inc"

namespace {

/// Whether `operand` of a dot in `body` is a slice of a buffer allocated above the loop
/// (ttg-pipeline-async-copies' buffers).
bool isSliceOfOuterBuffer(Value operand, Block *body) {
  auto slice = operand.getDefiningOp<ttg::MemDescIndexOp>();
  return slice && slice->getBlock() == body && slice.getSrc().getParentBlock() != body;
}

/// Whether `op` may write shared memory.
bool writesSharedMemory(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return op->getNumRegions() != 0;
  return effects.hasEffect<MemoryEffects::Write>() && !isa<ttg::AsyncWaitOp, WaitBarrierOp>(op);
}

/// Whether the shared memory that `dot` reads is written, in `body`, only after a barrier that
/// follows it: nothing writes it in the iteration before the dot (when the previous
/// iteration's dot may still run), and every thread waits on the dot (the wait that follows
/// it) before any write after it.
bool writesFollowABarrier(WarpgroupDotOp dot, Block *body) {
  bool afterDot = false, barrierSeen = false;
  for (Operation &op : body->without_terminator()) {
    if (&op == dot.getOperation()) {
      afterDot = true;
      continue;
    }
    // A tensor copy starts with a barrier of the program's threads (its lowering's).
    if (afterDot && isa<gpu::BarrierOp, TmaLoadOp>(op))
      barrierSeen = true;
    if (writesSharedMemory(&op) && !(afterDot && barrierSeen))
      return false;
  }
  return true;
}

/// The loop's one warpgroup_dot, when the loop can run it asynchronously: its operands are
/// slices of buffers written only after a barrier that follows it, and its accumulator is a
/// loop argument that only it uses and whose next value it is, used by nothing else.
WarpgroupDotOp getPipelinableDot(scf::ForOp loop) {
  Block *body = loop.getBody();
  auto dots = body->getOps<WarpgroupDotOp>();
  if (!llvm::hasSingleElement(dots))
    return nullptr;
  WarpgroupDotOp dot = *dots.begin();
  if (dot.getIsAsync() || !isSliceOfOuterBuffer(dot.getA(), body) ||
      !isSliceOfOuterBuffer(dot.getB(), body) || !writesFollowABarrier(dot, body))
    return nullptr;
  auto accumulator = dyn_cast<BlockArgument>(dot.getC());
  if (!accumulator || accumulator.getOwner() != body || accumulator.getArgNumber() == 0 ||
      !accumulator.hasOneUse() || !dot->hasOneUse())
    return nullptr;
  OpOperand &use = *dot->getUses().begin();
  unsigned iterArg = accumulator.getArgNumber() - 1;
  if (use.getOwner() != body->getTerminator() || use.getOperandNumber() != iterArg)
    return nullptr;
  return dot;
}

void pipeline(IRRewriter &rewriter, scf::ForOp loop, WarpgroupDotOp dot) {
  Location loc = dot.getLoc();
  unsigned iterArg = cast<BlockArgument>(dot.getC()).getArgNumber() - 1;

  // The dot runs on into the next iteration; the one before it has finished.
  dot.setIsAsync(true);
  rewriter.setInsertionPointAfter(dot);
  auto wait = WarpgroupDotWaitOp::create(rewriter, loc, dot.getType(), dot.getResult(),
                                         rewriter.getI32IntegerAttr(1));
  rewriter.replaceAllUsesExcept(dot.getResult(), wait.getResult(), wait);

  // After the loop, the last dot finishes. The loop runs under an scf.if on whether it runs
  // at all, which gives the initial values where it does not: ptxas, which does not know
  // that the loop ran, would otherwise see the copies of the initial accumulator into the
  // result's registers between the loop's wgmmas and the wait (C7515), or a path from the
  // loop around the wait (C7517), and serialize the wgmmas.
  rewriter.setInsertionPoint(loop);
  Value ran = ttg::emitIterationExists(rewriter, loc, loop, loop.getLowerBound());
  auto guard = scf::IfOp::create(rewriter, loc, loop.getResultTypes(), ran,
                                 /*withElseRegion=*/true);
  rewriter.setInsertionPointToStart(guard.elseBlock());
  scf::YieldOp::create(rewriter, loc, loop.getInitArgs());
  loop->moveBefore(guard.thenBlock(), guard.thenBlock()->end());
  rewriter.setInsertionPointAfter(loop);
  auto last = WarpgroupDotWaitOp::create(rewriter, loc, dot.getType(), loop.getResult(iterArg),
                                         rewriter.getI32IntegerAttr(0));
  SmallVector<Value> results(loop.getResults());
  results[iterArg] = last.getResult();
  scf::YieldOp::create(rewriter, loc, results);
  for (auto [result, guarded] : llvm::zip_equal(loop.getResults(), guard.getResults()))
    rewriter.replaceUsesWithIf(result, guarded,
                               [&](OpOperand &use) { return !guard->isAncestor(use.getOwner()); });
}

class NvidiaPipelineWarpgroupDotsPass
    : public impl::NvidiaPipelineWarpgroupDotsPassBase<NvidiaPipelineWarpgroupDotsPass> {
public:
  void runOnOperation() override {
    SmallVector<std::pair<scf::ForOp, WarpgroupDotOp>> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (WarpgroupDotOp dot = getPipelinableDot(loop))
        loops.emplace_back(loop, dot);
    });
    IRRewriter rewriter(&getContext());
    for (auto [loop, dot] : loops)
      pipeline(rewriter, loop, dot);
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
