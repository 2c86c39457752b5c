#include "StackBuffers.h"
#include "VectorChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::nereid::cpu {

namespace {

/// The memref indices of element `column` of `row`.
SmallVector<Value> getRowStart(OpBuilder &builder, Location loc, ArrayRef<int64_t> row,
                               int64_t column = 0) {
  SmallVector<Value> indices;
  for (int64_t index : row)
    indices.push_back(arith::ConstantIndexOp::create(builder, loc, index));
  indices.push_back(arith::ConstantIndexOp::create(builder, loc, column));
  return indices;
}

/// The columns at which the pieces of a row of `length` start, and the pieces' length: chunks
/// of `chunkWidth` when they divide the row, else the whole row.
std::pair<SmallVector<int64_t>, int64_t> getRowPieces(int64_t length, int64_t chunkWidth) {
  if (chunkWidth <= 0 || length <= chunkWidth || length % chunkWidth != 0)
    return {{0}, length};
  return {llvm::to_vector(llvm::seq<int64_t>(0, length / chunkWidth)), chunkWidth};
}

} // namespace

Value allocateStackBuffer(OpBuilder &builder, Location loc, MemRefType type) {
  OpBuilder::InsertionGuard guard(builder);
  Operation *parent = builder.getInsertionBlock()->getParentOp();
  auto function = isa<FunctionOpInterface>(parent)
                      ? cast<FunctionOpInterface>(parent)
                      : parent->getParentOfType<FunctionOpInterface>();
  builder.setInsertionPointToStart(&function.getFunctionBody().front());
  return memref::AllocaOp::create(builder, loc, type, builder.getI64IntegerAttr(64));
}

void storeTile(OpBuilder &builder, Location loc, Value tile, Value buffer, int64_t chunkWidth) {
  auto type = cast<VectorType>(tile.getType());
  auto [pieces, width] = getRowPieces(type.getShape().back(), chunkWidth);
  for (const SmallVector<int64_t> &row : getRowIndices(type.getShape())) {
    Value rowValue = row.empty() ? tile : vector::ExtractOp::create(builder, loc, tile, row);
    for (int64_t piece : pieces) {
      Value value = pieces.size() == 1 ? rowValue
                                       : vector::ExtractStridedSliceOp::create(
                                             builder, loc, rowValue, piece * width, width, 1);
      vector::StoreOp::create(builder, loc, value, buffer,
                              getRowStart(builder, loc, row, piece * width));
    }
  }
}

Value loadTile(OpBuilder &builder, Location loc, VectorType type, Value buffer,
               int64_t chunkWidth) {
  int64_t length = type.getShape().back();
  auto [pieces, width] = getRowPieces(length, chunkWidth);
  auto zero = [&](VectorType zeroType) -> Value {
    return arith::ConstantOp::create(builder, loc, zeroType, builder.getZeroAttr(zeroType));
  };
  auto loadRow = [&](ArrayRef<int64_t> row) -> Value {
    auto rowType = VectorType::get(length, type.getElementType());
    if (pieces.size() == 1)
      return vector::LoadOp::create(builder, loc, rowType, buffer, getRowStart(builder, loc, row));
    auto pieceType = VectorType::get(width, type.getElementType());
    Value rowValue = zero(rowType);
    for (int64_t piece : pieces) {
      Value value = vector::LoadOp::create(builder, loc, pieceType, buffer,
                                           getRowStart(builder, loc, row, piece * width));
      rowValue =
          vector::InsertStridedSliceOp::create(builder, loc, value, rowValue, piece * width, 1);
    }
    return rowValue;
  };
  SmallVector<SmallVector<int64_t>> rows = getRowIndices(type.getShape());
  if (rows.size() == 1 && rows.front().empty())
    return loadRow({});
  Value tile = zero(type);
  for (const SmallVector<int64_t> &row : rows)
    tile = vector::InsertOp::create(builder, loc, loadRow(row), tile, row);
  return tile;
}

} // namespace mlir::nereid::cpu
