// ttg-prefetch-loop-loads: a loop's tile loads are issued one iteration ahead, into registers
// that the loop carries, so that the next tiles travel from global memory while the current
// ones are computed on.

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopLoadSlices.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::nereid::ttg {

#define GEN_PASS_DEF_PREFETCHLOOPLOADSPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// `load` cloned with `mapping` at `builder`, its mask also requiring `inBounds` (an i1: the
/// iteration it loads for exists).
Value cloneGuardedLoad(OpBuilder &builder, tt::LoadOp load, IRMapping &mapping, Value inBounds) {
  Value original = load.getMask();
  Value mask =
      andIterationExists(builder, load.getLoc(), cast<RankedTensorType>(load.getPtr().getType()),
                         original ? mapping.lookupOrDefault(original) : Value(), inBounds);
  auto clone = cast<tt::LoadOp>(builder.clone(*load, mapping));
  clone.getMaskMutable().assign(mask);
  return clone.getResult();
}

/// Issues the load of `plan` for iteration i + 1 at the top of iteration i (and the first
/// iteration's before the loop), carried into the next iteration by a new iter arg that
/// replaces the load.
void prefetch(scf::ForOp forOp, const LoopLoadSlice &plan) {
  tt::LoadOp load = plan.load;
  Location loc = load.getLoc();
  Block *body = forOp.getBody();
  Value inductionVar = forOp.getInductionVar();

  // Before the loop: the first iteration's tile, where the loop runs at all.
  OpBuilder builder(forOp);
  IRMapping first;
  first.map(inductionVar, forOp.getLowerBound());
  for (auto [argument, init] : llvm::zip(forOp.getRegionIterArgs(), forOp.getInitArgs()))
    first.map(argument, init);
  for (Operation *op : plan.addressOps)
    builder.clone(*op, first);
  Value runs = emitIterationExists(builder, loc, forOp, forOp.getLowerBound());
  Value firstTile = cloneGuardedLoad(builder, load, first, runs);

  // At the top of the body: what the loop yields for the iter args that the address uses,
  // then the next iteration's address and tile, where there is a next iteration.
  builder.setInsertionPointToStart(body);
  IRMapping yielded;
  for (Operation *op : plan.advanceOps)
    builder.clone(*op, yielded);
  IRMapping next;
  Value nextInductionVar =
      arith::AddIOp::create(builder, loc, inductionVar, forOp.getStep());
  next.map(inductionVar, nextInductionVar);
  Operation *yield = body->getTerminator();
  for (BlockArgument argument : plan.advancedArgs)
    next.map(argument, yielded.lookupOrDefault(yield->getOperand(
                           argument.getArgNumber() - forOp.getNumInductionVars())));
  for (Operation *op : plan.addressOps)
    builder.clone(*op, next);
  Value nextRuns = emitIterationExists(builder, loc, forOp, nextInductionVar);
  Value nextTile = cloneGuardedLoad(builder, load, next, nextRuns);

  IRRewriter rewriter(forOp.getContext());
  FailureOr<LoopLikeOpInterface> newLoop = forOp.replaceWithAdditionalYields(
      rewriter, firstTile, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &, Location, ArrayRef<BlockArgument> newArgs) -> SmallVector<Value> {
        load.getResult().replaceAllUsesWith(newArgs.front());
        return {nextTile};
      });
  assert(succeeded(newLoop) && "scf.for takes more iter args");
  (void)newLoop;
  load.erase();
}

/// The loads of `forOp` to prefetch: tensor loads directly in its body, not volatile, in a loop
/// that writes no memory (a load moved ahead of a store could miss what it stores).
SmallVector<tt::LoadOp> getPrefetchCandidates(scf::ForOp forOp) {
  SmallVector<tt::LoadOp> loads;
  if (mayWriteMemory(forOp))
    return loads;
  for (auto load : forOp.getBody()->getOps<tt::LoadOp>())
    if (isa<RankedTensorType>(load.getPtr().getType()) && !load.getIsVolatile())
      loads.push_back(load);
  return loads;
}

struct PrefetchLoopLoadsPass : impl::PrefetchLoopLoadsPassBase<PrefetchLoopLoadsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp forOp) { loops.push_back(forOp); });
    for (scf::ForOp forOp : loops) {
      for (tt::LoadOp load : getPrefetchCandidates(forOp)) {
        // Each prefetch replaces the loop by one with another iter arg; the body's ops move
        // to it.
        auto loop = load->getParentOfType<scf::ForOp>();
        if (std::optional<LoopLoadSlice> plan = getLoopLoadSlice(loop, load))
          prefetch(loop, *plan);
      }
    }
  }
};

} // namespace
} // namespace mlir::nereid::ttg
