// tt-decompose-scaled-dot: tt.dot_scaled as the scaling of its operands and a tt.dot (see
// DecomposeScaledDotPass in Passes.td).

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/Triton/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::nereid::tt {

#define GEN_PASS_DEF_DECOMPOSESCALEDDOTPASS
#include "nereid/Dialect/Triton/Transforms/Passes.h.inc"

namespace {

/// The f32 bits of 0.5, the e2m1 code 1; the codes above it are 0.5 * 2^(code >> 1) times
/// 1 + (code & 1) / 2, which is these bits plus the code shifted to the exponent's last bit.
constexpr int32_t kHalfBits = 0x3F000000;
/// The f32 bits of 2^-127, the e8m0 exponent 0 (a subnormal f32).
constexpr int32_t kScaleZeroBits = 0x00400000;

/// Builds the decomposition of one tt.dot_scaled, where it stands.
class ScaledDotDecomposer {
public:
  explicit ScaledDotDecomposer(DotScaledOp dot) : dot(dot), builder(dot), loc(dot.getLoc()) {
    bool half = dot.getAElemType() == ScaleDotElemType::FP16 ||
                dot.getBElemType() == ScaleDotElemType::FP16;
    compute = half ? builder.getF16Type() : builder.getBF16Type();
  }

  /// The tt.dot of the scaled operands, accumulating into the scaled dot's c.
  Value decompose() {
    Value a = scaleOperand(dot.getA(), dot.getAScale(), dot.getAElemType(), dot.getLhsKPack(),
                           /*isRhs=*/false);
    Value b = scaleOperand(dot.getB(), dot.getBScale(), dot.getBElemType(), dot.getRhsKPack(),
                           /*isRhs=*/true);
    return DotOp::create(builder, loc, dot.getType(), a, b, dot.getC(), InputPrecision::IEEE,
                         /*maxNumImpreciseAcc=*/0);
  }

private:
  /// A tensor type of `shape` and `element`.
  static RankedTensorType tensorOf(ArrayRef<int64_t> shape, Type element) {
    return RankedTensorType::get(shape, element);
  }

  /// `value` of the element type of `like` in every element of its shape.
  Value constantLike(Value like, Type element, Attribute value) {
    auto type = tensorOf(cast<RankedTensorType>(like.getType()).getShape(), element);
    return arith::ConstantOp::create(builder, loc, type, DenseElementsAttr::get(type, value));
  }
  Value i32Like(Value like, int32_t value) {
    return constantLike(like, builder.getI32Type(), builder.getI32IntegerAttr(value));
  }

  /// `operand` as the logical matrix it holds, rounded to the compute type (bf16 or f16) and
  /// multiplied by its scales, if any, in that type.
  Value scaleOperand(Value operand, Value scale, ScaleDotElemType format, bool kPack,
                     bool isRhs) {
    Value values = toFloat32(operand, format, /*packRows=*/isRhs == kPack);
    Value rounded = arith::TruncFOp::create(
        builder, loc, tensorOf(cast<RankedTensorType>(values.getType()).getShape(), compute),
        values);
    if (!scale)
      return rounded;
    return arith::MulFOp::create(builder, loc, rounded, broadcastScale(scale, isRhs));
  }

  /// The exact f32 values of `operand`, whose storage `format` says; e2m1 unpacks along the
  /// second-to-last dimension where `packRows`, else along the last.
  Value toFloat32(Value operand, ScaleDotElemType format, bool packRows) {
    auto type = cast<RankedTensorType>(operand.getType());
    Type f32 = builder.getF32Type();
    switch (format) {
    case ScaleDotElemType::E2M1:
      return unpackE2M1(operand, packRows);
    case ScaleDotElemType::E4M3:
    case ScaleDotElemType::E5M2:
      return FpToFpOp::create(builder, loc, tensorOf(type.getShape(), f32), operand,
                              RoundingModeAttr());
    case ScaleDotElemType::BF16:
    case ScaleDotElemType::FP16:
      return arith::ExtFOp::create(builder, loc, tensorOf(type.getShape(), f32), operand);
    }
    llvm_unreachable("every format converts to f32");
  }

  /// The f32 values of e2m1 codes (i32, 0 to 15): 0, 0.5, 1, 1.5, 2, 3, 4, 6 and their
  /// negatives, built from their bits.
  Value decodeE2M1(Value codes) {
    Value magnitude = arith::AndIOp::create(builder, loc, codes, i32Like(codes, 7));
    Value bits = arith::AddIOp::create(
        builder, loc, arith::ShLIOp::create(builder, loc, magnitude, i32Like(codes, 22)),
        i32Like(codes, kHalfBits));
    auto isCode = [&](int32_t code) {
      return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, magnitude,
                                   i32Like(codes, code));
    };
    bits = arith::SelectOp::create(builder, loc, isCode(1), i32Like(codes, kHalfBits), bits);
    bits = arith::SelectOp::create(builder, loc, isCode(0), i32Like(codes, 0), bits);
    Value sign = arith::ShLIOp::create(
        builder, loc, arith::AndIOp::create(builder, loc, codes, i32Like(codes, 8)),
        i32Like(codes, 28));
    bits = arith::OrIOp::create(builder, loc, bits, sign);
    auto type = cast<RankedTensorType>(codes.getType());
    return BitcastOp::create(builder, loc, tensorOf(type.getShape(), builder.getF32Type()),
                             bits);
  }

  /// The f32 values of an i8 tensor of e2m1 pairs, the low four bits first, unpacked along
  /// the second-to-last dimension where `packRows`, else along the last.
  Value unpackE2M1(Value packed, bool packRows) {
    auto type = cast<RankedTensorType>(packed.getType());
    Value bytes = arith::ExtUIOp::create(builder, loc,
                                         tensorOf(type.getShape(), builder.getI32Type()), packed);
    Value low = decodeE2M1(bytes);
    Value high =
        decodeE2M1(arith::ShRUIOp::create(builder, loc, bytes, i32Like(bytes, 4)).getResult());
    SmallVector<int64_t> shape(type.getShape());
    SmallVector<int64_t> joinedShape(shape);
    joinedShape.push_back(2);
    Type f32 = builder.getF32Type();
    Value pairs = JoinOp::create(builder, loc, tensorOf(joinedShape, f32), low, high);
    int64_t rank = shape.size();
    if (packRows) {
      // [..., R, C, 2] -> [..., R, 2, C], so that the pair of row r lands at rows 2r, 2r + 1.
      SmallVector<int32_t> order;
      for (int32_t i = 0; i < rank - 1; ++i)
        order.push_back(i);
      order.append({int32_t(rank), int32_t(rank - 1)});
      SmallVector<int64_t> transposedShape(shape);
      transposedShape.insert(transposedShape.end() - 1, 2);
      pairs = TransOp::create(builder, loc, tensorOf(transposedShape, f32), pairs, order);
      shape[rank - 2] *= 2;
    } else {
      shape[rank - 1] *= 2;
    }
    return ReshapeOp::create(builder, loc, tensorOf(shape, f32), pairs, UnitAttr());
  }

  /// The multipliers of an operand from its e8m0 scales ([..., R, K / group], i8): 2^(s - 127)
  /// rounded to the compute type (255 is NaN unless fastMath, then infinity), repeated over
  /// each group along K, and transposed to K x N for the rhs.
  Value broadcastScale(Value scale, bool isRhs) {
    auto type = cast<RankedTensorType>(scale.getType());
    Type f32 = builder.getF32Type();
    Value exponents =
        arith::ExtUIOp::create(builder, loc, tensorOf(type.getShape(), builder.getI32Type()),
                               scale);
    Value bits = arith::ShLIOp::create(builder, loc, exponents, i32Like(exponents, 23));
    Value isZero = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, exponents,
                                         i32Like(exponents, 0));
    bits = arith::SelectOp::create(builder, loc, isZero, i32Like(exponents, kScaleZeroBits),
                                   bits);
    Value multipliers = BitcastOp::create(builder, loc, tensorOf(type.getShape(), f32), bits);
    if (!dot.getFastMath()) {
      Value isNan = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, exponents,
                                          i32Like(exponents, 255));
      Value nan = constantLike(
          exponents, f32,
          builder.getFloatAttr(f32, APFloat::getNaN(cast<FloatType>(f32).getFloatSemantics())));
      multipliers = arith::SelectOp::create(builder, loc, isNan, nan, multipliers);
    }
    multipliers =
        arith::TruncFOp::create(builder, loc, tensorOf(type.getShape(), compute), multipliers);

    // [..., R, G] -> [..., R, G, 1] -> [..., R, G, group] -> [..., R, K].
    int64_t group = dot.getScaleGroupSize();
    SmallVector<int64_t> shape(type.getShape());
    int64_t rank = shape.size();
    shape.push_back(1);
    Value expanded =
        ExpandDimsOp::create(builder, loc, tensorOf(shape, compute), multipliers, rank);
    shape.back() = group;
    Value repeated = BroadcastOp::create(builder, loc, tensorOf(shape, compute), expanded);
    shape.pop_back();
    shape.back() *= group;
    Value perValue = ReshapeOp::create(builder, loc, tensorOf(shape, compute), repeated,
                                       UnitAttr());
    if (!isRhs)
      return perValue;
    SmallVector<int32_t> order;
    for (int32_t i = 0; i < rank - 2; ++i)
      order.push_back(i);
    order.append({int32_t(rank - 1), int32_t(rank - 2)});
    std::swap(shape[rank - 2], shape[rank - 1]);
    return TransOp::create(builder, loc, tensorOf(shape, compute), perValue, order);
  }

  DotScaledOp dot;
  OpBuilder builder;
  Location loc;
  Type compute;
};

struct DecomposeScaledDotPass : impl::DecomposeScaledDotPassBase<DecomposeScaledDotPass> {
  void runOnOperation() override {
    SmallVector<DotScaledOp> dots;
    getOperation()->walk([&](DotScaledOp dot) { dots.push_back(dot); });
    for (DotScaledOp dot : dots) {
      Value product = ScaledDotDecomposer(dot).decompose();
      dot.replaceAllUsesWith(product);
      dot->erase();
    }
  }
};

} // namespace
} // namespace mlir::nereid::tt
