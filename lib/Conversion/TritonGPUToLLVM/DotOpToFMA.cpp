// tt.dot as fused multiply-adds within each thread (the FMA dot), for a result in a blocked
// layout and operands in its #ttg.dot_op layouts: each thread holds the whole K extent of the
// rows of A and the columns of B that its result elements need, and adds the products to each
// element in order of k, one multiply-add at a time in the accumulator's type, as the
// interpreter computes a dot (docs/semantics.md, "tt.dot"). The dots that tensor cores do not
// take go here: f32 in ieee precision, f64, integers, batched (3-D) dots.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::nereid {
namespace {

/// For each k along the dot's K, and each register of the result, the register of `operand`
/// (A, opIdx 0, or B, opIdx 1) that holds the element the result's element multiplies by at
/// that k in the same thread; std::nullopt where some thread lacks one (layouts that are not
/// the result's #ttg.dot_op layouts).
std::optional<SmallVector<SmallVector<unsigned>>>
mapOperandRegisters(RankedTensorType operand, RankedTensorType result, unsigned opIdx) {
  std::optional<LinearLayout> operandLayout = ttg::toLinearLayout(operand);
  std::optional<LinearLayout> resultLayout = ttg::toLinearLayout(result);
  if (!operandLayout || !resultLayout)
    return std::nullopt;
  unsigned rank = result.getRank();
  // A's coordinate (batch, m, k) is the result's (batch, m, n) with k for n; B's (batch, k, n)
  // has k for m.
  unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
  int64_t depth = operand.getDimSize(opIdx == 0 ? rank - 1 : rank - 2);
  SmallVector<SmallVector<unsigned>> registers;
  for (int32_t k = 0; k < depth; ++k) {
    std::optional<SmallVector<unsigned>> atK = mapRegistersWithinThread(
        *operandLayout, *resultLayout, [&](ArrayRef<int32_t> coordinate) {
          SmallVector<int32_t> source(coordinate);
          source[kDim] = k;
          return source;
        });
    if (!atK)
      return std::nullopt;
    registers.push_back(std::move(*atK));
  }
  return registers;
}

/// `value`, an f32, rounded to tf32 (10 mantissa bits) to nearest with ties away from zero, as
/// the interpreter rounds the operands of a dot in tf32 precision; infinities and NaNs as they
/// are. Adding half of the dropped bits' unit to the magnitude and clearing them rounds so.
Value roundToTF32(OpBuilder &builder, Location loc, Value value) {
  Type i32 = builder.getI32Type();
  Value bits = LLVM::BitcastOp::create(builder, loc, i32, value);
  Value exponentMask = createI32(builder, loc, 0x7F800000);
  Value exponent = LLVM::AndOp::create(builder, loc, bits, exponentMask);
  Value finite =
      LLVM::ICmpOp::create(builder, loc, LLVM::ICmpPredicate::ne, exponent, exponentMask);
  Value halfUnit = createI32(builder, loc, 0x1000);
  Value kept = createI32(builder, loc, ~0x1FFF);
  Value rounded = LLVM::AndOp::create(
      builder, loc, LLVM::AddOp::create(builder, loc, bits, halfUnit), kept);
  Value roundedValue = LLVM::BitcastOp::create(builder, loc, value.getType(), rounded);
  return LLVM::SelectOp::create(builder, loc, finite, roundedValue, value);
}

/// The operand elements `values` (of element type `element`) as multiplicands in the
/// accumulator's type `accumulator`: floats extended, integers sign-extended, f32 rounded to
/// tf32 first where `toTF32`.
SmallVector<Value> toAccumulatorType(OpBuilder &builder, Location loc, ArrayRef<Value> values,
                                     Type element, Type accumulator, bool toTF32) {
  SmallVector<Value> converted;
  for (Value value : values) {
    if (toTF32)
      value = roundToTF32(builder, loc, value);
    if (element != accumulator)
      value = isa<FloatType>(element)
                  ? LLVM::FPExtOp::create(builder, loc, accumulator, value).getResult()
                  : LLVM::SExtOp::create(builder, loc, accumulator, value).getResult();
    converted.push_back(value);
  }
  return converted;
}

/// Whether multiply-adds in the accumulator's type `accumulator` take operands of type
/// `operand`: floats of 16 bits or more, or integers, of the same type or narrower.
bool isMultiplyAddOperand(Type operand, Type accumulator) {
  bool sameKind = isa<FloatType>(operand) ? isa<FloatType>(accumulator) &&
                                                operand.getIntOrFloatBitWidth() >= 16
                                          : operand.isInteger() && accumulator.isInteger();
  return sameKind && (operand == accumulator || operand.getIntOrFloatBitWidth() <
                                                    accumulator.getIntOrFloatBitWidth());
}

/// A tt.dot whose result is in a blocked layout, to multiply-adds in each thread.
struct FmaDotOpConversion : OpConversionPattern<tt::DotOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::DotOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto aType = cast<RankedTensorType>(op.getA().getType());
    auto bType = cast<RankedTensorType>(op.getB().getType());
    auto dType = cast<RankedTensorType>(op.getType());
    Type accumulator = dType.getElementType();
    if (!isa<ttg::BlockedEncodingAttr>(dType.getEncoding()) ||
        !isMultiplyAddOperand(aType.getElementType(), accumulator))
      return failure();
    std::optional<SmallVector<SmallVector<unsigned>>> aRegisters =
        mapOperandRegisters(aType, dType, 0);
    std::optional<SmallVector<SmallVector<unsigned>>> bRegisters =
        mapOperandRegisters(bType, dType, 1);
    Type structType = getTypeConverter()->convertType(dType);
    if (!aRegisters || !bRegisters || !structType)
      return failure();
    Location loc = op.getLoc();
    bool toTF32 = aType.getElementType().isF32() &&
                  op.getInputPrecision() == tt::InputPrecision::TF32;
    SmallVector<Value> a =
        toAccumulatorType(rewriter, loc, unpackElements(rewriter, loc, adaptor.getA()),
                          aType.getElementType(), accumulator, toTF32);
    SmallVector<Value> b =
        toAccumulatorType(rewriter, loc, unpackElements(rewriter, loc, adaptor.getB()),
                          bType.getElementType(), accumulator, toTF32);
    SmallVector<Value> d = unpackElements(rewriter, loc, adaptor.getC());
    bool isFloat = isa<FloatType>(accumulator);
    for (auto [aAtK, bAtK] : llvm::zip_equal(*aRegisters, *bRegisters)) {
      for (size_t index = 0; index < d.size(); ++index) {
        Value x = a[aAtK[index]], y = b[bAtK[index]];
        d[index] = isFloat ? LLVM::FMAOp::create(rewriter, loc, x, y, d[index]).getResult()
                           : LLVM::AddOp::create(rewriter, loc, d[index],
                                                 LLVM::MulOp::create(rewriter, loc, x, y))
                                 .getResult();
      }
    }
    rewriter.replaceOp(op, packElements(rewriter, loc, d, structType));
    return success();
  }
};

} // namespace

std::string whyFmaDotNotLowered(tt::DotOp dot) {
  auto aType = cast<RankedTensorType>(dot.getA().getType());
  auto dType = cast<RankedTensorType>(dot.getType());
  Type operand = aType.getElementType(), accumulator = dType.getElementType();
  std::string why;
  llvm::raw_string_ostream os(why);
  if (!isMultiplyAddOperand(operand, accumulator)) {
    os << "a dot of " << operand << " operands into " << accumulator
       << " (multiply-adds take float operands of 16 bits or more, or integers, of the "
          "accumulator's type or narrower)";
  } else if (!mapOperandRegisters(aType, dType, 0) ||
             !mapOperandRegisters(cast<RankedTensorType>(dot.getB().getType()), dType, 1)) {
    os << "its operands are not in the #ttg.dot_op layouts of its blocked result";
  }
  return why;
}

void populateDotOpToFMAPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                const GpuLoweringInfo &) {
  patterns.add<FmaDotOpConversion>(typeConverter, patterns.getContext());
}

} // namespace mlir::nereid
