// ttg.convert_layout: a permutation of each thread's registers where the layouts allow it, else
// a round trip through shared memory.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::nereid {
namespace {

struct ConvertLayoutOpConversion : OpConversionPattern<ttg::ConvertLayoutOp> {
  ConvertLayoutOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                            const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(ttg::ConvertLayoutOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(dstType));
    std::optional<LinearLayout> src = ttg::toLinearLayout(srcType);
    std::optional<LinearLayout> dst = ttg::toLinearLayout(dstType);
    if (!structType || !src || !dst)
      return failure();
    SmallVector<Value> source = unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> elements;
    if (std::optional<SmallVector<unsigned>> mapping = getRegisterPermutation(op)) {
      for (unsigned r : *mapping)
        elements.push_back(source[r]);
      rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
      return success();
    }
    // Every thread writes its elements where the tensor's row-major order puts them, and reads
    // back the ones its new layout gives it. The first barrier keeps the writes from
    // overtaking the reads of an earlier op's buffer at the same bytes (or of this one in a
    // loop).
    Type registerType = structType.getBody().front();
    Type sharedType = getSharedElementType(registerType);
    Value buffer = getScratchBuffer(rewriter, op, info.target);
    unsigned alignment = std::max(1u, getElementBitWidth(sharedType) / 8);
    auto address = [&](ArrayRef<Value> coordinates) -> Value {
      Value offset = emitRowMajorOffset(rewriter, loc, coordinates, dstType.getShape());
      return LLVM::GEPOp::create(rewriter, loc, buffer.getType(), sharedType, buffer, offset);
    };
    if (needsBarrierBeforeScratch(op))
      info.target.barrier(rewriter, loc);
    for (auto [value, coordinates] :
         llvm::zip_equal(source, emitElementCoordinates(rewriter, loc, *src, info.target))) {
      Value stored = value;
      if (sharedType != registerType)
        stored = LLVM::ZExtOp::create(rewriter, loc, sharedType, stored);
      LLVM::StoreOp::create(rewriter, loc, stored, address(coordinates), alignment);
    }
    info.target.barrier(rewriter, loc);
    for (const SmallVector<Value> &coordinates :
         emitElementCoordinates(rewriter, loc, *dst, info.target)) {
      Value loaded =
          LLVM::LoadOp::create(rewriter, loc, sharedType, address(coordinates), alignment);
      if (sharedType != registerType)
        loaded = LLVM::TruncOp::create(rewriter, loc, registerType, loaded);
      elements.push_back(loaded);
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

int64_t getConvertLayoutSharedBytes(Operation *convert) {
  if (getRegisterPermutation(convert))
    return 0;
  auto type = cast<RankedTensorType>(convert->getResult(0).getType());
  Type element = type.getElementType();
  unsigned bits = isa<IntegerType, FloatType>(element) ? getElementBitWidth(element) : 64;
  return type.getNumElements() * std::max(1u, bits / 8);
}

void populateConvertLayoutOpToLLVMPatterns(const TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           const GpuLoweringInfo &info) {
  patterns.add<ConvertLayoutOpConversion>(typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
