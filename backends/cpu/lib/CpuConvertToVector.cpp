// The driver of cpu-convert-to-vector: AxisInfo of the module as it comes, then one dialect
// conversion with the patterns of every op family. An op that no pattern lowers is an error
// that names the op and the backend.

#include "CpuTarget.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/CPU/Passes.h"
#include "nereid/CPU/Patterns.h"
#include "nereid/CPU/TypeConverter.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUCONVERTTOVECTORPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The last resort for tt and ttg ops: a clear error instead of "failed to legalize".
struct UnsupportedOpConversion : ConversionPattern {
  UnsupportedOpConversion(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0, context) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value>,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<tt::TritonDialect, ttg::TritonGPUDialect>(op->getDialect()))
      return failure();
    if (isa<tt::CallOp>(op))
      return replaceWithError(rewriter, op,
                              "the CPU backend cannot lower `tt.call`: device functions are "
                              "inlined first, so this call is recursive");
    return replaceWithError(rewriter, op,
                            "the CPU backend does not support `" +
                                op->getName().getStringRef() + "` yet");
  }
};

} // namespace

LogicalResult replaceWithError(ConversionPatternRewriter &rewriter, Operation *op,
                               const Twine &message) {
  op->emitError(message);
  SmallVector<Value> poison;
  for (Type type : op->getResultTypes()) {
    Type converted = type;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      converted = VectorType::get(tensor.getShape(), tensor.getElementType());
    if (isa<tt::PointerType>(getElementTypeOrSelf(type)))
      converted = isa<RankedTensorType>(type)
                      ? Type(VectorType::get(cast<RankedTensorType>(type).getShape(),
                                             LLVM::LLVMPointerType::get(op->getContext())))
                      : Type(LLVM::LLVMPointerType::get(op->getContext()));
    poison.push_back(ub::PoisonOp::create(rewriter, op->getLoc(), converted));
  }
  rewriter.replaceOp(op, poison);
  return success();
}

namespace {

struct CpuConvertToVectorPass
    : impl::CpuConvertToVectorPassBase<CpuConvertToVectorPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu = getCpuTarget(module, target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    FailureOr<std::unique_ptr<DataFlowSolver>> axisInfo = AxisInfoAnalysis::run(module);
    if (failed(axisInfo))
      return signalPassFailure();
    CpuLoweringInfo info{**axisInfo, getChunkWidth(**cpu), (*cpu)->getNumVectorRegisters(),
                         bf16DotPairs};

    CpuTypeConverter typeConverter(context);
    ConversionTarget target(*context);
    target.addLegalDialect<vector::VectorDialect, x86vector::X86VectorDialect,
                           LLVM::LLVMDialect, func::FuncDialect, ub::UBDialect,
                           memref::MemRefDialect>();
    target.addIllegalDialect<tt::TritonDialect, ttg::TritonGPUDialect>();
    target.addDynamicallyLegalDialect<arith::ArithDialect, math::MathDialect>(
        [](Operation *op) {
          return !hasTileTypes(op) && !isFloat8Arithmetic(op) && !isFloat8Conversion(op);
        });

    RewritePatternSet patterns(context);
    populateFunctionOpToVectorPatterns(typeConverter, patterns, info);
    populateElementwiseOpToVectorPatterns(typeConverter, patterns, info);
    populateShapeOpToVectorPatterns(typeConverter, patterns, info);
    populateLoadStoreOpToVectorPatterns(typeConverter, patterns, info);
    populateReduceScanOpToVectorPatterns(typeConverter, patterns, info);
    populateDotOpToVectorPatterns(typeConverter, patterns, info);
    populateLocalMemoryOpToVectorPatterns(typeConverter, patterns, info);
    populateExternOpToVectorPatterns(typeConverter, patterns, info);
    populateDebugOpToVectorPatterns(typeConverter, patterns, info);
    populateHistogramOpToVectorPatterns(typeConverter, patterns, info);
    populateGatherOpToVectorPatterns(typeConverter, patterns, info);
    patterns.add<UnsupportedOpConversion>(typeConverter, context);
    scf::populateSCFStructuralTypeConversionsAndLegality(typeConverter, patterns, target);
    cf::populateCFStructuralTypeConversionsAndLegality(typeConverter, patterns, target);

    // Patterns report what they cannot lower as errors and go on (replaceWithError), so that
    // one run names every unsupported op.
    bool reportedError = false;
    ScopedDiagnosticHandler watcher(context, [&](Diagnostic &diagnostic) {
      reportedError |= diagnostic.getSeverity() == DiagnosticSeverity::Error;
      return failure();
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))) || reportedError)
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
