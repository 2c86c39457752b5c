// tt-cpu-lower-math: LLVM has vector intrinsics for a few math functions (sqrt, fma, floor,
// ...) and scalarizes the others into libm calls. The functions below get MLIR's polynomial
// approximations instead, which stay vectorized and are accurate to a few ULP in f32 (the
// conformance tests hold them to the interpreter). Every other function without an LLVM
// intrinsic becomes a libm call per element, which is exact to libm's accuracy.

#include "nereid/CPU/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "llvm/ADT/StringSet.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_LOWERCPUMATHPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The functions whose polynomial approximation replaces the libm call; `name` is the op's
/// name, "math.exp".
bool isApproximated(StringRef name) {
  static const llvm::StringSet<> names{"math.exp", "math.log", "math.log2", "math.log1p",
                                       "math.tanh"};
  return names.contains(name);
}

/// The math ops that convert-math-to-llvm lowers to LLVM intrinsics that stay vectorized.
bool hasVectorIntrinsic(Operation *op) {
  return isa<math::SqrtOp, math::RsqrtOp, math::FmaOp, math::AbsFOp, math::AbsIOp,
             math::FloorOp, math::CeilOp, math::TruncOp, math::RoundEvenOp, math::CopySignOp,
             math::CountLeadingZerosOp, math::CountTrailingZerosOp, math::CtPopOp,
             math::IsNaNOp, math::IsInfOp, math::IsFiniteOp>(op);
}

struct LowerCpuMathPass : impl::LowerCpuMathPassBase<LowerCpuMathPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet approximations(context);
    populateMathF32ExpansionPatterns(approximations, isApproximated);
    populateMathPolynomialApproximationPatterns(approximations, isApproximated);
    if (failed(applyPatternsGreedily(getOperation(), std::move(approximations))))
      return signalPassFailure();

    SmallVector<Operation *> libmCalls;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::MathDialect>(op->getDialect()) && !hasVectorIntrinsic(op))
        libmCalls.push_back(op);
    });
    RewritePatternSet libm(context);
    populateMathToLibmConversionPatterns(libm);
    if (failed(applyOpPatternsGreedily(libmCalls, std::move(libm))))
      return signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
