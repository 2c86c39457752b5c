// The ttg local-memory ops on one CPU core. A program's "shared memory" is its own: a buffer
// is a stack buffer of the program's function, row-major whatever its shared encoding (only
// whole-tile loads and stores reach it, so its layout is not observable), except a matrix in
// panels (#ttg.panel_shared), which a dot's micro-kernel reads a panel at a time; local_load
// and local_store copy whole tiles; memdesc_index and memdesc_reshape are views of a buffer.
// cpu-accumulate-dots-in-memory makes them for dot accumulators and cpu-strip-mine-tiles
// for the tiles that one loop over strips computes and a later one uses; the layout pipeline
// makes none for a CPU target.

#include "BlockTranspose.h"
#include "StackBuffers.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::nereid::cpu {
namespace {

struct LocalAllocOpConversion : OpConversionPattern<ttg::LocalAllocOp> {
  LocalAllocOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(ttg::LocalAllocOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    Value buffer = allocateStackBuffer(rewriter, op.getLoc(), type);
    auto trans = op.getSrc() ? op.getSrc().getDefiningOp<tt::TransOp>() : nullptr;
    if (ttg::LocalLoadOp load = trans ? getBufferTransposedByAllocs(trans) : nullptr) {
      // The transposed copy of a buffer (cpu-transpose-tiles-in-memory's form), a register
      // block at a time; the transpose itself computes nothing.
      transposeBuffer(rewriter, op.getLoc(), rewriter.getRemappedValue(load.getSrc()), buffer,
                      chunkWidth > 0 ? chunkWidth : 16);
    } else if (adaptor.getSrc()) {
      storeTile(rewriter, op.getLoc(), adaptor.getSrc(), buffer, chunkWidth);
    }
    rewriter.replaceOp(op, buffer);
    return success();
  }

  int64_t chunkWidth;
};

/// The slice is a rank-reducing subview of the buffer's row-major memref.
struct MemDescIndexOpConversion : OpConversionPattern<ttg::MemDescIndexOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::MemDescIndexOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    auto srcType = cast<MemRefType>(adaptor.getSrc().getType());
    SmallVector<OpFoldResult> offsets(srcType.getRank(), rewriter.getIndexAttr(0));
    offsets.front() = arith::IndexCastOp::create(rewriter, op.getLoc(), rewriter.getIndexType(),
                                                 adaptor.getIndex())
                          .getResult();
    SmallVector<OpFoldResult> sizes{rewriter.getIndexAttr(1)};
    for (int64_t size : type.getShape())
      sizes.push_back(rewriter.getIndexAttr(size));
    SmallVector<OpFoldResult> strides(srcType.getRank(), rewriter.getIndexAttr(1));
    rewriter.replaceOpWithNewOp<memref::SubViewOp>(op, type, adaptor.getSrc(), offsets, sizes,
                                                   strides);
    return success();
  }
};

/// The buffer's row-major memref collapsed to one dimension, then expanded to the result's
/// shape (each step only where the shape needs it).
struct MemDescReshapeOpConversion : OpConversionPattern<ttg::MemDescReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(ttg::MemDescReshapeOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = cast<MemRefType>(getTypeConverter()->convertType(op.getType()));
    if (isa<ttg::PanelSharedEncodingAttr>(op.getSrc().getType().getEncoding()))
      return rewriter.notifyMatchFailure(op, "a matrix in panels has no reshaped views");
    Value buffer = adaptor.getSrc();
    auto all = [](int64_t rank) {
      return SmallVector<ReassociationIndices>{llvm::to_vector(llvm::seq<int64_t>(0, rank))};
    };
    if (auto srcType = cast<MemRefType>(buffer.getType()); srcType.getRank() != 1)
      buffer = memref::CollapseShapeOp::create(rewriter, op.getLoc(), buffer,
                                               all(srcType.getRank()));
    if (type.getRank() != 1)
      buffer = memref::ExpandShapeOp::create(rewriter, op.getLoc(), type, buffer,
                                             all(type.getRank()));
    rewriter.replaceOp(op, buffer);
    return success();
  }
};

struct LocalLoadOpConversion : OpConversionPattern<ttg::LocalLoadOp> {
  LocalLoadOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(ttg::LocalLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto type = cast<VectorType>(getTypeConverter()->convertType(op.getType()));
    rewriter.replaceOp(op, loadTile(rewriter, op.getLoc(), type, adaptor.getSrc(), chunkWidth));
    return success();
  }

  int64_t chunkWidth;
};

struct LocalStoreOpConversion : OpConversionPattern<ttg::LocalStoreOp> {
  LocalStoreOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(ttg::LocalStoreOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    storeTile(rewriter, op.getLoc(), adaptor.getSrc(), adaptor.getDst(), chunkWidth);
    rewriter.eraseOp(op);
    return success();
  }

  int64_t chunkWidth;
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
                                           const CpuLoweringInfo &info) {
  patterns.add<MemDescIndexOpConversion, MemDescReshapeOpConversion, LocalDeallocOpConversion>(
      typeConverter, patterns.getContext());
  patterns.add<LocalAllocOpConversion, LocalLoadOpConversion, LocalStoreOpConversion>(
      typeConverter, patterns.getContext(), info.chunkWidth);
}

} // namespace mlir::nereid::cpu
