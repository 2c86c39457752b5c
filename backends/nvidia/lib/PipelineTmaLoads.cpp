// nvidia-pipeline-tma-loads: a loop's tensor copies run `num_stages - 1` iterations ahead,
// through buffers of `num_stages` slices and an mbarrier for each (see
// NvidiaPipelineTmaLoadsPass in Passes.td).

#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/Passes.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopLoadSlices.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::nereid::nvidia {

#define GEN_PASS_DEF_NVIDIAPIPELINETMALOADSPASS
#include "nereid/Nvidia/Passes.h.inc"

namespace {

/// A copy of a loop's body waited for at once, as nvidia-tma-loads makes it: its buffer and
/// mbarrier, allocated in the body, the ops on the barrier, and the ops of the body that
/// compute its indices from the induction variable.
struct WaitedCopy {
  TmaLoadOp copy;
  ttg::LocalAllocOp buffer, barrier;
  InitBarrierOp init;
  WaitBarrierOp wait;
  InvalBarrierOp inval;
  SmallVector<Operation *> indexOps;
};

template <typename OpTy> OpTy getUserOfType(Value value) {
  for (Operation *user : value.getUsers())
    if (auto op = dyn_cast<OpTy>(user))
      return op;
  return nullptr;
}

std::optional<WaitedCopy> getWaitedCopy(scf::ForOp loop, TmaLoadOp copy) {
  Block *body = loop.getBody();
  auto buffer = copy.getBuffer().getDefiningOp<ttg::LocalAllocOp>();
  auto barrier = copy.getBarrier().getDefiningOp<ttg::LocalAllocOp>();
  if (copy.getPred() || !buffer || !barrier || buffer->getBlock() != body ||
      barrier->getBlock() != body || !loop.isDefinedOutsideOfLoop(copy.getMap()))
    return std::nullopt;
  WaitedCopy waited{copy,
                    buffer,
                    barrier,
                    getUserOfType<InitBarrierOp>(barrier),
                    getUserOfType<WaitBarrierOp>(barrier),
                    getUserOfType<InvalBarrierOp>(barrier),
                    {}};
  if (!waited.init || !waited.wait || !waited.inval || !llvm::hasNItems(barrier->getUsers(), 4) ||
      !matchPattern(waited.wait.getPhase(), m_Zero()))
    return std::nullopt;
  std::optional<SmallVector<Operation *>> indexOps =
      ttg::getInductionVarSlice(loop, copy.getIndices());
  if (!indexOps)
    return std::nullopt;
  waited.indexOps = std::move(*indexOps);
  return waited;
}

/// Whether `op`, in the body of a loop whose copies are `copies`, could write memory that a
/// copy issued ahead reads, or the copies' buffers: any write but the copies' own ops.
bool mayWriteWhatCopiesRead(Operation *op, MutableArrayRef<WaitedCopy> copies) {
  for (WaitedCopy &copy : copies)
    if (op == copy.copy || op == copy.init || op == copy.wait || op == copy.inval)
      return false;
  return ttg::mayWriteMemory(op);
}

Value createI32(OpBuilder &builder, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(builder, loc, builder.getI32Type(), value);
}

/// `stack`'s slice `slot`, a mutable buffer of `type`.
Value getSlice(OpBuilder &builder, Location loc, Value stack, Value slot, ttg::MemDescType type) {
  auto sliceType = ttg::MemDescType::get(builder.getContext(), type.getShape(),
                                         type.getElementType(), type.getEncoding(),
                                         /*mutableMemory=*/true);
  return ttg::MemDescIndexOp::create(builder, loc, sliceType, stack, slot);
}

/// A buffer of `slices` slices of `type`'s.
Value allocateStack(OpBuilder &builder, Location loc, ttg::MemDescType type, int64_t slices) {
  SmallVector<int64_t> shape{slices};
  llvm::append_range(shape, type.getShape());
  auto stackType = ttg::MemDescType::get(builder.getContext(), shape, type.getElementType(),
                                         type.getEncoding().getStackEncoding(type.getRank()),
                                         /*mutableMemory=*/true);
  return ttg::LocalAllocOp::create(builder, loc, stackType, Value());
}

/// `inductionVar` + `iterations` steps of `loop`.
Value advanceInductionVar(OpBuilder &builder, Location loc, scf::ForOp loop, Value inductionVar,
                          int64_t iterations) {
  if (iterations == 0)
    return inductionVar;
  Value count = arith::ConstantOp::create(
      builder, loc, builder.getIntegerAttr(inductionVar.getType(), iterations));
  return arith::AddIOp::create(builder, loc, inductionVar,
                               arith::MulIOp::create(builder, loc, loop.getStep(), count));
}

/// The ops that compute `copies`' indices, each once, in block order.
SmallVector<Operation *> getIndexOps(MutableArrayRef<WaitedCopy> copies) {
  llvm::SetVector<Operation *> ops;
  for (WaitedCopy &copy : copies)
    ops.insert(copy.indexOps.begin(), copy.indexOps.end());
  SmallVector<Operation *> ordered = ops.takeVector();
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// The copies of `copies` for the iteration at `inductionVar` of `loop` (none where it does not
/// exist) into slice `slot` of their stacks.
void issueCopies(OpBuilder &builder, Location loc, scf::ForOp loop,
                 MutableArrayRef<WaitedCopy> copies, ArrayRef<Value> buffers,
                 ArrayRef<Value> barriers, Value inductionVar, Value slot) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), inductionVar);
  for (Operation *op : getIndexOps(copies))
    builder.clone(*op, mapping);
  Value exists = ttg::emitIterationExists(builder, loc, loop, inductionVar);
  for (auto [copy, buffer, barrier] : llvm::zip_equal(copies, buffers, barriers)) {
    SmallVector<Value> indices;
    for (Value index : copy.copy.getIndices())
      indices.push_back(mapping.lookupOrDefault(index));
    TmaLoadOp::create(builder, copy.copy.getLoc(), copy.copy.getMap(), indices,
                      getSlice(builder, loc, buffer, slot, copy.buffer.getType()),
                      getSlice(builder, loc, barrier, slot, copy.barrier.getType()), exists);
  }
}

