// tt-cpu-load-dot-operands-by-rows: the loads of a tt.dot's operand tiles become loops over
// their rows that fill local-memory buffers, which the dot reads (see
// LoadCpuDotOperandsByRowsPass in Passes.td).

#include "Constants.h"
#include "DotOperands.h"
#include "LoopBuffers.h"
#include "StripMining.h"

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

/// Whether `op` computes each element of its result from the same elements of its operands,
/// cheaply and without memory, so that it applies to a row (or an element) as to the tile.
bool isCheapElementwise(Operation *op) {
  return (op->hasTrait<OpTrait::Elementwise>() || isa<tt::AddPtrOp>(op)) &&
         op->getNumRegions() == 0 && op->getNumResults() == 1 && isMemoryEffectFree(op);
}

/// Computes, at the builder's insertion point in a loop over the rows of 2-D tiles, row `row`
/// of a tile (a 1-D tile of its columns) and element `row` of a column (a [R, 1] or 1-D [R]
/// tile) from the ops that made them: splats, splat constants, make_range, expand_dims,
/// broadcasts, layout conversions and cheap elementwise ops. A row of `x[:, None] + y[None, :]`
/// is `splat(x[row]) + y`; the ops that compute `y` run once, where they are, and the row
/// takes `y` itself. Fails on any other op (a load, a block argument); the caller then erases
/// the loop, and the buffers of columns (getColumnBuffers) that were made for it.
class RowSlicer {
public:
  RowSlicer(OpBuilder &builder, Location loc, Value row) : builder(builder), loc(loc), row(row) {}

  /// Row `row` of the 2-D tile `tile`; a [1, C] tile has one row, whatever `row` is.
  FailureOr<Value> getRow(Value tile) {
    return memoized(rows, tile, [&] { return computeRow(tile); });
  }

  /// Element `row` of the column `column`, a [R, 1] or 1-D tile, as a scalar.
  FailureOr<Value> getElement(Value column) {
    return memoized(elements, column, [&] { return computeElement(column); });
  }

  /// The buffers that readColumnElement made, outside the loop.
  ArrayRef<Operation *> getColumnBuffers() const { return columnBufferOps; }

  /// The type of a row of the 2-D tile type `type`: its columns, in the layout that
  /// expand_dims at dimension 0 takes back to the tile's.
  static RankedTensorType getRowType(RankedTensorType type) {
    Attribute encoding;
    if (auto parent = dyn_cast_or_null<ttg::DistributedEncodingAttrInterface>(type.getEncoding()))
      encoding = ttg::SliceEncodingAttr::get(type.getContext(), 0, parent);
    return RankedTensorType::get({type.getDimSize(1)}, type.getElementType(), encoding);
  }

private:
  /// What `compute` gives for `key`, computed once: `known` holds the answers so far.
  static FailureOr<Value> memoized(DenseMap<Value, Value> &known, Value key,
                                   function_ref<FailureOr<Value>()> compute) {
    if (Value answer = known.lookup(key))
      return answer;
    FailureOr<Value> answer = compute();
    if (succeeded(answer))
      known[key] = *answer;
    return answer;
  }

