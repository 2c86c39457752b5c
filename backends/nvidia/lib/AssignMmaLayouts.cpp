// nvidia-assign-mma-layouts: each tt.dot that mma.sync can compute gets the #nvidia.mma
// accumulator layout of version 2 and its operands the #ttg.dot_op layouts of mma.sync's
// fragments (see NvidiaAssignMmaLayoutsPass in Passes.td).

#include "MmaLayouts.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"
#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/NvidiaTargetInfo.h"
#include "nereid/Nvidia/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/raw_ostream.h"

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
    module.walk([&](tt::DotOp dot) {
      if (isa<ttg::BlockedEncodingAttr>(cast<RankedTensorType>(dot.getType()).getEncoding()) &&
          whyNotMmaV2(dot, nvidia->getComputeCapability()).empty())
        assignMmaV2Layouts(dot, numWarps, nvidia->getComputeCapability());
    });
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
