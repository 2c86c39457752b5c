// tt.scan: an inclusive scan combined bit by bit along the axis, from the lowest step to the
// highest, whichever hardware index (register, lane or warp) each bit belongs to, as the
// operand's LinearLayout says. Before the step of a bit, each element holds the scan of its
// aligned block of that step's size (its prefix) and the block's total; the bit pairs each
// block with the next one, and the later block's elements put the earlier block's total in
// front of their prefixes. Registers pair within the thread, lanes by butterfly shuffles, warps
// through shared memory. The combiner is applied in order along the axis (it need only be
// associative).

#include "ReduceScanUtility.h"

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Combiner.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// How a tt.scan is lowered, from its layout alone.
struct ScanPlan {
  /// The bits that move along the axis, by step.
  SmallVector<AxisBit> bits;
  /// The threads of a program and the registers of each.
  int64_t numThreads = 0;
  int32_t numRegisters = 0;
  /// The bytes of shared memory that the warps exchange block totals through (0 without warp
  /// bits).
  int64_t sharedBytes = 0;
};

/// The bits of `inDim` among `bits[0..end)`: the registers (or lanes) that differ only in
/// them hold the same block totals from then on.
uint32_t getMergedMask(ArrayRef<AxisBit> bits, size_t end, StringRef inDim) {
  uint32_t mask = 0;
  for (const AxisBit &bit : bits.take_front(end))
    if (bit.inDim == inDim)
      mask |= 1u << bit.bit;
  return mask;
}

std::optional<ScanPlan> planScan(tt::ScanOp op, std::string &why) {
  auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
  for (Value src : op.getSrcs()) {
    auto type = cast<RankedTensorType>(src.getType());
    if (type.getEncoding() != srcType.getEncoding()) {
      why = "its operands have different layouts";
      return std::nullopt;
    }
    why = whyElementTypeNotCombined(type.getElementType());
    if (!why.empty())
      return std::nullopt;
  }
  for (Value result : op.getResult())
    if (cast<RankedTensorType>(result.getType()).getEncoding() != srcType.getEncoding()) {
      why = "its results' layout is not its operands'";
      return std::nullopt;
    }
  std::optional<LinearLayout> layout = ttg::toLinearLayout(srcType);
  if (!layout) {
    why = "its operands have no distributed layout";
    return std::nullopt;
  }
  std::optional<SmallVector<AxisBit>> bits = getAxisBits(*layout, op.getAxis(), why);
  if (!bits)
    return std::nullopt;
  ScanPlan plan;
  plan.bits = std::move(*bits);
  plan.numThreads = static_cast<int64_t>(layout->getInDimSize(LinearLayout::kLane)) *
                    layout->getInDimSize(LinearLayout::kWarp);
  plan.numRegisters = layout->getInDimSize(LinearLayout::kRegister);
  // The first warp bit exchanges the most totals: fewer threads and registers hold distinct
  // ones later.
  for (auto [i, bit] : llvm::enumerate(plan.bits)) {
    if (bit.inDim != LinearLayout::kWarp)
      continue;
    int64_t slots =
        (plan.numThreads >> llvm::popcount(getMergedMask(plan.bits, i, LinearLayout::kLane))) *
        (plan.numRegisters >> llvm::popcount(getMergedMask(plan.bits, i, LinearLayout::kRegister)));
    for (Value src : op.getSrcs())
      plan.sharedBytes += slots * getSharedElementBytes(getElementTypeOrSelf(src.getType()));
    break;
  }
  return plan;
}

using Values = SmallVector<Value>; // one value per operand

struct ScanOpConversion : OpConversionPattern<tt::ScanOp> {
  ScanOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                   const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::ScanOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    std::string why;
    std::optional<ScanPlan> plan = planScan(op, why);
    if (!plan)
      return notLowered(rewriter, op, info, why);
    Location loc = op.getLoc();
    Region &combiner = op.getCombineOp();
    bool reverse = op.getReverse();
    size_t numOperands = adaptor.getSrcs().size();
    SmallVector<SmallVector<Value>> operands; // [operand][register]
    for (Value src : adaptor.getSrcs())
      operands.push_back(unpackElements(rewriter, loc, src));
    // prefix[r] and total[r]: register r's scan within its block, and the block's total.
    SmallVector<Values> prefix(plan->numRegisters), total;
    for (int32_t r = 0; r < plan->numRegisters; ++r)
      for (size_t k = 0; k < numOperands; ++k)
        prefix[r].push_back(operands[k][r]);
    total = prefix;

