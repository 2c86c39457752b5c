// Elementwise ops on tiles: arith and math ops keep their meaning on vectors, and the
// elementwise tt ops become the arith, math or LLVM ops that compute them. Each is built chunk
// by chunk (VectorChunks.h), in vectors of register width.

#include "nereid/Support/Constants.h"
#include "FloatRounding.h"
#include "RuntimeCalls.h"
#include "StackBuffers.h"
#include "VectorChunks.h"

#include "nereid/CPU/Patterns.h"
#include "nereid/CPU/TypeConverter.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include "llvm/Support/FormatVariadic.h"

namespace mlir::nereid::cpu {
namespace {

/// An arith or math op on tiles: the same op on vector chunks.
struct ArithMathOpConversion : ConversionPattern {
  ArithMathOpConversion(const TypeConverter &converter, MLIRContext *context,
                        int64_t chunkWidth)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1, context),
        chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::ConstantOp>(op))
      return failure();
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(), resultTypes)))
      return failure();
    auto vectorType = dyn_cast<VectorType>(resultTypes.front());
    if (resultTypes.size() != 1 || !vectorType) {
      OperationState state(op->getLoc(), op->getName(), operands, resultTypes, op->getAttrs());
      rewriter.replaceOp(op, rewriter.create(state)->getResults());
      return success();
    }
    // A scalar operand of a tile op (the condition of arith.select) is the same in every chunk.
    SmallVector<Value> tiles(operands);
    for (Value &operand : tiles)
      if (!isa<VectorType>(operand.getType()))
        operand = vector::BroadcastOp::create(
            rewriter, op->getLoc(), vectorType.clone(operand.getType()), operand);
    rewriter.replaceOp(
        op, buildByChunks(rewriter, op->getLoc(), vectorType, tiles, chunkWidth,
                          [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t) -> Value {
                            auto chunkType = VectorType::get(
                                cast<VectorType>(chunks.front().getType()).getShape(),
                                vectorType.getElementType());
                            OperationState state(op->getLoc(), op->getName(), chunks,
                                                 TypeRange{chunkType}, op->getAttrs());
                            return builder.create(state)->getResult(0);
                          }));
    return success();
  }

  int64_t chunkWidth;
};

/// A constant tile: the same elements as a vector constant.
struct ConstantOpConversion : OpConversionPattern<arith::ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(arith::ConstantOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto elements = dyn_cast<DenseElementsAttr>(op.getValue());
    auto type = dyn_cast_or_null<VectorType>(getTypeConverter()->convertType(op.getType()));
    if (!elements || !type)
      return failure();
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, elements.reshape(type));
    return success();
  }
};

/// addptr: a GEP of the pointee type, with the offsets' width.
struct AddPtrOpConversion : OpConversionPattern<tt::AddPtrOp> {
  AddPtrOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(tt::AddPtrOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type pointee = getMemoryElementType(
        getTypeConverter()->convertType(getElementTypeOrSelf(tt::getPointeeType(op.getPtr().getType()))));
    Type resultType = getTypeConverter()->convertType(op.getType());
    auto gep = [&](OpBuilder &builder, Location loc, Type type, Value ptr, Value offset) {
      return LLVM::GEPOp::create(builder, loc, type, pointee, ptr, ValueRange{offset});
    };
    auto vectorType = dyn_cast<VectorType>(resultType);
    if (!vectorType) {
      rewriter.replaceOp(op, gep(rewriter, op.getLoc(), resultType, adaptor.getPtr(),
                                 adaptor.getOffset()));
      return success();
    }
    rewriter.replaceOp(
        op, buildByChunks(rewriter, op.getLoc(), vectorType,
                          {adaptor.getPtr(), adaptor.getOffset()}, chunkWidth,
                          [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t) -> Value {
                            return gep(builder, op.getLoc(), chunks[0].getType(), chunks[0],
                                       chunks[1]);
                          }));
    return success();
  }

  int64_t chunkWidth;
};

