// ttg-pipeline-async-copies: the tiles that a loop loads into shared memory for its dots are
// copied there asynchronously, `num_stages - 1` iterations ahead, through buffers of
// `num_stages` slices (see PipelineAsyncCopiesPass in Passes.td).

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopLoadSlices.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopStages.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::nereid::ttg {

#define GEN_PASS_DEF_PIPELINEASYNCCOPIESPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// A load of a loop's body whose tile goes only into a buffer: the local_alloc that is its one
/// use, and the ops that issue it for another iteration.
struct BufferedLoad {
  LoopLoadSlice slice;
  LocalAllocOp alloc;
};

/// Whether `other`, a load's value where its mask is false, is absent or zero: the copies
/// zero-fill what they do not read.
bool isAbsentOrZero(Value other) {
  return !other || matchPattern(other, m_Zero()) || matchPattern(other, m_AnyZeroFloat());
}

std::optional<BufferedLoad> getBufferedLoad(scf::ForOp loop, tt::LoadOp load) {
  auto pointers = dyn_cast<RankedTensorType>(load.getPtr().getType());
  if (!pointers || !pointers.getEncoding() || load.getIsVolatile() ||
      !isAbsentOrZero(load.getOther()) || !load->hasOneUse())
    return std::nullopt;
  auto alloc = dyn_cast<LocalAllocOp>(*load->user_begin());
  if (!alloc || alloc->getBlock() != load->getBlock() ||
      !alloc.getType().getEncoding().getStackEncoding(alloc.getType().getRank()))
    return std::nullopt;
  std::optional<LoopLoadSlice> slice = getLoopLoadSlice(loop, load);
  if (!slice)
    return std::nullopt;
  return BufferedLoad{std::move(*slice), alloc};
}

/// The ops of `loads`' slices, address and advance, in block order.
SmallVector<Operation *> getSliceOps(ArrayRef<BufferedLoad> loads, bool withAdvance) {
  llvm::SetVector<Operation *> ops;
  for (const BufferedLoad &load : loads) {
    ops.insert(load.slice.addressOps.begin(), load.slice.addressOps.end());
    if (withAdvance)
      ops.insert(load.slice.advanceOps.begin(), load.slice.advanceOps.end());
  }
  SmallVector<Operation *> ordered(ops.begin(), ops.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// The iter args that `loads` advance, each once.
SmallVector<BlockArgument> getAdvancedArgs(ArrayRef<BufferedLoad> loads) {
  llvm::SetVector<BlockArgument> arguments;
  for (const BufferedLoad &load : loads)
    arguments.insert(load.slice.advancedArgs.begin(), load.slice.advancedArgs.end());
  return arguments.takeVector();
}

/// Whether the loop's iter args that `loads` advance can hold their values `num_stages - 1`
/// iterations ahead: they, and what is computed from them in the body, serve only the loads'
/// addresses and their own advance, and the loop's results for them are unused.
bool canRunAhead(scf::ForOp loop, ArrayRef<BufferedLoad> loads) {
  SmallVector<Operation *> sliceOps = getSliceOps(loads, /*withAdvance=*/true);
  llvm::SmallPtrSet<Operation *, 16> computed(sliceOps.begin(), sliceOps.end());
  SmallVector<BlockArgument> advancedArgs = getAdvancedArgs(loads);
  SmallVector<Value> worklist;
  for (BlockArgument argument : advancedArgs) {
    if (!loop.getTiedLoopResult(argument).use_empty())
      return false;
    worklist.push_back(argument);
  }
  auto isLoad = [&](Operation *op) {
    return llvm::any_of(loads, [&](const BufferedLoad &load) { return load.slice.load == op; });
  };
  auto isAdvancedArgsNext = [&](OpOperand &use) {
    return llvm::any_of(advancedArgs, [&](BlockArgument argument) {
      return argument.getArgNumber() - loop.getNumInductionVars() == use.getOperandNumber();
    });
  };
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<scf::YieldOp>(user) ? isAdvancedArgsNext(use) : isLoad(user))
        continue;
      if (!computed.contains(user))
        return false;
      if (seen.insert(user).second)
        llvm::append_range(worklist, user->getResults());
    }
  }
  return true;
}

/// Clones `sliceOps` with `mapping`, then starts copying each load's tile for the iteration at
/// `inductionVar` into slice `slot` of its buffer, and closes the group.
void issueCopies(OpBuilder &builder, Location loc, scf::ForOp loop, ArrayRef<BufferedLoad> loads,
                 ArrayRef<Value> buffers, ArrayRef<Operation *> sliceOps, IRMapping &mapping,
                 Value inductionVar, Value slot) {
  mapping.map(loop.getInductionVar(), inductionVar);
  for (Operation *op : sliceOps)
    builder.clone(*op, mapping);
  Value exists = emitIterationExists(builder, loc, loop, inductionVar);
  for (auto [load, buffer] : llvm::zip_equal(loads, buffers)) {
    tt::LoadOp op = load.slice.load;
    LocalAllocOp alloc = load.alloc;
    Value mask = op.getMask() ? mapping.lookupOrDefault(op.getMask()) : Value();
    AsyncCopyGlobalToLocalOp::create(
        builder, op.getLoc(), mapping.lookupOrDefault(op.getPtr()),
        getStackSlice(builder, loc, buffer, slot, alloc.getType()),
        andIterationExists(builder, loc, cast<RankedTensorType>(op.getPtr().getType()), mask,
                           exists));
  }
  AsyncCommitGroupOp::create(builder, loc);
}