    Value threadId = info.target.getThreadId(rewriter, loc);
    Value buffer;
    if (plan->sharedBytes != 0)
      buffer = getScratchBuffer(rewriter, op, info.target);
    // The first exchange through `buffer` waits for the reads of an earlier op's buffer at the
    // same bytes where one can precede it; each later one for the reads of the one before.
    bool synchronize = needsBarrierBeforeScratch(op);
    int32_t laneBitsLog2 = llvm::Log2_32(info.target.getWarpSize());
    // Both threads of a pair combine the totals in order along the axis, so that they agree;
    // a standard combiner (a sum, a product, ...) gives the same bits in either order.
    bool commutative = tt::matchStandardCombiner(combiner).has_value();
    for (auto [i, bit] : llvm::enumerate(plan->bits)) {
      if (bit.inDim == LinearLayout::kRegister) {
        for (int32_t low = 0; low < plan->numRegisters; ++low) {
          int32_t high = low | (1 << bit.bit);
          if (low == high)
            continue;
          // Along a reversed scan, the block of higher coordinates comes first.
          auto [first, second] = reverse ? std::pair(high, low) : std::pair(low, high);
          prefix[second] = emitCombine(rewriter, combiner, total[first], prefix[second]);
          total[first] = total[second] =
              emitCombine(rewriter, combiner, total[first], total[second]);
        }
        continue;
      }
      // The totals of the block paired with this thread's, from the thread whose index
      // differs in this bit.
      SmallVector<Values> other;
      int32_t threadBit = bit.bit;
      if (bit.inDim == LinearLayout::kLane) {
        // Registers whose blocks were merged hold the same totals: one shuffle each.
        llvm::DenseMap<Value, Value> shuffled;
        for (const Values &values : total) {
          Values received;
          for (Value value : values) {
            Value &exchanged = shuffled[value];
            if (!exchanged)
              exchanged = emitShuffleXor(rewriter, loc, info.target, value, 1u << bit.bit);
            received.push_back(exchanged);
          }
          other.push_back(std::move(received));
        }
      } else {
        threadBit += laneBitsLog2;
        other = exchangeThroughSharedMemory(
            rewriter, loc, *plan, buffer, threadId, threadBit,
            getMergedMask(plan->bits, i, LinearLayout::kLane),
            getMergedMask(plan->bits, i, LinearLayout::kRegister), total, synchronize);
        synchronize = true;
      }
      Value isSet = emitIsBitSet(rewriter, loc, threadId, threadBit);
      Value isSecond = isSet;
      if (reverse)
        isSecond = LLVM::XOrOp::create(
            rewriter, loc, isSet,
            LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                     rewriter.getBoolAttr(true)));
      // Registers of one block share their totals (the same values): combined once.
      llvm::DenseMap<Value, Values> combinedTotals;
      for (int32_t r = 0; r < plan->numRegisters; ++r) {
        Values extended = emitCombine(rewriter, combiner, other[r], prefix[r]);
        prefix[r] = emitSelect(rewriter, loc, isSecond, extended, prefix[r]);
        Values &combined = combinedTotals[total[r].front()];
        if (combined.empty()) {
          if (commutative) {
            combined = emitCombine(rewriter, combiner, total[r], other[r]);
          } else {
            Values first = emitSelect(rewriter, loc, isSecond, other[r], total[r]);
            Values second = emitSelect(rewriter, loc, isSecond, total[r], other[r]);
            combined = emitCombine(rewriter, combiner, first, second);
          }
        }
        total[r] = combined;
      }
    }

    SmallVector<Value> results;
    for (auto [k, result] : llvm::enumerate(op.getResult())) {
      SmallVector<Value> elements;
      for (const Values &values : prefix)
        elements.push_back(values[k]);
      results.push_back(packElements(rewriter, loc, elements,
                                     getTypeConverter()->convertType(result.getType())));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  /// The block totals that the thread whose index differs in bit `threadBit` holds: each thread
  /// writes those of its registers whose `mergedRegisters` bits are clear (the others repeat
  /// them) to shared memory, where the lanes that differ only in `mergedLanes` (which hold the
  /// same totals) share a slot, and reads its partner's. With `synchronize`, a barrier first
  /// keeps the writes from overtaking the other threads' reads of the same bytes before.
  SmallVector<Values> exchangeThroughSharedMemory(ConversionPatternRewriter &rewriter,
                                                  Location loc, const ScanPlan &plan,
                                                  Value buffer, Value threadId, int32_t threadBit,
                                                  uint32_t mergedLanes, uint32_t merged,
                                                  ArrayRef<Values> total,
                                                  bool synchronize) const {
    auto pointerType = cast<LLVM::LLVMPointerType>(buffer.getType());
    int32_t numSlots = plan.numRegisters >> llvm::popcount(merged);
    int64_t numThreadSlots = plan.numThreads >> llvm::popcount(mergedLanes);
    SmallVector<Value> bases; // operand k's slots: numSlots per thread slot
    int64_t offset = 0;
    for (Value value : total.front()) {
      bases.push_back(LLVM::GEPOp::create(rewriter, loc, pointerType, rewriter.getI8Type(),
                                          buffer,
                                          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)}));
      offset += numThreadSlots * numSlots * getSharedElementBytes(value.getType());
    }
    auto address = [&](size_t k, Value thread, int32_t slot) -> Value {
      Type type = getSharedElementType(total.front()[k].getType());
      Value threadSlot = emitRemoveBits(rewriter, loc, thread, mergedLanes);
      Value index = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, threadSlot, createI32(rewriter, loc, numSlots)),
          createI32(rewriter, loc, slot));
      return LLVM::GEPOp::create(rewriter, loc, pointerType, type, bases[k], ValueRange{index});
    };

    if (synchronize)
      info.target.barrier(rewriter, loc);
    for (int32_t r = 0; r < plan.numRegisters; ++r) {
      if (r & merged)
        continue;
      for (auto [k, value] : llvm::enumerate(total[r])) {
        Type shared = getSharedElementType(value.getType());
        Value stored =
            shared == value.getType() ? value : LLVM::ZExtOp::create(rewriter, loc, shared, value);
        LLVM::StoreOp::create(rewriter, loc, stored, address(k, threadId, removeBits(r, merged)),
                              getSharedElementBytes(value.getType()));
      }
    }
    info.target.barrier(rewriter, loc);
    Value partner =
        LLVM::XOrOp::create(rewriter, loc, threadId, createI32(rewriter, loc, 1 << threadBit));
    SmallVector<Values> bySlot(numSlots);
    for (int32_t r = 0; r < plan.numRegisters; ++r) {
      if (r & merged)
        continue;
      for (auto [k, value] : llvm::enumerate(total[r])) {
        Type type = value.getType();
        Type shared = getSharedElementType(type);
        Value loaded = LLVM::LoadOp::create(rewriter, loc, shared,
                                            address(k, partner, removeBits(r, merged)),
                                            getSharedElementBytes(type));
        bySlot[removeBits(r, merged)].push_back(
            shared == type ? loaded : LLVM::TruncOp::create(rewriter, loc, type, loaded));
      }
    }
    SmallVector<Values> other;
    for (int32_t r = 0; r < plan.numRegisters; ++r)
      other.push_back(bySlot[removeBits(r & ~merged, merged)]);
    return other;
  }

  const GpuLoweringInfo &info;
};

} // namespace

std::optional<int64_t> getScanSharedBytes(tt::ScanOp op, std::string &why) {
  std::optional<ScanPlan> plan = planScan(op, why);
  if (!plan)
    return std::nullopt;
  return plan->sharedBytes;
}

void populateScanOpToLLVMPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                  const GpuLoweringInfo &info) {
  patterns.add<ScanOpConversion>(typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
