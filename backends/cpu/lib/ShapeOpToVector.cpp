// Ops that move the elements of a tile: on a CPU core a tile is one vector value whatever its
// layout, so these are vector shape ops, and ttg.convert_layout is the identity.

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

struct TransOpConversion : OpConversionPattern<tt::TransOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::TransOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    SmallVector<int64_t> permutation(op.getOrder().begin(), op.getOrder().end());
    rewriter.replaceOpWithNewOp<vector::TransposeOp>(op, adaptor.getSrc(), permutation);
    return success();
  }
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
                                     RewritePatternSet &patterns, const CpuLoweringInfo &) {
  patterns.add<SplatOpConversion, MakeRangeOpConversion, BroadcastOpConversion,
               ShapeCastConversion<tt::ExpandDimsOp>, ShapeCastConversion<tt::ReshapeOp>,
               TransOpConversion, CatOpConversion, JoinOpConversion, SplitOpConversion,
               ConvertLayoutOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid::cpu