void pipeline(scf::ForOp loop, MutableArrayRef<WaitedCopy> copies, int64_t numStages) {
  Location loc = loop.getLoc();
  MLIRContext *context = loop.getContext();
  int64_t ahead = numStages - 1;

  // The stacks of buffers and barriers, the barriers ready.
  OpBuilder builder(loop);
  SmallVector<Value> buffers, barriers;
  for (WaitedCopy &copy : copies) {
    buffers.push_back(allocateStack(builder, loc, copy.buffer.getType(), numStages));
    barriers.push_back(allocateStack(builder, loc, copy.barrier.getType(), numStages));
    for (int64_t slot = 0; slot < numStages; ++slot)
      InitBarrierOp::create(builder, loc,
                            getSlice(builder, loc, barriers.back(), createI32(builder, loc, slot),
                                     copy.barrier.getType()),
                            copy.init.getCount());
  }
  // The copies of the first `ahead` iterations, into slices 0, 1, ...
  for (int64_t i = 0; i < ahead; ++i)
    issueCopies(builder, loc, loop, copies, buffers, barriers,
                advanceInductionVar(builder, loc, loop, loop.getLowerBound(), i),
                createI32(builder, loc, i));

  // The loop carries the slice that its iteration reads, 0, 1, ..., numStages - 1, 0, ..., and
  // the parity of the barriers' phase that completes with its copies, which flips with each
  // round of the slices.
  IRRewriter rewriter(context);
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, ValueRange{createI32(builder, loc, 0), createI32(builder, loc, 0)},
      /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location loc, ArrayRef<BlockArgument> state) {
        Value last = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, state[0],
                                           createI32(builder, loc, ahead));
        Value next = arith::AddIOp::create(builder, loc, state[0], createI32(builder, loc, 1));
        Value flipped = arith::XOrIOp::create(builder, loc, state[1], createI32(builder, loc, 1));
        return SmallVector<Value>{
            arith::SelectOp::create(builder, loc, last, createI32(builder, loc, 0), next),
            arith::SelectOp::create(builder, loc, last, flipped, state[1])};
      }));
  Block *body = newLoop.getBody();
  Value slot = newLoop.getRegionIterArgs().drop_back().back();
  Value phase = newLoop.getRegionIterArgs().back();

  // At the bottom, the copies of iteration i + ahead into the slices of iteration i - 1, which
  // every thread is done with once the copies' barrier is passed (tma_load's lowering).
  builder.setInsertionPoint(body->getTerminator());
  Value first = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, slot,
                                      createI32(builder, loc, 0));
  Value previous = arith::SubIOp::create(builder, loc, slot, createI32(builder, loc, 1));
  Value copySlot =
      arith::SelectOp::create(builder, loc, first, createI32(builder, loc, ahead), previous);
  issueCopies(builder, loc, newLoop, copies, buffers, barriers,
              advanceInductionVar(builder, loc, newLoop, newLoop.getInductionVar(), ahead),
              copySlot);

  // Every copy issued has been waited for: the barriers end after the loop.
  builder.setInsertionPointAfter(newLoop);
  for (auto [copy, barrier] : llvm::zip_equal(copies, barriers))
    for (int64_t slot = 0; slot < numStages; ++slot)
      InvalBarrierOp::create(
          builder, loc,
          getSlice(builder, loc, barrier, createI32(builder, loc, slot), copy.barrier.getType()));

  // Each copy's buffer is its slice, which its wait, where the copy was, waits for.
  for (auto [copy, buffer, barrier] : llvm::zip_equal(copies, buffers, barriers)) {
    builder.setInsertionPoint(copy.buffer);
    copy.buffer.getResult().replaceAllUsesWith(
        getSlice(builder, loc, buffer, slot, copy.buffer.getType()));
    builder.setInsertionPoint(copy.wait);
    WaitBarrierOp::create(builder, copy.wait.getLoc(),
                          getSlice(builder, loc, barrier, slot, copy.barrier.getType()), phase);
    for (Operation *op :
         {copy.inval.getOperation(), copy.wait.getOperation(), copy.copy.getOperation(),
          copy.init.getOperation(), copy.barrier.getOperation(), copy.buffer.getOperation()})
      op->erase();
  }

  // What computed the indices from the iteration's own values, where nothing else uses it.
  SmallVector<Operation *> indexOps = getIndexOps(copies);
  for (Operation *op : llvm::reverse(indexOps))
    if (op->use_empty())
      op->erase();
}