/// int_to_ptr and ptr_to_int: LLVM casts, row by row.
template <typename SourceOp, typename LLVMOp>
struct PointerCastOpConversion : OpConversionPattern<SourceOp> {
  PointerCastOpConversion(const TypeConverter &converter, MLIRContext *context,
                          int64_t chunkWidth)
      : OpConversionPattern<SourceOp>(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = this->getTypeConverter()->convertType(op.getType());
    auto vectorType = dyn_cast<VectorType>(resultType);
    if (!vectorType) {
      rewriter.replaceOpWithNewOp<LLVMOp>(op, resultType, adaptor.getSrc());
      return success();
    }
    rewriter.replaceOp(
        op, buildByChunks(rewriter, op.getLoc(), vectorType, {adaptor.getSrc()}, chunkWidth,
                          [&](OpBuilder &builder, ArrayRef<Value> chunks, int64_t) -> Value {
                            auto chunkType = VectorType::get(
                                cast<VectorType>(chunks[0].getType()).getShape(),
                                vectorType.getElementType());
                            return LLVMOp::create(builder, op.getLoc(), chunkType, chunks[0]);
                          }));
    return success();
  }

  int64_t chunkWidth;
};

/// tt.bitcast: arith.bitcast between numbers; pointers are opaque, so a pointer-to-pointer
/// cast is the identity.
struct BitcastOpConversion : OpConversionPattern<tt::BitcastOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::BitcastOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    if (resultType == adaptor.getSrc().getType()) {
      rewriter.replaceOp(op, adaptor.getSrc());
      return success();
    }
    if (isa<LLVM::LLVMPointerType>(getElementTypeOrSelf(resultType)) ||
        isa<LLVM::LLVMPointerType>(getElementTypeOrSelf(adaptor.getSrc().getType())))
      return replaceWithError(rewriter, op,
                              "the CPU backend cannot bitcast between pointers and numbers; use "
                              "int_to_ptr or ptr_to_int");
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, resultType, adaptor.getSrc());
    return success();
  }
};

struct PreciseSqrtOpConversion : OpConversionPattern<tt::PreciseSqrtOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::PreciseSqrtOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<math::SqrtOp>(op, adaptor.getX());
    return success();
  }
};

struct PreciseDivFOpConversion : OpConversionPattern<tt::PreciseDivFOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::PreciseDivFOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<arith::DivFOp>(op, adaptor.getX(), adaptor.getY());
    return success();
  }
};

/// Whether `type` (a scalar or a vector) holds one of the fp8 formats.
bool isFloat8(Type type) {
  auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return element && element.getWidth() == 8;
}

/// What the CPU computes of fp8 values (scalars or vectors of one fp8 type), which LLVM has no
/// arithmetic for, on their bits: their exact f32 values (toFloat32), and their maximum and
/// minimum as the interpreter computes them (docs/semantics.md): the
/// IEEE maximum and minimum give the first NaN operand, maximumNumber and minimumNumber the
/// other operand, and -0 < +0. Sign and magnitude order as the signed byte
/// bits ^ (sign ? 0x7f : 0), which puts -0 just below +0.
class Float8Bits {
public:
  Float8Bits(OpBuilder &builder, Location loc, Type type)
      : builder(builder), loc(loc), type(type),
        semantics(cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics()) {
    Type i8 = builder.getIntegerType(8);
    bitsType = i8;
    if (auto vector = dyn_cast<VectorType>(type))
      bitsType = vector.clone(i8);
    positiveNaN = encodingOf(APFloat::getQNaN(semantics));
  }

  /// The bits of fp8 `value`, and the fp8 value of `bits`.
  Value bitsOf(Value value) { return arith::BitcastOp::create(builder, loc, bitsType, value); }
  Value valueOf(Value bits) { return arith::BitcastOp::create(builder, loc, type, bits); }

