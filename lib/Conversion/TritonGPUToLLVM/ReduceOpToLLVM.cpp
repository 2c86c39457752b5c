// tt.reduce: within each thread, then across the lanes of a warp by butterfly shuffles, then
// across warps through shared memory; which bits of the hardware indices move along the axis
// comes from the operand's LinearLayout, whatever its encoding.

#include "ReduceScanUtility.h"

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Combiner.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <map>
#include <set>

namespace mlir::nereid {
namespace {

/// How a tt.reduce is lowered, from its layouts alone.
struct ReducePlan {
  /// The registers of a thread that share the coordinates off the axis, in order along it, one
  /// register per element (registers that hold copies are left out). Each group becomes one
  /// element of the result.
  SmallVector<SmallVector<int32_t>> groups;
  /// The lane and the warp bits that move along the axis, by step.
  SmallVector<AxisBit> laneBits, warpBits;
  /// For each register of the result, its group; empty where the result is a scalar (of the
  /// one group).
  SmallVector<unsigned> resultGroups;
  /// The bits of the thread index that are lane bits along the axis: the lanes that differ in
  /// them hold the same values once the lanes are combined.
  uint32_t laneAxisMask = 0;
  /// The threads of a program that hold distinct values once the lanes are combined: those
  /// whose lane bits along the axis are 0.
  int64_t numSlots = 0;
  /// The bytes of shared memory that the warps exchange their values through (0 without warp
  /// bits): for each operand, one element per slot and group.
  int64_t sharedBytes = 0;
};

/// The bases of `inDim` in `layout` with the coordinate along `axis` dropped.
SmallVector<SmallVector<int32_t>> getBasesOffAxis(const LinearLayout &layout, StringRef inDim,
                                                  unsigned axis) {
  SmallVector<SmallVector<int32_t>> bases;
  for (ArrayRef<int32_t> basis : layout.getBases(inDim)) {
    SmallVector<int32_t> off(basis);
    off.erase(off.begin() + axis);
    bases.push_back(std::move(off));
  }
  return bases;
}

std::optional<ReducePlan> planReduce(tt::ReduceOp op, std::string &why) {
  auto srcType = cast<RankedTensorType>(op.getSrcs().front().getType());
  unsigned axis = op.getAxis();
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
  std::optional<LinearLayout> src = ttg::toLinearLayout(srcType);
  if (!src) {
    why = "its operands have no distributed layout";
    return std::nullopt;
  }
  std::optional<SmallVector<AxisBit>> bits = getAxisBits(*src, axis, why);
  if (!bits)
    return std::nullopt;

  ReducePlan plan;
  for (const AxisBit &bit : *bits) {
    if (bit.inDim == LinearLayout::kLane)
      plan.laneBits.push_back(bit);
    else if (bit.inDim == LinearLayout::kWarp)
      plan.warpBits.push_back(bit);
  }
  // Group the registers by their coordinates off the axis; the lane and warp parts of the
  // coordinates are the same for all registers of a thread.
  std::map<SmallVector<int32_t>, unsigned> groupOfKey;
  std::set<SmallVector<int32_t>> seen;
  SmallVector<SmallVector<std::pair<int32_t, int32_t>>> members; // (axis coordinate, register)
  for (int32_t r = 0, e = src->getInDimSize(LinearLayout::kRegister); r < e; ++r) {
    SmallVector<int32_t> coordinates = applyToIndex(*src, LinearLayout::kRegister, r);
    if (!seen.insert(coordinates).second)
      continue; // A copy of an earlier register.
    int32_t along = coordinates[axis];
    coordinates.erase(coordinates.begin() + axis);
    auto [it, inserted] = groupOfKey.try_emplace(coordinates, members.size());
    if (inserted)
      members.emplace_back();
    members[it->second].push_back({along, r});
  }
  for (auto &group : members) {
    llvm::sort(group);
    plan.groups.push_back(llvm::to_vector(llvm::map_range(group, [](auto m) { return m.second; })));
  }

  if (auto resultType = dyn_cast<RankedTensorType>(op.getResult().front().getType())) {
    std::optional<LinearLayout> result = ttg::toLinearLayout(resultType);
    bool sliced = result.has_value();
    for (StringRef inDim : {LinearLayout::kLane, LinearLayout::kWarp}) {
      if (!sliced)
        break;
      SmallVector<SmallVector<int32_t>> resultBases;
      for (ArrayRef<int32_t> basis : result->getBases(inDim))
        resultBases.emplace_back(basis);
      sliced = resultBases == getBasesOffAxis(*src, inDim, axis);
    }
    for (int32_t r = 0, e = sliced ? result->getInDimSize(LinearLayout::kRegister) : 0;
         sliced && r < e; ++r) {
      auto found = groupOfKey.find(applyToIndex(*result, LinearLayout::kRegister, r));
      sliced = found != groupOfKey.end();
      if (sliced)
        plan.resultGroups.push_back(found->second);
    }
    if (!sliced) {
      why = "its result's layout is not its operands' sliced along the axis";
      return std::nullopt;
    }
  } else if (plan.groups.size() != 1) {
    why = "its scalar result would have several elements per thread";
    return std::nullopt;
  }

  for (const AxisBit &bit : plan.laneBits)
    plan.laneAxisMask |= 1u << bit.bit;
  int64_t numThreads = static_cast<int64_t>(src->getInDimSize(LinearLayout::kLane)) *
                       src->getInDimSize(LinearLayout::kWarp);
  plan.numSlots = numThreads >> llvm::popcount(plan.laneAxisMask);
  if (!plan.warpBits.empty())
    for (Value operand : op.getSrcs())
      plan.sharedBytes += plan.numSlots * plan.groups.size() *
                          getSharedElementBytes(getElementTypeOrSelf(operand.getType()));
  return plan;
}

struct ReduceOpConversion : OpConversionPattern<tt::ReduceOp> {
  ReduceOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                     const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::ReduceOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    std::string why;
    std::optional<ReducePlan> plan = planReduce(op, why);
    if (!plan)
      return notLowered(rewriter, op, info, why);
    Location loc = op.getLoc();
    Region &combiner = op.getCombineOp();
    size_t numOperands = adaptor.getSrcs().size();
    SmallVector<SmallVector<Value>> registers; // [operand][register]
    for (Value src : adaptor.getSrcs())
      registers.push_back(unpackElements(rewriter, loc, src));
    auto valuesOf = [&](int32_t r) {
      SmallVector<Value> values;
      for (size_t k = 0; k < numOperands; ++k)
        values.push_back(registers[k][r]);
      return values;
    };

