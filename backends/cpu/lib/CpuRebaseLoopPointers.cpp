// cpu-rebase-loop-pointers: a pointer tile that an scf.for advances by one offset in every
// element becomes its initial tile plus a scalar offset that the loop carries (see
// CpuRebaseLoopPointersPass in Passes.td).

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUREBASELOOPPOINTERSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The i64 scalar that every element of the offset tile `step` holds, built at the builder's
/// insertion point, or null when its elements may differ.
Value buildUniformStep(OpBuilder &builder, Location loc, Value step) {
  Type i64 = builder.getI64Type();
  if (auto splat = step.getDefiningOp<tt::SplatOp>()) {
    Value scalar = splat.getSrc();
    if (scalar.getType() == i64)
      return scalar;
    return arith::ExtSIOp::create(builder, loc, i64, scalar);
  }
  DenseIntElementsAttr elements;
  if (matchPattern(step, m_Constant(&elements)) && elements.isSplat())
    return arith::ConstantIntOp::create(builder, loc, i64,
                                        elements.getSplatValue<APInt>().getSExtValue());
  return nullptr;
}

/// The type of a tile of i64 offsets for the pointer tile `tileType`: its layout when that
/// fits i64 lanes on `target`, else the default blocked layout of i64 (tt.addptr takes
/// operands of different layouts).
RankedTensorType getOffsetsType(const TargetInfo &target, unsigned numWarps,
                                RankedTensorType tileType) {
  MLIRContext *context = tileType.getContext();
  auto offsetsType = RankedTensorType::get(tileType.getShape(), IntegerType::get(context, 64),
                                           tileType.getEncoding());
  if (!tileType.getEncoding() || ttg::fitsTargetLanes(target, offsetsType))
    return offsetsType;
  unsigned rank = tileType.getRank();
  SmallVector<unsigned> order = llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(0, rank)));
  unsigned lanes = ttg::getNumLanesFor(target, offsetsType.getElementType(),
                                       tileType.getNumElements());
  return offsetsType.cloneWithEncoding(ttg::getBlockedEncoding(
      context, tileType.getShape(), SmallVector<unsigned>(rank, 1), order, lanes, numWarps));
}

/// Rebases iter_arg `index` of `loop` when its yield is `tt.addptr` of it and a uniform offset
/// tile.
void rebase(const TargetInfo &target, unsigned numWarps, scf::ForOp loop, unsigned index) {
  BlockArgument carried = loop.getRegionIterArg(index);
  auto tileType = dyn_cast<RankedTensorType>(carried.getType());
  if (!tileType || !isa<tt::PointerType>(tileType.getElementType()))
    return;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  auto advance = yield.getOperand(index).getDefiningOp<tt::AddPtrOp>();
  if (!advance || advance.getPtr() != carried)
    return;
  Location loc = advance.getLoc();
  OpBuilder builder(yield);
  Value step = buildUniformStep(builder, loc, advance.getOffset());
  if (!step)
    return;

  Type i64 = builder.getI64Type();
  RankedTensorType offsetsType = getOffsetsType(target, numWarps, tileType);
  Value initial = loop.getInitArgs()[index];
  // The tile at offset `offset`: the initial tile advanced by it.
  auto buildTile = [&](OpBuilder &at, Value offset) {
    auto splat = tt::SplatOp::create(at, loc, offsetsType, offset);
    return std::make_pair(tt::AddPtrOp::create(at, loc, tileType, initial, splat).getResult(),
                          splat.getOperation());
  };

  carried.setType(i64);
  Value next = arith::AddIOp::create(builder, loc, carried, step);
  yield->setOperand(index, next);
  builder.setInsertionPoint(loop);
  loop.getInitArgsMutable()[index].set(arith::ConstantIntOp::create(builder, loc, i64, 0));

  builder.setInsertionPointToStart(loop.getBody());
  auto [current, currentSplat] = buildTile(builder, carried);
  carried.replaceAllUsesExcept(current,
                               SmallPtrSet<Operation *, 2>{currentSplat, next.getDefiningOp()});

  OpResult result = loop->getResult(index);
  result.setType(i64);
  if (!result.use_empty()) {
    builder.setInsertionPointAfter(loop);
    auto [last, lastSplat] = buildTile(builder, result);
    result.replaceAllUsesExcept(last, lastSplat);
  }
  if (!advance->use_empty())
    return;
  Operation *stepTile = advance.getOffset().getDefiningOp();
  advance->erase();
  if (stepTile && isOpTriviallyDead(stepTile))
    stepTile->erase();
}

struct CpuRebaseLoopPointersPass
    : impl::CpuRebaseLoopPointersPassBase<CpuRebaseLoopPointersPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(module);
    if (failed(target))
      return signalPassFailure();
    unsigned numWarps = ttg::getModuleNumWarps(module);
    module.walk([&](scf::ForOp loop) {
      for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index)
        rebase(**target, numWarps, loop, index);
    });
  }
};

} // namespace
} // namespace mlir::nereid::cpu
