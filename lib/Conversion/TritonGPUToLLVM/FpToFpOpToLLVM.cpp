// Float conversions (tt.fp_to_fp, arith.extf, arith.truncf) and clamps (tt.clampf), bit for bit
// as the interpreter computes them: its encoder (FloatFormats.cpp's encodeFloat) rounds the exact
// value once, to nearest even or toward zero, saturates in the formats without infinities and gives
// each format's own NaN; its decoder is exact. The chip's instructions do what they can
// (GpuTargetLowering::convertFloat); everything else is integer arithmetic on the bits, which
// every GPU has: formats narrower than f32 are decoded into f32 exactly, and f32 or f64 values
// are rounded to the target format from their bits. NaN inputs get the interpreter's NaN by a
// select of their own, as no instruction gives the same payloads.

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Support/FloatFormats.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <cmath>

namespace mlir::nereid {
namespace {

/// The format of float type `type`, one of tt's float types (TT_Float).
const FloatFormat &getFloatFormat(Type type) {
  if (type.isF64())
    return kFloat64;
  if (type.isF32())
    return kFloat32;
  if (type.isF16())
    return kFloat16;
  if (type.isBF16())
    return kBFloat16;
  if (isa<Float8E5M2Type>(type))
    return kFloat8E5M2;
  if (isa<Float8E4M3FNType>(type))
    return kFloat8E4M3FN;
  if (isa<Float8E4M3FNUZType>(type))
    return kFloat8E4M3FNUZ;
  if (isa<Float8E5M2FNUZType>(type))
    return kFloat8E5M2FNUZ;
  assert(isa<Float8E4M3B11FNUZType>(type) && "the verifier admits tt's float types only");
  return kFloat8E4M3B11FNUZ;
}

uint64_t lowMask(unsigned bits) { return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

/// The encoding of infinity (without sign) in a format that has it, as the interpreter's
/// encoder gives it.
uint64_t infinityBits(const FloatFormat &format) {
  return encodeFloat(format, HUGE_VAL, Rounding::NearestEven);
}

/// The encoding of the largest finite magnitude (without sign).
uint64_t maxFiniteBits(const FloatFormat &format) {
  return encodeFloat(format, format.maxFinite(), Rounding::NearestEven);
}

/// The encoding of the format's positive NaN (its only one in the FNUZ formats, 0x80).
uint64_t nanBits(const FloatFormat &format) {
  return encodeFloat(format, std::nan(""), Rounding::NearestEven);
}

/// Integer arithmetic of one width on the bits of floats, in the LLVM dialect.
struct BitOps {
  OpBuilder &builder;
  Location loc;
  IntegerType type;

  BitOps(OpBuilder &builder, Location loc, unsigned width)
      : builder(builder), loc(loc), type(builder.getIntegerType(width)) {}

  Value constant(uint64_t value) const {
    return LLVM::ConstantOp::create(builder, loc, type, builder.getIntegerAttr(type, value));
  }
  Value bitAnd(Value a, uint64_t mask) const {
    return LLVM::AndOp::create(builder, loc, a, constant(mask));
  }
  Value bitOr(Value a, Value b) const { return LLVM::OrOp::create(builder, loc, a, b); }
  Value shl(Value a, Value amount) const { return LLVM::ShlOp::create(builder, loc, a, amount); }
  Value shl(Value a, unsigned amount) const { return amount ? shl(a, constant(amount)) : a; }
  Value lshr(Value a, Value amount) const { return LLVM::LShrOp::create(builder, loc, a, amount); }
  Value lshr(Value a, unsigned amount) const { return amount ? lshr(a, constant(amount)) : a; }
  Value add(Value a, Value b) const { return LLVM::AddOp::create(builder, loc, a, b); }
  Value sub(Value a, Value b) const { return LLVM::SubOp::create(builder, loc, a, b); }
  Value compare(LLVM::ICmpPredicate predicate, Value a, Value b) const {
    return LLVM::ICmpOp::create(builder, loc, predicate, a, b);
  }
  Value compare(LLVM::ICmpPredicate predicate, Value a, uint64_t b) const {
    return compare(predicate, a, constant(b));
  }
  Value select(Value condition, Value a, Value b) const {
    return LLVM::SelectOp::create(builder, loc, condition, a, b);
  }
  Value select(Value condition, uint64_t a, Value b) const {
    return select(condition, constant(a), b);
  }
  /// `value`, an integer of another width, zero-extended or truncated to this width.
  Value resize(Value value) const {
    unsigned width = value.getType().getIntOrFloatBitWidth();
    if (width == type.getWidth())
      return value;
    if (width < type.getWidth())
      return LLVM::ZExtOp::create(builder, loc, type, value);
    return LLVM::TruncOp::create(builder, loc, type, value);
  }
};

/// The bits of `element` (a float, or the integer that an fp8 element is in LLVM).
Value toBits(OpBuilder &builder, Location loc, Value element) {
  Type type = element.getType();
  if (isa<IntegerType>(type))
    return element;
  return LLVM::BitcastOp::create(builder, loc, builder.getIntegerType(type.getIntOrFloatBitWidth()),
                                 element);
}

/// `bits` as an element of LLVM type `type`.
Value fromBits(OpBuilder &builder, Location loc, Value bits, Type type) {
  if (bits.getType() == type)
    return bits;
  return LLVM::BitcastOp::create(builder, loc, type, bits);
}

/// Whether `bits` encode a NaN of `format`.
Value emitIsNaN(const BitOps &ops, const FloatFormat &format, Value bits) {
  using P = LLVM::ICmpPredicate;
  uint64_t magnitudeMask = lowMask(format.bits - 1);
  switch (format.nan) {
  case NanEncoding::Ieee:
    return ops.compare(P::ugt, ops.bitAnd(bits, magnitudeMask), infinityBits(format));
  case NanEncoding::AllOnes:
    return ops.compare(P::eq, ops.bitAnd(bits, magnitudeMask), magnitudeMask);
  case NanEncoding::NegativeZero:
    return ops.compare(P::eq, bits, uint64_t(1) << (format.bits - 1));
  }
  return {};
}

/// The bits that the interpreter gives for the NaN `bits` of `from` converted to `to`. It
/// decodes a value into a double, and encodes it into the target format. Its decoder keeps the
/// payload of f32, f64 and bf16 (a bf16 is the top half of an f32) and gives the quiet NaN of
/// the value's sign for the others (an FNUZ format's one NaN is positive). Its encoder into f32
/// (rounding to nearest even) and into f64 is the host's conversion, which keeps the sign and
/// the top of the payload and sets the quiet bit, as x86 and AArch64 do; into the other
/// formats, and into f32 toward zero, it gives the format's NaN of that sign.
Value emitInterpreterNaN(OpBuilder &builder, Location loc, const FloatFormat &from,
                         const FloatFormat &to, bool towardZero, Value bits) {
  BitOps source(builder, loc, from.bits), target(builder, loc, to.bits);
  Value sign = from.nan == NanEncoding::NegativeZero
                   ? target.constant(0)
                   : target.resize(source.lshr(bits, from.bits - 1));
  Value signBit = target.shl(sign, to.bits - 1);
  bool keepsPayload = &from == &kFloat32 || &from == &kFloat64 || &from == &kBFloat16;
  bool hostConversion = &to == &kFloat64 || (&to == &kFloat32 && !towardZero);
  if (to.nan == NanEncoding::NegativeZero) // one NaN, 0x80
    return target.constant(nanBits(to));
  // The quiet NaN of the target (0x7e00 for f16), with the sign and, where the host's
  // conversion keeps it, the payload aligned to the top of the target's mantissa.
  Value nan = target.bitOr(signBit, target.constant(nanBits(to)));
  if (!keepsPayload || !hostConversion)
    return nan;
  Value payload = source.bitAnd(bits, lowMask(from.mantissaBits));
  if (to.mantissaBits >= from.mantissaBits)
    payload = target.shl(target.resize(payload), to.mantissaBits - from.mantissaBits);
  else
    payload = target.resize(source.lshr(payload, from.mantissaBits - to.mantissaBits));
  return target.bitOr(nan, payload);
}

/// The f32 bits of the value that `bits` encode in `from`, a format narrower than f32, exactly;
/// NaN inputs give anything (the caller replaces them). bf16 is the top half of an f32. For the
/// others, a normal number moves its exponent and mantissa into f32's places and rebiases the
/// exponent; a subnormal one is normalized by its leading one, which count-leading-zeros finds.
Value emitDecodeToF32(OpBuilder &builder, Location loc, const FloatFormat &from, Value bits) {
  using P = LLVM::ICmpPredicate;
  BitOps ops(builder, loc, 32);
  Value word = ops.resize(bits);
  if (&from == &kBFloat16)
    return ops.shl(word, 16);
  unsigned m = from.mantissaBits;
  Value sign = ops.shl(ops.bitAnd(word, uint64_t(1) << (from.bits - 1)), 32 - from.bits);
  Value magnitude = ops.bitAnd(word, lowMask(from.bits - 1));
  Value exponent = ops.lshr(magnitude, m);
  Value mantissa = ops.bitAnd(magnitude, lowMask(m));
  Value normal = ops.add(ops.shl(magnitude, 23 - m), ops.constant(uint64_t(127 - from.bias) << 23));
  // A subnormal mantissa M with its leading one at bit p is 1.f * 2^(p + 1 - bias - m).
  Value leadingZeros = LLVM::CountLeadingZerosOp::create(builder, loc, ops.type, mantissa,
                                                         /*is_zero_poison=*/false);
  Value leadingOne = ops.sub(ops.constant(31), leadingZeros);
  Value subnormalExponent = ops.shl(ops.add(leadingOne, ops.constant(128 - from.bias - m)), 23);
  Value subnormalMantissa =
      ops.bitAnd(ops.shl(mantissa, ops.sub(ops.constant(23), leadingOne)), lowMask(23));
  Value subnormal = ops.select(ops.compare(P::eq, mantissa, uint64_t(0)), uint64_t(0),
                               ops.bitOr(subnormalExponent, subnormalMantissa));
  Value result = ops.select(ops.compare(P::eq, exponent, uint64_t(0)), subnormal, normal);
  if (from.hasInfinity())
    result = ops.select(ops.compare(P::eq, magnitude, infinityBits(from)), infinityBits(kFloat32),
                        result);
  return ops.bitOr(sign, result);
}

/// The bits of `to` (narrower than `from`, which is f32 or f64) for the value that `bits`
/// encode in `from`, rounded to nearest even or toward zero as encodeFloat rounds it; NaN inputs
/// give anything. The significand is shifted right to the target's quantum (its last mantissa
/// bit at the value's exponent, or at the smallest normal exponent for what is subnormal
/// there) and rounded on the bits shifted out; adding the rounded significand to the target's
/// exponent field carries into the exponent where rounding reaches the next power of two.
/// Overflow gives infinity to nearest in a format that has it, the largest finite value
/// otherwise; an infinite input gives infinity where the format has it.
Value emitRoundFromWide(OpBuilder &builder, Location loc, const FloatFormat &from,
                        const FloatFormat &to, bool towardZero, Value bits) {
  using P = LLVM::ICmpPredicate;
  BitOps ops(builder, loc, from.bits);
  unsigned m = from.mantissaBits;
  uint64_t signMask = uint64_t(1) << (from.bits - 1);
  Value magnitude = ops.bitAnd(bits, signMask - 1);
  Value exponent = ops.lshr(magnitude, m);
  Value mantissa = ops.bitAnd(magnitude, lowMask(m));
  Value isSubnormal = ops.compare(P::eq, exponent, uint64_t(0));
  Value significand =
      ops.select(isSubnormal, mantissa, ops.bitOr(mantissa, ops.constant(uint64_t(1) << m)));
  // A subnormal's exponent field reads as 1: its value is M * 2^(1 - bias - m).
  Value exponentField = ops.select(isSubnormal, uint64_t(1), exponent);
  // Below `k`, the value is subnormal in the target and the shift grows by the difference.
  uint64_t k = uint64_t(1 - to.bias + from.bias);
  Value belowTargetNormal = ops.compare(P::ult, exponentField, k);
  Value extraShift =
      ops.select(belowTargetNormal, ops.sub(ops.constant(k), exponentField), ops.constant(0));
  // Past m + 2 bits every bit is shifted out and the half-way bit lies above them: zero.
  Value shift = ops.add(ops.constant(m - to.mantissaBits), extraShift);
  shift = ops.select(ops.compare(P::ugt, shift, m + 2), m + 2, shift);
  Value rounded = ops.lshr(significand, shift);
  if (!towardZero) {
    Value one = ops.constant(1);
    Value remainder = ops.sub(significand, ops.shl(rounded, shift));
    Value half = ops.shl(one, ops.sub(shift, one));
    Value isOdd = ops.compare(P::ne, ops.bitAnd(rounded, 1), uint64_t(0));
    Value above = ops.compare(P::ugt, remainder, half);
    Value tie = ops.compare(P::eq, remainder, half);
    Value up =
        LLVM::OrOp::create(builder, loc, above, LLVM::AndOp::create(builder, loc, tie, isOdd));
    rounded = ops.add(rounded, LLVM::ZExtOp::create(builder, loc, ops.type, up));
  }
  Value targetExponent =
      ops.select(belowTargetNormal, ops.constant(0), ops.sub(exponentField, ops.constant(k)));
  Value encoding = ops.add(ops.shl(targetExponent, ops.constant(to.mantissaBits)), rounded);
  uint64_t overflow = to.hasInfinity() && !towardZero ? infinityBits(to) : maxFiniteBits(to);
  encoding = ops.select(ops.compare(P::ugt, encoding, maxFiniteBits(to)), overflow, encoding);
  encoding = ops.select(ops.compare(P::eq, magnitude, infinityBits(from)),
                        to.hasInfinity() ? infinityBits(to) : maxFiniteBits(to), encoding);
  BitOps target(builder, loc, to.bits);
  encoding = target.resize(encoding);
  Value sign = target.resize(ops.lshr(bits, from.bits - to.bits));
  sign = target.bitAnd(sign, uint64_t(1) << (to.bits - 1));
  Value result = target.bitOr(sign, encoding);
  if (to.nan == NanEncoding::NegativeZero) // no -0: a zero is +0
    result = target.select(target.compare(P::eq, encoding, uint64_t(0)), uint64_t(0), result);
  return result;
}

/// `element` (of LLVM type for float type `from`) converted to float type `to`, as the
/// interpreter converts it, with `towardZero` rounding where the conversion rounds.
Value emitFloatConversion(OpBuilder &builder, Location loc, const GpuTargetLowering &target,
                          const TypeConverter &typeConverter, Value element, FloatType from,
                          FloatType to, bool towardZero) {
  if (from == to)
    return element;
  const FloatFormat &source = getFloatFormat(from), &result = getFloatFormat(to);
  Type resultType = typeConverter.convertType(to);
  Value bits = toBits(builder, loc, element);
  Value converted;
  if (Value fromChip =
          target.convertFloat(builder, loc, element, from, to,
                              towardZero ? tt::RoundingMode::RTZ : tt::RoundingMode::RTNE)) {
    converted = toBits(builder, loc, fromChip);
  } else {
    // Exact into f32 or f64, then rounded from there where the target is narrower.
    const FloatFormat *wide = &source;
    Value wideBits = bits;
    if (source.bits < 32) {
      wide = &kFloat32;
      wideBits = emitDecodeToF32(builder, loc, source, bits);
    }
    if (wide == &result) {
      converted = wideBits;
    } else if (&result == &kFloat64) {
      // f32 to f64 is exact on every GPU; only its NaN payloads differ.
      Value single = fromBits(builder, loc, wideBits, builder.getF32Type());
      converted =
          toBits(builder, loc, LLVM::FPExtOp::create(builder, loc, builder.getF64Type(), single));
    } else {
      converted = emitRoundFromWide(builder, loc, *wide, result, towardZero, wideBits);
    }
  }
  BitOps ops(builder, loc, source.bits);
  Value nan = emitInterpreterNaN(builder, loc, source, result, towardZero, bits);
  converted = LLVM::SelectOp::create(builder, loc, emitIsNaN(ops, source, bits), nan, converted);
  return fromBits(builder, loc, converted, resultType);
}

/// `op`'s tensor operands unpacked and its scalar ones repeated for each register, and the
/// number of registers (1 for a scalar op).
SmallVector<SmallVector<Value>> unpackOperands(OpBuilder &builder, Location loc, Operation *op,
                                               ValueRange operands, Type resultStructType) {
  size_t numRegisters = resultStructType && isa<LLVM::LLVMStructType>(resultStructType)
                            ? cast<LLVM::LLVMStructType>(resultStructType).getBody().size()
                            : 1;
  SmallVector<SmallVector<Value>> elements;
  for (auto [original, operand] : llvm::zip_equal(op->getOperands(), operands))
    elements.push_back(isa<RankedTensorType>(original.getType())
                           ? unpackElements(builder, loc, operand)
                           : SmallVector<Value>(numRegisters, operand));
  return elements;
}

/// Replaces `op` by `results`, one per register (packed for a tensor result).
void replaceWithElements(ConversionPatternRewriter &rewriter, Operation *op, ValueRange results,
                         Type resultType) {
  if (isa<RankedTensorType>(op->getResult(0).getType()))
    rewriter.replaceOp(op, packElements(rewriter, op->getLoc(), results, resultType));
  else
    rewriter.replaceOp(op, results.front());
}

/// Whether `op` rounds toward zero (false: to nearest even, or it is exact), or std::nullopt
/// for a rounding that tt does not have (arith.truncf upward, downward or to nearest away),
/// which arith's own lowering keeps.
std::optional<bool> roundsTowardZero(tt::FpToFpOp op) {
  return op.getRounding() && *op.getRounding() == tt::RoundingMode::RTZ;
}
std::optional<bool> roundsTowardZero(arith::ExtFOp) { return false; }
std::optional<bool> roundsTowardZero(arith::TruncFOp op) {
  std::optional<arith::RoundingMode> mode = op.getRoundingmode();
  if (!mode || *mode == arith::RoundingMode::to_nearest_even)
    return false;
  if (*mode == arith::RoundingMode::toward_zero)
    return true;
  return std::nullopt;
}

/// Whether `type` is one of tt's float types (TT_Float), which getFloatFormat describes.
bool isTritonFloatType(Type type) {
  return isa<Float64Type, Float32Type, Float16Type, BFloat16Type, Float8E5M2Type, Float8E4M3FNType,
             Float8E4M3FNUZType, Float8E5M2FNUZType, Float8E4M3B11FNUZType>(type);
}

/// tt.fp_to_fp, and arith.extf and arith.truncf between tt's float types (which the frontend
/// emits for f16, bf16, f32 and f64 to nearest even), on scalars and on each register of a
/// tensor (emitFloatConversion): the interpreter executes all three with the same conversion.
/// Its benefit puts it before the split of arith ops on tensors into scalar ones and before
/// arith's lowering, whose fptrunc and fpext give other NaNs.
template <typename ConversionOp>
struct FloatConversionOpConversion : OpConversionPattern<ConversionOp> {
  FloatConversionOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                              const GpuLoweringInfo &info)
      : OpConversionPattern<ConversionOp>(typeConverter, context, /*benefit=*/3), info(info) {}

  LogicalResult matchAndRewrite(ConversionOp op, typename ConversionOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type from = getElementTypeOrSelf(op->getOperand(0).getType());
    Type to = getElementTypeOrSelf(op.getType());
    std::optional<bool> towardZero = roundsTowardZero(op);
    if (!towardZero || !isTritonFloatType(from) || !isTritonFloatType(to))
      return failure();
    const TypeConverter &typeConverter = *this->getTypeConverter();
    Type resultType = typeConverter.convertType(op.getType());
    if (!resultType)
      return failure();
    SmallVector<SmallVector<Value>> operands =
        unpackOperands(rewriter, loc, op, adaptor.getOperands(), resultType);
    SmallVector<Value> results;
    for (Value element : operands.front())
      results.push_back(emitFloatConversion(rewriter, loc, info.target, typeConverter, element,
                                            cast<FloatType>(from), cast<FloatType>(to),
                                            *towardZero));
    replaceWithElements(rewriter, op, results, resultType);
    return success();
  }

  const GpuLoweringInfo &info;
};

/// The interpreter's maximum (IEEE 754-2019 maximum: the first NaN operand, and -0 < +0) or
/// minimum of f32 or f64 `a` and `b`; with `ignoreNaN`, maximumNumber or minimumNumber (a NaN
/// operand gives the other one). Comparisons and selects, so that a NaN result is an operand's
/// own bits, as on the host.
Value emitMaximumOrMinimum(OpBuilder &builder, Location loc, Value a, Value b, bool maximum,
                           bool ignoreNaN) {
  using P = LLVM::FCmpPredicate;
  auto select = [&](Value condition, Value x, Value y) -> Value {
    return LLVM::SelectOp::create(builder, loc, condition, x, y);
  };
  Value aIsNaN = LLVM::FCmpOp::create(builder, loc, P::uno, a, a);
  Value bIsNaN = LLVM::FCmpOp::create(builder, loc, P::uno, b, b);
  Value aWins = LLVM::FCmpOp::create(builder, loc, maximum ? P::ogt : P::olt, a, b);
  Value equal = LLVM::FCmpOp::create(builder, loc, P::oeq, a, b);
  BitOps ops(builder, loc, a.getType().getIntOrFloatBitWidth());
  Value aIsNegative = ops.compare(LLVM::ICmpPredicate::slt, toBits(builder, loc, a), uint64_t(0));
  // Of two equal values (+0 and -0), the maximum is the positive one, the minimum the other.
  Value onEqual = maximum ? select(aIsNegative, b, a) : select(aIsNegative, a, b);
  Value result = select(equal, onEqual, select(aWins, a, b));
  if (ignoreNaN)
    return select(aIsNaN, b, select(bIsNaN, a, result));
  return select(aIsNaN, a, select(bIsNaN, b, result));
}

/// tt.clampf: min(max(x, low), high) as the interpreter computes it, with its IEEE maximum and
/// minimum for propagateNan = all (a NaN operand wins) and maximumNumber and minimumNumber for
/// none. f32 and f64 on themselves; narrower types in f32, which holds them exactly, rounded
/// back (exact too), so that a NaN result becomes the type's NaN of its sign as the
/// interpreter's does.
struct ClampFOpConversion : OpConversionPattern<tt::ClampFOp> {
  ClampFOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                     const GpuLoweringInfo &info)
      : OpConversionPattern(typeConverter, context), info(info) {}