    // Within the thread, in order along the axis.
    SmallVector<SmallVector<Value>> accumulated; // [group][operand]
    for (ArrayRef<int32_t> group : plan->groups) {
      SmallVector<Value> acc = valuesOf(group.front());
      for (int32_t r : group.drop_front())
        acc = emitCombine(rewriter, combiner, acc, valuesOf(r));
      accumulated.push_back(std::move(acc));
    }

    // Across lanes: the lane whose bit is clear holds the values that come first along the
    // axis; both lanes of a pair combine them in that order, so that they agree. A standard
    // combiner (a sum, a max, ...) gives the same bits in either order.
    bool commutative = tt::matchStandardCombiner(combiner).has_value();
    Value threadId = info.target.getThreadId(rewriter, loc);
    for (const AxisBit &bit : plan->laneBits) {
      Value isSecond = commutative ? Value() : emitIsBitSet(rewriter, loc, threadId, bit.bit);
      for (SmallVector<Value> &acc : accumulated) {
        SmallVector<Value> other;
        for (Value value : acc)
          other.push_back(emitShuffleXor(rewriter, loc, info.target, value, 1u << bit.bit));
        if (commutative)
          acc = emitCombine(rewriter, combiner, acc, other);
        else
          acc = emitCombine(rewriter, combiner, emitSelect(rewriter, loc, isSecond, other, acc),
                            emitSelect(rewriter, loc, isSecond, acc, other));
      }
    }

    if (!plan->warpBits.empty())
      accumulated = combineAcrossWarps(rewriter, op, *plan, threadId, accumulated);

