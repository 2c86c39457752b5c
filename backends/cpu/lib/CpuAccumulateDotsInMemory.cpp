// cpu-accumulate-dots-in-memory: the accumulator that a loop carries from one tt.dot to the
// next lives in a local-memory buffer instead (see CpuAccumulateDotsInMemoryPass in
// Passes.td).

#include "LoopBuffers.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUACCUMULATEDOTSINMEMORYPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The dot that accumulates into iter_arg `index` of `loop`: its only user, in the loop's
/// body, whose result is yielded at `index` and used nowhere else. Null when there is none.
tt::DotOp getAccumulatingDot(scf::ForOp loop, unsigned index) {
  BlockArgument carried = loop.getRegionIterArg(index);
  if (!isa<RankedTensorType>(carried.getType()) || !carried.hasOneUse())
    return nullptr;
  OpOperand &use = *carried.getUses().begin();
  auto dot = dyn_cast<tt::DotOp>(use.getOwner());
  if (!dot || &use != &dot.getCMutable() || dot->getBlock() != loop.getBody() ||
      !dot->hasOneUse())
    return nullptr;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (yield.getOperand(index) != dot.getResult())
    return nullptr;
  return dot;
}

/// Moves the accumulator of `dot` into a buffer: allocated with the loop's initial value,
/// read by the dot and written with its result in every iteration, and read once after the
/// loop. The loop then yields its argument unchanged, which canonicalization removes.
void accumulateInMemory(scf::ForOp loop, unsigned index, tt::DotOp dot) {
  auto tileType = cast<RankedTensorType>(dot.getType());
  ttg::MemDescType bufferType = getRowMajorBufferType(loop.getContext(), tileType.getShape(),
                                                      tileType.getElementType());
  Location loc = dot.getLoc();
  OpBuilder builder(loop);
  Value buffer =
      ttg::LocalAllocOp::create(builder, loc, bufferType, loop.getInitArgs()[index]);

  builder.setInsertionPoint(dot);
  dot.getCMutable().assign(ttg::LocalLoadOp::create(builder, loc, tileType, buffer));
  builder.setInsertionPointAfter(dot);
  ttg::LocalStoreOp::create(builder, loc, dot.getResult(), buffer);
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  yield->setOperand(index, loop.getRegionIterArg(index));

  OpResult result = loop->getResult(index);
  if (!result.use_empty()) {
    builder.setInsertionPointAfter(loop);
    result.replaceAllUsesWith(ttg::LocalLoadOp::create(builder, loc, tileType, buffer));
  }
}

/// Results of at most this many elements stay in registers when no loop carries them
/// (flash attention's 64 x 64 `q @ k` blocks). A larger result was built in registers and
/// then stored, spilled and reloaded one chunk at a time: a 128 x 128 f32 dot's store was one
/// basic block of 4,115 instructions, on which LLVM's schedulers took quadratic time (2.7 s
/// to compile at 128 x 128, 21 s at 256 x 256).
constexpr int64_t kMaxRegisterDotElements = 64 * 64;

/// Moves the accumulator of `dot`, which no loop carries, into a buffer when it is large: the
/// buffer is allocated with the dot's initial accumulator, the dot reads it and writes its
/// result into it, and the result's users read it (a store then stores it by rows).
void accumulateLargeDotInMemory(tt::DotOp dot) {
  auto tileType = cast<RankedTensorType>(dot.getType());
  if (tileType.getNumElements() <= kMaxRegisterDotElements ||
      dot.getC().getDefiningOp<ttg::LocalLoadOp>())
    return;
  Location loc = dot.getLoc();
  OpBuilder builder(dot);
  Value buffer = ttg::LocalAllocOp::create(
      builder, loc,
      getRowMajorBufferType(dot.getContext(), tileType.getShape(), tileType.getElementType()),
      dot.getC());
  dot.getCMutable().assign(ttg::LocalLoadOp::create(builder, loc, tileType, buffer));
  builder.setInsertionPointAfter(dot);
  auto store = ttg::LocalStoreOp::create(builder, loc, dot.getResult(), buffer);
  Value result = ttg::LocalLoadOp::create(builder, loc, tileType, buffer);
  dot.getResult().replaceAllUsesExcept(result, store);
}

struct CpuAccumulateDotsInMemoryPass
    : impl::CpuAccumulateDotsInMemoryPassBase<CpuAccumulateDotsInMemoryPass> {
  void runOnOperation() override {
    SmallVector<Operation *> changed;
    getOperation()->walk([&](scf::ForOp loop) {
      bool any = false;
      for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index)
        if (tt::DotOp dot = getAccumulatingDot(loop, index)) {
          accumulateInMemory(loop, index, dot);
          any = true;
        }
      if (any)
        changed.push_back(loop);
    });
    if (failed(dropUnchangedLoopArguments(&getContext(), changed)))
      return signalPassFailure();
    getOperation()->walk([](tt::DotOp dot) { accumulateLargeDotInMemory(dot); });
  }
};

} // namespace
} // namespace mlir::nereid::cpu
