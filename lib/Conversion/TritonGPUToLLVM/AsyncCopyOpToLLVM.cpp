// ttg.async_copy_global_to_local, async_commit_group and async_wait: each thread starts copying
// the elements its register layout gives it into the buffer, in groups of the registers that
// are consecutive both in global memory (the access vector width that AxisInfo proves) and in
// the buffer (the shared layout), through the target's asynchronous copies (cp.async on
// NVIDIA). Masked-off groups are zero-filled. A group of fewer than 4 bytes, which cp.async
// cannot move, is loaded and written at once instead: it is in the buffer before any wait.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// The smallest copy that the target's asynchronous copies move.
constexpr unsigned kMinAsyncCopyBytes = 4;

struct AsyncCopyGlobalToLocalOpConversion : OpConversionPattern<ttg::AsyncCopyGlobalToLocalOp> {
  AsyncCopyGlobalToLocalOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                                     const GpuLoweringInfo &info, const AccessVectorWidths &widths)
      : OpConversionPattern(typeConverter, context), info(info), widths(widths) {}

  LogicalResult matchAndRewrite(ttg::AsyncCopyGlobalToLocalOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ttg::MemDescType bufferType = op.getDst().getType();
    Type elementType = getTypeConverter()->convertType(bufferType.getElementType());
    if (!elementType || !elementType.isIntOrFloat() || elementType.isInteger(1))
      return rewriter.notifyMatchFailure(op, "copies elements of a byte or more");
    std::optional<SharedAccessPlan> plan =
        planSharedAccess(op.getPtr().getType(), bufferType, elementType);
    if (!plan)
      return rewriter.notifyMatchFailure(op, "the pointers have no register layout");
    plan->vector = std::min<int32_t>(plan->vector, std::max(1u, widths.lookup(op)));
    unsigned bytes = plan->vector * getElementBitWidth(elementType) / 8;

    SmallVector<Value> pointers = unpackElements(rewriter, loc, adaptor.getPtr());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = unpackElements(rewriter, loc, adaptor.getMask());
    Type accessType =
        plan->vector == 1 ? elementType : VectorType::get({plan->vector}, elementType);
    for (auto [group, address] : llvm::enumerate(emitGroupAddresses(
             rewriter, loc, *plan, adaptor.getDst(), elementType, info.target))) {
      size_t first = group * plan->vector;
      Value predicate = masks.empty() ? Value() : masks[first];
      if (bytes >= kMinAsyncCopyBytes) {
        info.target.copyToSharedAsync(rewriter, loc, address, pointers[first], bytes, predicate);
        continue;
      }
      Value zero = LLVM::ZeroOp::create(rewriter, loc, accessType);
      Value loaded = predicate
                         ? info.target.loadGlobal(rewriter, loc, accessType, pointers[first],
                                                  predicate, zero, {})
                         : LLVM::LoadOp::create(rewriter, loc, accessType, pointers[first], bytes);
      LLVM::StoreOp::create(rewriter, loc, loaded, address, bytes);
    }
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
  const AccessVectorWidths &widths;
};

struct AsyncCommitGroupOpConversion : OpConversionPattern<ttg::AsyncCommitGroupOp> {
  AsyncCommitGroupOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                               const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(ttg::AsyncCommitGroupOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    info.target.commitAsyncCopies(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

struct AsyncWaitOpConversion : OpConversionPattern<ttg::AsyncWaitOp> {
  AsyncWaitOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                        const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(ttg::AsyncWaitOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    info.target.waitAsyncCopies(rewriter, op.getLoc(), op.getNum());
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateAsyncCopyOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info,
                                       const AccessVectorWidths &widths) {
  patterns.add<AsyncCopyGlobalToLocalOpConversion>(typeConverter, patterns.getContext(), info,
                                                   widths);
  patterns.add<AsyncCommitGroupOpConversion, AsyncWaitOpConversion>(typeConverter,
                                                                    patterns.getContext(), info);
}

} // namespace mlir::nereid