    SmallVector<Value> results;
    for (auto [k, result] : llvm::enumerate(op.getResult())) {
      if (plan->resultGroups.empty()) {
        results.push_back(accumulated.front()[k]);
        continue;
      }
      SmallVector<Value> elements;
      for (unsigned g : plan->resultGroups)
        elements.push_back(accumulated[g][k]);
      results.push_back(packElements(rewriter, loc, elements,
                                     getTypeConverter()->convertType(result.getType())));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

  /// Each thread writes its groups' values to shared memory (the lanes along the axis, which
  /// hold the same values, to the same slot) and reads back those of the warps along the axis
  /// (its own included), which it combines in order along the axis: every thread then holds
  /// the whole reduction of its groups.
  SmallVector<SmallVector<Value>>
  combineAcrossWarps(ConversionPatternRewriter &rewriter, tt::ReduceOp op, const ReducePlan &plan,
                     Value threadId, ArrayRef<SmallVector<Value>> accumulated) const {
    Location loc = op.getLoc();
    Region &combiner = op.getCombineOp();
    unsigned addressSpace = info.target.getSharedAddressSpace();
    Value buffer = getScratchBuffer(rewriter, op, info.target);
    auto pointerType = LLVM::LLVMPointerType::get(rewriter.getContext(), addressSpace);
    int64_t numGroups = plan.groups.size();
    // Operand k's values start at bases[k]: one element per slot and group.
    SmallVector<Value> bases;
    int64_t offset = 0;
    for (Value value : accumulated.front()) {
      bases.push_back(LLVM::GEPOp::create(rewriter, loc, pointerType, rewriter.getI8Type(),
                                          buffer, ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(offset)}));
      offset += plan.numSlots * numGroups * getSharedElementBytes(value.getType());
    }
    auto address = [&](size_t k, Value slot, int64_t g) -> Value {
      Type type = getSharedElementType(accumulated.front()[k].getType());
      Value index = LLVM::AddOp::create(
          rewriter, loc,
          LLVM::MulOp::create(rewriter, loc, slot, createI32(rewriter, loc, numGroups)),
          createI32(rewriter, loc, g));
      return LLVM::GEPOp::create(rewriter, loc, pointerType, type, bases[k], ValueRange{index});
    };
    auto alignment = [](Type type) { return getSharedElementBytes(type); };

    // The first barrier keeps these writes from overtaking the reads of an earlier op's
    // buffer at the same bytes (or of this one in a loop).
    if (needsBarrierBeforeScratch(op))
      info.target.barrier(rewriter, loc);
    Value ownSlot = emitRemoveBits(rewriter, loc, threadId, plan.laneAxisMask);
    for (auto [g, acc] : llvm::enumerate(accumulated))
      for (auto [k, value] : llvm::enumerate(acc)) {
        Type shared = getSharedElementType(value.getType());
        Value stored =
            shared == value.getType() ? value : LLVM::ZExtOp::create(rewriter, loc, shared, value);
        LLVM::StoreOp::create(rewriter, loc, stored, address(k, ownSlot, g),
                              alignment(value.getType()));
      }
    info.target.barrier(rewriter, loc);

    // The warps along the axis, in order along it: warp bits sorted by step make the order of
    // `m`, whose bit i stands for warpBits[i].
    int32_t laneBitsLog2 = llvm::Log2_32(info.target.getWarpSize());
    int32_t axisWarpMask = 0;
    for (const AxisBit &bit : plan.warpBits)
      axisWarpMask |= 1 << (laneBitsLog2 + bit.bit);
    Value restSlot = emitRemoveBits(
        rewriter, loc,
        LLVM::AndOp::create(rewriter, loc, threadId, createI32(rewriter, loc, ~axisWarpMask)),
        plan.laneAxisMask);
    SmallVector<SmallVector<Value>> combined(accumulated.size());
    for (int32_t m = 0, e = 1 << plan.warpBits.size(); m < e; ++m) {
      int32_t warpPart = 0;
      for (auto [i, bit] : llvm::enumerate(plan.warpBits))
        if (m & (1 << i))
          warpPart |= 1 << (laneBitsLog2 + bit.bit);
      Value slot = LLVM::OrOp::create(
          rewriter, loc, restSlot,
          createI32(rewriter, loc, removeBits(warpPart, plan.laneAxisMask)));
      for (auto [g, acc] : llvm::enumerate(accumulated)) {
        SmallVector<Value> values;
        for (auto [k, value] : llvm::enumerate(acc)) {
          Type type = value.getType();
          Type shared = getSharedElementType(type);
          Value loaded = LLVM::LoadOp::create(rewriter, loc, shared, address(k, slot, g),
                                              alignment(type));
          values.push_back(shared == type ? loaded
                                          : LLVM::TruncOp::create(rewriter, loc, type, loaded));
        }
        combined[g] = m == 0 ? values : emitCombine(rewriter, combiner, combined[g], values);
      }
    }
    return combined;
  }

  const GpuLoweringInfo &info;
};

} // namespace

std::optional<int64_t> getReduceSharedBytes(tt::ReduceOp op, std::string &why) {
  std::optional<ReducePlan> plan = planReduce(op, why);
  if (!plan)
    return std::nullopt;
  return plan->sharedBytes;
}

void populateReduceOpToLLVMPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<ReduceOpConversion>(typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
