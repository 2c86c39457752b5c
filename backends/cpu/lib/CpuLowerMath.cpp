// cpu-lower-math: math functions without an LLVM vector intrinsic. On vectors of f32 or f64
// they call Nereid's vector math library (runtime/include/nereid_cpu_math.h: xsimd, one build
// per ISA, accuracy in ULPs in docs/cpu.md), one call per native vector; anything else (scalars,
// vectors that are not whole native vectors, functions the library lacks) calls the C math
// library per element. LLVM's own vector intrinsics (sqrt, fma, floor, ...) are left for
// convert-math-to-llvm.

#include "CpuTarget.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringSwitch.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPULOWERMATHPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The math ops that convert-math-to-llvm lowers to LLVM intrinsics that stay vectorized.
bool hasVectorIntrinsic(Operation *op) {
  return isa<math::SqrtOp, math::RsqrtOp, math::FmaOp, math::AbsFOp, math::AbsIOp,
             math::FloorOp, math::CeilOp, math::TruncOp, math::RoundEvenOp, math::CopySignOp,
             math::CountLeadingZerosOp, math::CountTrailingZerosOp, math::CtPopOp,
             math::IsNaNOp, math::IsInfOp, math::IsFiniteOp>(op);
}

/// The vector math library's name of the function `op` computes, or "".
StringRef getLibraryFunction(Operation *op) {
  return llvm::StringSwitch<StringRef>(op->getName().getStringRef())
      .Cases({"math.exp", "math.exp2", "math.expm1", "math.log", "math.log2", "math.log10"},
             op->getName().getStringRef().drop_front(5))
      .Cases({"math.log1p", "math.sin", "math.cos", "math.tan", "math.asin", "math.acos"},
             op->getName().getStringRef().drop_front(5))
      .Cases({"math.atan", "math.sinh", "math.cosh", "math.tanh", "math.asinh", "math.acosh"},
             op->getName().getStringRef().drop_front(5))
      .Cases({"math.atanh", "math.erf", "math.erfc", "math.cbrt", "math.atan2"},
             op->getName().getStringRef().drop_front(5))
      .Case("math.powf", "pow")
      .Default("");
}

/// The ISA suffix of the library for the target (`cpu:x86_64:avx512` -> `avx512`).
StringRef getIsa(StringRef target) { return target.rsplit(':').second; }

struct CpuLowerMathPass : impl::CpuLowerMathPassBase<CpuLowerMathPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        getCpuTarget(getOperation(), target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    SmallVector<Operation *> libraryCalls, libmCalls;
    getOperation()->walk([&](Operation *op) {
      if (!isa<math::MathDialect>(op->getDialect()) || hasVectorIntrinsic(op))
        return;
      if (usesLibrary(op, **cpu))
        libraryCalls.push_back(op);
      else
        libmCalls.push_back(op);
    });
    for (Operation *op : libraryCalls)
      callLibrary(op, **cpu);

    RewritePatternSet libm(&getContext());
    populateMathToLibmConversionPatterns(libm);
    if (failed(applyOpPatternsGreedily(libmCalls, std::move(libm))))
      return signalPassFailure();
  }

  /// Whether `op` is one of the library's functions on whole native vectors of f32 or f64.
  bool usesLibrary(Operation *op, const TargetInfo &info) const {
    auto type = dyn_cast<VectorType>(op->getResultTypes().front());
    if (!type || type.getRank() != 1 || getLibraryFunction(op).empty())
      return false;
    Type element = type.getElementType();
    if (!element.isF32() && !element.isF64())
      return false;
    int64_t lanes = info.getVectorWidthBits(element) / element.getIntOrFloatBitWidth();
    return type.getNumElements() % lanes == 0;
  }

  /// Replaces `op` by calls of the library function, one per native vector of its operands.
  void callLibrary(Operation *op, const TargetInfo &info) {
    auto type = cast<VectorType>(op->getResultTypes().front());
    Type element = type.getElementType();
    int64_t lanes = info.getVectorWidthBits(element) / element.getIntOrFloatBitWidth();
    auto native = VectorType::get(lanes, element);
    std::string name = ("nereid_cpu_math_" + getLibraryFunction(op) + "_" +
                        (element.isF32() ? "f32" : "f64") + "x" + Twine(lanes) + "_" +
                        getIsa(target))
                           .str();
    OpBuilder builder(op);
    Location loc = op->getLoc();
    func::FuncOp function = declare(builder, name, op->getNumOperands(), native);
    Value result = type.getNumElements() == lanes
                       ? Value()
                       : Value(ub::PoisonOp::create(builder, loc, type));
    for (int64_t offset = 0; offset < type.getNumElements(); offset += lanes) {
      SmallVector<Value> operands;
      for (Value operand : op->getOperands())
        operands.push_back(result ? Value(vector::ExtractStridedSliceOp::create(
                                        builder, loc, operand, offset, lanes, 1))
                                  : operand);
      Value part = func::CallOp::create(builder, loc, function, operands).getResult(0);
      result = result ? Value(vector::InsertStridedSliceOp::create(builder, loc, part, result,
                                                                   offset, 1))
                      : part;
    }
    op->getResult(0).replaceAllUsesWith(result);
    op->erase();
  }

  func::FuncOp declare(OpBuilder &builder, StringRef name, unsigned arity, VectorType type) {
    ModuleOp module = getOperation();
    if (auto existing = module.lookupSymbol<func::FuncOp>(name))
      return existing;
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(module.getBody());
    auto function = func::FuncOp::create(
        builder, module.getLoc(), name,
        builder.getFunctionType(SmallVector<Type>(arity, type), {type}));
    function.setPrivate();
    return function;
  }
};

} // namespace
} // namespace mlir::nereid::cpu
