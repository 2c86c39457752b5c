// tt.histogram on a GPU: the bins live in shared memory. Every thread zeroes the bins it holds
// of the result; after a barrier, it adds one to the bin of each element that it is the first
// holder of, whose mask is set and whose value lies in [0, bins) (read as signed, as the
// interpreter reads it; other values are not counted), with a shared-memory atomic (LLVM's
// atomicrmw add, atom.shared.add on NVIDIA); after a second barrier it reads the bins it holds.
// A first barrier keeps the zeroing from overtaking the reads of an earlier op's buffer at the
// same bytes (or of this one in a loop).

#include "ReduceScanUtility.h"

#include "nereid/Conversion/TritonGPUToLLVM/MemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// The layouts of a tt.histogram's operand (which its mask shares) and result, or std::nullopt
/// with the reason in `why`.
std::optional<std::pair<LinearLayout, LinearLayout>> getHistogramLayouts(tt::HistogramOp op,
                                                                          std::string &why) {
  llvm::raw_string_ostream os(why);
  std::optional<LinearLayout> source = ttg::toLinearLayout(op.getSrc().getType());
  std::optional<LinearLayout> result = ttg::toLinearLayout(op.getType());
  if (!source || !result) {
    os << "its operand or result has no distributed layout";
    return std::nullopt;
  }
  if (Value mask = op.getMask()) {
    std::optional<LinearLayout> maskLayout =
        ttg::toLinearLayout(cast<RankedTensorType>(mask.getType()));
    if (!maskLayout || *maskLayout != *source) {
      os << "its mask and its operand have different layouts";
      return std::nullopt;
    }
  }
  for (const LinearLayout *layout : {&*source, &*result})
    if (layout->hasInDim(LinearLayout::kBlock) && layout->getInDimSize(LinearLayout::kBlock) > 1) {
      os << "its layout spreads the tensor over several programs";
      return std::nullopt;
    }
  return std::make_pair(*source, *result);
}

struct HistogramOpConversion : OpConversionPattern<tt::HistogramOp> {
  HistogramOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                        const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::HistogramOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string why;
    auto layouts = getHistogramLayouts(op, why);
    if (!layouts)
      return notLowered(rewriter, op, info, why);
    auto [sourceLayout, resultLayout] = *layouts;
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return failure();
    auto resultType = cast<RankedTensorType>(op.getType());
    Type countType = resultType.getElementType();
    int64_t bins = resultType.getNumElements();
    int64_t countBytes = getSharedElementBytes(countType);
    Value buffer = getScratchBuffer(rewriter, op, info.target);
    auto bin = [&](Value index) -> Value {
      return LLVM::GEPOp::create(rewriter, loc, buffer.getType(), countType, buffer, index);
    };
    SmallVector<SmallVector<Value>> resultCoordinates =
        emitElementCoordinates(rewriter, loc, resultLayout, info.target);

    // Before the bins are zeroed, every thread is done with an earlier op's buffer at the same
    // bytes (or with this one in a loop).
    if (needsBarrierBeforeScratch(op))
      info.target.barrier(rewriter, loc);
    Value zero =
        LLVM::ConstantOp::create(rewriter, loc, countType, rewriter.getIntegerAttr(countType, 0));
    int32_t repeatedResults = getRedundantHolderMasks(resultLayout).registers;
    for (auto [reg, coordinates] : llvm::enumerate(resultCoordinates))
      if (!(int32_t(reg) & repeatedResults))
        LLVM::StoreOp::create(rewriter, loc, zero, bin(coordinates[0]), countBytes);
    info.target.barrier(rewriter, loc);

    // One atomic add per element that this thread is the first holder of and that counts.
    SmallVector<Value> values = unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> mask;
    if (adaptor.getMask())
      mask = unpackElements(rewriter, loc, adaptor.getMask());
    RedundantHolderMasks repeated = getRedundantHolderMasks(sourceLayout);
    Value firstHolder = emitIsFirstHolderThread(rewriter, loc, repeated, info.target);
    Value one =
        LLVM::ConstantOp::create(rewriter, loc, countType, rewriter.getIntegerAttr(countType, 1));
    for (auto [reg, value] : llvm::enumerate(values)) {
      if (int32_t(reg) & repeated.registers)
        continue;
      Type type = value.getType();
      unsigned bits = type.getIntOrFloatBitWidth();
      Value counts = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::sge, value,
          LLVM::ConstantOp::create(rewriter, loc, type, rewriter.getIntegerAttr(type, 0)));
      // A bound that the value's type cannot reach needs no comparison.
      if (llvm::APInt::getSignedMaxValue(bits).sge(bins))
        counts = LLVM::AndOp::create(
            rewriter, loc, counts,
            LLVM::ICmpOp::create(
                rewriter, loc, LLVM::ICmpPredicate::slt, value,
                LLVM::ConstantOp::create(rewriter, loc, type, rewriter.getIntegerAttr(type, bins))));
      if (!mask.empty())
        counts = LLVM::AndOp::create(rewriter, loc, counts, mask[reg]);
      if (firstHolder)
        counts = LLVM::AndOp::create(rewriter, loc, counts, firstHolder);
      emitIf(rewriter, loc, counts, [&] {
        Value index = value;
        if (bits < 32)
          index = LLVM::ZExtOp::create(rewriter, loc, rewriter.getI32Type(), value);
        else if (bits > 32)
          index = LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), value);
        LLVM::AtomicRMWOp::create(rewriter, loc, LLVM::AtomicBinOp::add, bin(index), one,
                                  LLVM::AtomicOrdering::monotonic);
      });
    }
    info.target.barrier(rewriter, loc);

    SmallVector<Value> elements;
    for (const SmallVector<Value> &coordinates : resultCoordinates)
      elements.push_back(
          LLVM::LoadOp::create(rewriter, loc, countType, bin(coordinates[0]), countBytes));
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

std::optional<int64_t> getHistogramSharedBytes(Operation *histogram, std::string &why) {
  auto op = cast<tt::HistogramOp>(histogram);
  if (!getHistogramLayouts(op, why))
    return std::nullopt;
  return op.getType().getNumElements() * getSharedElementBytes(op.getType().getElementType());
}

void populateHistogramOpToLLVMPatterns(const TypeConverter &typeConverter,
                                       RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<HistogramOpConversion>(typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
