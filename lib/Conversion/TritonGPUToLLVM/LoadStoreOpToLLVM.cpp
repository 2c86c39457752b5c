// tt.load and tt.store of tensors of pointers: one access per element a thread holds, masked
// where the op has a mask.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// The type an element of `registerType` has in memory: i1 is a byte, as Triton stores it.
Type getMemoryType(Type registerType) {
  if (registerType.isInteger(1))
    return IntegerType::get(registerType.getContext(), 8);
  return registerType;
}

/// The scalars of `value` (a converted operand), or `count` copies of it when it was a scalar
/// in the tt IR.
SmallVector<Value> getElements(OpBuilder &builder, Location loc, Value original, Value value,
                               size_t count) {
  if (isa<RankedTensorType>(original.getType()))
    return unpackElements(builder, loc, value);
  return SmallVector<Value>(count, value);
}

/// `value` as a one-element vector, the form LLVM's masked load and store intrinsics take.
Value toVector1(OpBuilder &builder, Location loc, Value value) {
  auto type = VectorType::get({1}, value.getType());
  Value zero = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(), 0);
  return LLVM::InsertElementOp::create(builder, loc, LLVM::UndefOp::create(builder, loc, type),
                                       value, zero);
}

Value fromVector1(OpBuilder &builder, Location loc, Value vector) {
  Value zero = LLVM::ConstantOp::create(builder, loc, builder.getI32Type(), 0);
  return LLVM::ExtractElementOp::create(builder, loc, vector, zero);
}

unsigned getAlignment(Type memoryType) { return std::max(1u, getElementBitWidth(memoryType) / 8); }

struct LoadOpConversion : OpConversionPattern<tt::LoadOp> {
  LoadOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                   const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::LoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!type)
      return notLowered(rewriter, op, info, "a load of a scalar pointer");
    Location loc = op.getLoc();
    auto structType = cast<LLVM::LLVMStructType>(getTypeConverter()->convertType(type));
    Type registerType = structType.getBody().front();
    Type memoryType = getMemoryType(registerType);
    unsigned alignment = getAlignment(memoryType);
    SmallVector<Value> pointers = unpackElements(rewriter, loc, adaptor.getPtr());
    size_t count = pointers.size();
    SmallVector<Value> masks, others;
    if (op.getMask())
      masks = getElements(rewriter, loc, op.getMask(), adaptor.getMask(), count);
    if (op.getOther())
      others = getElements(rewriter, loc, op.getOther(), adaptor.getOther(), count);
    Value zero = LLVM::ZeroOp::create(rewriter, loc, memoryType);
    SmallVector<Value> results;
    for (size_t r = 0; r < count; ++r) {
      Value loaded;
      if (masks.empty()) {
        loaded = LLVM::LoadOp::create(rewriter, loc, memoryType, pointers[r], alignment,
                                      op.getIsVolatile());
      } else {
        // Masked-off elements are `other`, or zero where the op has none (the interpreter's
        // choice for what Triton leaves undefined).
        Value fallback = others.empty() ? zero : others[r];
        if (fallback.getType() != memoryType)
          fallback = LLVM::ZExtOp::create(rewriter, loc, memoryType, fallback);
        auto vectorType = VectorType::get({1}, memoryType);
        Value vector = LLVM::MaskedLoadOp::create(
            rewriter, loc, vectorType, pointers[r], toVector1(rewriter, loc, masks[r]),
            toVector1(rewriter, loc, fallback), alignment);
        loaded = fromVector1(rewriter, loc, vector);
      }
      if (memoryType != registerType)
        loaded = LLVM::TruncOp::create(rewriter, loc, registerType, loaded);
      results.push_back(loaded);
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, results, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

struct StoreOpConversion : OpConversionPattern<tt::StoreOp> {
  StoreOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                    const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::StoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<RankedTensorType>(op.getValue().getType()))
      return notLowered(rewriter, op, info, "a store through a scalar pointer");
    Location loc = op.getLoc();
    SmallVector<Value> pointers = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> values = unpackElements(rewriter, loc, adaptor.getValue());
    SmallVector<Value> masks;
    if (op.getMask())
      masks = getElements(rewriter, loc, op.getMask(), adaptor.getMask(), pointers.size());
    for (size_t r = 0; r < pointers.size(); ++r) {
      Value value = values[r];
      Type memoryType = getMemoryType(value.getType());
      if (memoryType != value.getType())
        value = LLVM::ZExtOp::create(rewriter, loc, memoryType, value);
      unsigned alignment = getAlignment(memoryType);
      if (masks.empty())
        LLVM::StoreOp::create(rewriter, loc, value, pointers[r], alignment);
      else
        LLVM::MaskedStoreOp::create(rewriter, loc, toVector1(rewriter, loc, value), pointers[r],
                                    toVector1(rewriter, loc, masks[r]), alignment);
    }
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateLoadStoreOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<LoadOpConversion, StoreOpConversion>(typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
