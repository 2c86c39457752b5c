// tt.splat and tt.make_range (tensors whose elements a thread computes from its own indices),
// and the ops that only rearrange a thread's registers (expand_dims, broadcast, trans,
// reshape).

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
    // A float type that LLVM lacks (fp8) is an integer of its bits there.
    auto value = dense.getSplatValue<TypedAttr>();
    Type elementType = getTypeConverter()->convertType(type.getElementType());
    Value scalar;
    if (auto floatValue = dyn_cast<FloatAttr>(value); floatValue && isa<IntegerType>(elementType))
      scalar = LLVM::ConstantOp::create(
          rewriter, op.getLoc(), elementType,
          IntegerAttr::get(elementType, floatValue.getValue().bitcastToAPInt()));
    else
      scalar = arith::ConstantOp::create(rewriter, op.getLoc(), value);
    SmallVector<Value> elements(structType.getBody().size(), scalar);
    rewriter.replaceOp(op, packElements(rewriter, op.getLoc(), elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

/// An op that only rearranges which element each register holds (getRegisterPermutation):
/// each result register copies a source register.
template <typename OpTy>
struct RegisterPermutationConversion : OpConversionPattern<OpTy> {
  RegisterPermutationConversion(const TypeConverter &typeConverter, MLIRContext *context,
                                const GpuLoweringInfo &info)
      : OpConversionPattern<OpTy>(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type structType = this->getTypeConverter()->convertType(op.getType());
    std::optional<SmallVector<unsigned>> mapping = getRegisterPermutation(op);
    if (!structType || !mapping)
      return notLowered(rewriter, op, info,
                        "its source's elements are held by other threads than its result's "
                        "(moving values between threads is not lowered yet)");
    Location loc = op.getLoc();
    SmallVector<Value> source = unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> elements;
    for (unsigned r : *mapping)
      elements.push_back(source[r]);
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

namespace {

/// The row-major offset of the element at `coordinates` of a tensor of `shape`.
int64_t linearizeRowMajor(ArrayRef<int32_t> coordinates, ArrayRef<int64_t> shape) {
  int64_t offset = 0;
  for (auto [coordinate, size] : llvm::zip_equal(coordinates, shape))
    offset = offset * size + coordinate;
  return offset;
}

/// The coordinates of the element at row-major `offset` of a tensor of `shape`.
SmallVector<int32_t> delinearizeRowMajor(int64_t offset, ArrayRef<int64_t> shape) {
  SmallVector<int32_t> coordinates(shape.size());
  for (int d = static_cast<int>(shape.size()) - 1; d >= 0; --d) {
    coordinates[d] = static_cast<int32_t>(offset % shape[d]);
    offset /= shape[d];
  }
  return coordinates;
}

} // namespace

std::optional<SmallVector<unsigned>> getRegisterPermutation(Operation *op) {
  if (!isa<tt::ExpandDimsOp, tt::BroadcastOp, tt::TransOp, tt::ReshapeOp, ttg::ConvertLayoutOp>(
          op))
    return std::nullopt;
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  auto dstType = cast<RankedTensorType>(op->getResult(0).getType());
  std::optional<LinearLayout> src = ttg::toLinearLayout(srcType);
  std::optional<LinearLayout> dst = ttg::toLinearLayout(dstType);
  if (!src || !dst)
    return std::nullopt;
  // The source coordinates of the result element at `coordinates`.
  auto toSource = [&](ArrayRef<int32_t> coordinates) {
    SmallVector<int32_t> source(coordinates);
    if (auto expand = dyn_cast<tt::ExpandDimsOp>(op)) {
      source.erase(source.begin() + expand.getAxis());
    } else if (isa<tt::BroadcastOp>(op)) {
      for (auto [d, size] : llvm::enumerate(srcType.getShape()))
        if (size == 1)
          source[d] = 0;
    } else if (auto trans = dyn_cast<tt::TransOp>(op)) {
      for (auto [d, from] : llvm::enumerate(trans.getOrder()))
        source[from] = coordinates[d];
    } else if (isa<tt::ReshapeOp>(op)) {
      // The shapes are powers of two: the row-major offset concatenates the coordinates'
      // bits, so that this map is linear over them too.
      source = delinearizeRowMajor(linearizeRowMajor(coordinates, dstType.getShape()),
                                   srcType.getShape());
    }
    return source;
  };
  return mapRegistersWithinThread(*src, *dst, toSource);
}

void populateViewOpToLLVMPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                  const GpuLoweringInfo &info) {
  patterns.add<SplatOpConversion>(typeConverter, patterns.getContext());
  patterns.add<MakeRangeOpConversion, ConstantOpConversion,
               RegisterPermutationConversion<tt::ExpandDimsOp>,
               RegisterPermutationConversion<tt::BroadcastOp>,
               RegisterPermutationConversion<tt::TransOp>,
               RegisterPermutationConversion<tt::ReshapeOp>>(typeConverter,
                                                             patterns.getContext(), info);
}

} // namespace mlir::nereid