  /// The larger (`maximum`) or smaller of `a` and `b` (bits); with `ignoreNaN` a NaN operand
  /// gives the other one, otherwise the first NaN operand wins.
  Value maximumOrMinimum(Value a, Value b, bool maximum, bool ignoreNaN) {
    Value aWins = compare(maximum ? arith::CmpIPredicate::sge : arith::CmpIPredicate::sle,
                          orderKey(a), orderKey(b));
    Value ordered = select(aWins, a, b);
    Value aIsNaN = isNaN(a), bIsNaN = isNaN(b);
    if (ignoreNaN)
      return select(aIsNaN, b, select(bIsNaN, a, ordered));
    return select(aIsNaN, a, select(bIsNaN, b, ordered));
  }

  /// The fp8 `value` as f32, exactly: each fp8 number is a small integer times a power of two
  /// that f32 holds. With e the exponent field and m the M mantissa bits, the magnitude is
  /// (e ? 2^M + m : m) * 2^(max(e, 1) - 1 + emin - M), emin being the exponent of the smallest
  /// normal number; NaNs and infinities follow the format's encodings (isNaN).
  Value toFloat32(Value value) {
    auto like = [&](Type element) -> Type {
      if (auto vector = dyn_cast<VectorType>(type))
        return vector.clone(element);
      return element;
    };
    Type i32 = builder.getI32Type(), f32 = builder.getF32Type();
    auto int32 = [&](int64_t v) -> Value {
      return createSplatConstant(builder, loc, like(i32), builder.getI32IntegerAttr(v));
    };
    auto float32 = [&](float v) -> Value {
      return createSplatConstant(builder, loc, like(f32), builder.getF32FloatAttr(v));
    };
    int mantissaBits = APFloat::semanticsPrecision(semantics) - 1;
    int minExponent = APFloat::semanticsMinExponent(semantics);
    Value bits = bitsOf(value);
    Value wide = arith::ExtUIOp::create(builder, loc, like(i32), bits);
    Value magnitudeBits = arith::AndIOp::create(builder, loc, wide, int32(0x7f));
    Value exponent = arith::ShRUIOp::create(builder, loc, magnitudeBits, int32(mantissaBits));
    Value mantissa =
        arith::AndIOp::create(builder, loc, magnitudeBits, int32((1 << mantissaBits) - 1));
    Value normal = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, exponent,
                                         int32(0));
    Value integer = arith::SelectOp::create(
        builder, loc, normal,
        arith::OrIOp::create(builder, loc, mantissa, int32(1 << mantissaBits)), mantissa);
    // 2^(max(e, 1) - 1 + emin - M), built from its f32 exponent field.
    Value scaleExponent = arith::AddIOp::create(
        builder, loc, arith::MaxUIOp::create(builder, loc, exponent, int32(1)),
        int32(127 - 1 + minExponent - mantissaBits));
    Value scale = arith::BitcastOp::create(
        builder, loc, like(f32), arith::ShLIOp::create(builder, loc, scaleExponent, int32(23)));
    Value magnitude = arith::MulFOp::create(
        builder, loc, arith::UIToFPOp::create(builder, loc, like(f32), integer), scale);
    if (APFloat::semanticsHasInf(semantics)) {
      uint64_t infinity = encodingOf(APFloat::getInf(semantics));
      Value isInfinity = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                               magnitudeBits, int32(infinity));
      magnitude = arith::SelectOp::create(builder, loc, isInfinity,
                                          float32(std::numeric_limits<float>::infinity()),
                                          magnitude);
    }
    Value negative = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne,
        arith::AndIOp::create(builder, loc, wide, int32(0x80)), int32(0));
    Value result = arith::SelectOp::create(builder, loc, negative,
                                           arith::NegFOp::create(builder, loc, magnitude),
                                           magnitude);
    return arith::SelectOp::create(builder, loc, isNaN(bits),
                                   float32(std::numeric_limits<float>::quiet_NaN()), result);
  }

  /// `bits`, with a NaN replaced by the format's NaN of its sign (0x80, the only one, in the
  /// FNUZ formats), as the interpreter's encoder gives it.
  Value withFormatNaN(Value bits) {
    Value sign = arith::AndIOp::create(builder, loc, bits, constant(0x80));
    Value nan = arith::OrIOp::create(builder, loc, sign, constant(positiveNaN));
    return select(isNaN(bits), nan, bits);
  }

