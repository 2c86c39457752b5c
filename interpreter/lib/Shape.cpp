// Shape ops: tt.broadcast, tt.expand_dims, tt.reshape, tt.trans, tt.cat, tt.join, tt.split,
// tt.gather and tt.histogram. They move elements and never look at their values (except the
// indices of gather and the values histogram counts), so they work on bytes of any kind.

#include "Executor.h"
#include "Handlers.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::nereid::interpreter {
namespace {

/// A fresh row-major tensor of `shape` whose element at index i is the element of `source` at
/// offset sum(i[d] * strides[d]) (in elements).
Tensor copyStrided(const Tensor &source, ArrayRef<int64_t> shape, ArrayRef<int64_t> strides) {
  Tensor result = Tensor::uninitialized(source.kind(), shape);
  size_t size = getStorageSize(source.kind());
  SmallVector<int64_t, 4> index(shape.size(), 0);
  int64_t offset = 0;
  for (int64_t i = 0, e = result.numElements(); i < e; ++i) {
    std::memcpy(result.mutableBytes() + i * size, source.bytes() + offset * size, size);
    // Advance the row-major index, updating the source offset incrementally.
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d]) {
        offset += strides[d];
        break;
      }
      offset -= strides[d] * (shape[d] - 1);
      index[d] = 0;
    }
  }
  return result;
}

ArrayRef<int64_t> resultShape(Value value) {
  return cast<RankedTensorType>(value.getType()).getShape();
}

LogicalResult executeBroadcast(Operation *op, Frame &frame) {
  auto broadcast = cast<tt::BroadcastOp>(op);
  const Tensor &source = frame.get(broadcast.getSrc());
  ArrayRef<int64_t> shape = resultShape(broadcast.getResult());
  SmallVector<int64_t, 4> strides = getRowMajorStrides(source.shape());
  for (size_t d = 0; d < shape.size(); ++d)
    if (source.shape()[d] == 1)
      strides[d] = 0;
  frame.set(broadcast.getResult(), copyStrided(source, shape, strides));
  return success();
}

/// expand_dims and reshape keep the row-major order of the elements: only the shape changes.
LogicalResult executeReshapeLike(Operation *op, Frame &frame) {
  Value result = op->getResult(0);
  frame.set(result, frame.get(op->getOperand(0)).withShape(resultShape(result)));
  return success();
}

LogicalResult executeTrans(Operation *op, Frame &frame) {
  auto trans = cast<tt::TransOp>(op);
  const Tensor &source = frame.get(trans.getSrc());
  SmallVector<int64_t, 4> sourceStrides = getRowMajorStrides(source.shape());
  SmallVector<int64_t, 4> shape, strides;
  for (int32_t dim : trans.getOrder()) {
    shape.push_back(source.shape()[dim]);
    strides.push_back(sourceStrides[dim]);
  }
  frame.set(trans.getResult(), copyStrided(source, shape, strides));
  return success();
}

LogicalResult executeCat(Operation *op, Frame &frame) {
  auto cat = cast<tt::CatOp>(op);
  const Tensor &lhs = frame.get(cat.getLhs());
  const Tensor &rhs = frame.get(cat.getRhs());
  // Along dimension 0 in row-major order, the result is lhs's bytes followed by rhs's.
  Tensor result = Tensor::zeros(lhs.kind(), resultShape(cat.getResult()));
  size_t lhsBytes = lhs.numElements() * getStorageSize(lhs.kind());
  std::memcpy(result.mutableBytes(), lhs.bytes(), lhsBytes);
  std::memcpy(result.mutableBytes() + lhsBytes, rhs.bytes(),
              rhs.numElements() * getStorageSize(rhs.kind()));
  frame.set(cat.getResult(), std::move(result));
  return success();
}

