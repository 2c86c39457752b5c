// tt.func, tt.return and the program indices, lowered for a GPU thread.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {

LogicalResult notLowered(ConversionPatternRewriter &rewriter, Operation *op,
                         const GpuLoweringInfo &info, const Twine &why) {
  op->emitError() << "the " << info.backendName << " backend cannot lower '" << op->getName()
                  << "' yet: " << why;
  return rewriter.notifyMatchFailure(op, why);
}

namespace {

/// A kernel (a public tt.func) becomes an llvm.func that the host launches; its arguments are
/// converted, and it returns nothing.
struct FuncOpConversion : OpConversionPattern<tt::FuncOp> {
  FuncOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                   const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::FuncOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    if (!op.isPublic() || type.getNumResults() != 0)
      return notLowered(rewriter, op, info,
                        "only kernels (public functions without results) are lowered; callees "
                        "are inlined before");
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted) {
        std::string type;
        llvm::raw_string_ostream(type) << input;
        return notLowered(rewriter, op, info,
                          "argument " + Twine(index) + " has the type " + type +
                              ", which has no layout");
      }
      signature.addInputs(index, converted);
    }
    auto functionType = LLVM::LLVMFunctionType::get(
        LLVM::LLVMVoidType::get(rewriter.getContext()), signature.getConvertedTypes());
    auto func = LLVM::LLVMFuncOp::create(rewriter, op.getLoc(), op.getName(), functionType);
    // The parameters' attributes but tt's hints, which the lowering has read (a backend's say
    // how the launcher passes them).
    for (unsigned index = 0, count = op.getNumArguments(); index < count; ++index)
      if (DictionaryAttr attributes = op.getArgAttrDict(index))
        for (NamedAttribute attribute : attributes)
          if (!attribute.getName().strref().starts_with("tt."))
            func.setArgAttr(index, attribute.getName(), attribute.getValue());
    info.target.markKernel(func, info.numWarps * info.target.getWarpSize());
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), *getTypeConverter(), &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

struct ReturnOpConversion : OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::ReturnOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, ValueRange());
    return success();
  }
};

/// tt.get_program_id and tt.get_num_programs: the target's block index and grid size.
template <typename OpTy>
struct ProgramIndexOpConversion : OpConversionPattern<OpTy> {
  ProgramIndexOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                           const GpuLoweringInfo &info)
      : OpConversionPattern<OpTy>(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(OpTy op, typename OpTy::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    unsigned axis = static_cast<unsigned>(op.getAxis());
    Value index = std::is_same_v<OpTy, tt::GetProgramIdOp>
                      ? info.target.getProgramId(rewriter, op.getLoc(), axis)
                      : info.target.getNumPrograms(rewriter, op.getLoc(), axis);
    rewriter.replaceOp(op, index);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateFunctionOpToLLVMPatterns(const TypeConverter &typeConverter,
                                      RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  MLIRContext *context = patterns.getContext();
  patterns.add<FuncOpConversion, ProgramIndexOpConversion<tt::GetProgramIdOp>,
               ProgramIndexOpConversion<tt::GetNumProgramsOp>>(typeConverter, context, info);
  patterns.add<ReturnOpConversion>(typeConverter, context);
}

} // namespace mlir::nereid
