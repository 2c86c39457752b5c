// nvidia-pipeline-tma-loads: a loop's tensor copies run `num_stages - 1` iterations ahead,
// through buffers of `num_stages` slices, the copies of an iteration completing on one
// mbarrier of their stage (see NvidiaPipelineTmaLoadsPass in Passes.td).

#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/Passes.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopLoadSlices.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopStages.h"

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
/// exist) into slice `slot` of their stacks, completing on slice `slot` of `barriers`. They
/// are issued together: the first one's barrier of the threads is the others' (`synced`).
void issueCopies(OpBuilder &builder, Location loc, scf::ForOp loop,
                 MutableArrayRef<WaitedCopy> copies, ArrayRef<Value> buffers, Value barriers,
                 Value inductionVar, Value slot) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), inductionVar);
  for (Operation *op : getIndexOps(copies))
    builder.clone(*op, mapping);
  Value exists = ttg::emitIterationExists(builder, loc, loop, inductionVar);
  Value barrier = ttg::getStackSlice(builder, loc, barriers, slot, copies[0].barrier.getType());
  SmallVector<Value> slices;
  for (auto [copy, buffer] : llvm::zip_equal(copies, buffers))
    slices.push_back(ttg::getStackSlice(builder, loc, buffer, slot, copy.buffer.getType()));
  for (auto [i, copy, slice] : llvm::enumerate(copies, slices)) {
    SmallVector<Value> indices;
    for (Value index : copy.copy.getIndices())
      indices.push_back(mapping.lookupOrDefault(index));
    TmaLoadOp::create(builder, copy.copy.getLoc(), copy.copy.getMap(), indices, slice, barrier,
                      exists, /*synced=*/i > 0);
  }
}

void pipeline(scf::ForOp loop, MutableArrayRef<WaitedCopy> copies, int64_t numStages) {
  Location loc = loop.getLoc();
  MLIRContext *context = loop.getContext();
  int64_t ahead = numStages - 1;

  // The stacks of buffers, and one of barriers, ready: each stage's barrier completes when
  // every copy of its iteration has arrived.
  OpBuilder builder(loop);
  SmallVector<Value> buffers;
  int64_t arrivals = 0;
  for (WaitedCopy &copy : copies) {
    buffers.push_back(ttg::allocateStack(builder, loc, copy.buffer.getType(), numStages));
    arrivals += copy.init.getCount();
  }
  ttg::MemDescType barrierType = copies[0].barrier.getType();
  Value barriers = ttg::allocateStack(builder, loc, barrierType, numStages);
  for (int64_t slot = 0; slot < numStages; ++slot)
    InitBarrierOp::create(builder, loc,
                          ttg::getStackSlice(builder, loc, barriers,
                                             ttg::createSlot(builder, loc, slot), barrierType),
                          arrivals);
  // The copies of the first `ahead` iterations, into slices 0, 1, ...
  for (int64_t i = 0; i < ahead; ++i)
    issueCopies(builder, loc, loop, copies, buffers, barriers,
                ttg::advanceInductionVar(builder, loc, loop, loop.getLowerBound(), i),
                ttg::createSlot(builder, loc, i));

  // The loop carries the slice that its iteration reads, 0, 1, ..., numStages - 1, 0, ..., and
  // the parity of the barriers' phase that completes with its copies, which flips with each
  // round of the slices.
  IRRewriter rewriter(context);
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, ValueRange{ttg::createSlot(builder, loc, 0), ttg::createSlot(builder, loc, 0)},
      /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &builder, Location loc, ArrayRef<BlockArgument> state) {
        Value last = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, state[0],
                                           ttg::createSlot(builder, loc, ahead));
        Value flipped =
            arith::XOrIOp::create(builder, loc, state[1], ttg::createSlot(builder, loc, 1));
        return SmallVector<Value>{ttg::emitNextSlot(builder, loc, state[0], numStages),
                                  arith::SelectOp::create(builder, loc, last, flipped, state[1])};
      }));
  Block *body = newLoop.getBody();
  Value slot = newLoop.getRegionIterArgs().drop_back().back();
  Value phase = newLoop.getRegionIterArgs().back();

  // At the bottom, the copies of iteration i + ahead into the slices of iteration i - 1, which
  // every thread is done with once the copies' barrier is passed (tma_load's lowering).
  builder.setInsertionPoint(body->getTerminator());
  Value copySlot = ttg::emitPreviousSlot(builder, loc, slot, numStages);
  issueCopies(builder, loc, newLoop, copies, buffers, barriers,
              ttg::advanceInductionVar(builder, loc, newLoop, newLoop.getInductionVar(), ahead),
              copySlot);

  // Every copy issued has been waited for: the barriers end after the loop.
  builder.setInsertionPointAfter(newLoop);
  for (int64_t slot = 0; slot < numStages; ++slot)
    InvalBarrierOp::create(builder, loc,
                           ttg::getStackSlice(builder, loc, barriers,
                                              ttg::createSlot(builder, loc, slot), barrierType));

  // The iteration waits for its stage's barrier where it waited for its first copy, and each
  // copy's buffer is its slice.
  WaitBarrierOp firstWait = llvm::min_element(copies, [](WaitedCopy &a, WaitedCopy &b) {
                              return a.wait->isBeforeInBlock(b.wait);
                            })->wait;
  builder.setInsertionPoint(firstWait);
  WaitBarrierOp::create(builder, firstWait.getLoc(),
                        ttg::getStackSlice(builder, loc, barriers, slot, barrierType), phase);
  for (auto [copy, buffer] : llvm::zip_equal(copies, buffers)) {
    builder.setInsertionPoint(copy.buffer);
    copy.buffer.getResult().replaceAllUsesWith(
        ttg::getStackSlice(builder, loc, buffer, slot, copy.buffer.getType()));
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
      // A copy moved ahead of a store could miss what it stores. (Nothing but the copies
      // writes their buffers.)
      if (copies.empty() || ttg::mayWriteMemory(loop))
        continue;
      SmallVector<ttg::LocalAllocOp> allocs;
      for (WaitedCopy &copy : copies)
        allocs.append({copy.buffer, copy.barrier});
      int64_t stages = ttg::getStagesThatFit(loop, allocs, numStages, sharedBytes);
      if (stages >= 2)
        pipeline(loop, copies, stages);
    }
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
