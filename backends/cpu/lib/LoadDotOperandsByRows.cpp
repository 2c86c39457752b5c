// tt-cpu-load-dot-operands-by-rows: the loads of a tt.dot's operand tiles become loops over
// their rows that fill local-memory buffers, which the dot reads (see
// LoadCpuDotOperandsByRowsPass in Passes.td).

#include "CpuTarget.h"
#include "DotOperands.h"
#include "LoopBuffers.h"
#include "RowSlicer.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_LOADCPUDOTOPERANDSBYROWSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The load whose tile is operand `operand` of a dot, directly or through layout conversions
/// that nothing else uses, when only that operand uses it; null otherwise. The load may be in
/// a block around the dot's (a flash-attention query block, loaded before the loop over keys):
/// its rows are then loaded once, and the dot reads the buffer in every iteration.
tt::LoadOp getOperandLoad(OpOperand &operand) {
  Value value = operand.get();
  while (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>()) {
    if (!convert->hasOneUse())
      return nullptr;
    value = convert.getSrc();
  }
  auto load = value.getDefiningOp<tt::LoadOp>();
  if (!load || !load->hasOneUse() || cast<RankedTensorType>(load.getType()).getRank() != 2)
    return nullptr;
  return load;
}

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
/// that each iteration advances by `offset + step` (the form tt-cpu-rebase-loop-pointers gives
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

/// The loop over the rows (or columns) of a tile, and the buffer it fills.
struct RowLoop {
  scf::ForOp loop;
  ttg::LocalAllocOp buffer;
  /// The dimension of the tile the loop runs over: each row of the buffer is a column of the
  /// tile when it is 1.
  unsigned sliceDim = 0;
  /// The buffers of columns that the loop reads, written outside it.
  SmallVector<Operation *> columnBuffers;

  /// Erases the loop, what it made outside itself, and the buffer.
  void erase() {
    eraseRowLoop(loop, columnBuffers);
    buffer.erase();
  }
};

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

