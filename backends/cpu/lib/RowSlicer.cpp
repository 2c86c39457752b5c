#include "RowSlicer.h"

#include "nereid/Support/Constants.h"
#include "LoopBuffers.h"
#include "StripMining.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::nereid::cpu {

namespace {

/// Whether `op` computes each element of its result from the same elements of its operands,
/// cheaply and without memory, so that it applies to a row (or an element) as to the tile.
bool isCheapElementwise(Operation *op) {
  return (op->hasTrait<OpTrait::Elementwise>() || isa<tt::AddPtrOp>(op)) &&
         op->getNumRegions() == 0 && op->getNumResults() == 1 && isMemoryEffectFree(op);
}

} // namespace

FailureOr<Value> RowSlicer::getRow(Value tile) {
  return memoized(rows, tile, [&] { return computeRow(tile); });
}

FailureOr<Value> RowSlicer::getElement(Value column) {
  return memoized(elements, column, [&] { return computeElement(column); });
}

RankedTensorType RowSlicer::getRowType(RankedTensorType type, unsigned sliceDim) {
  Attribute encoding;
  if (auto parent = dyn_cast_or_null<ttg::DistributedEncodingAttrInterface>(type.getEncoding()))
    encoding = ttg::SliceEncodingAttr::get(type.getContext(), sliceDim, parent);
  return RankedTensorType::get({type.getDimSize(1 - sliceDim)}, type.getElementType(), encoding);
}

FailureOr<Value> RowSlicer::memoized(DenseMap<Value, Value> &known, Value key,
                                     function_ref<FailureOr<Value>()> compute) {
  if (Value answer = known.lookup(key))
    return answer;
  FailureOr<Value> answer = compute();
  if (succeeded(answer))
    known[key] = *answer;
  return answer;
}

