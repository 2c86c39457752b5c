#include "VectorRows.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nereid::cpu {

SmallVector<SmallVector<int64_t>> getRowIndices(ArrayRef<int64_t> shape) {
  SmallVector<SmallVector<int64_t>> indices;
  ArrayRef<int64_t> leading = shape.drop_back();
  SmallVector<int64_t> index(leading.size(), 0);
  int64_t count = 1;
  for (int64_t size : leading)
    count *= size;
  for (int64_t n = 0; n < count; ++n) {
    indices.push_back(index);
    for (int dim = static_cast<int>(leading.size()) - 1; dim >= 0; --dim) {
      if (++index[dim] < leading[dim])
        break;
      index[dim] = 0;
    }
  }
  return indices;
}

Value buildByRows(OpBuilder &builder, Location loc, VectorType resultType, ValueRange operands,
                  llvm::function_ref<Value(OpBuilder &, ArrayRef<Value>, ArrayRef<int64_t>)>
                      buildRow) {
  ArrayRef<int64_t> shape =
      resultType ? resultType.getShape() : cast<VectorType>(operands[0].getType()).getShape();
  if (shape.size() == 1)
    return buildRow(builder, SmallVector<Value>(operands), {});
  Value result;
  if (resultType)
    result = ub::PoisonOp::create(builder, loc, resultType);
  for (ArrayRef<int64_t> index : getRowIndices(shape)) {
    SmallVector<Value> rows;
    for (Value operand : operands)
      rows.push_back(vector::ExtractOp::create(builder, loc, operand, index));
    Value row = buildRow(builder, rows, index);
    if (resultType)
      result = vector::InsertOp::create(builder, loc, row, result, index);
  }
  return result;
}

} // namespace mlir::nereid::cpu