LogicalResult executeJoin(Operation *op, Frame &frame) {
  auto join = cast<tt::JoinOp>(op);
  const Tensor &lhs = frame.get(join.getLhs());
  const Tensor &rhs = frame.get(join.getRhs());
  Tensor result = Tensor::zeros(lhs.kind(), resultShape(join.getResult()));
  size_t size = getStorageSize(lhs.kind());
  for (int64_t i = 0, e = lhs.numElements(); i < e; ++i) {
    std::memcpy(result.mutableBytes() + (2 * i) * size, lhs.bytes() + i * size, size);
    std::memcpy(result.mutableBytes() + (2 * i + 1) * size, rhs.bytes() + i * size, size);
  }
  frame.set(join.getResult(), std::move(result));
  return success();
}

LogicalResult executeSplit(Operation *op, Frame &frame) {
  auto split = cast<tt::SplitOp>(op);
  const Tensor &source = frame.get(split.getSrc());
  ArrayRef<int64_t> shape = resultShape(split.getOutLHS());
  Tensor lhs = Tensor::zeros(source.kind(), shape);
  Tensor rhs = Tensor::zeros(source.kind(), shape);
  size_t size = getStorageSize(source.kind());
  for (int64_t i = 0, e = lhs.numElements(); i < e; ++i) {
    std::memcpy(lhs.mutableBytes() + i * size, source.bytes() + (2 * i) * size, size);
    std::memcpy(rhs.mutableBytes() + i * size, source.bytes() + (2 * i + 1) * size, size);
  }
  frame.set(split.getOutLHS(), std::move(lhs));
  frame.set(split.getOutRHS(), std::move(rhs));
  return success();
}

LogicalResult executeGather(Operation *op, Frame &frame) {
  auto gather = cast<tt::GatherOp>(op);
  const Tensor &source = frame.get(gather.getSrc());
  const Tensor &indices = frame.get(gather.getIndices());
  unsigned axis = gather.getAxis();
  ArrayRef<int64_t> shape = indices.shape();
  SmallVector<int64_t, 4> sourceStrides = getRowMajorStrides(source.shape());
  Tensor result = Tensor::zeros(source.kind(), shape);
  size_t size = getStorageSize(source.kind());
  SmallVector<int64_t, 4> index(shape.size(), 0);
  for (int64_t i = 0, e = result.numElements(); i < e; ++i) {
    int64_t gathered = indices.getSigned(i);
    if (gathered < 0 || gathered >= source.shape()[axis])
      return frame.fail(op, "out-of-range tt.gather index",
                        describeElement(shape, i) + " has index " + Twine(gathered) +
                            ", outside [0, " + Twine(source.shape()[axis]) + ") along axis " +
                            Twine(axis));
    int64_t offset = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      offset += (d == axis ? gathered : index[d]) * sourceStrides[d];
    std::memcpy(result.mutableBytes() + i * size, source.bytes() + offset * size, size);
    for (int64_t d = int64_t(shape.size()) - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  frame.set(gather.getResult(), std::move(result));
  return success();
}

LogicalResult executeHistogram(Operation *op, Frame &frame) {
  auto histogram = cast<tt::HistogramOp>(op);
  const Tensor &source = frame.get(histogram.getSrc());
  const Tensor *mask = histogram.getMask() ? &frame.get(histogram.getMask()) : nullptr;
  Tensor result = Tensor::zeros(kindOf(histogram.getResult()), resultShape(histogram.getResult()));
  int64_t bins = result.numElements();
  for (int64_t i = 0, e = source.numElements(); i < e; ++i) {
    if (mask && mask->getBits(i) == 0)
      continue;
    int64_t value = source.getSigned(i);
    if (value >= 0 && value < bins)
      result.setBits(value, result.getBits(value) + 1);
  }
  frame.set(histogram.getResult(), std::move(result));
  return success();
}

} // namespace

void registerShapeHandlers(HandlerTable &table) {
  table.add<tt::BroadcastOp>(executeBroadcast);
  table.add<tt::ExpandDimsOp, tt::ReshapeOp>(executeReshapeLike);
  table.add<tt::TransOp>(executeTrans);
  table.add<tt::CatOp>(executeCat);
  table.add<tt::JoinOp>(executeJoin);
  table.add<tt::SplitOp>(executeSplit);
  table.add<tt::GatherOp>(executeGather);
  table.add<tt::HistogramOp>(executeHistogram);
}

} // namespace mlir::nereid::interpreter
