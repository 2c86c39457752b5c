// tt.print and tt.assert on a GPU: each element prints once, through the target's printf, from
// the thread that is its first holder; a thread calls the target's assertion trap when one of
// its elements is false.
// The lines are the interpreter's (interpreter/lib/Debug.cpp): "pid (x, y, z) idx (i, j)
// <prefix><value>", with "(operand n) " before the value when several values are printed.
// The interpreter prints a float with the fewest digits that read back to it, which printf
// cannot; here it prints with "%.<d>g", d the significant digits that always read back to the
// same value of its type (9 for f32, 17 for f64, 5 for f16), never fewer (upstream Triton
// prints "%f", which shows 1e-40 as 0.000000).

#include "nereid/Conversion/TritonGPUToLLVM/MemoryAccess.h"
#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid {
namespace {

/// `text` with each `%` doubled, to print as itself in a printf format.
std::string escapeFormat(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped.push_back(c);
    if (c == '%')
      escaped.push_back('%');
  }
  return escaped;
}

/// The printf conversion of an element of `type` and the argument it takes, promoted as C's
/// variadic calls promote them: integers narrower than 32 bits widened (signed or not),
/// floats as f64, pointers as their 64-bit address. With `hex`, the bits in as many hex
/// digits as the width needs, zero-padded, as the interpreter prints them.
std::pair<std::string, Value> formatElement(OpBuilder &builder, Location loc, Value element,
                                            bool isSigned, bool hex) {
  Type type = element.getType();
  Type i32 = builder.getI32Type();
  Type i64 = builder.getI64Type();
  if (isa<LLVM::LLVMPointerType>(type))
    return {"0x%016llx", LLVM::PtrToIntOp::create(builder, loc, i64, element)};
  unsigned bits = type.getIntOrFloatBitWidth();
  if (hex || isa<IntegerType>(type)) {
    Value integer = element;
    if (isa<FloatType>(type))
      integer = LLVM::BitcastOp::create(builder, loc, builder.getIntegerType(bits), element);
    bool wide = bits > 32;
    Type promoted = wide ? i64 : i32;
    bool extendSigned = isSigned && !hex && bits > 1;
    if (bits < promoted.getIntOrFloatBitWidth())
      integer = extendSigned ? Value(LLVM::SExtOp::create(builder, loc, promoted, integer))
                             : Value(LLVM::ZExtOp::create(builder, loc, promoted, integer));
    std::string length = wide ? "ll" : "";
    if (hex)
      return {"0x%0" + std::to_string((bits + 3) / 4) + length + "x", integer};
    return {"%" + length + (extendSigned ? "d" : "u"), integer};
  }
  Value promoted = element;
  if (!type.isF64())
    promoted = LLVM::FPExtOp::create(builder, loc, builder.getF64Type(), element);
  // C's DECIMAL_DIG formula: ceil(1 + p log10(2)) digits for p bits of precision.
  unsigned precision = APFloat::semanticsPrecision(cast<FloatType>(type).getFloatSemantics());
  unsigned digits = 1 + (precision * 30103 + 99999) / 100000;
  return {"%." + std::to_string(digits) + "g", promoted};
}

