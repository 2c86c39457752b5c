#include "BlockTranspose.h"
#include "BufferLoops.h"
#include "LoopBuffers.h"
#include "StackBuffers.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {

bool isTransposedInMemory(ShapedType type, ArrayRef<int32_t> order) {
  int64_t rank = type.getRank();
  if (rank < 2 || rank > 3 || type.getNumElements() <= kMaxRegisterTransposeElements ||
      static_cast<int64_t>(order.size()) != rank || order[rank - 1] != rank - 2 ||
      order[rank - 2] != rank - 1 || (rank == 3 && order[0] != 0) ||
      type.getDimSize(rank - 1) == 1 || type.getDimSize(rank - 2) == 1)
    return false;
  return true;
}

void transposeBuffer(OpBuilder &builder, Location loc, Value source, Value destination,
                     int64_t block) {
  auto sourceType = cast<MemRefType>(source.getType());
  int64_t rows = sourceType.getDimSize(0), columns = sourceType.getDimSize(1);
  Type element = sourceType.getElementType();
  auto copyBlock = [&](OpBuilder &inner, Value row, int64_t height, Value column,
                       int64_t width) {
    Value tile = ub::PoisonOp::create(inner, loc, VectorType::get({height, width}, element));
    for (int64_t i = 0; i < height; ++i) {
      Value line =
          vector::LoadOp::create(inner, loc, VectorType::get({width}, element), source,
                                 ValueRange{addIndex(inner, loc, row, i), column});
      tile = vector::InsertOp::create(inner, loc, line, tile, ArrayRef<int64_t>{i});
    }
    Value transposed = vector::TransposeOp::create(inner, loc, tile, ArrayRef<int64_t>{1, 0});
    for (int64_t j = 0; j < width; ++j)
      vector::StoreOp::create(
          inner, loc, vector::ExtractOp::create(inner, loc, transposed, ArrayRef<int64_t>{j}),
          destination, ValueRange{addIndex(inner, loc, column, j), row});
  };
  auto copyRowOfBlocks = [&](OpBuilder &inner, Value row, int64_t height) {
    int64_t fullColumns = columns - columns % block;
    forEachStep(inner, loc, fullColumns, block, [&](OpBuilder &b, Value column) {
      copyBlock(b, row, height, column, block);
    });
    if (fullColumns < columns)
      copyBlock(inner, row, height, arith::ConstantIndexOp::create(inner, loc, fullColumns),
                columns - fullColumns);
  };
  int64_t fullRows = rows - rows % block;
  forEachStep(builder, loc, fullRows, block,
              [&](OpBuilder &inner, Value row) { copyRowOfBlocks(inner, row, block); });
  if (fullRows < rows)
    copyRowOfBlocks(builder, arith::ConstantIndexOp::create(builder, loc, fullRows),
                    rows - fullRows);
}

Value transposeToStack(OpBuilder &builder, Location loc, Value source, int64_t block) {
  auto sourceType = cast<MemRefType>(source.getType());
  Value result = allocateStackBuffer(
      builder, loc,
      MemRefType::get({sourceType.getDimSize(1), sourceType.getDimSize(0)},
                      sourceType.getElementType()));
  transposeBuffer(builder, loc, source, result, block);
  return result;
}

ttg::LocalLoadOp getBufferTransposedByAllocs(tt::TransOp trans) {
  auto load = trans.getSrc().getDefiningOp<ttg::LocalLoadOp>();
  if (!load || trans->use_empty() || trans.getType().getRank() != 2 ||
      !isTransposedInMemory(trans.getType(), trans.getOrder()) ||
      isa<ttg::PanelSharedEncodingAttr>(load.getSrc().getType().getEncoding()) ||
      load.getSrc().getType().getRank() != 2)
    return nullptr;
  for (Operation *user : trans->getUsers()) {
    if (!isa<ttg::LocalAllocOp>(user) || user->getBlock() != load->getBlock() ||
        !load->isBeforeInBlock(user) || mayWriteBetween(load, user))
      return nullptr;
  }
  return load;
}

} // namespace mlir::nereid::cpu
