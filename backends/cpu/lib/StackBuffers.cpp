#include "StackBuffers.h"
#include "VectorChunks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::nereid::cpu {

namespace {

/// The memref indices, in a buffer of `shape`, of the element at row-major position `element`.
SmallVector<Value> getIndices(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape,
                              int64_t element) {
  SmallVector<Value> indices(shape.size());
  for (int64_t dim = static_cast<int64_t>(shape.size()) - 1; dim >= 0; --dim) {
    indices[dim] = arith::ConstantIndexOp::create(builder, loc, element % shape[dim]);
    element /= shape[dim];
  }
  return indices;
}

/// Tiles of more register chunks than this that hold one value everywhere are written by a
/// loop rather than a store per chunk: a 512 x 512 f32 accumulator set to zero was 16384
/// stores, and its matmul kernel took about 100 s to compile (4 s with the loop).
constexpr int64_t kMaxUnrolledFillChunks = 64;

/// The scalar that every element of `tile` holds, when it is a splat constant or a broadcast
/// of a scalar; null otherwise.
Value getSplatElement(OpBuilder &builder, Location loc, Value tile) {
  SplatElementsAttr splat;
  if (matchPattern(tile, m_Constant(&splat)))
    return arith::ConstantOp::create(builder, loc, splat.getSplatValue<TypedAttr>());
  auto broadcast = tile.getDefiningOp<vector::BroadcastOp>();
  if (broadcast && !isa<VectorType>(broadcast.getSourceType()))
    return broadcast.getSource();
  return nullptr;
}

/// Writes `element` to every element of `buffer` with a loop nest over its dimensions, the
/// last in steps of `chunk` elements (which divide it), one vector store per step.
void fillBuffer(OpBuilder &builder, Location loc, Value element, Value buffer, int64_t chunk) {
  ArrayRef<int64_t> shape = cast<MemRefType>(buffer.getType()).getShape();
  SmallVector<Value> lowerBounds, upperBounds, steps;
  for (auto [dim, size] : llvm::enumerate(shape)) {
    lowerBounds.push_back(arith::ConstantIndexOp::create(builder, loc, 0));
    upperBounds.push_back(arith::ConstantIndexOp::create(builder, loc, size));
    steps.push_back(
        arith::ConstantIndexOp::create(builder, loc, dim + 1 == shape.size() ? chunk : 1));
  }
  Value value = vector::BroadcastOp::create(
      builder, loc, VectorType::get(chunk, element.getType()), element);
  scf::buildLoopNest(builder, loc, lowerBounds, upperBounds, steps,
                     [&](OpBuilder &inner, Location, ValueRange indices) {
                       vector::StoreOp::create(inner, loc, value, buffer, indices);
                     });
}

} // namespace

Value allocateStackBuffer(OpBuilder &builder, Location loc, MemRefType type) {
  OpBuilder::InsertionGuard guard(builder);
  Operation *parent = builder.getInsertionBlock()->getParentOp();
  auto function = isa<FunctionOpInterface>(parent)
                      ? cast<FunctionOpInterface>(parent)
                      : parent->getParentOfType<FunctionOpInterface>();
  builder.setInsertionPointToStart(&function.getFunctionBody().front());
  auto rowMajor = MemRefType::get(type.getShape(), type.getElementType());
  SmallVector<int64_t> strides = type.getStridesAndOffset().first;
  if (strides == rowMajor.getStridesAndOffset().first) {
    Value buffer = memref::AllocaOp::create(builder, loc, rowMajor, builder.getI64IntegerAttr(64));
    return type == rowMajor ? buffer : memref::CastOp::create(builder, loc, type, buffer);
  }
  // Another layout: as many elements as its strides span, seen through them.
  int64_t span = 1;
  for (auto [size, stride] : llvm::zip(type.getShape(), strides))
    span += (size - 1) * stride;
  Value elements = memref::AllocaOp::create(
      builder, loc, MemRefType::get({span}, type.getElementType()), builder.getI64IntegerAttr(64));
  auto view = MemRefType::get(type.getShape(), type.getElementType(),
                              StridedLayoutAttr::get(builder.getContext(), 0, strides));
  Value buffer = memref::ReinterpretCastOp::create(builder, loc, view, elements, 0,
                                                   type.getShape(), strides);
  return view == type ? buffer : memref::CastOp::create(builder, loc, type, buffer);
}

void storeTile(OpBuilder &builder, Location loc, Value tile, Value buffer, int64_t chunkWidth) {
  ArrayRef<int64_t> bufferShape = cast<MemRefType>(buffer.getType()).getShape();
  int64_t rowLength = bufferShape.back();
  if (chunkWidth > 0 && rowLength % chunkWidth == 0 &&
      cast<VectorType>(tile.getType()).getNumElements() > kMaxUnrolledFillChunks * chunkWidth) {
    if (Value element = getSplatElement(builder, loc, tile)) {
      fillBuffer(builder, loc, element, buffer, chunkWidth);
      return;
    }
  }
  buildByChunks(builder, loc, VectorType(), {tile}, chunkWidth,
                [&](OpBuilder &chunkBuilder, ArrayRef<Value> chunks, int64_t first) -> Value {
                  vector::StoreOp::create(chunkBuilder, loc, chunks.front(), buffer,
                                          getIndices(chunkBuilder, loc, bufferShape, first));
                  return nullptr;
                });
}

Value loadTile(OpBuilder &builder, Location loc, VectorType type, Value buffer,
               int64_t chunkWidth) {
  ArrayRef<int64_t> bufferShape = cast<MemRefType>(buffer.getType()).getShape();
  return buildByChunks(
      builder, loc, type, {}, chunkWidth,
      [&](OpBuilder &chunkBuilder, ArrayRef<Value>, int64_t first) -> Value {
        int64_t width = chunkWidth > 0 ? std::min(chunkWidth, type.getShape().back())
                                       : type.getShape().back();
        return vector::LoadOp::create(chunkBuilder, loc,
                                      VectorType::get(width, type.getElementType()), buffer,
                                      getIndices(chunkBuilder, loc, bufferShape, first));
      });
}

} // namespace mlir::nereid::cpu
