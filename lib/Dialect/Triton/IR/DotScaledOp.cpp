// The verifier of tt.dot_scaled and what its users ask of it: the group size of its scales and
// the element type that stores each format.

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::nereid::tt;

/// Whether `format` is e2m1, two values to a byte.
static bool isPacked(ScaleDotElemType format) { return format == ScaleDotElemType::E2M1; }

Type DotScaledOp::getStorageElementType(MLIRContext *context, ScaleDotElemType format) {
  Builder builder(context);
  switch (format) {
  case ScaleDotElemType::E4M3:
    return builder.getType<Float8E4M3FNType>();
  case ScaleDotElemType::E5M2:
    return builder.getType<Float8E5M2Type>();
  case ScaleDotElemType::E2M1:
    return builder.getI8Type();
  case ScaleDotElemType::BF16:
    return builder.getBF16Type();
  case ScaleDotElemType::FP16:
    return builder.getF16Type();
  }
  llvm_unreachable("every format has a storage type");
}

int64_t DotScaledOp::getK() {
  int64_t k = getA().getType().getShape().back();
  return isPacked(getAElemType()) && getLhsKPack() ? 2 * k : k;
}

int64_t DotScaledOp::getScaleGroupSize() {
  for (Value scale : {getAScale(), getBScale()})
    if (scale)
      return getK() / cast<RankedTensorType>(scale.getType()).getShape().back();
  return 32;
}

/// Checks one operand: its element type stores its format, and only e2m1 is packed along a
/// dimension other than K.
static LogicalResult verifyOperand(DotScaledOp op, StringRef name, RankedTensorType type,
                                   ScaleDotElemType format, bool kPack) {
  Type expected = DotScaledOp::getStorageElementType(op.getContext(), format);
  if (type.getElementType() != expected)
    return op.emitOpError() << "expects " << name << " to hold " << stringifyEnum(format)
                            << " values as " << expected << "; got " << type;
  if (!kPack && !isPacked(format))
    return op.emitOpError() << "expects " << name
                            << " to be packed along K: only e2m1 may be packed along another "
                               "dimension; got "
                            << stringifyEnum(format);
  return success();
}

/// Checks one scale: i8 (e8m0) elements, the operand's batch and M (N for b) dimensions, and a
/// last dimension that splits K into groups of 16 or 32. Sets `groupSize`.
static LogicalResult verifyScale(DotScaledOp op, StringRef name, Value scale,
                                 ArrayRef<int64_t> leading, int64_t k, int64_t &groupSize) {
  auto type = cast<RankedTensorType>(scale.getType());
  if (!type.getElementType().isInteger(8))
    return op.emitOpError() << "expects " << name << " to hold e8m0 exponents as i8; got "
                            << type;
  ArrayRef<int64_t> shape = type.getShape();
  if (shape.size() != leading.size() + 1 || shape.drop_back() != leading)
    return op.emitOpError() << "expects " << name << " to be [..., M or N, K / group]; got "
                            << type;
  int64_t groups = shape.back();
  if (k % groups != 0 || (k / groups != 16 && k / groups != 32))
    return op.emitOpError() << "expects " << name << " to split K = " << k
                            << " into groups of 16 or 32 values; got " << groups << " groups";
  groupSize = k / groups;
  return success();
}

LogicalResult DotScaledOp::verify() {
  RankedTensorType aType = getA().getType(), bType = getB().getType(), cType = getC().getType();
  int64_t rank = aType.getRank();
  if (rank != 2 && rank != 3)
    return emitOpError() << "expects 2-D operands, or 3-D with a leading batch dimension; got "
                         << aType;
  if (bType.getRank() != rank || cType.getRank() != rank)
    return emitOpError() << "expects a, b and c of one rank; got " << aType << ", " << bType
                         << " and " << cType;
  if (failed(verifyOperand(*this, "a", aType, getAElemType(), getLhsKPack())) ||
      failed(verifyOperand(*this, "b", bType, getBElemType(), getRhsKPack())))
    return failure();

  // The logical sizes: e2m1 holds two values per element along its packed dimension.
  int64_t m = aType.getShape()[rank - 2], aK = aType.getShape()[rank - 1];
  int64_t bK = bType.getShape()[rank - 2], n = bType.getShape()[rank - 1];
  int64_t aValuesPerElement = isPacked(getAElemType()) ? 2 : 1;
  int64_t bValuesPerElement = isPacked(getBElemType()) ? 2 : 1;
  (getLhsKPack() ? aK : m) *= aValuesPerElement;
  (getRhsKPack() ? bK : n) *= bValuesPerElement;
  if (aK != bK)
    return emitOpError() << "expects a and b to hold the same number of values along K; got "
                         << aK << " and " << bK;
  if (!cType.getElementType().isF32())
    return emitOpError() << "expects an f32 accumulator; got " << cType;
  SmallVector<int64_t> batch(aType.getShape().drop_back(2));
  SmallVector<int64_t> expectedC(batch);
  expectedC.append({m, n});
  if (bType.getShape().drop_back(2) != ArrayRef<int64_t>(batch) ||
      cType.getShape() != ArrayRef<int64_t>(expectedC))
    return emitOpError() << "expects the accumulator to be " << (rank == 3 ? "Bx" : "") << m
                         << "x" << n << " with one batch size for a, b and c; got " << cType;

  int64_t aGroup = 0, bGroup = 0;
  SmallVector<int64_t> aLeading(batch), bLeading(batch);
  aLeading.push_back(m);
  bLeading.push_back(n);
  if (getAScale() && failed(verifyScale(*this, "a_scale", getAScale(), aLeading, aK, aGroup)))
    return failure();
  if (getBScale() && failed(verifyScale(*this, "b_scale", getBScale(), bLeading, aK, bGroup)))
    return failure();
  if (aGroup && bGroup && aGroup != bGroup)
    return emitOpError() << "expects one group size for both scales; got " << aGroup << " and "
                         << bGroup;
  return success();
}