private:
  static uint64_t encodingOf(const APFloat &value) {
    return value.bitcastToAPInt().getZExtValue();
  }

  Value constant(uint64_t value) {
    return createSplatConstant(builder, loc, bitsType,
                               builder.getIntegerAttr(getElementTypeOrSelf(bitsType), value));
  }
  Value compare(arith::CmpIPredicate predicate, Value a, Value b) {
    return arith::CmpIOp::create(builder, loc, predicate, a, b);
  }
  Value select(Value condition, Value a, Value b) {
    return arith::SelectOp::create(builder, loc, condition, a, b);
  }

  /// Whether `bits` is a NaN: 0x80 where -0 encodes NaN (the FNUZ formats), otherwise a
  /// magnitude past infinity or, without infinities, past the largest finite value.
  Value isNaN(Value bits) {
    if (positiveNaN == 0x80)
      return compare(arith::CmpIPredicate::eq, bits, constant(0x80));
    uint64_t lastNumber = encodingOf(APFloat::semanticsHasInf(semantics)
                                         ? APFloat::getInf(semantics)
                                         : APFloat::getLargest(semantics));
    Value magnitude = arith::AndIOp::create(builder, loc, bits, constant(0x7f));
    return compare(arith::CmpIPredicate::ugt, magnitude, constant(lastNumber));
  }

  /// A signed byte that orders the numbers as their values, -0 below +0.
  Value orderKey(Value bits) {
    Value sign = arith::ShRSIOp::create(builder, loc, bits, constant(7));
    return arith::XOrIOp::create(builder, loc, bits,
                                 arith::AndIOp::create(builder, loc, sign, constant(0x7f)));
  }

  OpBuilder &builder;
  Location loc;
  Type type;
  Type bitsType;
  const llvm::fltSemantics &semantics;
  uint64_t positiveNaN;
};

/// clampf: max then min; with propagate_nan = all a NaN operand gives NaN (maximumf and
/// minimumf), otherwise a NaN bound is ignored (maxnumf and minnumf). The fp8 formats, which
/// LLVM has no arithmetic for, are clamped on their bits (Float8Bits).
struct ClampFOpConversion : OpConversionPattern<tt::ClampFOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::ClampFOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isFloat8(adaptor.getX().getType())) {
      Float8Bits fp8(rewriter, loc, adaptor.getX().getType());
      bool ignoreNaN = op.getPropagateNan() != tt::PropagateNan::ALL;
      Value atLeastLow = fp8.maximumOrMinimum(fp8.bitsOf(adaptor.getX()),
                                              fp8.bitsOf(adaptor.getMin()), /*maximum=*/true,
                                              ignoreNaN);
      Value clamped = fp8.maximumOrMinimum(atLeastLow, fp8.bitsOf(adaptor.getMax()),
                                           /*maximum=*/false, ignoreNaN);
      rewriter.replaceOp(op, fp8.valueOf(fp8.withFormatNaN(clamped)));
      return success();
    }
    Value result;
    if (op.getPropagateNan() == tt::PropagateNan::ALL) {
      Value low = arith::MaximumFOp::create(rewriter, loc, adaptor.getX(), adaptor.getMin());
      result = arith::MinimumFOp::create(rewriter, loc, low, adaptor.getMax());
    } else {
      Value low = arith::MaxNumFOp::create(rewriter, loc, adaptor.getX(), adaptor.getMin());
      result = arith::MinNumFOp::create(rewriter, loc, low, adaptor.getMax());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// arith.maximumf, minimumf, maxnumf and minnumf on fp8 (tl.maximum, tl.minimum), on the bits
/// (Float8Bits).
template <typename Op, bool Maximum, bool IgnoreNaN>
struct Float8MaximumOrMinimumOpConversion : OpConversionPattern<Op> {
  Float8MaximumOrMinimumOpConversion(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<Op>(converter, context, /*benefit=*/3) {}

  LogicalResult matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type type = adaptor.getLhs().getType();
    if (!isFloat8(type))
      return failure();
    Float8Bits fp8(rewriter, op.getLoc(), type);
    Value result = fp8.maximumOrMinimum(fp8.bitsOf(adaptor.getLhs()),
                                        fp8.bitsOf(adaptor.getRhs()), Maximum, IgnoreNaN);
    rewriter.replaceOp(op, fp8.valueOf(fp8.withFormatNaN(result)));
    return success();
  }
};

/// Other arithmetic on fp8, which LLVM cannot compute: an error that names the op. It comes
/// before ArithMathOpConversion, which would rebuild the op on vectors.
struct Float8ArithmeticOpRejection : ConversionPattern {
  Float8ArithmeticOpRejection(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/2, context) {}

  LogicalResult matchAndRewrite(Operation *op, ArrayRef<Value>,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isFloat8Arithmetic(op))
      return failure();
    return replaceWithError(rewriter, op,
                            "the CPU backend has no fp8 arithmetic for `" +
                                op->getName().getStringRef() +
                                "`: convert the operands to a wider float type first");
  }
};

