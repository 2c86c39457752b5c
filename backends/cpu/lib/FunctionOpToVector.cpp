// tt.func, tt.return and the program-id queries on one CPU core. A kernel becomes a private
// func.func that takes its program ids and the grid's size as six trailing i32 parameters; the
// launch entries (CpuAddLaunchEntries.cpp) pass them in.

#include "nereid/CPU/Patterns.h"
#include "nereid/CPU/ProgramArguments.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::nereid::cpu {
namespace {

struct FuncOpConversion : OpConversionPattern<tt::FuncOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::FuncOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    FunctionType type = op.getFunctionType();
    TypeConverter::SignatureConversion signature(type.getNumInputs());
    for (auto [index, input] : llvm::enumerate(type.getInputs())) {
      Type converted = getTypeConverter()->convertType(input);
      if (!converted)
        return op.emitError() << "the CPU backend cannot pass an argument of type " << input;
      signature.addInputs(index, converted);
    }
    signature.addInputs(SmallVector<Type>(kNumProgramArguments, rewriter.getI32Type()));
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(type.getResults(), results)))
      return op.emitError("the CPU backend cannot return these types");

    // A kernel's body is `<name>_impl`, so that its name stays free for nothing else in the
    // library (a kernel called `erff` must not be libm's erff) and its entries are
    // `<name>_program` and `<name>_grid`.
    std::string name = op.isPublic() ? (op.getName() + "_impl").str() : op.getName().str();
    auto func = func::FuncOp::create(
        rewriter, op.getLoc(), name,
        rewriter.getFunctionType(signature.getConvertedTypes(), results));
    func.setPrivate();
    if (op.isPublic())
      func->setAttr(kKernelAttrName, rewriter.getStringAttr(op.getName()));
    rewriter.inlineRegionBefore(op.getBody(), func.getBody(), func.end());
    if (failed(rewriter.convertRegionTypes(&func.getBody(), *getTypeConverter(), &signature)))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReturnOpConversion : OpConversionPattern<tt::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::ReturnOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

struct GetProgramIdOpConversion : OpConversionPattern<tt::GetProgramIdOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::GetProgramIdOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    unsigned axis = static_cast<unsigned>(op.getAxis());
    rewriter.replaceOp(op, getProgramArgument(op, kProgramIdX + axis));
    return success();
  }
};

struct GetNumProgramsOpConversion : OpConversionPattern<tt::GetNumProgramsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::GetNumProgramsOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    unsigned axis = static_cast<unsigned>(op.getAxis());
    rewriter.replaceOp(op, getProgramArgument(op, kGridSizeX + axis));
    return success();
  }
};

} // namespace

Value getProgramArgument(Operation *op, unsigned index) {
  auto func = op->getParentOfType<func::FuncOp>();
  Block &entry = func.getBody().front();
  return entry.getArgument(entry.getNumArguments() - kNumProgramArguments + index);
}

void populateFunctionOpToVectorPatterns(const TypeConverter &typeConverter,
                                        RewritePatternSet &patterns, const CpuLoweringInfo &) {
  patterns.add<FuncOpConversion, ReturnOpConversion, GetProgramIdOpConversion,
               GetNumProgramsOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid::cpu
