// tt.gather on one CPU core: the source tile is stored in a stack buffer, and each register
// chunk of the result is one masked vector gather from it, at offsets that the chunk's indices
// give along the gather axis and its own position gives along the others. An index outside the
// source is reported as the interpreter reports it (nereid_cpu_gather_index_failed) and reads 0.

#include "RuntimeCalls.h"
#include "StackBuffers.h"
#include "VectorChunks.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/CPU/TypeConverter.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

/// For each element of a tile of `shape` (row-major), its offset in the row-major source tile
/// of `sourceShape` along every dimension but `axis`.
SmallVector<int32_t> getOffsetsOffAxis(ArrayRef<int64_t> shape, ArrayRef<int64_t> sourceShape,
                                       unsigned axis) {
  int64_t rank = shape.size();
  SmallVector<int64_t> sourceStrides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    sourceStrides[d] = sourceStrides[d + 1] * sourceShape[d + 1];
  int64_t elements = 1;
  for (int64_t size : shape)
    elements *= size;
  SmallVector<int32_t> offsets(elements);
  SmallVector<int64_t> index(rank, 0);
  for (int64_t i = 0; i < elements; ++i) {
    int64_t offset = 0;
    for (int64_t d = 0; d < rank; ++d)
      if (d != int64_t(axis))
        offset += index[d] * sourceStrides[d];
    offsets[i] = int32_t(offset);
    for (int64_t d = rank - 1; d >= 0; --d) {
      if (++index[d] < shape[d])
        break;
      index[d] = 0;
    }
  }
  return offsets;
}

struct GatherOpConversion : OpConversionPattern<tt::GatherOp> {
  GatherOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(tt::GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto sourceType = cast<VectorType>(adaptor.getSrc().getType());
    auto indexType = cast<VectorType>(adaptor.getIndices().getType());
    auto resultType = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    Type element = sourceType.getElementType();
    if (isa<LLVM::LLVMPointerType>(element))
      return replaceWithError(rewriter, op,
                              "the CPU backend gathers from tiles of numbers, not of pointers");
    if (indexType.getRank() > kMaxReportedRank)
      return replaceWithError(rewriter, op,
                              "the CPU backend gathers into tiles of at most 4 dimensions");
    unsigned axis = op.getAxis();
    int64_t bound = sourceType.getDimSize(axis);
    int64_t elements = indexType.getNumElements();
    Type i32 = rewriter.getI32Type();
    auto flatType = [&](Type type) { return VectorType::get(elements, type); };

    // The source in a stack buffer, in its memory type (i1 as bytes).
    Type stored = getMemoryElementType(element);
    Value buffer = allocateStackBuffer(
        rewriter, loc, MemRefType::get({sourceType.getNumElements()}, stored));
    Value source = vector::ShapeCastOp::create(
        rewriter, loc, VectorType::get(sourceType.getNumElements(), element), adaptor.getSrc());
    source = toMemoryType(rewriter, loc, source,
                          VectorType::get(sourceType.getNumElements(), stored));
    storeTile(rewriter, loc, source, buffer, chunkWidth);
    Value zeroIndex = arith::ConstantIndexOp::create(rewriter, loc, 0);

    // Which indices lie in [0, bound), compared in their own (signed) type.
    Value indices = vector::ShapeCastOp::create(
        rewriter, loc, flatType(indexType.getElementType()), adaptor.getIndices());
    auto splat = [&](Type type, int64_t value) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc, DenseElementsAttr::get(flatType(type), rewriter.getIntegerAttr(type, value)));
    };
    Type indexElement = indexType.getElementType();
    Value inRange = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, indices,
                              splat(indexElement, 0)),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, indices,
                              splat(indexElement, bound)));
    reportFirstOutOfRange(rewriter, op, indices, inRange, indexType.getShape(), bound, axis);

    // Offsets into the buffer: 0 where the index is out of range (masked off).
    Value along = indices;
    unsigned indexBits = indexElement.getIntOrFloatBitWidth();
    if (indexBits > 32)
      along = arith::TruncIOp::create(rewriter, loc, flatType(i32), along);
    else if (indexBits < 32)
      along = arith::ExtSIOp::create(rewriter, loc, flatType(i32), along);
    along = arith::SelectOp::create(rewriter, loc, inRange, along, splat(i32, 0));
    int64_t axisStride = 1;
    for (int64_t d = axis + 1; d < sourceType.getRank(); ++d)
      axisStride *= sourceType.getDimSize(d);
    Value offsetsOffAxis = arith::ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(flatType(i32), ArrayRef<int32_t>(getOffsetsOffAxis(
                                                   indexType.getShape(),
                                                   sourceType.getShape(), axis))));
    Value offsets = arith::AddIOp::create(
        rewriter, loc, offsetsOffAxis,
        arith::MulIOp::create(rewriter, loc, along, splat(i32, axisStride)));

    Value gathered = buildByChunks(
        rewriter, loc, flatType(stored), {offsets, inRange}, chunkWidth,
        [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t) -> Value {
          auto chunkType = VectorType::get(cast<VectorType>(chunks[0].getType()).getShape(),
                                           stored);
          Value zero = arith::ConstantOp::create(builder, loc, builder.getZeroAttr(chunkType));
          return vector::GatherOp::create(builder, loc, chunkType, buffer,
                                          ValueRange{zeroIndex}, chunks[0], chunks[1], zero);
        });
    gathered = fromMemoryType(rewriter, loc, gathered, flatType(element));
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(op, resultType, gathered);
    return success();
  }

  /// Reports the first element (row-major) whose index is out of range, if any.
  static void reportFirstOutOfRange(ConversionPatternRewriter &rewriter, tt::GatherOp op,
                                    Value indices, Value inRange, ArrayRef<int64_t> shape,
                                    int64_t bound, unsigned axis) {
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type(), i64 = rewriter.getI64Type();
    Type ptr = LLVM::LLVMPointerType::get(rewriter.getContext());
    auto [failing, count] = findFirstFalse(rewriter, loc, inRange);
    Value failed =
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, failing, count);
    auto branch = scf::IfOp::create(rewriter, loc, failed);
    OpBuilder builder = branch.getThenBodyBuilder();
    SmallVector<Type> inputs{ptr, ptr, i32, i32, i32, i32, i32, i32,
                             i64, i64, i64, i64, i64, i64, i64, i32};
    func::FuncOp report = getOrDeclare(builder, op, "nereid_cpu_gather_index_failed", inputs);
    SmallVector<Value> arguments = failureSiteArguments(builder, op);
    llvm::append_range(arguments, shapeArguments(builder, loc, shape));
    arguments.push_back(failing);
    Value position = arith::IndexCastOp::create(builder, loc, builder.getIndexType(), failing);
    Value index = vector::ExtractOp::create(builder, loc, indices, OpFoldResult(position));
    if (index.getType() != i64)
      index = arith::ExtSIOp::create(builder, loc, i64, index);
    arguments.push_back(index);
    arguments.push_back(i64Constant(builder, loc, bound));
    arguments.push_back(i32Constant(builder, loc, axis));
    func::CallOp::create(builder, loc, report, arguments);
  }

  int64_t chunkWidth;
};

} // namespace

void populateGatherOpToVectorPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns, const CpuLoweringInfo &info) {
  patterns.add<GatherOpConversion>(typeConverter, patterns.getContext(), info.chunkWidth);
}

} // namespace mlir::nereid::cpu