  LogicalResult matchAndRewrite(tt::ClampFOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    Type resultType = getTypeConverter()->convertType(op.getType());
    bool ignoreNaN = op.getPropagateNan() != tt::PropagateNan::ALL;
    FloatType compute = type.getWidth() >= 32 ? type : rewriter.getF32Type();
    auto convert = [&](Value element, FloatType from, FloatType to) {
      return emitFloatConversion(rewriter, loc, info.target, *getTypeConverter(), element, from, to,
                                 /*towardZero=*/false);
    };
    SmallVector<SmallVector<Value>> operands =
        unpackOperands(rewriter, loc, op, adaptor.getOperands(), resultType);
    SmallVector<Value> results;
    for (size_t r = 0, e = operands.front().size(); r < e; ++r) {
      Value x = convert(operands[0][r], type, compute);
      Value low = convert(operands[1][r], type, compute);
      Value high = convert(operands[2][r], type, compute);
      Value atLeastLow = emitMaximumOrMinimum(rewriter, loc, x, low, /*maximum=*/true, ignoreNaN);
      Value clamped =
          emitMaximumOrMinimum(rewriter, loc, atLeastLow, high, /*maximum=*/false, ignoreNaN);
      results.push_back(convert(clamped, compute, type));
    }
    replaceWithElements(rewriter, op, results, resultType);
    return success();
  }

