// cpu-expand-arith: the arith ops without an LLVM lowering on a CPU (see CpuExpandArithPass
// in Passes.td).

#include "FloatRounding.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUEXPANDARITHPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Rewrites arithmetic on bf16 to f32 arithmetic whose results are rounded to bf16 after each
/// op. Left to LLVM, it would round with the target's conversion instruction where there is
/// one (AVX-512 BF16's, which flushes subnormals) and with compiler-rt elsewhere, so that
/// results would depend on the host.
LogicalResult computeBFloat16InFloat32(ModuleOp module) {
  MLIRContext *context = module.getContext();
  TypeConverter converter;
  arith::populateEmulateUnsupportedFloatsConversions(converter, {BFloat16Type::get(context)},
                                                     Float32Type::get(context));
  RewritePatternSet patterns(context);
  arith::populateEmulateUnsupportedFloatsPatterns(patterns, converter);
  ConversionTarget target(*context);
  arith::populateEmulateUnsupportedFloatsLegality(target, converter);
  if (failed(applyPartialConversion(module, target, std::move(patterns))))
    return failure();
  // The emulation marks its conversions `contract`, which would let folding drop the rounding
  // between two ops: every bf16 result must be rounded as the interpreter rounds it.
  module.walk([](Operation *op) {
    if (auto extend = dyn_cast<arith::ExtFOp>(op))
      extend.setFastmath(arith::FastMathFlags::none);
    else if (auto truncate = dyn_cast<arith::TruncFOp>(op))
      truncate.setFastmath(arith::FastMathFlags::none);
  });
  return success();
}

/// Computes each math.fma on f16 or bf16 as an f64 fma rounded once to the type, as
/// docs/semantics.md defines it. LLVM would compute it in f32, whose rounding before the one to
/// 16 bits differs from a single rounding where the exact result lies near a halfway point.
void computeNarrowFmaInFloat64(ModuleOp module) {
  module.walk([](math::FmaOp fma) {
    Type type = fma.getType();
    auto element = cast<FloatType>(getElementTypeOrSelf(type));
    if (element.getWidth() != 16)
      return;
    OpBuilder builder(fma);
    Location loc = fma.getLoc();
    auto ofElement = [&](Type scalar) -> Type {
      if (auto vector = dyn_cast<VectorType>(type))
        return vector.clone(scalar);
      return scalar;
    };
    Type f64 = ofElement(builder.getF64Type());
    SmallVector<Value> wide;
    for (Value operand : fma->getOperands())
      wide.push_back(arith::ExtFOp::create(builder, loc, f64, operand));
    Value exact = math::FmaOp::create(builder, loc, wide[0], wide[1], wide[2]);
    Value odd = roundToOddF32(builder, loc, exact, ofElement(builder.getF32Type()));
    fma.replaceAllUsesWith(arith::TruncFOp::create(builder, loc, type, odd).getResult());
    fma.erase();
  });
}

struct CpuExpandArithPass : impl::CpuExpandArithPassBase<CpuExpandArithPass> {
  void runOnOperation() override {
    computeNarrowFmaInFloat64(getOperation());
    if (failed(computeBFloat16InFloat32(getOperation())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    arith::populateExpandBFloat16Patterns(patterns);
    arith::populateCeilFloorDivExpandOpsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
