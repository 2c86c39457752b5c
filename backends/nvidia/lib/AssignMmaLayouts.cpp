// nvidia-assign-mma-layouts: each tt.dot that wgmma can compute (sm_90) becomes an
// nvidia.warpgroup_dot of operands in #nvidia.mma_shared buffers into the #nvidia.mma
// accumulator of version 3; each other one that mma.sync can compute gets the accumulator of
// version 2 and its operands the #ttg.dot_op layouts of mma.sync's fragments (see
// NvidiaAssignMmaLayoutsPass in Passes.td).

#include "MmaLayouts.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"
#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/NvidiaTargetInfo.h"
#include "nereid/Nvidia/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

namespace mlir::nereid::nvidia {

#define GEN_PASS_DEF_NVIDIAASSIGNMMALAYOUTSPASS
#include "nereid/Nvidia/Passes.h.inc"

/// What the tensor cores compute so far, as the refusals of the others say it.
constexpr const char *kTakenSoFar =
    "tensor cores take f16, bf16 or fp8 operands, and f32 ones in tf32, into f32, and int8 ones "
    "into int32 so far";

bool isFp8(Type type) { return isa<Float8E4M3FNType, Float8E5M2Type>(type); }

bool hasFp8MmaSync(unsigned computeCapability) { return computeCapability >= 89; }

std::string whyNotMmaV2(tt::DotOp dot, unsigned computeCapability) {
  std::string why;
  llvm::raw_string_ostream os(why);
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto dType = cast<RankedTensorType>(dot.getType());
  Type a = aType.getElementType(), d = dType.getElementType();
  if (computeCapability < 80) {
    os << "a dot on sm_" << computeCapability << " (mma.sync needs sm_80 or newer)";
  } else if (dType.getRank() != 2) {
    os << "a batched (3-D) dot (tensor cores take 2-D dots so far)";
  } else if (!((a.isF16() || a.isBF16() || a.isF32() || isFp8(a)) && d.isF32()) &&
             !(a.isInteger(8) && d.isInteger(32))) {
    // tt.dot's verifier gives A and B one element type.
    os << "a dot of " << a << " operands into " << d << " (" << kTakenSoFar << ")";
  } else if (a.isF32() && dot.getInputPrecision() != tt::InputPrecision::TF32) {
    os << "a dot of f32 operands in " << tt::stringifyInputPrecision(dot.getInputPrecision())
       << " precision (" << kTakenSoFar << ")";
  } else if (dType.getDimSize(0) % 16 != 0 || dType.getDimSize(1) % 8 != 0 ||
             aType.getDimSize(1) % (256 / aType.getElementTypeBitWidth()) != 0) {
    os << "a dot of " << dType.getDimSize(0) << "x" << aType.getDimSize(1) << " by "
       << aType.getDimSize(1) << "x" << dType.getDimSize(1) << " (mma.sync needs M a multiple "
       << "of 16, N of 8 and K of 16, 8 for tf32, 32 for int8 and fp8)";
  }
  return why;
}

namespace {

/// The rows of one wgmma (a warpgroup's) and the warps of a warpgroup.
constexpr int64_t kWarpgroupRows = 64, kWarpsPerGroup = 4;
/// The widest swizzle of #nvidia.mma_shared, and the narrowest that wgmma's operands take
/// here (one k-step is 32 bytes).
constexpr int64_t kMaxSwizzleBytes = 128, kMinSwizzleBytes = 32;

/// The dimensions of `type` from the fastest to the slowest as its source holds them: a
/// blocked layout's order, else row-major.
SmallVector<unsigned> getFastestFirstOrder(RankedTensorType type) {
  if (auto blocked = dyn_cast<ttg::BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(blocked.getOrder());
  return {1, 0};
}

/// `value` without the conversion that feeds it, if one does.
Value lookThroughConversion(Value value) {
  if (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>())
    return convert.getSrc();
  return value;
}

/// The warps of wgmma's accumulator for an MxN result: warpgroups stacked along M as far as
/// M has 64 rows for each, the rest along N.
SmallVector<unsigned> getWgmmaWarpsPerCTA(ArrayRef<int64_t> shape, unsigned numWarps) {
  unsigned alongM = kWarpsPerGroup;
  while (alongM * 2 <= numWarps && shape[0] % (16 * alongM * 2) == 0)
    alongM *= 2;
  return {alongM, numWarps / alongM};
}

/// The N of one wgmma: the largest power of two up to 256 that divides a warpgroup's columns.
unsigned getWgmmaInstrN(int64_t columnsPerGroup) {
  unsigned n = 256;
  while (columnsPerGroup % n != 0)
    n /= 2;
  return n;
}

/// The dimension of wgmma operand `opIdx`, held as `type`, that is contiguous in its buffer:
/// the one contiguous in its source where the instruction can transpose it, else K.
unsigned getWgmmaContiguousDim(RankedTensorType type, unsigned opIdx, const WgmmaTypes &types) {
  if (types.isTransposable())
    return getFastestFirstOrder(type)[0];
  return opIdx == 0 ? 1 : 0;
}

/// The #nvidia.mma_shared encoding of a wgmma operand held as `type` whose `contiguous`
/// dimension is contiguous (the rows are the other one), swizzled by 128 bytes or by the bytes
/// of `contiguousExtent` elements (the most that one instruction reads along it) where fewer.
MmaSharedEncodingAttr getWgmmaOperandEncoding(RankedTensorType type, unsigned contiguous,
                                              int64_t contiguousExtent) {
  int64_t bytes = type.getElementTypeBitWidth() / 8;
  int64_t swizzle = std::min({kMaxSwizzleBytes, type.getDimSize(contiguous) * bytes,
                              contiguousExtent * bytes});
  return MmaSharedEncodingAttr::get(type.getContext(), swizzle, /*transposed=*/contiguous == 0,
                                    type.getElementTypeBitWidth());
}

/// The elements that one wgmma reads of operand `opIdx` along its `contiguous` dimension: all
/// of K where that is K, else the rows of a warpgroup (A) or the instruction's N (B).
int64_t getWgmmaContiguousExtent(RankedTensorType type, unsigned opIdx, unsigned contiguous,
                                 unsigned instrN) {
  bool kContiguous = contiguous == (opIdx == 0 ? 1u : 0u);
  if (kContiguous)
    return type.getDimSize(contiguous);
  return opIdx == 0 ? kWarpgroupRows : instrN;
}

} // namespace

std::string whyNotWgmma(tt::DotOp dot, unsigned computeCapability, unsigned numWarps) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto dType = cast<RankedTensorType>(dot.getType());
  Type a = aType.getElementType();
  if (computeCapability != 90)
    return "wgmma needs sm_90";
  std::optional<WgmmaTypes> types = getWgmmaTypes(a, dType.getElementType());
  if (dType.getRank() != 2 || !types)
    return "wgmma takes 2-D dots of f16, bf16 or fp8 operands into f32, and of int8 ones into "
           "int32, here";
  if (numWarps % kWarpsPerGroup != 0)
    return "wgmma needs warpgroups of 4 warps";
  if (dType.getDimSize(0) % kWarpgroupRows != 0 || dType.getDimSize(1) % 8 != 0 ||
      aType.getDimSize(1) % types->k != 0)
    return "wgmma needs M a multiple of 64, N of 8 and K of 32 bytes";
  SmallVector<unsigned> warps = getWgmmaWarpsPerCTA(dType.getShape(), numWarps);
  if (dType.getDimSize(1) % (8 * warps[1]) != 0)
    return "wgmma needs N a multiple of 8 per warpgroup";
  unsigned instrN = getWgmmaInstrN(dType.getDimSize(1) / warps[1]);
  std::array<Value, 2> operands = {dot.getA(), dot.getB()};
  for (auto [opIdx, operand] : llvm::enumerate(operands)) {
    auto type = cast<RankedTensorType>(lookThroughConversion(operand).getType());
    unsigned contiguous = getWgmmaContiguousDim(type, opIdx, *types);
    int64_t extent = getWgmmaContiguousExtent(type, opIdx, contiguous, instrN);
    if (getWgmmaOperandEncoding(type, contiguous, extent).getSwizzlingByteWidth() <
        kMinSwizzleBytes)
      return "wgmma needs 32 bytes of each operand along its contiguous dimension";
  }
  return "";
}

namespace {

/// mma.sync's result tile per warp (m16n8).
constexpr int64_t kMmaRows = 16, kMmaCols = 8;

/// The accumulator's warpsPerCTA for an MxN result and `numWarps` warps. Per k-step a warp
/// holds A in 4 registers per 16-row tile and B in 2 per 8-column tile, so the warps split the
/// dimension that leaves more tiles per warp (M on ties), which keeps the two balanced; warps
/// left over once each has one tile along both go to M, where they repeat the same tiles.
SmallVector<unsigned> getMmaWarpsPerCTA(ArrayRef<int64_t> shape, unsigned numWarps) {
  SmallVector<unsigned> warps = {1, 1};
  int64_t tilesM = std::max<int64_t>(1, shape[0] / kMmaRows);
  int64_t tilesN = std::max<int64_t>(1, shape[1] / kMmaCols);
  while (warps[0] * warps[1] < numWarps) {
    if (tilesM >= tilesN) {
      warps[0] *= 2;
      tilesM = std::max<int64_t>(1, tilesM / 2);
    } else {
      warps[1] *= 2;
      tilesN /= 2;
    }
  }
  return warps;
}

/// `value` converted to `type`; a value that is itself a conversion is converted from its
/// source, so that no conversion of a conversion is left, and a splat constant (a zero
/// accumulator) is made again in `type`.
Value convertTo(OpBuilder &builder, Location loc, Value value, RankedTensorType type) {
  if (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>())
    value = convert.getSrc();
  if (value.getType() == type)
    return value;
  if (auto constant = value.getDefiningOp<arith::ConstantOp>())
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue()))
      return arith::ConstantOp::create(builder, loc, splat.reshape(type));
  return ttg::ConvertLayoutOp::create(builder, loc, type, value);
}