/// mulhiui: the high half of the full unsigned product.
struct MulhiUIOpConversion : OpConversionPattern<tt::MulhiUIOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult matchAndRewrite(tt::MulhiUIOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    auto product =
        arith::MulUIExtendedOp::create(rewriter, op.getLoc(), adaptor.getX(), adaptor.getY());
    rewriter.replaceOp(op, product.getHigh());
    return success();
  }
};

/// The number of a float format in the CPU runtime's conversions (NereidCpuFloatFormat in
/// runtime/include/nereid-cpu/FloatConversion.h), or -1 for a format it does not know.
int32_t getRuntimeFloatFormat(FloatType type) {
  if (type.isF64())
    return 0;
  if (type.isF32())
    return 1;
  if (type.isF16())
    return 2;
  if (type.isBF16())
    return 3;
  if (isa<Float8E5M2Type>(type))
    return 4;
  if (isa<Float8E4M3FNType>(type))
    return 5;
  if (isa<Float8E4M3FNUZType>(type))
    return 6;
  if (isa<Float8E5M2FNUZType>(type))
    return 7;
  if (isa<Float8E4M3B11FNUZType>(type))
    return 8;
  return -1;
}

/// fp_to_fp between f16, bf16, f32 and f64: arith.extf, or arith.truncf with the op's rounding
/// mode. From or to an fp8 format, which CPUs have no instructions for: the runtime's
/// nereid_cpu_convert_float (the interpreter's conversion) element by element.
struct FpToFpOpConversion : OpConversionPattern<tt::FpToFpOp> {
  FpToFpOpConversion(const TypeConverter &converter, MLIRContext *context, int64_t chunkWidth)
      : OpConversionPattern(converter, context), chunkWidth(chunkWidth) {}

  LogicalResult matchAndRewrite(tt::FpToFpOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    Type resultType = getTypeConverter()->convertType(op.getType());
    auto source = cast<FloatType>(getElementTypeOrSelf(adaptor.getSrc().getType()));
    auto target = cast<FloatType>(getElementTypeOrSelf(resultType));
    auto isNative = [](FloatType type) {
      return type.isF16() || type.isBF16() || type.isF32() || type.isF64();
    };
    Location loc = op.getLoc();
    if (!isNative(source) || !isNative(target)) {
      int32_t from = getRuntimeFloatFormat(source), to = getRuntimeFloatFormat(target);
      if (from < 0 || to < 0)
        return replaceWithError(
            rewriter, op,
            llvm::formatv("the CPU backend does not convert between {0} and {1}", source,
                          target));
      bool towardZero = op.getRounding() && *op.getRounding() == tt::RoundingMode::RTZ;
      rewriter.replaceOp(op, convertThroughRuntime(rewriter, op, adaptor.getSrc(), resultType,
                                                   from, to, towardZero ? 1 : 0, chunkWidth));
      return success();
    }
    Value value = adaptor.getSrc();
    auto typeOf = [&](Type element) -> Type {
      if (auto vector = dyn_cast<VectorType>(resultType))
        return vector.clone(element);
      return element;
    };
    if (source.getWidth() < target.getWidth()) {
      rewriter.replaceOpWithNewOp<arith::ExtFOp>(op, resultType, value);
      return success();
    }
    bool towardZero = op.getRounding() && *op.getRounding() == tt::RoundingMode::RTZ;
    Type f32 = typeOf(rewriter.getF32Type());
    if (source.getWidth() == 16)
      value = arith::ExtFOp::create(rewriter, loc, f32, value); // f16 <-> bf16, exactly
    else if (source.isF64() && target.getWidth() == 16)
      value = towardZero ? truncateTowardZero(rewriter, loc, value, f32)
                         : roundToOddF32(rewriter, loc, value, f32);
    if (towardZero) {
      rewriter.replaceOp(op, target.isBF16() ? truncateToBF16TowardZero(rewriter, loc, value,
                                                                        resultType)
                                             : truncateTowardZero(rewriter, loc, value,
                                                                  resultType));
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, resultType, value);
    return success();
  }

