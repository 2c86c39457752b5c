// Ops that move the elements of a tile: on a CPU core a tile is one vector value whatever its
// layout, so these are vector shape ops, and ttg.convert_layout is the identity.

#include "BlockTranspose.h"
#include "BufferLoops.h"
#include "StackBuffers.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::nereid::cpu {
namespace {

VectorType convertedVectorType(const TypeConverter *converter, Type type) {
  return cast<VectorType>(converter->convertType(type));
}

struct SplatOpConversion : OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        op, convertedVectorType(getTypeConverter(), op.getType()), adaptor.getSrc());
    return success();
  }
};

struct MakeRangeOpConversion : OpConversionPattern<tt::MakeRangeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::MakeRangeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorType type = convertedVectorType(getTypeConverter(), op.getType());
    SmallVector<int32_t> values;
    for (int64_t value = op.getStart(); value < op.getEnd(); ++value)
      values.push_back(static_cast<int32_t>(value));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, type, DenseElementsAttr::get(type, ArrayRef<int32_t>(values)));
    return success();
  }
};

struct BroadcastOpConversion : OpConversionPattern<tt::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::BroadcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        op, convertedVectorType(getTypeConverter(), op.getType()), adaptor.getSrc());
    return success();
  }
};

/// expand_dims and reshape keep the row-major order of the elements: a shape cast.
template <typename SourceOp>
struct ShapeCastConversion : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(
        op, convertedVectorType(this->getTypeConverter(), op.getType()), adaptor.getSrc());
    return success();
  }
};

/// The transpose of `source` (a 2-D tile, or a batch of them along dimension 0) through stack
/// buffers: the tile is stored a register chunk at a time, copied transposed in blocks of
/// `block` x `block` elements by loops (transposeBuffer, as a dot's column-major operand is),
/// then loaded a chunk at a time.
Value transposeThroughMemory(OpBuilder &builder, Location loc, Value source, VectorType type,
                             int64_t chunkWidth) {
  auto sourceType = cast<VectorType>(source.getType());
  Value input = allocateStackBuffer(
      builder, loc, MemRefType::get(sourceType.getShape(), sourceType.getElementType()));
  storeTile(builder, loc, source, input, chunkWidth);
  Value output =
      allocateStackBuffer(builder, loc, MemRefType::get(type.getShape(), type.getElementType()));
  int64_t block = chunkWidth > 0 ? chunkWidth : 16;
  if (type.getRank() == 2) {
    transposeBuffer(builder, loc, input, output, block);
  } else {
    forEachStep(builder, loc, type.getDimSize(0), 1, [&](OpBuilder &inner, Value batch) {
      transposeBuffer(inner, loc, sliceBatch(inner, loc, input, batch),
                      sliceBatch(inner, loc, output, batch), block);
    });
  }
  return loadTile(builder, loc, type, output, chunkWidth);
}

struct TransOpConversion : OpConversionPattern<tt::TransOp> {
  TransOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    VectorType type = convertedVectorType(getTypeConverter(), op.getType());
    if (getBufferTransposedByAllocs(op)) {
      // The local_allocs that use it copy its source buffer transposed.
      rewriter.replaceOpWithNewOp<ub::PoisonOp>(op, type);
      return success();
    }
    if (isTransposedInMemory(op.getType(), op.getOrder())) {
      rewriter.replaceOp(op, transposeThroughMemory(rewriter, op.getLoc(), adaptor.getSrc(),
                                                    type, chunkWidth));
      return success();
    }
    SmallVector<int64_t> permutation(op.getOrder().begin(), op.getOrder().end());
    rewriter.replaceOpWithNewOp<vector::TransposeOp>(op, adaptor.getSrc(), permutation);
    return success();
  }

  int64_t chunkWidth;
};

/// cat concatenates along dimension 0: both operands are inserted as slices of the result.
struct CatOpConversion : OpConversionPattern<tt::CatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::CatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    VectorType type = convertedVectorType(getTypeConverter(), op.getType());
    auto lhsType = cast<VectorType>(adaptor.getLhs().getType());
    SmallVector<int64_t> strides(type.getRank(), 1);
    SmallVector<int64_t> offsets(type.getRank(), 0);
    Value result = arith::ConstantOp::create(rewriter, loc, type, rewriter.getZeroAttr(type));
    result = vector::InsertStridedSliceOp::create(rewriter, loc, adaptor.getLhs(), result,
                                                  offsets, strides);
    offsets[0] = lhsType.getShape()[0];
    result = vector::InsertStridedSliceOp::create(rewriter, loc, adaptor.getRhs(), result,
                                                  offsets, strides);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// join pairs elements along a new last dimension: interleave the last dimensions, then split
/// the result's last dimension in two.
struct JoinOpConversion : OpConversionPattern<tt::JoinOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::JoinOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Value interleaved = vector::InterleaveOp::create(rewriter, op.getLoc(), adaptor.getLhs(),
                                                     adaptor.getRhs());
    rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(
        op, convertedVectorType(getTypeConverter(), op.getType()), interleaved);
    return success();
  }
};

/// split undoes join: merge the last two dimensions, then deinterleave.
struct SplitOpConversion : OpConversionPattern<tt::SplitOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::SplitOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto sourceType = cast<VectorType>(adaptor.getSrc().getType());
    SmallVector<int64_t> merged(sourceType.getShape().drop_back());
    merged.back() *= 2;
    Value flat = vector::ShapeCastOp::create(
        rewriter, op.getLoc(), VectorType::get(merged, sourceType.getElementType()),
        adaptor.getSrc());
    auto halves = vector::DeinterleaveOp::create(rewriter, op.getLoc(), flat);
    rewriter.replaceOp(op, {halves.getRes1(), halves.getRes2()});
    return success();
  }
};

/// On one core a tile is a vector whatever its layout.
struct ConvertLayoutOpConversion : OpConversionPattern<ttg::ConvertLayoutOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getSrc());
    return success();
  }
};

} // namespace

void populateShapeOpToVectorPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const CpuLoweringInfo &info) {
  patterns.add<SplatOpConversion, MakeRangeOpConversion, BroadcastOpConversion,
               ShapeCastConversion<tt::ExpandDimsOp>, ShapeCastConversion<tt::ReshapeOp>,
               CatOpConversion, JoinOpConversion, SplitOpConversion, ConvertLayoutOpConversion>(
      typeConverter, patterns.getContext());
  patterns.add<TransOpConversion>(typeConverter, patterns.getContext(), info.chunkWidth);
}

} // namespace mlir::nereid::cpu
