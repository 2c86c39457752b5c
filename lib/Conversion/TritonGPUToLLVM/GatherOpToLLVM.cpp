// tt.gather on a GPU. Where each warp holds every source element that its indices can select
// (the source's warps do not move along the axis and hold the rows of the result's warps), and
// each result register has at most kMaxShuffleCandidates source registers to choose from, every
// result element is an indexed shuffle from the lane that holds it, one per candidate register,
// and a select (only selects, of up to kMaxRegisterCandidates registers, where every thread
// holds what it gathers). Otherwise the source goes through shared memory, in row-major order
// between two barriers, and every result element is a load at its index. An index outside the
// source along the axis stops the kernel through the target's assertion, as the interpreter
// stops the launch (docs/semantics.md); until then it reads the axis's first element.

#include "ReduceScanUtility.h"

#include "nereid/Conversion/TritonGPUToLLVM/MemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/SharedMemoryAllocation.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::nereid {
namespace {

/// The most source registers that one result register may have to choose from for a gather to
/// go by shuffles: each candidate costs a shuffle, where shared memory costs a store and a load
/// per register and two barriers.
constexpr int64_t kMaxShuffleCandidates = 4;

/// The same where every thread holds what it gathers: each candidate costs a select.
constexpr int64_t kMaxRegisterCandidates = 16;

/// The input dimension of a warp-shuffle map that stands for the index along the axis.
constexpr StringLiteral kGatherDim = "gather";

/// How a tt.gather is lowered: the layouts of its source and result (which its indices share),
/// and, where it goes by shuffles, the map from (result register, lane, index along the axis)
/// to the (register, lane) of the source that holds the element, in the thread's own warp.
struct GatherPlan {
  LinearLayout source;
  LinearLayout result;
  std::optional<LinearLayout> shuffleMap;
};

/// Whether `layout` spreads a tensor over more than one program.
bool spansPrograms(const LinearLayout &layout) {
  return layout.hasInDim(LinearLayout::kBlock) && layout.getInDimSize(LinearLayout::kBlock) > 1;
}

/// The bases of `layout`'s input dimension `inDim` (none where it has no such dimension), with
/// their coordinate along `axis` made 0.
SmallVector<LinearLayout::Basis> getBasesOffAxis(const LinearLayout &layout, StringRef inDim,
                                                 unsigned axis) {
  SmallVector<LinearLayout::Basis> bases;
  if (!layout.hasInDim(inDim))
    return bases;
  for (LinearLayout::Basis basis : layout.getBases(inDim)) {
    basis[axis] = 0;
    bases.push_back(basis);
  }
  return bases;
}

/// The source registers among which result register `reg` chooses under `map` (a GatherPlan's
/// shuffleMap): its own register part XOR every combination of what the lane and the index
/// add.
SmallVector<int32_t> getCandidateRegisters(const LinearLayout &map, int32_t reg) {
  int registerOut = map.findOutDim(LinearLayout::kRegister);
  SmallVector<int32_t> candidates{applyToIndex(map, LinearLayout::kRegister, reg)[registerOut]};
  for (StringRef inDim : {LinearLayout::kLane, kGatherDim}) {
    for (int pos = 0, e = map.getInDimSizeLog2(inDim); pos < e; ++pos) {
      int32_t step = map.getBasis(inDim, pos, LinearLayout::kRegister);
      for (int32_t i = 0, n = candidates.size(); i < n; ++i)
        if (!llvm::is_contained(candidates, candidates[i] ^ step))
          candidates.push_back(candidates[i] ^ step);
    }
  }
  return candidates;
}

/// Whether `map` (a GatherPlan's shuffleMap) reads every element from the thread's own lane:
/// neither the result register nor the index moves the lane, and lane l reads lane l.
bool readsOwnLane(const LinearLayout &map) {
  for (StringRef inDim : {LinearLayout::kRegister, kGatherDim})
    for (int pos = 0, e = map.getInDimSizeLog2(inDim); pos < e; ++pos)
      if (map.getBasis(inDim, pos, LinearLayout::kLane) != 0)
        return false;
  for (int pos = 0, e = map.getInDimSizeLog2(LinearLayout::kLane); pos < e; ++pos)
    if (map.getBasis(LinearLayout::kLane, pos, LinearLayout::kLane) != 1 << pos ||
        map.getBasis(LinearLayout::kLane, pos, LinearLayout::kRegister) != 0)
      return false;
  return true;
}

/// Where each thread finds, in its own warp, the source element that each of its result
/// elements gathers; std::nullopt where some are held by other warps. The element that result
/// register i of lane l and warp w gathers at index a lies at result(i, l, w) with the axis
/// coordinate replaced by a. When the source's warp bases are the result's with the axis
/// coordinate made 0, warp w of the source holds that element where its (register, lane) part,
/// which the returned map gives, holds (result(i, l, 0) off the axis, a).
std::optional<LinearLayout> getWarpShuffleMap(const LinearLayout &source,
                                              const LinearLayout &result, unsigned axis,
                                              int64_t axisSize) {
  // Warp w of the source holds what warp w of the result selects when its bases are the
  // result's off the axis (so they do not move along the axis themselves).
  SmallVector<LinearLayout::Basis> sourceWarps;
  if (source.hasInDim(LinearLayout::kWarp))
    sourceWarps.assign(source.getBases(LinearLayout::kWarp).begin(),
                       source.getBases(LinearLayout::kWarp).end());
  if (sourceWarps != getBasesOffAxis(result, LinearLayout::kWarp, axis))
    return std::nullopt;

  // The source coordinates that (result register, lane, index) select, in warp 0.
  SmallVector<LinearLayout::Basis> indexBases;
  for (int64_t step = 1; step < axisSize; step *= 2) {
    LinearLayout::Basis basis(source.getNumOutDims(), 0);
    basis[axis] = step;
    indexBases.push_back(basis);
  }
  std::optional<LinearLayout> selected = LinearLayout::create(
      {{LinearLayout::kRegister.str(), getBasesOffAxis(result, LinearLayout::kRegister, axis)},
       {LinearLayout::kLane.str(), getBasesOffAxis(result, LinearLayout::kLane, axis)},
       {kGatherDim.str(), indexBases}},
      source.getOutDims());
  if (!selected)
    return std::nullopt;
  SmallVector<StringRef> withinWarp;
  for (StringRef inDim : {LinearLayout::kRegister, LinearLayout::kLane})
    if (source.hasInDim(inDim))
      withinWarp.push_back(inDim);
  LinearLayout sourceInWarp = source.sublayout(withinWarp, source.getOutDimNames());
  std::optional<LinearLayout> map = sourceInWarp.invertAndCompose(*selected);
  if (!map || !map->hasOutDim(LinearLayout::kRegister) || !map->hasOutDim(LinearLayout::kLane))
    return std::nullopt;
  return map;
}

/// The plan of `op`, or std::nullopt with the reason in `why`.
std::optional<GatherPlan> getGatherPlan(tt::GatherOp op, std::string &why) {
  llvm::raw_string_ostream os(why);
  auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
  std::optional<LinearLayout> source = ttg::toLinearLayout(sourceType);
  std::optional<LinearLayout> result = ttg::toLinearLayout(op.getType());
  std::optional<LinearLayout> indices = ttg::toLinearLayout(op.getIndices().getType());
  if (!source || !result || !indices) {
    os << "its operands have no distributed layout";
    return std::nullopt;
  }
  if (*indices != *result) {
    os << "its indices and its result have different layouts";
    return std::nullopt;
  }
  if (spansPrograms(*source) || spansPrograms(*result)) {
    os << "its layout spreads the tensor over several programs";
    return std::nullopt;
  }
  GatherPlan plan{*source, *result, std::nullopt};
  unsigned axis = op.getAxis();
  std::optional<LinearLayout> map =
      getWarpShuffleMap(*source, *result, axis, sourceType.getDimSize(axis));
  if (map) {
    int32_t registers = result->getInDimSize(LinearLayout::kRegister);
    int64_t most = readsOwnLane(*map) ? kMaxRegisterCandidates : kMaxShuffleCandidates;
    bool few = llvm::all_of(llvm::seq<int32_t>(0, registers), [&](int32_t reg) {
      return int64_t(getCandidateRegisters(*map, reg).size()) <= most;
    });
    if (few)
      plan.shuffleMap = std::move(map);
  }
  return plan;
}

struct GatherOpConversion : OpConversionPattern<tt::GatherOp> {
  GatherOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                     const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::GatherOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string why;
    std::optional<GatherPlan> plan = getGatherPlan(op, why);
    if (!plan)
      return notLowered(rewriter, op, info, why);
    auto structType =
        dyn_cast_or_null<LLVM::LLVMStructType>(getTypeConverter()->convertType(op.getType()));
    if (!structType)
      return failure();
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    unsigned axis = op.getAxis();
    int64_t axisSize = sourceType.getDimSize(axis);
    SmallVector<Value> source = unpackElements(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> indices = unpackElements(rewriter, loc, adaptor.getIndices());

    // Each index as an i32 where it lies in [0, axisSize), read as signed, and 0 elsewhere.
    SmallVector<Value> along;
    Value anyOutside;
    for (Value index : indices) {
      Type type = index.getType();
      Value atLeastZero = LLVM::ICmpOp::create(
          rewriter, loc, LLVM::ICmpPredicate::sge, index,
          LLVM::ConstantOp::create(rewriter, loc, type, rewriter.getIntegerAttr(type, 0)));
      Value inRange = atLeastZero;
      if (llvm::APInt::getSignedMaxValue(type.getIntOrFloatBitWidth()).sge(axisSize))
        inRange = LLVM::AndOp::create(
            rewriter, loc, atLeastZero,
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::slt, index,
                                 LLVM::ConstantOp::create(
                                     rewriter, loc, type, rewriter.getIntegerAttr(type, axisSize))));
      Value outside = LLVM::XOrOp::create(
          rewriter, loc, inRange,
          LLVM::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                   rewriter.getBoolAttr(true)));
      anyOutside = anyOutside ? Value(LLVM::OrOp::create(rewriter, loc, anyOutside, outside))
                              : outside;
      Value wide = index;
      unsigned bits = type.getIntOrFloatBitWidth();
      if (bits < 32)
        wide = LLVM::SExtOp::create(rewriter, loc, rewriter.getI32Type(), index);
      else if (bits > 32)
        wide = LLVM::TruncOp::create(rewriter, loc, rewriter.getI32Type(), index);
      along.push_back(
          LLVM::SelectOp::create(rewriter, loc, inRange, wide, createI32(rewriter, loc, 0)));
    }
    auto [file, line] = getSourceLine(loc);
    std::string function = "<unknown>";
    if (auto parent = op->getParentOfType<FunctionOpInterface>())
      function = parent.getName().str();
    std::string message;
    llvm::raw_string_ostream(message) << "out-of-range tt.gather index: an index outside [0, "
                                      << axisSize << ") along axis " << axis;
    emitIf(rewriter, loc, anyOutside, [&] {
      info.target.assertFail(rewriter, loc, message, file, line, function);
    });

