// The float conversions that NVIDIA GPUs have instructions for, with the interpreter's results
// for every input but NaN (the shared lowering, FpToFpOpToLLVM.cpp, sets NaN results itself and
// computes the conversions missing here with integer arithmetic):
// - widening f16 and f32 (cvt.f32.f16, cvt.f64.f32), exact, subnormals included (no .ftz);
// - rounding f32 to f16 and bf16 (bf16 from sm_80), and f64 to f32 and f16, to nearest even
//   and toward zero (cvt.rn, cvt.rz), and f64 to bf16 from sm_90: IEEE 754 roundings, with
//   overflow to infinity to nearest and to the largest finite value toward zero, as the
//   interpreter's encoder does;
// - fp8 e4m3fn and e5m2 from sm_90 (PTX 8.0 has them from sm_90; sm_89 needs PTX 8.1): from
//   f32, f16 and bf16 to nearest even (cvt.rn.satfinite.e4m3x2.f32 and .f16x2), and back to
//   f16 exactly (cvt.rn.f16x2.e4m3x2). `.satfinite` is mandatory: it saturates overflow and
//   infinities, which is the interpreter's rule for e4m3fn (no infinity) but not for e5m2,
//   where a magnitude from 61440 up (the midpoint between 57344, the largest finite value, and
//   65536, with 57344's odd mantissa) rounds to infinity: a select puts that back.

#include "NvidiaTargetLowering.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::nereid::nvidia {
namespace {

/// One pure inline PTX instruction `ptx` ("cvt.rz.f16.f32 $0, $1;") with one result of
/// `resultType` and the operands `operands`, under `constraints` ("=h,r").
Value createPurePtx(OpBuilder &builder, Location loc, Type resultType, ValueRange operands,
                    StringRef ptx, StringRef constraints) {
  return LLVM::InlineAsmOp::create(
             builder, loc, resultType, operands, ptx, constraints, /*has_side_effects=*/false,
             /*is_align_stack=*/false, LLVM::tailcallkind::TailCallKind::None,
             LLVM::AsmDialectAttr::get(builder.getContext(), LLVM::AsmDialect::AD_ATT),
             /*operand_attrs=*/ArrayAttr())
      .getResult(0);
}

/// The PTX name of a float type in a cvt instruction.
StringRef getPtxName(FloatType type) {
  if (type.isF64())
    return "f64";
  if (type.isF32())
    return "f32";
  if (type.isF16())
    return "f16";
  return "bf16";
}

/// The inline-assembly constraint of a register holding `type`.
StringRef getConstraint(FloatType type) {
  switch (type.getWidth()) {
  case 64:
    return "d";
  case 32:
    return "f";
  default:
    return "h";
  }
}

Value bitcast(OpBuilder &builder, Location loc, Value value, Type type) {
  return LLVM::BitcastOp::create(builder, loc, type, value);
}

/// `value`, an f32, f16 or bf16, converted to e4m3fn (`isE4M3`) or e5m2 to nearest even.
Value emitToFloat8(OpBuilder &builder, Location loc, Value value, FloatType from, bool isE4M3) {
  Type i8 = builder.getI8Type(), i16 = builder.getI16Type(), i32 = builder.getI32Type();
  StringRef format = isE4M3 ? "e4m3x2" : "e5m2x2";
  if (from.isBF16()) // exactly into f32: its top half
    value = LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), value);
  Value pair;
  if (from.isF16()) {
    // Both halves of the f16x2 are `value`; the low byte of the result is the low half's.
    Value half = LLVM::ZExtOp::create(builder, loc, i32, bitcast(builder, loc, value, i16));
    Value both = LLVM::OrOp::create(
        builder, loc, half,
        LLVM::ShlOp::create(
            builder, loc, half,
            LLVM::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(16))));
    pair = createPurePtx(builder, loc, i16, both,
                         ("cvt.rn.satfinite." + format + ".f16x2 $0, $1;").str(), "=h,r");
  } else {
    pair = createPurePtx(builder, loc, i16, ValueRange{value, value},
                         ("cvt.rn.satfinite." + format + ".f32 $0, $1, $2;").str(), "=h,f,f");
  }
  Value result = LLVM::TruncOp::create(builder, loc, i8, pair);
  if (isE4M3)
    return result;
  // e5m2 has infinities: from 61440 up, rounding to nearest gives one.
  Value magnitude = LLVM::FAbsOp::create(builder, loc, value);
  Type type = value.getType();
  Value threshold =
      LLVM::ConstantOp::create(builder, loc, type, builder.getFloatAttr(type, 61440.0));
  Value overflows =
      LLVM::FCmpOp::create(builder, loc, LLVM::FCmpPredicate::oge, magnitude, threshold);
  auto byte = [&](int64_t bits) {
    return LLVM::ConstantOp::create(builder, loc, i8, builder.getIntegerAttr(i8, bits));
  };
  Value infinity = LLVM::OrOp::create(
      builder, loc, LLVM::AndOp::create(builder, loc, result, byte(0x80)), byte(0x7c));
  return LLVM::SelectOp::create(builder, loc, overflows, infinity, result);
}

