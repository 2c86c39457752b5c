// tt-cpu-carry-loop-tiles-in-memory: a long 1-D tile that a loop carries lives in a
// local-memory buffer instead (see CarryCpuLoopTilesInMemoryPass in Passes.td).

#include "StripMining.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CARRYCPULOOPTILESINMEMORYPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Moves iter_arg `index` of `loop` into a buffer: written with the initial value before the
/// loop, read at the start of every iteration and written with the yielded value at its end,
/// and read once after the loop. The loop then yields its argument unchanged, which
/// canonicalization removes.
void carryInMemory(scf::ForOp loop, unsigned index) {
  MLIRContext *context = loop.getContext();
  BlockArgument carried = loop.getRegionIterArg(index);
  auto tileType = cast<RankedTensorType>(carried.getType());
  auto bufferType = ttg::MemDescType::get(
      context, tileType.getShape(), tileType.getElementType(),
      ttg::SwizzledSharedEncodingAttr::get(context, 1, 1, 1, {0}), /*mutableMemory=*/true);
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  Value buffer = ttg::LocalAllocOp::create(builder, loc, bufferType, Value());
  ttg::LocalStoreOp::create(builder, loc, loop.getInitArgs()[index], buffer);

  builder.setInsertionPointToStart(loop.getBody());
  carried.replaceAllUsesWith(ttg::LocalLoadOp::create(builder, loc, tileType, buffer));
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  builder.setInsertionPoint(yield);
  ttg::LocalStoreOp::create(builder, loc, yield.getOperand(index), buffer);
  yield->setOperand(index, carried);

  builder.setInsertionPointAfter(loop);
  OpResult result = loop->getResult(index);
  if (!result.use_empty())
    result.replaceAllUsesWith(ttg::LocalLoadOp::create(builder, loc, tileType, buffer));
  ttg::LocalDeallocOp::create(builder, loc, buffer);
}

struct CarryCpuLoopTilesInMemoryPass
    : impl::CarryCpuLoopTilesInMemoryPassBase<CarryCpuLoopTilesInMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        parseCpuTarget(getOperation(), target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    int64_t stripLength = getStripLength(**cpu);
    SmallVector<Operation *> changed;
    getOperation()->walk([&](scf::ForOp loop) {
      bool any = false;
      for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index) {
        auto type = dyn_cast<RankedTensorType>(loop.getRegionIterArg(index).getType());
        if (type && type.getRank() == 1 && isKeepable(type) &&
            isStripMinableLength(type.getDimSize(0), stripLength)) {
          carryInMemory(loop, index);
          any = true;
        }
      }
      if (any)
        changed.push_back(loop);
    });
    if (changed.empty())
      return;
    // Drops the loop arguments that are now yielded unchanged.
    RewritePatternSet patterns(&getContext());
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyOpPatternsGreedily(changed, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