void pipeline(scf::ForOp loop, MutableArrayRef<BufferedLoad> loads, int64_t numStages) {
  Location loc = loop.getLoc();
  MLIRContext *context = loop.getContext();
  Block *body = loop.getBody();
  int64_t ahead = numStages - 1;
  SmallVector<Operation *> addressOps = getSliceOps(loads, /*withAdvance=*/false);
  SmallVector<Operation *> sliceOps = getSliceOps(loads, /*withAdvance=*/true);
  SmallVector<BlockArgument> advancedArgs = getAdvancedArgs(loads);
  auto yield = cast<scf::YieldOp>(body->getTerminator());

  // The buffers, of numStages slices each.
  OpBuilder builder(loop);
  SmallVector<Value> buffers;
  for (BufferedLoad &load : loads)
    buffers.push_back(allocateStack(builder, loc, load.alloc.getType(), numStages));

  // Before the loop: the copies of the first `ahead` iterations, into slices 0, 1, ...; the
  // advanced iter args run through their values until the iteration `ahead`. The barrier keeps
  // the copies behind every thread's reads of what the bytes held before (allocateSharedMemory
  // may give the scratch of an op outside the loop the same bytes).
  gpu::BarrierOp::create(builder, loc);
  IRMapping state;
  for (BlockArgument argument : advancedArgs)
    state.map(argument, loop.getTiedLoopInit(argument)->get());
  for (int64_t i = 0; i < ahead; ++i) {
    IRMapping mapping = state;
    Value inductionVar = advanceInductionVar(builder, loc, loop, loop.getLowerBound(), i);
    issueCopies(builder, loc, loop, loads, buffers, sliceOps, mapping, inductionVar,
                createSlot(builder, loc, i));
    for (BlockArgument argument : advancedArgs)
      state.map(argument, mapping.lookupOrDefault(yield->getOperand(argument.getArgNumber() - 1)));
  }
  for (BlockArgument argument : advancedArgs)
    loop.getTiedLoopInit(argument)->set(state.lookup(argument));

  // The loop carries the slice that its iteration reads: 0, 1, ..., numStages - 1, 0, ...
  IRRewriter rewriter(context);
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, ValueRange{createSlot(builder, loc, 0)},
      /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location loc, ArrayRef<BlockArgument> slot) {
        return SmallVector<Value>{emitNextSlot(builder, loc, slot.front(), numStages)};
      }));
  body = newLoop.getBody();
  Value slot = newLoop.getRegionIterArgs().back();

  // At the top of iteration i: its tiles have arrived, in every thread; the loads' buffers
  // are their slices.
  builder.setInsertionPointToStart(body);
  AsyncWaitOp::create(builder, loc, builder.getI32IntegerAttr(ahead - 1));
  gpu::BarrierOp::create(builder, loc);
  for (auto [load, buffer] : llvm::zip_equal(loads, buffers))
    load.alloc.getResult().replaceAllUsesWith(
        getStackSlice(builder, loc, buffer, slot, load.alloc.getType()));

  // At the bottom, once every thread is done with the slices of iteration i - 1: the copies
  // of iteration i + ahead into them.
  builder.setInsertionPoint(body->getTerminator());
  gpu::BarrierOp::create(builder, loc);
  IRMapping mapping;
  Value inductionVar = advanceInductionVar(builder, loc, newLoop, newLoop.getInductionVar(), ahead);
  issueCopies(builder, loc, newLoop, loads, buffers, addressOps, mapping, inductionVar,
              emitPreviousSlot(builder, loc, slot, numStages));

  for (BufferedLoad &load : loads) {
    load.alloc.erase();
    load.slice.load.erase();
  }
  // What computed the loads' addresses from the iteration's own values, where nothing else
  // uses it.
  for (Operation *op : llvm::reverse(addressOps))
    if (op->use_empty())
      op->erase();

  // No copy outlives the loop (those of the iterations past its end only write zeros).
  builder.setInsertionPointAfter(newLoop);
  AsyncWaitOp::create(builder, loc, builder.getI32IntegerAttr(0));
}

struct PipelineAsyncCopiesPass : impl::PipelineAsyncCopiesPassBase<PipelineAsyncCopiesPass> {
  using PipelineAsyncCopiesPassBase::PipelineAsyncCopiesPassBase;

  void runOnOperation() override {
    if (numStages < 2)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      // A copy moved ahead of a store could miss what it stores.
      if (mayWriteMemory(loop))
        continue;
      SmallVector<BufferedLoad> loads;
      for (auto load : loop.getBody()->getOps<tt::LoadOp>())
        if (std::optional<BufferedLoad> buffered = getBufferedLoad(loop, load))
          loads.push_back(std::move(*buffered));
      if (loads.empty() || !canRunAhead(loop, loads))
        continue;
      // Fewer stages where num_stages would not fit; none below two.
      SmallVector<LocalAllocOp> allocs =
          llvm::map_to_vector(loads, [](const BufferedLoad &load) { return load.alloc; });
      int64_t stages = getStagesThatFit(loop, allocs, numStages, sharedBytes);
      if (stages >= 2)
        pipeline(loop, loads, stages);
    }
  }
};

} // namespace
} // namespace mlir::nereid::ttg