/// `bits`, an i8 of e4m3fn (`isE4M3`) or e5m2, as the f16 that holds it exactly.
Value emitFromFloat8(OpBuilder &builder, Location loc, Value bits, bool isE4M3) {
  Type i16 = builder.getI16Type(), i32 = builder.getI32Type();
  Value pair = LLVM::ZExtOp::create(builder, loc, i16, bits);
  Value halves = createPurePtx(
      builder, loc, i32, pair,
      (std::string("cvt.rn.f16x2.") + (isE4M3 ? "e4m3x2" : "e5m2x2") + " $0, $1;"), "=r,h");
  return bitcast(builder, loc, LLVM::TruncOp::create(builder, loc, i16, halves),
                 builder.getF16Type());
}

} // namespace

Value NvidiaTargetLowering::convertFloat(OpBuilder &builder, Location loc, Value value,
                                         FloatType from, FloatType to,
                                         tt::RoundingMode rounding) const {
  bool towardZero = rounding == tt::RoundingMode::RTZ;
  auto isStandard = [](FloatType type) {
    return type.isF64() || type.isF32() || type.isF16() || type.isBF16();
  };
  bool hasFloat8 = computeCapability >= 90;
  auto isFloat8 = [&](FloatType type) {
    return hasFloat8 && isa<Float8E4M3FNType, Float8E5M2Type>(type);
  };
  if (isFloat8(to) && !towardZero && (from.isF32() || from.isF16() || from.isBF16()))
    return emitToFloat8(builder, loc, value, from, isa<Float8E4M3FNType>(to));
  if (isFloat8(from) && isStandard(to)) {
    Value half = emitFromFloat8(builder, loc, value, isa<Float8E4M3FNType>(from));
    if (to.isF16())
      return half;
    // Exact: f16 to f32, f32 to f64, and an fp8 value's f32 to bf16.
    Value single = LLVM::FPExtOp::create(builder, loc, builder.getF32Type(), half);
    if (to.isF32())
      return single;
    if (to.isF64())
      return LLVM::FPExtOp::create(builder, loc, to, single);
    return LLVM::FPTruncOp::create(builder, loc, to, single);
  }
  if (!isStandard(from) || !isStandard(to))
    return {};
  if ((from.isF16() && (to.isF32() || to.isF64())) || (from.isF32() && to.isF64()))
    return LLVM::FPExtOp::create(builder, loc, to, value);
  bool isRounded = (from.isF32() && (to.isF16() || (to.isBF16() && computeCapability >= 80))) ||
                   (from.isF64() && (to.isF32() || to.isF16())) ||
                   (from.isF64() && to.isBF16() && computeCapability >= 90);
  if (!isRounded)
    return {};
  std::string ptx = (Twine("cvt.") + (towardZero ? "rz." : "rn.") + getPtxName(to) + "." +
                     getPtxName(from) + " $0, $1;")
                        .str();
  std::string constraints = ("=" + getConstraint(to) + "," + getConstraint(from)).str();
  // A 16-bit result travels as an i16 ("h" registers hold no halves in LLVM's inline asm).
  Type resultType = to.getWidth() == 16 ? Type(builder.getI16Type()) : Type(to);
  Value operand = value;
  if (from.getWidth() == 16)
    operand = bitcast(builder, loc, value, builder.getI16Type());
  Value result = createPurePtx(builder, loc, resultType, operand, ptx, constraints);
  return resultType == to ? result : bitcast(builder, loc, result, to);
}

} // namespace mlir::nereid::nvidia