  const GpuLoweringInfo &info;
};

/// arith's maximum and minimum (IEEE maximum and minimum; maxnum and minnum, which ignore a
/// NaN) of fp8, which LLVM has no type for (its intrinsics would take the bits as i8): in f32,
/// which holds them exactly, as tt.clampf computes them, rounded back (exact too).
template <typename MaxMinOp, bool maximum, bool ignoreNaN>
struct Fp8MaximumMinimumOpConversion : OpConversionPattern<MaxMinOp> {
  Fp8MaximumMinimumOpConversion(const TypeConverter &typeConverter, MLIRContext *context,
                                const GpuLoweringInfo &info)
      : OpConversionPattern<MaxMinOp>(typeConverter, context, /*benefit=*/3), info(info) {}

  LogicalResult matchAndRewrite(MaxMinOp op, typename MaxMinOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = dyn_cast<FloatType>(getElementTypeOrSelf(op.getType()));
    if (!type || type.getWidth() != 8 || !isTritonFloatType(type))
      return failure();
    const TypeConverter &typeConverter = *this->getTypeConverter();
    Type resultType = typeConverter.convertType(op.getType());
    if (!resultType)
      return failure();
    FloatType f32 = rewriter.getF32Type();
    auto convert = [&](Value element, FloatType from, FloatType to) {
      return emitFloatConversion(rewriter, loc, info.target, typeConverter, element, from, to,
                                 /*towardZero=*/false);
    };
    SmallVector<SmallVector<Value>> operands =
        unpackOperands(rewriter, loc, op, adaptor.getOperands(), resultType);
    SmallVector<Value> results;
    for (size_t r = 0, e = operands.front().size(); r < e; ++r) {
      Value result = emitMaximumOrMinimum(rewriter, loc, convert(operands[0][r], type, f32),
                                          convert(operands[1][r], type, f32), maximum, ignoreNaN);
      results.push_back(convert(result, f32, type));
    }
    replaceWithElements(rewriter, op, results, resultType);
    return success();
  }

  const GpuLoweringInfo &info;
};

} // namespace

void populateFpToFpOpToLLVMPatterns(const TypeConverter &typeConverter, RewritePatternSet &patterns,
                                    const GpuLoweringInfo &info) {
  patterns
      .add<FloatConversionOpConversion<tt::FpToFpOp>, FloatConversionOpConversion<arith::ExtFOp>,
           FloatConversionOpConversion<arith::TruncFOp>, ClampFOpConversion,
           Fp8MaximumMinimumOpConversion<arith::MaximumFOp, true, false>,
           Fp8MaximumMinimumOpConversion<arith::MinimumFOp, false, false>,
           Fp8MaximumMinimumOpConversion<arith::MaxNumFOp, true, true>,
           Fp8MaximumMinimumOpConversion<arith::MinNumFOp, false, true>>(
          typeConverter, patterns.getContext(), info);
}

} // namespace mlir::nereid