/// tt.print: one printf per element of a tensor, from its first holder; a scalar, or the prefix
/// alone, from the program's first thread.
struct PrintOpConversion : OpConversionPattern<tt::PrintOp> {
  PrintOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                    const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::PrintOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    const GpuTargetLowering &target = info.target;
    SmallVector<Value> pid;
    for (unsigned axis = 0; axis < 3; ++axis)
      pid.push_back(target.getProgramId(rewriter, loc, axis));
    std::string head = "pid (%u, %u, %u)";
    std::string prefix = escapeFormat(op.getPrefix());
    // A line without a tensor prints once per program, as in the interpreter, from its first
    // thread.
    auto printOnce = [&](StringRef format, ValueRange arguments) {
      Value formatString = createGlobalString(rewriter, op, "printFormat_", format);
      emitIf(rewriter, loc, emitIsFirstThread(rewriter, loc, target),
             [&] { target.printf(rewriter, loc, formatString, arguments); });
    };
    if (op.getArgs().empty()) {
      printOnce(head + prefix + "\n", pid);
      rewriter.eraseOp(op);
      return success();
    }
    ArrayRef<int32_t> isSigned = op.getIsSigned();
    size_t count = op.getArgs().size();
    for (auto [operand, original, value] :
         llvm::enumerate(op.getArgs(), adaptor.getArgs())) {
      bool signedValue = operand < isSigned.size() && isSigned[operand] != 0;
      std::string suffix = prefix;
      if (count > 1)
        suffix += "(operand " + std::to_string(operand) + ") ";
      auto tensorType = dyn_cast<RankedTensorType>(original.getType());
      if (!tensorType) {
        auto [spec, argument] = formatElement(rewriter, loc, value, signedValue, op.getHex());
        SmallVector<Value> arguments(pid);
        arguments.push_back(argument);
        printOnce(head + suffix + spec + "\n", arguments);
        continue;
      }
      std::optional<LinearLayout> layout = ttg::toLinearLayout(tensorType);
      if (!layout)
        return notLowered(rewriter, op, info, "the printed tensor has no distributed layout");
      SmallVector<Value> elements = unpackElements(rewriter, loc, value);
      SmallVector<SmallVector<Value>> coordinates =
          emitElementCoordinates(rewriter, loc, *layout, target);
      // Each element prints once, from its first holder (a broadcast layout holds it in
      // several registers or threads).
      RedundantHolderMasks redundant = getRedundantHolderMasks(*layout);
      std::string index = " idx (";
      for (int64_t d = 0; d < tensorType.getRank(); ++d)
        index += d ? ", %u" : "%u";
      index += ")";
      auto printElements = [&] {
        Value format;
        for (auto [r, element] : llvm::enumerate(elements)) {
          if (r & redundant.registers)
            continue;
          auto [spec, argument] =
              formatElement(rewriter, loc, element, signedValue, op.getHex());
          if (!format)
            format = createGlobalString(rewriter, op, "printFormat_",
                                        head + index + suffix + spec + "\n");
          SmallVector<Value> arguments(pid);
          llvm::append_range(arguments, coordinates[r]);
          arguments.push_back(argument);
          target.printf(rewriter, loc, format, arguments);
        }
      };
      if (Value firstHolder = emitIsFirstHolderThread(rewriter, loc, redundant, target))
        emitIf(rewriter, loc, firstHolder, printElements);
      else
        printElements();
    }
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

/// tt.assert: a thread whose elements of the condition include a zero calls the target's
/// assertion trap with the message, the Python file and line, and the kernel's name.
struct AssertOpConversion : OpConversionPattern<tt::AssertOp> {
  AssertOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                     const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::AssertOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<Value> elements = isa<RankedTensorType>(op.getCondition().getType())
                                      ? unpackElements(rewriter, loc, adaptor.getCondition())
                                      : SmallVector<Value>{adaptor.getCondition()};
    Value failed;
    for (Value element : elements) {
      Value zero = LLVM::ConstantOp::create(rewriter, loc, element.getType(),
                                            rewriter.getIntegerAttr(element.getType(), 0));
      Value isFalse = LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, element, zero);
      failed = failed ? Value(LLVM::OrOp::create(rewriter, loc, failed, isFalse)) : isFalse;
    }
    auto [file, line] = getSourceLine(loc);
    std::string function = "<unknown>";
    if (auto parent = op->getParentOfType<FunctionOpInterface>())
      function = parent.getName().str();
    std::string message = op.getMessage().str();
    emitIf(rewriter, loc, failed, [&] {
      info.target.assertFail(rewriter, loc, message, file, line, function);
    });
    rewriter.eraseOp(op);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateDebugOpToLLVMPatterns(const TypeConverter &typeConverter,
                                   RewritePatternSet &patterns, const GpuLoweringInfo &info) {
  patterns.add<PrintOpConversion, AssertOpConversion>(typeConverter, patterns.getContext(),
                                                      info);
}

} // namespace mlir::nereid