    SmallVector<Value> elements =
        plan->shuffleMap ? emitByShuffles(rewriter, loc, *plan, source, along)
                         : emitThroughSharedMemory(rewriter, op, *plan, source, along);
    rewriter.replaceOp(op, packElements(rewriter, loc, elements, structType));
    return success();
  }

  /// Each result element shuffled from the lane of its warp that holds it: one shuffle of
  /// each candidate register, and the one the index selects. Where every thread reads its own
  /// lane, the candidates are its registers, without shuffles.
  SmallVector<Value> emitByShuffles(ConversionPatternRewriter &rewriter, Location loc,
                                    const GatherPlan &plan, ArrayRef<Value> source,
                                    ArrayRef<Value> along) const {
    const LinearLayout &map = *plan.shuffleMap;
    bool ownLane = readsOwnLane(map);
    Value lane = LLVM::URemOp::create(rewriter, loc, info.target.getThreadId(rewriter, loc),
                                      createI32(rewriter, loc, info.target.getWarpSize()));
    int registerOut = map.findOutDim(LinearLayout::kRegister);
    int laneOut = map.findOutDim(LinearLayout::kLane);
    SmallVector<Value> fromLane = applyRuntimeIndex(rewriter, loc, map, LinearLayout::kLane, lane);
    SmallVector<Value> elements;
    for (auto [reg, index] : llvm::enumerate(along)) {
      SmallVector<int32_t> fromRegister = applyToIndex(map, LinearLayout::kRegister, reg);
      SmallVector<Value> fromIndex = applyRuntimeIndex(rewriter, loc, map, kGatherDim, index);
      Value sourceLane = LLVM::XOrOp::create(
          rewriter, loc, LLVM::XOrOp::create(rewriter, loc, fromLane[laneOut], fromIndex[laneOut]),
          createI32(rewriter, loc, fromRegister[laneOut]));
      Value sourceRegister = LLVM::XOrOp::create(
          rewriter, loc,
          LLVM::XOrOp::create(rewriter, loc, fromLane[registerOut], fromIndex[registerOut]),
          createI32(rewriter, loc, fromRegister[registerOut]));
      Value element;
      for (int32_t candidate : getCandidateRegisters(map, reg)) {
        Value shuffled =
            ownLane ? source[candidate]
                    : emitShuffleIdx(rewriter, loc, info.target, source[candidate], sourceLane);
        if (!element) {
          element = shuffled;
          continue;
        }
        Value chosen = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq,
                                            sourceRegister, createI32(rewriter, loc, candidate));
        element = LLVM::SelectOp::create(rewriter, loc, chosen, shuffled, element);
      }
      elements.push_back(element);
    }
    return elements;
  }

  /// The source stored in shared memory in row-major order, and each result element loaded
  /// from there at its coordinates with the index along the axis.
  SmallVector<Value> emitThroughSharedMemory(ConversionPatternRewriter &rewriter, tt::GatherOp op,
                                             const GatherPlan &plan, ArrayRef<Value> source,
                                             ArrayRef<Value> along) const {
    Location loc = op.getLoc();
    auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
    Type registerType = source.front().getType();
    Type sharedType = getSharedElementType(registerType);
    int64_t elementBytes = getSharedElementBytes(sourceType.getElementType());
    Value buffer = getScratchBuffer(rewriter, op, info.target);
    auto address = [&](ArrayRef<Value> coordinates) -> Value {
      Value offset = emitRowMajorOffset(rewriter, loc, coordinates, sourceType.getShape());
      return LLVM::GEPOp::create(rewriter, loc, buffer.getType(), sharedType, buffer, offset);
    };
    // The first barrier keeps the stores from overtaking the loads of an earlier op's buffer
    // at the same bytes (or of this one in a loop). A register that repeats another stores
    // nothing.
    if (needsBarrierBeforeScratch(op))
      info.target.barrier(rewriter, loc);
    int32_t repeatedRegisters = getRedundantHolderMasks(plan.source).registers;
    for (auto [reg, coordinates] :
         llvm::enumerate(emitElementCoordinates(rewriter, loc, plan.source, info.target))) {
      if (int32_t(reg) & repeatedRegisters)
        continue;
      Value stored = source[reg];
      if (sharedType != registerType)
        stored = LLVM::ZExtOp::create(rewriter, loc, sharedType, stored);
      LLVM::StoreOp::create(rewriter, loc, stored, address(coordinates), elementBytes);
    }
    info.target.barrier(rewriter, loc);
    SmallVector<Value> elements;
    for (auto [coordinates, index] :
         llvm::zip_equal(emitElementCoordinates(rewriter, loc, plan.result, info.target), along)) {
      coordinates[op.getAxis()] = index;
      Value loaded =
          LLVM::LoadOp::create(rewriter, loc, sharedType, address(coordinates), elementBytes);
      if (sharedType != registerType)
        loaded = LLVM::TruncOp::create(rewriter, loc, registerType, loaded);
      elements.push_back(loaded);
    }
    return elements;
  }

  const GpuLoweringInfo &info;
};

} // namespace

std::optional<int64_t> getGatherSharedBytes(Operation *gather, std::string &why) {
  auto op = cast<tt::GatherOp>(gather);
  std::optional<GatherPlan> plan = getGatherPlan(op, why);
  if (!plan)
    return std::nullopt;
  if (plan->shuffleMap)
    return 0;
  auto sourceType = cast<RankedTensorType>(op.getSrc().getType());
  return sourceType.getNumElements() * getSharedElementBytes(sourceType.getElementType());
}

void populateGatherOpToLLVMPatterns(const TypeConverter &typeConverter,
                                    RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<GatherOpConversion>(typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
