// The ttg local-memory ops on one CPU core. A program's "shared memory" is its own: a buffer
// is a stack buffer of the program's function, row-major whatever its shared encoding (only
// whole-tile loads and stores reach it, so its layout is not observable), and local_load and
// local_store copy whole tiles. tt-cpu-accumulate-dots-in-memory makes them for dot
// accumulators; the layout pipeline makes none for a CPU target.

#include "StackBuffers.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::nereid::cpu {
namespace {

struct LocalAllocOpConversion : OpConversionPattern<ttg::LocalAllocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    Value buffer = allocateStackBuffer(rewriter, op.getLoc(), type);
    if (adaptor.getSrc())
      storeTile(rewriter, op.getLoc(), adaptor.getSrc(), buffer);
    rewriter.replaceOp(op, buffer);
    return success();
  }
};

struct LocalLoadOpConversion : OpConversionPattern<ttg::LocalLoadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(op, loadTile(rewriter, op.getLoc(), type, adaptor.getSrc()));
    return success();
  }
};

struct LocalStoreOpConversion : OpConversionPattern<ttg::LocalStoreOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    storeTile(rewriter, op.getLoc(), adaptor.getSrc(), adaptor.getDst());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The stack buffer goes when the function returns.
struct LocalDeallocOpConversion : OpConversionPattern<ttg::LocalDeallocOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::LocalDeallocOp op, OpAdaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void populateLocalMemoryOpToVectorPatterns(const TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           const CpuLoweringInfo &) {
  patterns.add<LocalAllocOpConversion, LocalLoadOpConversion, LocalStoreOpConversion,
               LocalDeallocOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid::cpu