  FailureOr<Value> computeRow(Value tile) {
    auto type = cast<RankedTensorType>(tile.getType());
    RankedTensorType rowType = getRowType(type);
    Operation *op = tile.getDefiningOp();
    if (!op)
      return failure();
    if (auto splat = dyn_cast<tt::SplatOp>(op))
      return Value(tt::SplatOp::create(builder, loc, rowType, splat.getSrc()));
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      return getSplatConstant(constant, rowType);
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
      if (expand.getAxis() != 0)
        return failure();
      return convertTo(expand.getSrc(), rowType);
    }
    if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op)) {
      FailureOr<Value> source = getRow(convert.getSrc());
      if (failed(source))
        return failure();
      return convertTo(*source, rowType);
    }
    if (auto broadcast = dyn_cast<tt::BroadcastOp>(op)) {
      auto sourceType = cast<RankedTensorType>(broadcast.getSrc().getType());
      if (sourceType.getDimSize(0) == 1 && sourceType.getDimSize(1) == type.getDimSize(1))
        return getRow(broadcast.getSrc());
      // A column of the tile's rows. (A [1, 1] source, whose one element is not element `row`
      // of anything, is left alone.)
      if (sourceType.getDimSize(0) != type.getDimSize(0) || sourceType.getDimSize(1) != 1 ||
          sourceType.getDimSize(0) == 1)
        return failure();
      FailureOr<Value> element = getElement(broadcast.getSrc());
      if (succeeded(element))
        return Value(tt::SplatOp::create(builder, loc, rowType, *element));
      return readColumnElement(broadcast.getSrc(), rowType);
    }
    if (!isCheapElementwise(op) || isCostlyToRecompute(op))
      return failure();
    return cloneOnParts(op, rowType, [&](Value operand) { return getRow(operand); });
  }

  FailureOr<Value> computeElement(Value column) {
    Operation *op = column.getDefiningOp();
    if (!op)
      return failure();
    if (auto splat = dyn_cast<tt::SplatOp>(op))
      return splat.getSrc();
    if (auto constant = dyn_cast<arith::ConstantOp>(op))
      return getSplatConstant(constant, getElementTypeOrSelf(column.getType()));
    if (auto range = dyn_cast<tt::MakeRangeOp>(op)) {
      Value start = arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(
                                                                range.getStart()));
      return Value(arith::AddIOp::create(builder, loc, start, row));
    }
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
      if (expand.getAxis() != 1)
        return failure();
      return getElement(expand.getSrc());
    }
    if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op))
      return getElement(convert.getSrc());
    if (!isCheapElementwise(op) || isCostlyToRecompute(op))
      return failure();
    return cloneOnParts(op, getElementTypeOrSelf(column.getType()),
                        [&](Value operand) { return getElement(operand); });
  }

  /// The splat constant `constant` as a constant of `type` (a row, or a scalar); fails for
  /// other constants.
  FailureOr<Value> getSplatConstant(arith::ConstantOp constant, Type type) {
    auto value = dyn_cast<SplatElementsAttr>(constant.getValue());
    if (!value)
      return failure();
    return createSplatConstant(builder, loc, type, value.getSplatValue<TypedAttr>());
  }

  /// A clone of the elementwise op `op` whose result has `type`, on the parts (rows or
  /// elements) of its tile operands that `getPart` computes.
  FailureOr<Value> cloneOnParts(Operation *op, Type type,
                                function_ref<FailureOr<Value>(Value)> getPart) {
    IRMapping mapping;
    for (Value operand : op->getOperands()) {
      if (!isa<RankedTensorType>(operand.getType()))
        continue;
      FailureOr<Value> part = getPart(operand);
      if (failed(part))
        return failure();
      mapping.map(operand, *part);
    }
    Operation *clone = builder.clone(*op, mapping);
    clone->getResult(0).setType(type);
    return clone->getResult(0);
  }

  /// Element `row` of the [R, 1] tile `column`, splat to `rowType`, read from a buffer that
  /// holds the column: for a column whose elements cost a division or a transcendental
  /// function each (the tutorial matmul's `offs_am % M`), which would run in every row of
  /// every K iteration. The buffer is written once, where the column is computed. Fails for
  /// columns a buffer cannot hold.
  FailureOr<Value> readColumnElement(Value column, RankedTensorType rowType) {
    auto type = cast<RankedTensorType>(column.getType());
    if (!isKeepable(type))
      return failure();
    Value &buffer = columnBuffers[column];
    if (!buffer) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointAfterValue(column);
      buffer = ttg::LocalAllocOp::create(
          builder, loc,
          getRowMajorBufferType(builder.getContext(), type.getShape(), type.getElementType(),
                                /*mutableMemory=*/false),
          column);
      columnBufferOps.push_back(buffer.getDefiningOp());
    }
    Type element = type.getElementType();
    Value view = ttg::MemDescIndexOp::create(
        builder, loc,
        getRowMajorBufferType(builder.getContext(), {1}, element, /*mutableMemory=*/false),
        buffer, row);
    Value single = ttg::LocalLoadOp::create(
        builder, loc, RankedTensorType::get({1}, element, rowType.getEncoding()), view);
    return Value(tt::BroadcastOp::create(builder, loc, rowType, single));
  }

  /// `value` in the layout of `type` (a type of its shape and elements).
  Value convertTo(Value value, RankedTensorType type) {
    if (value.getType() == type)
      return value;
    return ttg::ConvertLayoutOp::create(builder, loc, type, value);
  }

  OpBuilder &builder;
  Location loc;
  Value row;
  DenseMap<Value, Value> rows, elements;
  /// The buffers of columns read by readColumnElement, and the ops that make them.
  DenseMap<Value, Value> columnBuffers;
  SmallVector<Operation *> columnBufferOps;
};

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

/// The loop over the rows of a tile, and the buffer it fills.
struct RowLoop {
  scf::ForOp loop;
  ttg::LocalAllocOp buffer;
  /// The buffers of columns that the loop reads, written outside it.
  SmallVector<Operation *> columnBuffers;