/// Makes the fp8 operands of `dot` f16 (exactly: every e4m3 and e5m2 value is an f16 value),
/// for GPUs whose mma.sync takes no fp8 (before sm_89), as upstream does; the products stay
/// exact in f32.
/// The operand that a conversion to an FMA operand layout fed the dot is converted from its
/// source, which assignMmaV2Layouts then converts to the mma.sync operand layout once.
void upcastFp8Operands(OpBuilder &builder, tt::DotOp dot) {
  for (OpOperand *operand : {&dot.getAMutable(), &dot.getBMutable()}) {
    Value value = operand->get();
    auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>();
    if (convert)
      value = convert.getSrc();
    auto type = cast<RankedTensorType>(value.getType());
    operand->set(tt::FpToFpOp::create(builder, dot.getLoc(), type.clone(builder.getF16Type()),
                                      value, /*rounding=*/nullptr));
    if (convert && convert->use_empty())
      convert->erase();
  }
}

/// Gives `dot` the mma.sync layouts: its operands are converted to them before it and its
/// result back to its old layout after it.
void assignMmaV2Layouts(tt::DotOp dot, unsigned numWarps, unsigned computeCapability) {
  MLIRContext *context = dot.getContext();
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  if (isFp8(getElementTypeOrSelf(dot.getA().getType())) && !hasFp8MmaSync(computeCapability))
    upcastFp8Operands(builder, dot);
  auto dType = cast<RankedTensorType>(dot.getType());
  auto mma = MmaEncodingAttr::get(context, /*versionMajor=*/2, /*versionMinor=*/0,
                                  getMmaWarpsPerCTA(dType.getShape(), numWarps),
                                  ArrayRef<unsigned>{kMmaRows, kMmaCols});
  // Each register of an operand fragment is 32 bits: kWidth elements along K (one tf32).
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  unsigned kWidth = 32 / aType.getElementTypeBitWidth();
  auto operandType = [&](Value operand, unsigned opIdx) {
    auto type = cast<RankedTensorType>(operand.getType());
    return type.cloneWithEncoding(ttg::DotOperandEncodingAttr::get(context, opIdx, mma, kWidth));
  };
  Value a = convertTo(builder, loc, dot.getA(), operandType(dot.getA(), 0));
  Value b = convertTo(builder, loc, dot.getB(), operandType(dot.getB(), 1));
  RankedTensorType mmaType = dType.cloneWithEncoding(mma);
  Value c = convertTo(builder, loc, dot.getC(), mmaType);
  Value oldA = dot.getA(), oldB = dot.getB(), oldC = dot.getC();
  dot->setOperands({a, b, c});
  dot.getResult().setType(mmaType);
  builder.setInsertionPointAfter(dot);
  auto back = ttg::ConvertLayoutOp::create(builder, loc, dType, dot.getResult());
  dot.getResult().replaceAllUsesExcept(back, back);
  for (Value old : {oldA, oldB, oldC})
    if (auto convert = old.getDefiningOp<ttg::ConvertLayoutOp>(); convert && convert->use_empty())
      convert->erase();
}