/// A loop over the rows of `load`'s 2-D tile, placed before it, that loads each row, extends it
/// to `element` (the accumulator's element type), rounds it to tf32 when `roundsToTF32` says
/// so, and writes it to a buffer of the tile's shape; none (creating nothing) when some row
/// cannot be computed. `target` is the CPU's, whose registers bound the lanes of a layout.
/// With `sliceDim` 1 the loop runs over the tile's columns, and the buffer holds the tile
/// transposed: its row c is column c of the tile. A `panelWidth` other than 0 lays the buffer
/// out in panels of that many columns.
std::optional<RowLoop> createRowLoop(tt::LoadOp load, Type element, bool roundsToTF32,
                                     unsigned sliceDim, int64_t panelWidth,
                                     const TargetInfo &target) {
  Location loc = load.getLoc();
  auto tileType = cast<RankedTensorType>(load.getType());
  int64_t rows = tileType.getDimSize(sliceDim), columns = tileType.getDimSize(1 - sliceDim);
  MLIRContext *context = load.getContext();
  auto getBufferType = [&](ArrayRef<int64_t> shape) {
    if (panelWidth == 0)
      return getRowMajorBufferType(context, shape, element);
    return ttg::MemDescType::get(context, shape, element,
                                 ttg::PanelSharedEncodingAttr::get(context, panelWidth, rows),
                                 /*mutableMemory=*/true);
  };
  OpBuilder builder(load);
  RowLoop result;
  result.sliceDim = sliceDim;
  result.buffer = ttg::LocalAllocOp::create(builder, loc, getBufferType({rows, columns}), Value());
  result.loop = createRowLoopBefore(load, rows);
  Value row = result.loop.getInductionVar();
  builder.setInsertionPointToStart(result.loop.getBody());
  RowSlicer slicer(builder, loc, row, sliceDim);
  IRMapping mapping;
  for (Value operand : load->getOperands()) {
    FailureOr<Value> operandRow = slicer.getRow(operand);
    result.columnBuffers.assign(slicer.getColumnBuffers().begin(),
                                slicer.getColumnBuffers().end());
    if (failed(operandRow)) {
      result.erase();
      return std::nullopt;
    }
    mapping.map(operand, *operandRow);
  }
  RankedTensorType rowType = RowSlicer::getRowType(tileType, sliceDim);
  Operation *rowLoad = builder.clone(*load, mapping);
  rowLoad->getResult(0).setType(rowType);
  Value values = rowLoad->getResult(0);
  if (Value step = getPointerStep(load, result.loop)) {
    // The same row of the next iteration's tile, which comes from farther than the caches'
    // own prefetchers look when a program's tile rows are kilobytes apart.
    Value rowPointers = mapping.lookup(load.getPtr());
    RankedTensorType offsetsType = fitLanes(rowType.clone(step.getType()), target);
    Value next = tt::AddPtrOp::create(builder, loc, rowPointers.getType(), rowPointers,
                                      tt::SplatOp::create(builder, loc, offsetsType, step));
    ttg::PrefetchOp::create(builder, loc, next);
  }
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


/// Makes `operand` of a dot read the buffer of `rowLoop` (whose elements are `element`), and
/// erases the load it read before and what computed only its operands. A buffer of columns is
/// read transposed (`tt.trans`), which the dot lowering does block by block.
void readBuffer(OpOperand &operand, RowLoop rowLoop, Type element) {
  Operation *dot = operand.getOwner();
  Location loc = dot->getLoc();
  Value previous = operand.get();
  OpBuilder builder(dot);
  auto type = cast<RankedTensorType>(previous.getType()).clone(element);
  if (rowLoop.sliceDim == 0) {
    operand.set(ttg::LocalLoadOp::create(builder, loc, type, rowLoop.buffer.getResult()));
  } else {
    auto columnsType = type.clone({type.getDimSize(1), type.getDimSize(0)});
    Value columns = ttg::LocalLoadOp::create(builder, loc, columnsType, rowLoop.buffer.getResult());
    operand.set(tt::TransOp::create(builder, loc, type, columns, ArrayRef<int32_t>{1, 0}));
  }
  eraseUnused(previous);
}

/// Loads the operand tiles of `dot` that are loads whose rows can be computed by rows; the dot
/// then reads their buffers. Its other operand is extended (and rounded) the same way as a
/// whole tile, so that both have the accumulator's element type, and a tf32 dot computes as
/// `ieee` on the rounded operands. With `bf16DotPairs`, a dot whose lowering multiplies bf16
/// pairs keeps bf16 operands.
void loadOperandsByRows(tt::DotOp dot, const DataFlowSolver &solver, const TargetInfo &target,
                        bool bf16DotPairs) {
  auto cpu = dyn_cast<CpuTargetInfo>(&target);
  bool keepsBF16 = bf16DotPairs && cpu && canMultiplyBF16Pairs(dot, getChunkWidth(*cpu));
  Type element = keepsBF16 ? dot.getA().getType().getElementType()
                           : dot.getType().getElementType();
  bool roundsToTF32 = dot.getInputPrecision() == tt::InputPrecision::TF32 &&
                      dot.getA().getType().getElementType().isF32();
  OpOperand *operands[] = {&dot.getAMutable(), &dot.getBMutable()};
  std::optional<RowLoop> rowLoops[2];
  for (auto [operand, rowLoop] : llvm::zip(operands, rowLoops)) {
    tt::LoadOp load = getOperandLoad(*operand);
    if (!load)
      continue;
    // B's rows in panels, as the dot's micro-kernel reads them.
    unsigned sliceDim = getSliceDim(load, solver);
    int64_t panelWidth = operand == &dot.getBMutable() && sliceDim == 0
                             ? getPanelWidth(dot.getType().getDimSize(1), target)
                             : 0;
    rowLoop = createRowLoop(load, element, roundsToTF32, sliceDim, panelWidth, target);
  }
  if (!rowLoops[0] && !rowLoops[1])
    return;
  for (auto [operand, rowLoop] : llvm::zip(operands, rowLoops)) {
    if (rowLoop) {
      readBuffer(*operand, *rowLoop, element);
      continue;
    }
    OpBuilder builder(dot);
    Value tile = extendTo(builder, dot.getLoc(), operand->get(), element);
    operand->set(roundsToTF32 ? roundToTF32(builder, dot.getLoc(), tile) : tile);
  }
  if (roundsToTF32)
    dot.setInputPrecision(tt::InputPrecision::IEEE);
}

struct LoadCpuDotOperandsByRowsPass
    : impl::LoadCpuDotOperandsByRowsPassBase<LoadCpuDotOperandsByRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(getOperation());
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(getOperation());
    if (failed(target) || failed(solver))
      return signalPassFailure();
    SmallVector<tt::DotOp> dots;
    getOperation()->walk([&](tt::DotOp dot) {
      if (dot.getType().getRank() == 2)
        dots.push_back(dot);
    });
    for (tt::DotOp dot : dots)
      loadOperandsByRows(dot, **solver, **target, bf16DotPairs);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
