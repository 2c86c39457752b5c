#include "StackBuffers.h"
#include "VectorChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::nereid::cpu {

namespace {

/// The memref indices of the first element of `row`.
SmallVector<Value> getRowStart(OpBuilder &builder, Location loc, ArrayRef<int64_t> row) {
  SmallVector<Value> indices;
  for (int64_t index : row)
    indices.push_back(arith::ConstantIndexOp::create(builder, loc, index));
  indices.push_back(arith::ConstantIndexOp::create(builder, loc, 0));
  return indices;
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

void storeTile(OpBuilder &builder, Location loc, Value tile, Value buffer) {
  auto type = cast<VectorType>(tile.getType());
  for (const SmallVector<int64_t> &row : getRowIndices(type.getShape())) {
    Value rowValue = row.empty() ? tile : vector::ExtractOp::create(builder, loc, tile, row);
    vector::StoreOp::create(builder, loc, rowValue, buffer, getRowStart(builder, loc, row));
  }
}

Value loadTile(OpBuilder &builder, Location loc, VectorType type, Value buffer) {
  auto rowType = VectorType::get(type.getShape().back(), type.getElementType());
  SmallVector<SmallVector<int64_t>> rows = getRowIndices(type.getShape());
  if (rows.size() == 1 && rows.front().empty())
    return vector::LoadOp::create(builder, loc, type, buffer, getRowStart(builder, loc, {}));
  Value tile = arith::ConstantOp::create(builder, loc, type, builder.getZeroAttr(type));
  for (const SmallVector<int64_t> &row : rows) {
    Value rowValue =
        vector::LoadOp::create(builder, loc, rowType, buffer, getRowStart(builder, loc, row));
    tile = vector::InsertOp::create(builder, loc, rowValue, tile, row);
  }
  return tile;
}

} // namespace mlir::nereid::cpu
