// Elementwise ops on tensors: the same op on each element that a thread holds.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::nereid {
namespace {

/// Whether `op` is an elementwise op of the arith or math dialect, a tt.extern_elementwise
/// call, or one of tt's elementwise float and integer ops, on tensors.
bool isElementwiseTensorOp(Operation *op) {
  return (isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
          isa<tt::ExternElementwiseOp, tt::PreciseSqrtOp, tt::PreciseDivFOp, tt::MulhiUIOp>(
              op)) &&
         op->hasTrait<OpTrait::Elementwise>() && op->getNumResults() == 1 &&
         isa<RankedTensorType>(op->getResult(0).getType());
}

/// An arith or math op on tensors: the op on the scalars of each register. Operands and results
/// share a layout (the ttg verifier checks it), so register i of each operand is the same
/// element. The scalar ops are then lowered by arith's and math's own patterns, which must not
/// see the tensor op first: they would apply the scalar op to the packed struct.
struct ElementwiseOpConversion : ConversionPattern {
  ElementwiseOpConversion(const TypeConverter &typeConverter, MLIRContext *context)
      : ConversionPattern(typeConverter, MatchAnyOpTypeTag(), /*benefit=*/2, context) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isElementwiseTensorOp(op))
      return failure();
    Location loc = op->getLoc();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Type structType = getTypeConverter()->convertType(resultType);
    if (!structType)
      return failure();
    size_t numRegisters = cast<LLVM::LLVMStructType>(structType).getBody().size();
    // A scalar operand (arith.select's condition) is the same for every register.
    SmallVector<SmallVector<Value>> elements;
    for (auto [original, operand] : llvm::zip_equal(op->getOperands(), operands))
      elements.push_back(isa<RankedTensorType>(original.getType())
                             ? unpackElements(rewriter, loc, operand)
                             : SmallVector<Value>(numRegisters, operand));
    SmallVector<Value> results;
    for (size_t r = 0; r < numRegisters; ++r) {
      OperationState state(loc, op->getName());
      for (const SmallVector<Value> &operand : elements)
        state.addOperands(operand[r]);
      state.addTypes(resultType.getElementType());
      state.addAttributes(op->getAttrs());
      results.push_back(rewriter.create(state)->getResult(0));
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, results, structType));
    return success();
  }
};

/// tt.addptr: a getelementptr by the offset in elements of the pointee type, on scalars or on
/// each register of a tensor.
struct AddPtrOpConversion : OpConversionPattern<tt::AddPtrOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::AddPtrOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const auto &converter = static_cast<const TritonGPUToLLVMTypeConverter &>(*getTypeConverter());
    Type pointee =
        converter.convertElementType(getElementTypeOrSelf(tt::getPointeeType(op.getType())));
    auto gep = [&](Value pointer, Value offset) -> Value {
      return LLVM::GEPOp::create(rewriter, loc, pointer.getType(), pointee, pointer, offset);
    };
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOp(op, gep(adaptor.getPtr(), adaptor.getOffset()));
      return success();
    }
    SmallVector<Value> pointers = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> offsets = unpackElements(rewriter, loc, adaptor.getOffset());
    SmallVector<Value> results;
    for (auto [pointer, offset] : llvm::zip_equal(pointers, offsets))
      results.push_back(gep(pointer, offset));
    rewriter.replaceOp(op, packElements(rewriter, loc, results,
                                       getTypeConverter()->convertType(op.getType())));
    return success();
  }
};

/// The LLVM cast of one element that each cast op of tt is: tt.bitcast the bits of each
/// element as the result type (between pointers, as bool pointers become byte pointers for
/// stores, nothing at all); tt.int_to_ptr and tt.ptr_to_int LLVM's inttoptr and ptrtoint.
Value castElement(OpBuilder &builder, Location loc, tt::BitcastOp, Type type, Value value) {
  if (value.getType() == type)
    return value;
  return LLVM::BitcastOp::create(builder, loc, type, value);
}
Value castElement(OpBuilder &builder, Location loc, tt::IntToPtrOp, Type type, Value value) {
  return LLVM::IntToPtrOp::create(builder, loc, type, value);
}
Value castElement(OpBuilder &builder, Location loc, tt::PtrToIntOp, Type type, Value value) {
  return LLVM::PtrToIntOp::create(builder, loc, type, value);
}

/// tt.bitcast, tt.int_to_ptr and tt.ptr_to_int: castElement on a scalar, or on each element
/// that the thread holds.
template <typename CastOp> struct CastOpConversion : OpConversionPattern<CastOp> {
  using OpConversionPattern<CastOp>::OpConversionPattern;

  LogicalResult matchAndRewrite(CastOp op, typename CastOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const auto &converter =
        static_cast<const TritonGPUToLLVMTypeConverter &>(*this->getTypeConverter());
    Type resultElement = converter.convertElementType(getElementTypeOrSelf(op.getType()));
    if (!isa<RankedTensorType>(op.getType())) {
      rewriter.replaceOp(op, castElement(rewriter, loc, op, resultElement, adaptor.getSrc()));
      return success();
    }
    SmallVector<Value> results;
    for (Value element : unpackElements(rewriter, loc, adaptor.getSrc()))
      results.push_back(castElement(rewriter, loc, op, resultElement, element));
    rewriter.replaceOp(op,
                       packElements(rewriter, loc, results, converter.convertType(op.getType())));
    return success();
  }
};

/// tt.precise_sqrt and tt.precise_divf on scalars: LLVM's sqrt and fdiv, which are IEEE
/// operations, correctly rounded (sqrt.rn and div.rn on NVIDIA). Tensors come split into
/// scalar ops by ElementwiseOpConversion.
template <typename SourceOp, typename TargetOp>
struct CorrectlyRoundedOpConversion : OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;

  LogicalResult matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    rewriter.replaceOpWithNewOp<TargetOp>(op, adaptor.getOperands());
    return success();
  }
};

/// tt.mulhiui on scalars: the high half of the product in twice the width.
struct MulhiUIOpConversion : OpConversionPattern<tt::MulhiUIOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::MulhiUIOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    Location loc = op.getLoc();
    auto type = cast<IntegerType>(adaptor.getX().getType());
    auto wide = rewriter.getIntegerType(2 * type.getWidth());
    Value x = LLVM::ZExtOp::create(rewriter, loc, wide, adaptor.getX());
    Value y = LLVM::ZExtOp::create(rewriter, loc, wide, adaptor.getY());
    Value product = LLVM::MulOp::create(rewriter, loc, x, y);
    Value shift = LLVM::ConstantOp::create(rewriter, loc, wide,
                                           rewriter.getIntegerAttr(wide, type.getWidth()));
    Value high = LLVM::LShrOp::create(rewriter, loc, product, shift);
    rewriter.replaceOpWithNewOp<LLVM::TruncOp>(op, type, high);
    return success();
  }
};

} // namespace

void populateElementwiseOpToLLVMPatterns(const TypeConverter &typeConverter,
                                         RewritePatternSet &patterns,
                                         const GpuLoweringInfo &info) {
  patterns.add<ElementwiseOpConversion, AddPtrOpConversion, CastOpConversion<tt::BitcastOp>,
               CastOpConversion<tt::IntToPtrOp>, CastOpConversion<tt::PtrToIntOp>,
               CorrectlyRoundedOpConversion<tt::PreciseSqrtOp, LLVM::SqrtOp>,
               CorrectlyRoundedOpConversion<tt::PreciseDivFOp, LLVM::FDivOp>, MulhiUIOpConversion>(
      typeConverter, patterns.getContext());
}

} // namespace mlir::nereid
