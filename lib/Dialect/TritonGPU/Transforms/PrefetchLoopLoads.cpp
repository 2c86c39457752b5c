// ttg-prefetch-loop-loads: a loop's tile loads are issued one iteration ahead, into registers
// that the loop carries, so that the next tiles travel from global memory while the current
// ones are computed on.

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::nereid::ttg {

#define GEN_PASS_DEF_PREFETCHLOOPLOADSPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// The ops of `body` that `roots` are computed from, in block order, where every one is pure
/// and has no regions, and the computation reaches outside `body` only through its arguments
/// (the induction variable and the iter args, collected in `arguments`) and values defined
/// above the loop; std::nullopt otherwise.
std::optional<SmallVector<Operation *>> getPureSlice(Block *body, ValueRange roots,
                                                     llvm::SetVector<Value> &arguments) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() == body)
        arguments.insert(argument);
      continue;
    }
    Operation *op = value.getDefiningOp();
    if (op->getBlock() != body || slice.contains(op))
      continue; // defined above the loop, or seen
    if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
      return std::nullopt;
    slice.insert(op);
    llvm::append_range(worklist, op->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// Whether `op` or an op in its regions may write memory that a load could read.
bool mayWriteMemory(Operation *op) {
  WalkResult result = op->walk([](Operation *inner) {
    if (isa<tt::PrintOp, tt::AssertOp>(inner))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (!effects)
      return inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ? WalkResult::advance()
                                                                   : WalkResult::interrupt();
    return effects.hasEffect<MemoryEffects::Write>() ? WalkResult::interrupt()
                                                     : WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// What prefetching a load of `forOp` takes: the ops that compute its operands from the
/// iteration's values, and those that compute the next iteration's values of the iter args
/// they use (each iter arg advanced by the pure ops that compute what the loop yields for it).
struct PrefetchPlan {
  tt::LoadOp load;
  SmallVector<Operation *> addressOps;
  SmallVector<Operation *> advanceOps;
  SmallVector<BlockArgument> advancedArgs;
};

std::optional<PrefetchPlan> planPrefetch(scf::ForOp forOp, tt::LoadOp load) {
  Block *body = forOp.getBody();
  llvm::SetVector<Value> arguments;
  std::optional<SmallVector<Operation *>> addressOps =
      getPureSlice(body, load->getOperands(), arguments);
  if (!addressOps)
    return std::nullopt;
  // The iter args that the address needs in the next iteration, and what computes them: the
  // values the loop yields for them, which may need further iter args in turn.
  Operation *yield = body->getTerminator();
  llvm::SetVector<Operation *> advanceOps;
  SmallVector<BlockArgument> advancedArgs;
  for (unsigned i = 0; i < arguments.size(); ++i) {
    auto argument = cast<BlockArgument>(arguments[i]);
    if (argument == forOp.getInductionVar())
      continue;
    advancedArgs.push_back(argument);
    Value yielded =
        yield->getOperand(argument.getArgNumber() - forOp.getNumInductionVars());
    std::optional<SmallVector<Operation *>> ops = getPureSlice(body, yielded, arguments);
    if (!ops)
      return std::nullopt;
    advanceOps.insert(ops->begin(), ops->end());
  }
  SmallVector<Operation *> orderedAdvance(advanceOps.begin(), advanceOps.end());
  llvm::sort(orderedAdvance, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return PrefetchPlan{load, std::move(*addressOps), std::move(orderedAdvance),
                      std::move(advancedArgs)};
}

/// `load` cloned with `mapping` at `builder`, its mask also requiring `inBounds` (an i1: the
/// iteration it loads for exists).
Value cloneGuardedLoad(OpBuilder &builder, tt::LoadOp load, IRMapping &mapping, Value inBounds) {
  Location loc = load.getLoc();
  auto pointers = cast<RankedTensorType>(load.getPtr().getType());
  Value mask = tt::SplatOp::create(builder, loc,
                                   pointers.cloneWith(std::nullopt, builder.getI1Type()),
                                   inBounds);
  if (Value original = load.getMask())
    mask = arith::AndIOp::create(builder, loc, mapping.lookupOrDefault(original), mask);
  auto clone = cast<tt::LoadOp>(builder.clone(*load, mapping));
  clone.getMaskMutable().assign(mask);
  return clone.getResult();
}

/// Issues the load of `plan` for iteration i + 1 at the top of iteration i (and the first
/// iteration's before the loop), carried into the next iteration by a new iter arg that
/// replaces the load.
void prefetch(scf::ForOp forOp, const PrefetchPlan &plan) {
  tt::LoadOp load = plan.load;
  Location loc = load.getLoc();
  Block *body = forOp.getBody();
  Value inductionVar = forOp.getInductionVar();
  Value upperBound = forOp.getUpperBound();

  // Before the loop: the first iteration's tile, where the loop runs at all.
  OpBuilder builder(forOp);
  IRMapping first;
  first.map(inductionVar, forOp.getLowerBound());
  for (auto [argument, init] : llvm::zip(forOp.getRegionIterArgs(), forOp.getInitArgs()))
    first.map(argument, init);
  for (Operation *op : plan.addressOps)
    builder.clone(*op, first);
  Value runs = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                     forOp.getLowerBound(), upperBound);
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
  Value nextRuns = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                         nextInductionVar, upperBound);
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
        if (std::optional<PrefetchPlan> plan = planPrefetch(loop, load))
          prefetch(loop, *plan);
      }
    }
  }
};

} // namespace
} // namespace mlir::nereid::ttg
