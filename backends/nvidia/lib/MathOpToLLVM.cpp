// The math of NVIDIA kernels: calls of libdevice's `__nv_*` functions for what PTX has no
// instruction for (f32 exp among them: __nv_expf, within 2 ULP, where upstream Triton's
// ex2.approx of x * log2(e) errs by about |x| ULP), and tt.extern_elementwise calls of
// libdevice by name. The calls are declarations here; the compiler links libdevice's
// bitcode into the module before NVPTX code generation (docs/nvidia.md, Math).

#include "MathOpToLLVM.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::nereid::nvidia {
namespace {

/// The benefit of these patterns on scalar ops: above MLIR's math-to-LLVM patterns (1), which
/// lower the same ops to LLVM intrinsics that NVPTX cannot select (llvm.exp, llvm.sin, ...).
constexpr unsigned kMathBenefit = 2;

/// The math ops that PTX computes exactly with one instruction; MLIR's math-to-LLVM patterns
/// lower them to the LLVM intrinsics that NVPTX selects. libdevice would compute the same, but
/// for sqrt: its __nv_sqrtf is `sqrt.approx` unless the __CUDA_PREC_SQRT reflection is set,
/// while `llvm.sqrt.f32` is `sqrt.rn.f32`, correctly rounded.
constexpr StringLiteral kNativeMathOps[] = {
    math::AbsFOp::getOperationName(),         math::AbsIOp::getOperationName(),
    math::SqrtOp::getOperationName(),         math::FmaOp::getOperationName(),
    math::FloorOp::getOperationName(),        math::CeilOp::getOperationName(),
    math::CopySignOp::getOperationName(),     math::TruncOp::getOperationName(),
    math::CountLeadingZerosOp::getOperationName(),
    math::CountTrailingZerosOp::getOperationName(),
    math::CtPopOp::getOperationName()};

/// MLIR's mapping of math ops (and arith.remf) to libdevice's functions, f16 and bf16 through
/// f32, less the ops with a native instruction.
void populateLibdevicePatterns(const LLVMTypeConverter &typeConverter,
                               RewritePatternSet &patterns) {
  RewritePatternSet libdevice(patterns.getContext());
  populateLibDeviceConversionPatterns(typeConverter, libdevice, kMathBenefit);
  for (std::unique_ptr<RewritePattern> &pattern : libdevice.getNativePatterns()) {
    std::optional<OperationName> root = pattern->getRootKind();
    if (!root || !llvm::is_contained(kNativeMathOps, root->getStringRef()))
      patterns.add(std::move(pattern));
  }
}

/// tt.extern_elementwise of a libdevice function on scalars: a call of the function the op
/// names, declared in the module. (On tensors, the shared elementwise lowering splits the op
/// into scalar ones first.)
struct ExternElementwiseToCall : ConvertOpToLLVMPattern<tt::ExternElementwiseOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult matchAndRewrite(tt::ExternElementwiseOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (isa<RankedTensorType>(op.getType()))
      return failure();
    Type result = getTypeConverter()->convertType(op.getType());
    SmallVector<Type> arguments;
    for (Value operand : adaptor.getOperands())
      arguments.push_back(operand.getType());
    auto module = op->getParentOfType<ModuleOp>();
    auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(op.getSymbol());
    if (!function) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      function = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getSymbol(),
                                          LLVM::LLVMFunctionType::get(result, arguments));
    }
    rewriter.replaceOpWithNewOp<LLVM::CallOp>(op, function, adaptor.getOperands());
    return success();
  }
};

} // namespace

llvm::DenseSet<OperationName> getLoweredMathOps(MLIRContext *context) {
  LLVMTypeConverter typeConverter(context);
  RewritePatternSet patterns(context);
  populateLibdevicePatterns(typeConverter, patterns);
  llvm::DenseSet<OperationName> lowered;
  for (const std::unique_ptr<RewritePattern> &pattern : patterns.getNativePatterns())
    if (std::optional<OperationName> root = pattern->getRootKind())
      lowered.insert(*root);
  for (StringRef name : kNativeMathOps)
    lowered.insert(OperationName(name, context));
  return lowered;
}

bool isLibdeviceFunction(StringRef symbol) { return symbol.starts_with("__nv_"); }

void populateMathOpToLLVMPatterns(const LLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns) {
  patterns.add<ExternElementwiseToCall>(typeConverter, kMathBenefit);
  populateLibdevicePatterns(typeConverter, patterns);
}

} // namespace mlir::nereid::nvidia
