// tt.reduce and tt.scan. Both combine elements along the axis strictly in order:
// - reduce: acc = x[0]; acc = f(acc, x[1]); ...; acc = f(acc, x[n-1]);
// - scan: y[0] = x[0]; y[i] = f(y[i-1], x[i]); reversed, from the end: y[n-1] = x[n-1];
//   y[i] = f(y[i+1], x[i]).
// The common combiners (a single sum, max, min, ... of acc and x) run as native loops
// (SimpleCombiners.cpp). Otherwise, a combiner made only of elementwise ops runs once per step
// on the whole slice across the axis (every lane does exactly what it would do alone), and any
// other combiner runs once per element.

#include "Executor.h"
#include "Handlers.h"
#include "SimpleCombiners.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::nereid::interpreter {
namespace {

/// Whether every op of the combiner is elementwise and broadcasts scalar operands, so that
/// running it on tensors computes each lane as running it on that lane's scalars would.
bool isElementwiseCombiner(Region &combiner) {
  for (Operation &op : combiner.front()) {
    if (op.hasTrait<OpTrait::IsTerminator>())
      continue;
    if (op.getNumRegions() != 0 || isa<tt::ExternElementwiseOp, tt::ElementwiseInlineAsmOp>(op))
      return false;
    if (!op.hasTrait<OpTrait::Elementwise>() &&
        !isa<arith::ConstantOp, tt::FpToFpOp, tt::BitcastOp>(op))
      return false;
  }
  return true;
}

/// How a tensor splits around the axis: outer x n x inner elements.
struct AxisSplit {
  int64_t outer = 1, n = 1, inner = 1;
  SmallVector<int64_t, 4> sliceShape; ///< the shape without the axis
};

AxisSplit splitAround(ArrayRef<int64_t> shape, unsigned axis) {
  AxisSplit split;
  for (unsigned d = 0; d < shape.size(); ++d) {
    if (d < axis)
      split.outer *= shape[d];
    else if (d > axis)
      split.inner *= shape[d];
    if (d != axis)
      split.sliceShape.push_back(shape[d]);
  }
  split.n = shape[axis];
  return split;
}

/// The elements at position `k` along the axis, as a tensor of the slice shape.
Tensor extractSlice(const Tensor &source, const AxisSplit &split, int64_t k) {
  Tensor slice = Tensor::zeros(source.kind(), split.sliceShape);
  size_t size = getStorageSize(source.kind());
  size_t rowBytes = split.inner * size;
  for (int64_t o = 0; o < split.outer; ++o)
    std::memcpy(slice.mutableBytes() + o * rowBytes,
                source.bytes() + ((o * split.n + k) * split.inner) * size, rowBytes);
  return slice;
}

/// Writes a slice-shaped tensor at position `k` along the axis of `target`.
void insertSlice(Tensor &target, const Tensor &slice, const AxisSplit &split, int64_t k) {
  size_t size = getStorageSize(target.kind());
  size_t rowBytes = split.inner * size;
  for (int64_t o = 0; o < split.outer; ++o)
    std::memcpy(target.mutableBytes() + ((o * split.n + k) * split.inner) * size,
                slice.bytes() + o * rowBytes, rowBytes);
}

Tensor elementAt(const Tensor &source, int64_t index) {
  Tensor scalar = Tensor::zeros(source.kind(), {});
  size_t size = getStorageSize(source.kind());
  std::memcpy(scalar.mutableBytes(), source.bytes() + index * size, size);
  return scalar;
}

void setElement(Tensor &target, int64_t index, const Tensor &scalar) {
  size_t size = getStorageSize(target.kind());
  std::memcpy(target.mutableBytes() + index * size, scalar.bytes(), size);
}

/// Runs the combiner on (acc..., next...), replacing acc by its results of `shape`.
LogicalResult combine(Region &combiner, Frame &frame, SmallVectorImpl<Tensor> &acc,
                      ArrayRef<Tensor> next, ArrayRef<int64_t> shape) {
  SmallVector<Tensor> arguments(acc.begin(), acc.end());
  arguments.append(next.begin(), next.end());
  SmallVector<Tensor> results;
  if (failed(executeRegion(combiner, arguments, frame, results)))
    return failure();
  for (size_t j = 0; j < acc.size(); ++j)
    acc[j] = expandScalar(results[j], shape);
  return success();
}

/// Combines along the axis. `emit(k, acc)` sees the accumulated values after position k (for a
/// scan), and the final values are left in `acc` of the slice shape (for a reduce).
template <typename Emit>
LogicalResult combineAlongAxis(Operation *op, Region &combiner, ArrayRef<Tensor> sources,
                               const AxisSplit &split, bool reverse, Frame &frame,
                               SmallVectorImpl<Tensor> &acc, Emit emit) {
  size_t count = sources.size();
  auto position = [&](int64_t step) { return reverse ? split.n - 1 - step : step; };
  if (isElementwiseCombiner(combiner)) {
    acc.clear();
    for (const Tensor &source : sources)
      acc.push_back(extractSlice(source, split, position(0)));
    emit(position(0), acc, -1);
    for (int64_t step = 1; step < split.n; ++step) {
      SmallVector<Tensor> next;
      for (const Tensor &source : sources)
        next.push_back(extractSlice(source, split, position(step)));
      if (failed(combine(combiner, frame, acc, next, split.sliceShape)))
        return failure();
      emit(position(step), acc, -1);
    }
    return success();
  }
  // One lane at a time: lane (o, i) of the slice shape.
  SmallVector<Tensor> finals;
  for (const Tensor &source : sources)
    finals.push_back(Tensor::zeros(source.kind(), split.sliceShape));
  for (int64_t o = 0; o < split.outer; ++o) {
    for (int64_t i = 0; i < split.inner; ++i) {
      auto indexAt = [&](int64_t k) { return (o * split.n + k) * split.inner + i; };
      SmallVector<Tensor> laneAcc;
      for (const Tensor &source : sources)
        laneAcc.push_back(elementAt(source, indexAt(position(0))));
      emit(position(0), laneAcc, indexAt(position(0)));
      for (int64_t step = 1; step < split.n; ++step) {
        SmallVector<Tensor> next;
        for (const Tensor &source : sources)
          next.push_back(elementAt(source, indexAt(position(step))));
        if (failed(combine(combiner, frame, laneAcc, next, {})))
          return failure();
        emit(position(step), laneAcc, indexAt(position(step)));
      }
      for (size_t j = 0; j < count; ++j)
        setElement(finals[j], o * split.inner + i, laneAcc[j]);
    }
  }
  acc.assign(finals.begin(), finals.end());
  return success();
}

LogicalResult executeReduce(Operation *op, Frame &frame) {
  auto reduce = cast<tt::ReduceOp>(op);
  SmallVector<Tensor> sources;
  for (Value source : reduce.getSrcs())
    sources.push_back(frame.get(source));
  if (sources.size() == 1) {
    if (std::optional<Tensor> result =
            reduceWithSimpleCombiner(reduce.getCombineOp(), sources.front(), reduce.getAxis())) {
      frame.set(reduce.getResult()[0], std::move(*result));
      return success();
    }
  }
  AxisSplit split = splitAround(sources.front().shape(), reduce.getAxis());
  SmallVector<Tensor> acc;
  if (failed(combineAlongAxis(op, reduce.getCombineOp(), sources, split, /*reverse=*/false, frame,
                              acc, [](int64_t, ArrayRef<Tensor>, int64_t) {})))
    return failure();
  for (auto [result, value] : llvm::zip(reduce.getResult(), acc))
    frame.set(result, value);
  return success();
}

LogicalResult executeScan(Operation *op, Frame &frame) {
  auto scan = cast<tt::ScanOp>(op);
  SmallVector<Tensor> sources;
  SmallVector<Tensor> outputs;
  for (Value source : scan.getSrcs()) {
    sources.push_back(frame.get(source));
    outputs.push_back(Tensor::zeros(sources.back().kind(), sources.back().shape()));
  }
  if (sources.size() == 1) {
    if (std::optional<Tensor> result = scanWithSimpleCombiner(scan.getCombineOp(), sources.front(),
                                                              scan.getAxis(), scan.getReverse())) {
      frame.set(scan.getResult()[0], std::move(*result));
      return success();
    }
  }
  AxisSplit split = splitAround(sources.front().shape(), scan.getAxis());
  SmallVector<Tensor> acc;
  auto emit = [&](int64_t k, ArrayRef<Tensor> values, int64_t laneIndex) {
    for (size_t j = 0; j < outputs.size(); ++j) {
      if (laneIndex < 0)
        insertSlice(outputs[j], values[j], split, k);
      else
        setElement(outputs[j], laneIndex, values[j]);
    }
  };
  if (failed(combineAlongAxis(op, scan.getCombineOp(), sources, split, scan.getReverse(), frame,
                              acc, emit)))
    return failure();
  for (auto [result, value] : llvm::zip(scan.getResult(), outputs))
    frame.set(result, value);
  return success();
}

} // namespace

void registerReduceHandlers(HandlerTable &table) {
  table.add<tt::ReduceOp>(executeReduce);
  table.add<tt::ScanOp>(executeScan);
}

} // namespace mlir::nereid::interpreter