FailureOr<Value> RowSlicer::computeRow(Value tile) {
  auto type = cast<RankedTensorType>(tile.getType());
  RankedTensorType rowType = getRowType(type, sliceDim);
  // The dimension a row keeps.
  unsigned keptDim = 1 - sliceDim;
  Operation *op = tile.getDefiningOp();
  if (!op)
    return failure();
  if (auto splat = dyn_cast<tt::SplatOp>(op))
    return Value(tt::SplatOp::create(builder, loc, rowType, splat.getSrc()));
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return getSplatConstant(constant, rowType);
  if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
    if (expand.getAxis() != sliceDim)
      return failure();
    return convertTo(expand.getSrc(), rowType);
  }
  if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
    if (sliceDim != 0)
      return failure();
    return readBufferRow(load, rowType);
  }
  if (auto load = dyn_cast<tt::LoadOp>(op))
    return loadRow(load, rowType);
  if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op)) {
    FailureOr<Value> source = getRow(convert.getSrc());
    if (failed(source))
      return failure();
    return convertTo(*source, rowType);
  }
  if (auto broadcast = dyn_cast<tt::BroadcastOp>(op)) {
    auto sourceType = cast<RankedTensorType>(broadcast.getSrc().getType());
    if (sourceType.getDimSize(sliceDim) == 1 &&
        sourceType.getDimSize(keptDim) == type.getDimSize(keptDim))
      return getRow(broadcast.getSrc());
    // A column of the tile's rows. (A [1, 1] source, whose one element is not element `row`
    // of anything, is left alone.)
    if (sourceType.getDimSize(sliceDim) != type.getDimSize(sliceDim) ||
        sourceType.getDimSize(keptDim) != 1 || sourceType.getDimSize(sliceDim) == 1)
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

FailureOr<Value> RowSlicer::computeElement(Value column) {
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
    if (expand.getAxis() != 1 - sliceDim)
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

FailureOr<Value> RowSlicer::getSplatConstant(arith::ConstantOp constant, Type type) {
  auto value = dyn_cast<SplatElementsAttr>(constant.getValue());
  if (!value)
    return failure();
  return createSplatConstant(builder, loc, type, value.getSplatValue<TypedAttr>());
}

FailureOr<Value> RowSlicer::cloneOnParts(Operation *op, Type type,
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

FailureOr<Value> RowSlicer::readColumnElement(Value column, RankedTensorType rowType) {
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
  // A [1, C] tile's buffer, seen as the [C, 1] column of its elements.
  Value column2D = buffer;
  if (sliceDim == 1)
    column2D = ttg::MemDescReshapeOp::create(
        builder, loc,
        getRowMajorBufferType(builder.getContext(), {type.getDimSize(1), type.getDimSize(0)},
                              element, /*mutableMemory=*/false),
        buffer);
  Value view = ttg::MemDescIndexOp::create(
      builder, loc,
      getRowMajorBufferType(builder.getContext(), {1}, element, /*mutableMemory=*/false),
      column2D, row);
  Value single = ttg::LocalLoadOp::create(
      builder, loc, RankedTensorType::get({1}, element, rowType.getEncoding()), view);
  return Value(tt::BroadcastOp::create(builder, loc, rowType, single));
}

Value RowSlicer::convertTo(Value value, RankedTensorType type) {
  if (value.getType() == type)
    return value;
  return ttg::ConvertLayoutOp::create(builder, loc, type, value);
}

FailureOr<Value> RowSlicer::readBufferRow(ttg::LocalLoadOp load, RankedTensorType rowType) {
  auto loop = builder.getInsertionBlock()->getParentOp();
  auto bufferType = cast<ttg::MemDescType>(load.getSrc().getType());
  if (bufferType.getRank() != 2 || load->getBlock() != loop->getBlock() ||
      !load->isBeforeInBlock(loop) || mayWriteBetween(load, loop))
    return failure();
  Value view = ttg::MemDescIndexOp::create(
      builder, loc,
      getRowMajorBufferType(builder.getContext(), {bufferType.getDimSize(1)},
                            bufferType.getElementType(), bufferType.getMutableMemory()),
      load.getSrc(), row);
  return Value(ttg::LocalLoadOp::create(builder, loc, rowType, view));
}

FailureOr<Value> RowSlicer::loadRow(tt::LoadOp load, RankedTensorType rowType) {
  auto loop = builder.getInsertionBlock()->getParentOp();
  if (load.getIsVolatile() || load->getBlock() != loop->getBlock() ||
      !load->isBeforeInBlock(loop) || mayWriteGlobalMemoryBetween(load, loop))
    return failure();
  IRMapping mapping;
  for (Value operand : load->getOperands()) {
    FailureOr<Value> part = getRow(operand);
    if (failed(part))
      return failure();
    mapping.map(operand, *part);
  }
  Operation *row = builder.clone(*load, mapping);
  row->getResult(0).setType(rowType);
  return row->getResult(0);
}

scf::ForOp createRowLoopBefore(Operation *op, int64_t rows) {
  OpBuilder builder(op);
  Location loc = op->getLoc();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(value));
  };
  return scf::ForOp::create(builder, loc, constant(0), constant(rows), constant(1));
}

void eraseUnusedInRowLoop(scf::ForOp loop) {
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*loop.getBody())))
    if (isOpTriviallyDead(&op))
      op.erase();
}

void eraseRowLoop(scf::ForOp loop, ArrayRef<Operation *> outside) {
  SmallVector<Value> bounds{loop.getLowerBound(), loop.getUpperBound(), loop.getStep()};
  loop.erase();
  for (Value bound : bounds)
    if (bound.use_empty())
      bound.getDefiningOp()->erase();
  for (Operation *op : outside)
    op->erase();
}

void eraseUnused(ValueRange values) {
  // A worklist, not recursion over operands: one op may make several of the values (or an
  // operand twice, as `x != x` does), and an op once erased must not be looked at again.
  SmallVector<Operation *> worklist;
  auto pushDefiningOps = [&](ValueRange range) {
    for (Value value : range)
      if (Operation *op = value.getDefiningOp())
        worklist.push_back(op);
  };
  pushDefiningOps(values);
  DenseSet<Operation *> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (erased.contains(op) || !isOpTriviallyDead(op))
      continue;
    pushDefiningOps(op->getOperands());
    op->erase();
    erased.insert(op);
  }
}

} // namespace mlir::nereid::cpu