  /// Erases the loop, the constants of its bounds, and the buffers.
  void erase() {
    SmallVector<Value> bounds{loop.getLowerBound(), loop.getUpperBound(), loop.getStep()};
    loop.erase();
    for (Value bound : bounds)
      if (bound.use_empty())
        bound.getDefiningOp()->erase();
    buffer.erase();
    for (Operation *columnBuffer : columnBuffers)
      columnBuffer->erase();
  }
};

/// A loop over the rows of `load`'s 2-D tile, placed before it, that loads each row, extends it
/// to `element` (the accumulator's element type), rounds it to tf32 when `roundsToTF32` says
/// so, and writes it to a buffer of the tile's shape; none (creating nothing) when some row
/// cannot be computed. `target` is the CPU's, whose registers bound the lanes of a layout.
std::optional<RowLoop> createRowLoop(tt::LoadOp load, Type element, bool roundsToTF32,
                                     const TargetInfo &target) {
  Location loc = load.getLoc();
  auto tileType = cast<RankedTensorType>(load.getType());
  int64_t rows = tileType.getDimSize(0), columns = tileType.getDimSize(1);
  MLIRContext *context = load.getContext();
  OpBuilder builder(load);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(value));
  };
  RowLoop result;
  result.buffer = ttg::LocalAllocOp::create(
      builder, loc, getRowMajorBufferType(context, {rows, columns}, element), Value());
  result.loop = scf::ForOp::create(builder, loc, constant(0), constant(rows), constant(1));
  Value row = result.loop.getInductionVar();
  builder.setInsertionPointToStart(result.loop.getBody());
  RowSlicer slicer(builder, loc, row);
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
  RankedTensorType rowType = RowSlicer::getRowType(tileType);
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
  Value view = ttg::MemDescIndexOp::create(
      builder, loc, getRowMajorBufferType(context, {columns}, element), result.buffer, row);
  ttg::LocalStoreOp::create(builder, loc, values, view);
  // What an element that fell back to a column buffer computed before failing.
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*result.loop.getBody())))
    if (op.use_empty() && isMemoryEffectFree(&op) && !op.hasTrait<OpTrait::IsTerminator>())
      op.erase();
  return result;
}

/// Erases the op that made `value` when nothing uses it any more (a load, or an op free of
/// memory effects), and then the ops that made its operands, as far as they become unused.
void eraseUnused(Value value) {
  Operation *op = value.getDefiningOp();
  if (!op || !op->use_empty() || !(isa<tt::LoadOp>(op) || isMemoryEffectFree(op)))
    return;
  SmallVector<Value> operands(op->getOperands());
  op->erase();
  for (Value operand : operands)
    eraseUnused(operand);
}

/// Makes `operand` of a dot read the buffer of `rowLoop` (whose elements are `element`), and
/// erases the load it read before and what computed only its operands.
void readBuffer(OpOperand &operand, RowLoop rowLoop, Type element) {
  Operation *dot = operand.getOwner();
  Value previous = operand.get();
  OpBuilder builder(dot);
  auto type = cast<RankedTensorType>(previous.getType()).clone(element);
  operand.set(ttg::LocalLoadOp::create(builder, dot->getLoc(), type, rowLoop.buffer.getResult()));
  eraseUnused(previous);
}

/// Loads the operand tiles of `dot` that are loads whose rows can be computed by rows; the dot
/// then reads their buffers. Its other operand is extended (and rounded) the same way as a
/// whole tile, so that both have the accumulator's element type, and a tf32 dot computes as
/// `ieee` on the rounded operands.
void loadOperandsByRows(tt::DotOp dot, const TargetInfo &target) {
  Type element = dot.getType().getElementType();
  bool roundsToTF32 = dot.getInputPrecision() == tt::InputPrecision::TF32 &&
                      dot.getA().getType().getElementType().isF32();
  OpOperand *operands[] = {&dot.getAMutable(), &dot.getBMutable()};
  std::optional<RowLoop> rowLoops[2];
  for (auto [operand, rowLoop] : llvm::zip(operands, rowLoops))
    if (tt::LoadOp load = getOperandLoad(*operand))
      rowLoop = createRowLoop(load, element, roundsToTF32, target);
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
  void runOnOperation() override {
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(getOperation());
    if (failed(target))
      return signalPassFailure();
    SmallVector<tt::DotOp> dots;
    getOperation()->walk([&](tt::DotOp dot) {
      if (dot.getType().getRank() == 2)
        dots.push_back(dot);
    });
    for (tt::DotOp dot : dots)
      loadOperandsByRows(dot, **target);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