  /// `value` converted to `resultType` by nereid_cpu_convert_float, one element after another.
  /// A tile goes through stack buffers, written and read a chunk of `chunkWidth` elements at a
  /// time, and a loop converts their elements: a loop that carried the result as a vector was
  /// split into one argument per chunk, and reassembled the whole tile to insert each element
  /// (flash attention's 128 x 64 fp8 `p` was 534 MB of LLVM IR).
  static Value convertThroughRuntime(OpBuilder &builder, Operation *op, Value value,
                                     Type resultType, int32_t from, int32_t to,
                                     int32_t rounding, int64_t chunkWidth) {
    Location loc = op->getLoc();
    Type i32 = builder.getI32Type(), i64 = builder.getI64Type();
    func::FuncOp convert = getOrDeclare(builder, op, "nereid_cpu_convert_float",
                                        {i64, i32, i32, i32}, {i64});
    auto convertOne = [&](OpBuilder &b, Value element) -> Value {
      auto source = cast<FloatType>(element.getType());
      auto target = cast<FloatType>(getElementTypeOrSelf(resultType));
      Value bits = arith::BitcastOp::create(b, loc, b.getIntegerType(source.getWidth()), element);
      if (source.getWidth() < 64)
        bits = arith::ExtUIOp::create(b, loc, i64, bits);
      Value converted =
          func::CallOp::create(b, loc, convert,
                               ValueRange{bits, i32Constant(b, loc, from),
                                          i32Constant(b, loc, to), i32Constant(b, loc, rounding)})
              .getResult(0);
      if (target.getWidth() < 64)
        converted =
            arith::TruncIOp::create(b, loc, b.getIntegerType(target.getWidth()), converted);
      return arith::BitcastOp::create(b, loc, target, converted);
    };
    auto vectorType = dyn_cast<VectorType>(resultType);
    if (!vectorType)
      return convertOne(builder, value);
    int64_t elements = vectorType.getNumElements();
    Value source = allocateStackBuffer(
        builder, loc,
        MemRefType::get({elements}, cast<VectorType>(value.getType()).getElementType()));
    Value result =
        allocateStackBuffer(builder, loc, MemRefType::get({elements}, vectorType.getElementType()));
    storeTile(builder, loc, value, source, chunkWidth);
    scf::ForOp::create(builder, loc, arith::ConstantIndexOp::create(builder, loc, 0),
                       arith::ConstantIndexOp::create(builder, loc, elements),
                       arith::ConstantIndexOp::create(builder, loc, 1), ValueRange{},
                       [&](OpBuilder &b, Location loc, Value i, ValueRange) {
                         Value element = memref::LoadOp::create(b, loc, source, ValueRange{i});
                         memref::StoreOp::create(b, loc, convertOne(b, element), result,
                                                 ValueRange{i});
                         scf::YieldOp::create(b, loc);
                       });
    return loadTile(builder, loc, vectorType, result, chunkWidth);
  }

  int64_t chunkWidth;

