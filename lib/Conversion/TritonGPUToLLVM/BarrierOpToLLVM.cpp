// gpu.barrier, which ttg-order-global-memory puts between a program's global accesses: the
// target's barrier of the program's threads, which also orders their memory accesses.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::nereid {
namespace {

struct BarrierOpConversion : OpConversionPattern<gpu::BarrierOp> {
  BarrierOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                      const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(gpu::BarrierOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    info.target.barrier(rewriter, op.getLoc());
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateBarrierOpToLLVMPatterns(const TypeConverter &typeConverter,
                                     RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<BarrierOpConversion>(typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
