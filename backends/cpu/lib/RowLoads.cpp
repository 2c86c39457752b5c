#include "RowLoads.h"
#include "CpuTarget.h"
#include "DotOperands.h"
#include "LoopBuffers.h"

#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::nereid::cpu {
namespace {

/// `row`, a row type, in a layout of as many lanes as one of `target`'s registers holds of its
/// elements when its own has more: wider elements (f16 extended to f32, i64 offsets) fit fewer.
RankedTensorType fitLanes(RankedTensorType row, const TargetInfo &target) {
  if (ttg::fitsTargetLanes(target, row))
    return row;
  int64_t columns = row.getDimSize(0);
  Type element = row.getElementType();
  auto encoding = ttg::getBlockedEncoding(row.getContext(), {columns}, {1}, {0},
                                          ttg::getNumLanesFor(target, element, columns), 1);
  return RankedTensorType::get({columns}, element, encoding);
}

/// `value`, computed before `point` when it is not yet: the pure ops that make it from values
/// that are available there are cloned before `point`. Null when it cannot be.
Value materializeBefore(Value value, Operation *point, DominanceInfo &dominance) {
  if (dominance.properlyDominates(value, point))
    return value;
  Operation *op = value.getDefiningOp();
  if (!op || op->getNumResults() != 1 || !isPure(op) || op->getNumRegions() != 0)
    return nullptr;
  IRMapping mapping;
  for (Value operand : op->getOperands()) {
    Value available = materializeBefore(operand, point, dominance);
    if (!available)
      return nullptr;
    mapping.map(operand, available);
  }
  OpBuilder builder(point);
  return builder.clone(*op, mapping)->getResult(0);
}

/// How far, in elements, the pointers of `load` move to the next iteration of the loop around
/// it: when they are `tt.addptr(tile, splat(offset))` with `offset` an argument of that scf.for
/// that each iteration advances by `offset + step` (the form cpu-rebase-loop-pointers gives
/// a pointer tile that a K loop advances), `step`, computed before `point`. Null otherwise.
Value getPointerStep(tt::LoadOp load, Operation *point) {
  auto addPtr = load.getPtr().getDefiningOp<tt::AddPtrOp>();
  auto splat = addPtr ? addPtr.getOffset().getDefiningOp<tt::SplatOp>() : nullptr;
  auto offset = splat ? dyn_cast<BlockArgument>(splat.getSrc()) : nullptr;
  auto loop = offset ? dyn_cast<scf::ForOp>(offset.getOwner()->getParentOp()) : nullptr;
  if (!loop || offset == loop.getInductionVar())
    return nullptr;
  Value next = loop.getTiedLoopYieldedValue(offset)->get();
  auto advance = next.getDefiningOp<arith::AddIOp>();
  if (!advance || !llvm::is_contained(advance->getOperands(), offset))
    return nullptr;
  Value step = advance.getLhs() == offset ? advance.getRhs() : advance.getLhs();
  DominanceInfo dominance(point);
  return materializeBefore(step, point, dominance);
}

} // namespace

/// The dimension of `load`'s 2-D tile to loop over: 1 (its columns) when its pointers are
/// consecutive down the columns and not along the rows, as for B held column-major (`a @
/// b.T` with b stored (N, K), as torch keeps linear weights), whose rows would be gathers;
/// 0 (its rows) otherwise.
unsigned getSliceDim(tt::LoadOp load, const DataFlowSolver &solver) {
  const AxisInfo *info = getAxisInfo(solver, load.getPtr());
  if (!info || info->getRank() != 2)
    return 0;
  return info->getContiguity(1) == 1 && info->getContiguity(0) > 1 ? 1 : 0;
}

/// The width of the panels of B's buffer (#ttg.panel_shared) for a dot of `columns` columns on
/// `target`: those of a block of the dot's micro-kernel, which then reads each block's rows
/// consecutively, where a row-major buffer puts them a row apart (the tutorial matmul, 2048^3
/// in 256 x 256 x 64 blocks on one AVX-512 core: 135-137 GFLOP/s in panels, 122-125
/// row-major). 0 (row-major) when the columns are one block or do not divide into blocks.
int64_t getPanelWidth(int64_t columns, const TargetInfo &target) {
  auto cpu = dyn_cast<CpuTargetInfo>(&target);
  if (!cpu)
    return 0;
  int64_t width = getDotBlockColumns(getChunkWidth(*cpu), cpu->getNumVectorRegisters());
  return columns > width && columns % width == 0 ? width : 0;
}

