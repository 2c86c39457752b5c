// tt.splat and tt.make_range: tensors whose elements a thread computes from its own indices.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// tt.splat: the scalar in every register.
struct SplatOpConversion : OpConversionPattern<tt::SplatOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::SplatOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return failure();
    SmallVector<Value> elements(structType.getBody().size(), adaptor.getSrc());
    rewriter.replaceOp(op, packElements(rewriter, op.getLoc(), elements, structType));
    return success();
  }
};

/// tt.make_range: each register holds start plus its element's coordinate.
struct MakeRangeOpConversion : OpConversionPattern<tt::MakeRangeOp> {
  MakeRangeOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                        const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::MakeRangeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> layout = ttg::toLinearLayout(type);
    Type structType = getTypeConverter()->convertType(type);
    if (!layout || !structType)
      return failure();
    Value start = arith::ConstantOp::create(rewriter, loc, op.getStartAttr());
    SmallVector<Value> elements;
    for (const SmallVector<Value> &coordinate :
         emitElementCoordinates(rewriter, loc, *layout, info.target))
      elements.push_back(arith::AddIOp::create(rewriter, loc, start, coordinate[0]));
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

/// A splat arith.constant tensor: the scalar constant in every register. Other dense tensors
/// would need each thread's elements picked by its lane and warp; the frontend makes none.
struct ConstantOpConversion : OpConversionPattern<arith::ConstantOp> {
  ConstantOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                       const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context, /*benefit=*/2), info(info) {}

  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return failure();
    auto dense = dyn_cast<SplatElementsAttr>(op.getValue());
    if (!dense)
      return notLowered(rewriter, op, info, "a tensor constant that is not a splat");
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(type));
    if (!structType)
      return failure();
    Value scalar =
        arith::ConstantOp::create(rewriter, op.getLoc(), dense.getSplatValue<TypedAttr>());
    SmallVector<Value> elements(structType.getBody().size(), scalar);
    rewriter.replaceOp(op, packElements(rewriter, op.getLoc(), elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateViewOpToLLVMPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                  const GpuLoweringInfo &info) {
  patterns.add<SplatOpConversion>(typeConverter, patterns.getContext());
  patterns.add<MakeRangeOpConversion, ConstantOpConversion>(typeConverter, patterns.getContext(),
                                                            info);
}

} // namespace mlir::nereid