/// The stages of `copies`' buffers that fit in `sharedBytes` beside the other buffers of
/// `loop`'s function: at most `numStages`.
int64_t getStagesThatFit(scf::ForOp loop, MutableArrayRef<WaitedCopy> copies, int64_t numStages,
                         int64_t sharedBytes) {
  int64_t stageBytes = 0, otherBytes = 0;
  for (WaitedCopy &copy : copies)
    stageBytes +=
        ttg::getBufferBytes(copy.buffer.getType()) + ttg::getBufferBytes(copy.barrier.getType());
  loop->getParentOfType<FunctionOpInterface>().walk([&](ttg::LocalAllocOp alloc) {
    if (llvm::none_of(copies, [&](const WaitedCopy &copy) {
          return copy.buffer == alloc || copy.barrier == alloc;
        }))
      otherBytes += ttg::getBufferBytes(alloc.getType());
  });
  return std::min(numStages, (sharedBytes - otherBytes) / stageBytes);
}

struct NvidiaPipelineTmaLoadsPass
    : impl::NvidiaPipelineTmaLoadsPassBase<NvidiaPipelineTmaLoadsPass> {
  using NvidiaPipelineTmaLoadsPassBase::NvidiaPipelineTmaLoadsPassBase;

  void runOnOperation() override {
    if (numStages < 2)
      return;
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      SmallVector<WaitedCopy> copies;
      for (auto copy : loop.getBody()->getOps<TmaLoadOp>())
        if (std::optional<WaitedCopy> waited = getWaitedCopy(loop, copy))
          copies.push_back(std::move(*waited));
      // A copy moved ahead of a store could miss what it stores.
      if (copies.empty() || llvm::any_of(loop.getBody()->without_terminator(), [&](Operation &op) {
            return mayWriteWhatCopiesRead(&op, copies);
          }))
        continue;
      int64_t stages = getStagesThatFit(loop, copies, numStages, sharedBytes);
      if (stages >= 2)
        pipeline(loop, copies, stages);
    }
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