namespace {

/// A loop over the rows of a 2-D tile of `tileType`, placed before `point`, whose iterations
/// compute their row with `computeRow` (null when it cannot), extend it to `element`, round it
/// to tf32 when `roundsToTF32` says so, and write it to a buffer of the tile's shape; none
/// (creating nothing) when a row cannot be computed. See createRowLoop for the rest.
std::optional<RowLoop>
fillRowLoop(Operation *point, RankedTensorType tileType, Type element, bool roundsToTF32,
            unsigned sliceDim, int64_t panelWidth, const TargetInfo &target,
            function_ref<FailureOr<Value>(OpBuilder &, RowSlicer &, RankedTensorType)> computeRow) {
  Location loc = point->getLoc();
  int64_t rows = tileType.getDimSize(sliceDim), columns = tileType.getDimSize(1 - sliceDim);
  MLIRContext *context = point->getContext();
  auto getBufferType = [&](ArrayRef<int64_t> shape) {
    if (panelWidth == 0)
      return getRowMajorBufferType(context, shape, element);
    return ttg::MemDescType::get(context, shape, element,
                                 ttg::PanelSharedEncodingAttr::get(context, panelWidth, rows),
                                 /*mutableMemory=*/true);
  };
  OpBuilder builder(point);
  RowLoop result;
  result.sliceDim = sliceDim;
  result.buffer = ttg::LocalAllocOp::create(builder, loc, getBufferType({rows, columns}), Value());
  result.loop = createRowLoopBefore(point, rows);
  Value row = result.loop.getInductionVar();
  builder.setInsertionPointToStart(result.loop.getBody());
  RowSlicer slicer(builder, loc, row, sliceDim);
  RankedTensorType rowType = RowSlicer::getRowType(tileType, sliceDim);
  FailureOr<Value> computed = computeRow(builder, slicer, rowType);
  result.columnBuffers.assign(slicer.getColumnBuffers().begin(), slicer.getColumnBuffers().end());
  if (failed(computed)) {
    result.erase();
    return std::nullopt;
  }
  Value values = *computed;
  if (rowType.getElementType() != element) {
    RankedTensorType extended = fitLanes(rowType.clone(element), target);
    if (extended.getEncoding() != rowType.getEncoding())
      values = ttg::ConvertLayoutOp::create(builder, loc, extended.clone(rowType.getElementType()),
                                            values);
    values = extendTo(builder, loc, values, element);
  }
  if (roundsToTF32)
    values = roundToTF32(builder, loc, values);
  Value view =
      ttg::MemDescIndexOp::create(builder, loc, getBufferType({columns}), result.buffer, row);
  ttg::LocalStoreOp::create(builder, loc, values, view);
  eraseUnusedInRowLoop(result.loop);
  return result;
}

} // namespace

std::optional<RowLoop> createRowLoop(tt::LoadOp load, Type element, bool roundsToTF32,
                                     unsigned sliceDim, int64_t panelWidth,
                                     const TargetInfo &target) {
  auto tileType = cast<RankedTensorType>(load.getType());
  auto loadRow = [&](OpBuilder &builder, RowSlicer &slicer,
                     RankedTensorType rowType) -> FailureOr<Value> {
    Location loc = load.getLoc();
    IRMapping mapping;
    for (Value operand : load->getOperands()) {
      FailureOr<Value> operandRow = slicer.getRow(operand);
      if (failed(operandRow))
        return failure();
      mapping.map(operand, *operandRow);
    }
    Operation *rowLoad = builder.clone(*load, mapping);
    rowLoad->getResult(0).setType(rowType);
    auto loop = cast<scf::ForOp>(builder.getInsertionBlock()->getParentOp());
    if (Value step = getPointerStep(load, loop)) {
      // The same row of the next iteration's tile, which comes from farther than the caches'
      // own prefetchers look when a program's tile rows are kilobytes apart.
      Value rowPointers = mapping.lookup(load.getPtr());
      RankedTensorType offsetsType = fitLanes(rowType.clone(step.getType()), target);
      Value next = tt::AddPtrOp::create(builder, loc, rowPointers.getType(), rowPointers,
                                        tt::SplatOp::create(builder, loc, offsetsType, step));
      ttg::PrefetchOp::create(builder, loc, next);
    }
    return rowLoad->getResult(0);
  };
  return fillRowLoop(load, tileType, element, roundsToTF32, sliceDim, panelWidth, target, loadRow);
}

std::optional<RowLoop> createComputedRowLoop(Value tile, Operation *point, Type element,
                                             bool roundsToTF32, int64_t panelWidth,
                                             const TargetInfo &target) {
  return fillRowLoop(
      point, cast<RankedTensorType>(tile.getType()), element, roundsToTF32,
      /*sliceDim=*/0, panelWidth, target,
      [&](OpBuilder &, RowSlicer &slicer, RankedTensorType) { return slicer.getRow(tile); });
}

} // namespace mlir::nereid::cpu
