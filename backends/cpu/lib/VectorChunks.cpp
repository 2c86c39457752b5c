#include "VectorChunks.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

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

/// Builds one row of the result from the rows of the operands, chunk by chunk.
static Value buildRow(OpBuilder &builder, Location loc, VectorType rowType, ArrayRef<Value> rows,
                      int64_t length, int64_t chunkWidth, int64_t rowStart,
                      llvm::function_ref<Value(OpBuilder &, ArrayRef<Value>, int64_t)> buildChunk) {
  if (chunkWidth <= 0 || chunkWidth >= length)
    return buildChunk(builder, rows, rowStart);
  Value row = rowType ? Value(ub::PoisonOp::create(builder, loc, rowType)) : Value();
  for (int64_t offset = 0; offset < length; offset += chunkWidth) {
    SmallVector<Value> chunks;
    for (Value operand : rows)
      chunks.push_back(
          vector::ExtractStridedSliceOp::create(builder, loc, operand, offset, chunkWidth, 1));
    Value chunk = buildChunk(builder, chunks, rowStart + offset);
    if (rowType)
      row = vector::InsertStridedSliceOp::create(builder, loc, chunk, row, offset, 1);
  }
  return row;
}

Value buildByChunks(
    OpBuilder &builder, Location loc, VectorType resultType, ValueRange operands,
    int64_t chunkWidth,
    llvm::function_ref<Value(OpBuilder &, ArrayRef<Value>, int64_t)> buildChunk) {
  ArrayRef<int64_t> shape =
      resultType ? resultType.getShape() : cast<VectorType>(operands[0].getType()).getShape();
  int64_t length = shape.back();
  VectorType rowType =
      resultType ? VectorType::get(length, resultType.getElementType()) : VectorType();
  if (shape.size() == 1)
    return buildRow(builder, loc, rowType, SmallVector<Value>(operands), length, chunkWidth,
                    /*rowStart=*/0, buildChunk);
  Value result = resultType ? Value(ub::PoisonOp::create(builder, loc, resultType)) : Value();
  int64_t rowStart = 0;
  for (ArrayRef<int64_t> index : getRowIndices(shape)) {
    SmallVector<Value> rows;
    for (Value operand : operands)
      rows.push_back(vector::ExtractOp::create(builder, loc, operand, index));
    Value row =
        buildRow(builder, loc, rowType, rows, length, chunkWidth, rowStart, buildChunk);
    rowStart += length;
    if (resultType)
      result = vector::InsertOp::create(builder, loc, row, result, index);
  }
  return result;
}

void setChunkElements(Operation *op, int64_t first, int64_t count) {
  op->setAttr(kChunkElementsAttrName,
              DenseI64ArrayAttr::get(op->getContext(), {first, first + count}));
}

} // namespace mlir::nereid::cpu