  /// f32 to bf16 toward zero: the high half of the bits; NaN stays a (quiet) NaN.
  static Value truncateToBF16TowardZero(OpBuilder &builder, Location loc, Value value,
                                        Type type) {
    auto like = [&](Type element) -> Type {
      if (auto vector = dyn_cast<VectorType>(type))
        return vector.clone(element);
      return element;
    };
    auto constant = [&](Type element, int64_t v) -> Value {
      return createSplatConstant(builder, loc, like(element), builder.getIntegerAttr(element, v));
    };
    Type i32 = builder.getI32Type(), i16 = builder.getIntegerType(16);
    Value bits = arith::BitcastOp::create(builder, loc, like(i32), value);
    Value high = arith::TruncIOp::create(
        builder, loc, like(i16), arith::ShRUIOp::create(builder, loc, bits, constant(i32, 16)));
    Value isNaN = arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, value, value);
    high = arith::SelectOp::create(builder, loc, isNaN, constant(i16, 0x7FC0), high);
    return arith::BitcastOp::create(builder, loc, type, high);
  }
};

} // namespace

/// arith.extf from fp8 (isFloat8Conversion), which the dot lowering creates to extend fp8
/// operands: the exact f32 value computed on the bits in vector code (Float8Bits::toFloat32),
/// then widened to f64 or narrowed to f16 or bf16, which hold every fp8 value exactly.
struct Float8ExtFOpConversion : OpConversionPattern<arith::ExtFOp> {
  Float8ExtFOpConversion(const TypeConverter &converter, MLIRContext *context)
      : OpConversionPattern<arith::ExtFOp>(converter, context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(arith::ExtFOp op, OpAdaptor adaptor,
                                ConversionPatternRewriter &rewriter) const override {
    if (!isFloat8Conversion(op))
      return failure();
    Type resultType = getTypeConverter()->convertType(op.getType());
    Value value = adaptor.getIn();
    Float8Bits fp8(rewriter, op.getLoc(), value.getType());
    Value wide = fp8.toFloat32(value);
    auto target = cast<FloatType>(getElementTypeOrSelf(resultType));
    if (target.getWidth() > 32)
      wide = arith::ExtFOp::create(rewriter, op.getLoc(), resultType, wide);
    else if (target.getWidth() < 32)
      wide = arith::TruncFOp::create(rewriter, op.getLoc(), resultType, wide);
    rewriter.replaceOp(op, wide);
    return success();
  }
};

bool isFloat8Conversion(Operation *op) {
  auto extend = dyn_cast<arith::ExtFOp>(op);
  return extend && isFloat8(extend.getIn().getType());
}

bool isFloat8Arithmetic(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
      isa<arith::ConstantOp, arith::BitcastOp, arith::SelectOp, arith::ExtFOp, arith::TruncFOp>(
          op))
    return false;
  return llvm::any_of(op->getOperandTypes(), isFloat8) ||
         llvm::any_of(op->getResultTypes(), isFloat8);
}

void populateElementwiseOpToVectorPatterns(const TypeConverter &typeConverter,
                                           RewritePatternSet &patterns,
                                           const CpuLoweringInfo &info) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ArithMathOpConversion, AddPtrOpConversion,
               PointerCastOpConversion<tt::IntToPtrOp, LLVM::IntToPtrOp>,
               PointerCastOpConversion<tt::PtrToIntOp, LLVM::PtrToIntOp>>(typeConverter, context,
                                                                          info.chunkWidth);
  patterns.add<FpToFpOpConversion>(typeConverter, context, info.chunkWidth);
  patterns.add<ConstantOpConversion, BitcastOpConversion, PreciseSqrtOpConversion, PreciseDivFOpConversion, ClampFOpConversion,
               MulhiUIOpConversion,
               Float8MaximumOrMinimumOpConversion<arith::MaximumFOp, true, false>,
               Float8MaximumOrMinimumOpConversion<arith::MinimumFOp, false, false>,
               Float8MaximumOrMinimumOpConversion<arith::MaxNumFOp, true, true>,
               Float8MaximumOrMinimumOpConversion<arith::MinNumFOp, false, true>,
               Float8ExtFOpConversion, Float8ArithmeticOpRejection>(typeConverter, context);
}

} // namespace mlir::nereid::cpu
