// The tensor copy engine's ops (nvidia.tma_load) and the mbarriers they complete on, as inline
// PTX for sm_90.

#include "TmaOpToLLVM.h"

#include "Ptx.h"

#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"
#include "nereid/Nvidia/TensorMaps.h"

#include "llvm/Support/FormatVariadic.h"

namespace mlir::nereid::nvidia {

namespace {

/// `ptx`, in which `p` is true in thread 0 alone (and there only where `predicate`, if any,
/// is), run by every thread with operands $1, ... (`constraints` after the "r" of $0).
void emitInThreadZero(OpBuilder &builder, Location loc, const GpuLoweringInfo &info, StringRef ptx,
                      ValueRange operands, StringRef constraints, Value predicate = {}) {
  Value first =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::eq,
                           info.target.getThreadId(builder, loc), createI32(builder, loc, 0));
  if (predicate)
    first = LLVM::AndOp::create(builder, loc, first, predicate);
  SmallVector<Value> all{LLVM::ZExtOp::create(builder, loc, builder.getI32Type(), first)};
  llvm::append_range(all, operands);
  std::string statement = llvm::formatv("{{ .reg .pred p; setp.ne.u32 p, $0, 0; {0} }", ptx).str();
  createPtx(builder, loc, {}, all, statement, ("r," + constraints).str());
}

struct InitBarrierOpConversion : OpConversionPattern<InitBarrierOp> {
  InitBarrierOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                          const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(InitBarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    emitInThreadZero(
        rewriter, op.getLoc(), info,
        llvm::formatv("@p mbarrier.init.shared::cta.b64 [$1], {0};", op.getCount()).str(),
        adaptor.getBarrier(), "r");
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

/// After a proxy fence (the buffer's bytes may have been written by ordinary stores, which the
/// copy engine's writes must follow) and a barrier, thread 0 expects the block's bytes on the
/// mbarrier and starts a copy of each box: box j, `bytesApart * j` bytes into the buffer, of the
/// elements from `box[1] * j` along the row.
struct TmaLoadOpConversion : OpConversionPattern<TmaLoadOp> {
  TmaLoadOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                      const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(TmaLoadOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    RankedTensorType block = op.getMap().getType().getBlockType();
    TensorMapCopies copies = getTensorMapCopies(block);
    int64_t blockBytes = block.getNumElements() * block.getElementTypeBitWidth() / 8;
    if (!op.getSynced()) {
      info.target.fenceBufferWrites(rewriter, loc, op.getBuffer().getType());
      info.target.barrier(rewriter, loc);
    }

    // $1 the barrier, $2 the tensor map, $3 the row; then each box's address and column.
    SmallVector<Value> operands{adaptor.getBarrier(), adaptor.getMap(), adaptor.getIndices()[0]};
    std::string ptx = llvm::formatv("@p mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], "
                                    "{0};",
                                    blockBytes)
                          .str();
    std::string constraints = "r,l,r";
    Type i8 = rewriter.getI8Type();
    for (int64_t j = 0; j < copies.copies; ++j) {
      Value address =
          LLVM::GEPOp::create(rewriter, loc, adaptor.getBuffer().getType(), i8, adaptor.getBuffer(),
                              LLVM::GEPArg(int32_t(j * copies.bytesApart)));
      Value column = LLVM::AddOp::create(rewriter, loc, adaptor.getIndices()[1],
                                         createI32(rewriter, loc, int32_t(j * copies.box[1])));
      unsigned first = operands.size();
      operands.append({address, column});
      ptx += " @p cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes "
             "[$" +
             std::to_string(first + 1) + "], [$2, {$" + std::to_string(first + 2) + ", $3}], [$1];";
      constraints += ",r,r";
    }
    emitInThreadZero(rewriter, loc, info, ptx, operands, constraints, adaptor.getPred());
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

struct WaitBarrierOpConversion : OpConversionPattern<WaitBarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(WaitBarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    // A label in braces is local to them: each wait has its own.
    createPtx(rewriter, op.getLoc(), {}, {adaptor.getBarrier(), adaptor.getPhase()},
              "{ .reg .pred done; wait: mbarrier.try_wait.parity.shared::cta.b64 done, [$0], "
              "$1; @!done bra wait; }",
              "r,r");
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion : OpConversionPattern<InvalBarrierOp> {
  InvalBarrierOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                           const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(InvalBarrierOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    info.target.barrier(rewriter, loc);
    emitInThreadZero(rewriter, loc, info, "@p mbarrier.inval.shared::cta.b64 [$1];",
                     adaptor.getBarrier(), "r");
    info.target.barrier(rewriter, loc);
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateTmaOpToLLVMPatterns(const LLVMTypeConverter &typeConverter,
                                 RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  MLIRContext *context = patterns.getContext();
  patterns.add<InitBarrierOpConversion, TmaLoadOpConversion, InvalBarrierOpConversion>(
      typeConverter, context, info);
  patterns.add<WaitBarrierOpConversion>(typeConverter, context);
}

void markTensorMapParameters(LLVM::LLVMFuncOp func) {
  MLIRContext *context = func.getContext();
  Builder builder(context);
  for (unsigned index = 0, count = func.getNumArguments(); index < count; ++index) {
    if (!func.getArgAttr(index, kTensorMapAttrName))
      continue;
    func.setArgAttr(index, LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(LLVM::LLVMArrayType::get(builder.getI8Type(), kTensorMapBytes)));
    func.setArgAttr(index, LLVM::LLVMDialect::getAlignAttrName(),
                    builder.getI64IntegerAttr(kTensorMapParameterAlignment));
    func.setArgAttr(index, NVVM::NVVMDialect::getGridConstantAttrName(), builder.getUnitAttr());
  }
}

} // namespace mlir::nereid::nvidia