/// Whether wgmma reads A of `dot`, inside `loop` (or none), from registers rather than from
/// shared memory: an A of 16 bits that the loop computes (attention's probabilities), which
/// would otherwise be written to shared memory and read back in every iteration. A loaded one
/// or a loop argument stays in shared memory (where the pipeliners copy loaded tiles), and so
/// does one that the loop does not change (written there once, before the loop), as upstream
/// decides it.
bool readsAFromRegisters(tt::DotOp dot, scf::ForOp loop) {
  Value a = lookThroughConversion(dot.getA());
  if (cast<RankedTensorType>(a.getType()).getElementTypeBitWidth() != 16 || isa<BlockArgument>(a))
    return false;
  Operation *source = a.getDefiningOp();
  if (isa<tt::LoadOp, tt::DescriptorLoadOp, ttg::LocalLoadOp>(source))
    return false;
  return loop && !loop.isDefinedOutsideOfLoop(a);
}

/// Replaces `dot` by an nvidia.warpgroup_dot: B written, as its source holds it, into an
/// #nvidia.mma_shared buffer, A too or converted to the registers of wgmma's fragments
/// (readsAFromRegisters), the accumulator converted to wgmma's layout and the result back to
/// the dot's.
void assignWgmmaLayouts(tt::DotOp dot, unsigned numWarps) {
  MLIRContext *context = dot.getContext();
  OpBuilder builder(dot);
  Location loc = dot.getLoc();
  auto dType = cast<RankedTensorType>(dot.getType());
  SmallVector<unsigned> warps = getWgmmaWarpsPerCTA(dType.getShape(), numWarps);
  unsigned instrN = getWgmmaInstrN(dType.getDimSize(1) / warps[1]);
  WgmmaTypes types =
      *getWgmmaTypes(getElementTypeOrSelf(dot.getA().getType()), dType.getElementType());
  auto mma = MmaEncodingAttr::get(context, /*versionMajor=*/3, /*versionMinor=*/0, warps,
                                  ArrayRef<unsigned>{16, instrN, unsigned(types.k)});
  auto loop = dot->getParentOfType<scf::ForOp>();
  SmallVector<Value> operands;
  for (auto [opIdx, operand] : llvm::enumerate(std::array<Value, 2>{dot.getA(), dot.getB()})) {
    if (opIdx == 0 && readsAFromRegisters(dot, loop)) {
      auto type = cast<RankedTensorType>(operand.getType());
      operands.push_back(convertTo(
          builder, loc, operand,
          type.cloneWithEncoding(ttg::DotOperandEncodingAttr::get(context, 0, mma, /*kWidth=*/2))));
      continue;
    }
    Value source = lookThroughConversion(operand);
    // An operand that a loop around the dot does not change (attention's queries) is written
    // to shared memory once, where it is made.
    OpBuilder::InsertionGuard guard(builder);
    if (loop && loop.isDefinedOutsideOfLoop(source))
      builder.setInsertionPointAfterValue(source);
    auto type = cast<RankedTensorType>(source.getType());
    unsigned contiguous = getWgmmaContiguousDim(type, opIdx, types);
    auto bufferType = ttg::MemDescType::get(
        context, type.getShape(), type.getElementType(),
        getWgmmaOperandEncoding(type, contiguous,
                                getWgmmaContiguousExtent(type, opIdx, contiguous, instrN)),
        /*mutableMemory=*/false);
    operands.push_back(ttg::LocalAllocOp::create(builder, loc, bufferType, source));
  }
  RankedTensorType mmaType = dType.cloneWithEncoding(mma);
  Value c = convertTo(builder, loc, dot.getC(), mmaType);
  auto product = WarpgroupDotOp::create(builder, loc, mmaType, operands[0], operands[1], c);
  auto back = ttg::ConvertLayoutOp::create(builder, loc, dType, product.getResult());
  dot.getResult().replaceAllUsesWith(back.getResult());
  SmallVector<Value> old = {dot.getA(), dot.getB(), dot.getC()};
  dot.erase();
  for (Value value : old)
    if (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>(); convert && convert->use_empty())
      convert->erase();
}

/// See NvidiaAssignMmaLayoutsPass in Passes.td.
struct NvidiaAssignMmaLayoutsPass
    : impl::NvidiaAssignMmaLayoutsPassBase<NvidiaAssignMmaLayoutsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(module);
    if (failed(target))
      return signalPassFailure();
    auto *nvidia = dyn_cast<NvidiaTargetInfo>(target->get());
    if (!nvidia) {
      module.emitError() << getArgument() << " needs an NVIDIA target; got "
                         << (*target)->getName();
      return signalPassFailure();
    }
    unsigned numWarps = ttg::getModuleNumWarps(module);
    unsigned computeCapability = nvidia->getComputeCapability();
    module.walk([&](tt::DotOp dot) {
      if (!isa<ttg::BlockedEncodingAttr>(cast<RankedTensorType>(dot.getType()).getEncoding()))
        return;
      if (whyNotWgmma(dot, computeCapability, numWarps).empty())
        assignWgmmaLayouts(dot, numWarps);
      else if (whyNotMmaV2(dot, computeCapability).empty())
        assignMmaV2Layouts(dot, numWarps, computeCapability);
    });
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
