// arith.select, on elements of any kind (pointers keep their provenance). The condition may be
// a scalar choosing between whole tensors.

#include "Elementwise.h"
#include "Executor.h"
#include "Handlers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::nereid::interpreter {
namespace {

LogicalResult executeSelect(Operation *op, Frame &frame) {
  auto select = cast<arith::SelectOp>(op);
  const Tensor &condition = frame.get(select.getCondition());
  const Tensor &trueValue = frame.get(select.getTrueValue());
  const Tensor &falseValue = frame.get(select.getFalseValue());
  if (condition.isScalar()) {
    frame.set(select.getResult(), condition.getBits(0) ? trueValue : falseValue);
    return success();
  }
  ArrayRef<int64_t> shape = condition.shape();
  Tensor onTrue = expandScalar(trueValue, shape), onFalse = expandScalar(falseValue, shape);
  Tensor result = Tensor::uninitialized(onTrue.kind(), shape);
  const uint8_t *choose = condition.data<uint8_t>();
  visitStorageType(getStorageSize(onTrue.kind()), [&](auto tag) {
    using T = decltype(tag);
    const T *a = onTrue.data<T>(), *b = onFalse.data<T>();
    T *out = result.mutableData<T>();
    for (int64_t i = 0, e = result.numElements(); i < e; ++i)
      out[i] = choose[i] ? a[i] : b[i];
  });
  frame.set(select.getResult(), std::move(result));
  return success();
}

} // namespace

void registerSelectHandlers(HandlerTable &table) { table.add<arith::SelectOp>(executeSelect); }

} // namespace mlir::nereid::interpreter
