// tt.dot: d = a * b + c, 2-D or batched 3-D. Each result element starts from c and adds the
// products a[i][k] * b[k][j] for k = 0, 1, ..., K-1 in that order, in the type of c:
// - a float accumulator adds each product with one fused multiply-add in f32 (f64 when c or
//   the operands are f64). Products of f16, bf16 and fp8 operands are exact in f32.
// - an f16 or bf16 accumulator rounds to its type after every step;
// - an integer accumulator multiplies signed operands and wraps around at its width.
// inputPrecision = tf32 rounds f32 operands to 10 mantissa bits (to nearest, ties away) first;
// tf32x3, bf16x3 and bf16x6 emulate ieee and are computed as ieee.
//
// tt.dot_scaled: each operand value is decoded exactly, rounded to the compute type (f16 where
// either format is fp16, else bf16), multiplied by its group's scale 2^(s - 127) rounded to the
// compute type, and the product rounded to the compute type; a scale of 255 makes its group
// NaN unless fastMath is set (then it is the compute type's infinity, as 2^128 rounds). The
// scaled operands then multiply as an f32 tt.dot does (docs/semantics.md, "tt.dot_scaled").

#include "Executor.h"
#include "Handlers.h"

#include "nereid/Support/FloatFormats.h"

#include <cmath>
#include <vector>

namespace mlir::nereid::interpreter {
namespace {

/// The f32 value rounded to tf32 (8-bit exponent, 10-bit mantissa), ties away from zero.
float roundToTF32(float value) {
  if (!std::isfinite(value))
    return value;
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  bits = (bits + 0x1000u) & ~0x1FFFu;
  std::memcpy(&value, &bits, sizeof(bits));
  return value;
}

/// The sizes of one dot: `batch` independent M x K by K x N products.
struct DotShape {
  int64_t batch, m, n, k;
};

template <typename T> std::vector<T> readOperand(const Tensor &tensor, bool roundTF32) {
  std::vector<T> values(tensor.numElements());
  for (int64_t i = 0, e = tensor.numElements(); i < e; ++i) {
    T value = T(tensor.getFloat(i));
    if constexpr (std::is_same_v<T, float>)
      if (roundTF32)
        value = roundToTF32(value);
    values[i] = value;
  }
  return values;
}

/// The float product loop, accumulating in T (float or double) with fused multiply-adds.
/// `roundStep` rounds the accumulator to c's type after each step, for narrow accumulators.
template <typename T, typename Round>
void multiplyFloats(const DotShape &shape, const std::vector<T> &a, const std::vector<T> &b,
                    std::vector<T> &acc, Round roundStep) {
  for (int64_t batch = 0; batch < shape.batch; ++batch) {
    const T *aBatch = a.data() + batch * shape.m * shape.k;
    const T *bBatch = b.data() + batch * shape.k * shape.n;
    T *accBatch = acc.data() + batch * shape.m * shape.n;
    for (int64_t i = 0; i < shape.m; ++i) {
      T *row = accBatch + i * shape.n;
      for (int64_t k = 0; k < shape.k; ++k) {
        T aik = aBatch[i * shape.k + k];
        const T *bRow = bBatch + k * shape.n;
        for (int64_t j = 0; j < shape.n; ++j)
          row[j] = roundStep(std::fma(aik, bRow[j], row[j]));
      }
    }
  }
}

LogicalResult executeDot(Operation *op, Frame &frame) {
  auto dot = cast<tt::DotOp>(op);
  const Tensor &a = frame.get(dot.getA());
  const Tensor &b = frame.get(dot.getB());
  const Tensor &c = frame.get(dot.getC());
  ArrayRef<int64_t> aShape = a.shape(), bShape = b.shape();
  bool batched = aShape.size() == 3;
  DotShape shape{batched ? aShape[0] : 1, aShape[aShape.size() - 2], bShape.back(), aShape.back()};
  ElementKind accKind = c.kind();
  Tensor result = Tensor::zeros(accKind, c.shape());
  int64_t count = c.numElements();

  if (isIntegerKind(accKind)) {
    for (int64_t batch = 0; batch < shape.batch; ++batch)
      for (int64_t i = 0; i < shape.m; ++i)
        for (int64_t j = 0; j < shape.n; ++j) {
          int64_t index = (batch * shape.m + i) * shape.n + j;
          uint64_t acc = uint64_t(c.getSigned(index));
          for (int64_t k = 0; k < shape.k; ++k)
            acc += uint64_t(a.getSigned((batch * shape.m + i) * shape.k + k)) *
                   uint64_t(b.getSigned((batch * shape.k + k) * shape.n + j));
          result.setBits(index, acc);
        }
    frame.set(dot.getD(), std::move(result));
    return success();
  }

  bool roundTF32 = dot.getInputPrecision() == tt::InputPrecision::TF32;
  bool wide =
      accKind == ElementKind::F64 || a.kind() == ElementKind::F64 || b.kind() == ElementKind::F64;
  if (accKind == ElementKind::F32 && !wide) {
    std::vector<float> aValues = readOperand<float>(a, roundTF32);
    std::vector<float> bValues = readOperand<float>(b, roundTF32);
    std::vector<float> acc = readOperand<float>(c, false);
    multiplyFloats(shape, aValues, bValues, acc, [](float x) { return x; });
    std::memcpy(result.mutableBytes(), acc.data(), count * sizeof(float));
  } else {
    std::vector<double> aValues = readOperand<double>(a, false);
    std::vector<double> bValues = readOperand<double>(b, false);
    if (roundTF32 && a.kind() == ElementKind::F32)
      for (double &value : aValues)
        value = roundToTF32(float(value));
    if (roundTF32 && b.kind() == ElementKind::F32)
      for (double &value : bValues)
        value = roundToTF32(float(value));
    std::vector<double> acc = readOperand<double>(c, false);
    if (accKind == ElementKind::F64) {
      multiplyFloats(shape, aValues, bValues, acc, [](double x) { return x; });
    } else {
      // A narrow accumulator keeps only what its type holds after every step.
      Tensor step = Tensor::zeros(accKind, {});
      multiplyFloats(shape, aValues, bValues, acc, [&step](double x) {
        step.setFloat(0, x);
        return step.getFloat(0);
      });
    }
    for (int64_t i = 0; i < count; ++i)
      result.setFloat(i, acc[i]);
  }
  frame.set(dot.getD(), std::move(result));
  return success();
}

/// The value of an e2m1 code (the low four bits of `code`): sign, two exponent bits of bias 1,
/// one mantissa bit; exponent 0 is subnormal (0 or 0.5). The format has no infinity or NaN.
double decodeE2M1(uint64_t code) {
  unsigned exponent = (code >> 1) & 3, mantissa = code & 1;
  double magnitude =
      exponent == 0 ? 0.5 * mantissa : std::ldexp(1.0 + 0.5 * mantissa, int(exponent) - 1);
  return (code & 8) ? -magnitude : magnitude;
}

/// One operand of a tt.dot_scaled, described by the logical `batch` x `rows` x `cols` matrix
/// it holds (M x K for a, K x N for b).
struct ScaledOperand {
  const Tensor &values;
  const Tensor *scales; ///< null: no scale
  tt::ScaleDotElemType format;
  bool kPack;
  bool isRhs;
  int64_t batch, rows, cols;
};

/// The scaled values of `operand`, row-major over its logical shape, each exactly the
/// compute-format value it denotes (see the file comment).
std::vector<float> readScaledOperand(const ScaledOperand &operand, const FloatFormat &compute,
                                     int64_t groupSize, bool fastMath) {
  const int64_t rows = operand.rows, cols = operand.cols;
  // The dimension that e2m1 packs two values into: K unless kPack is false.
  bool packRows = operand.isRhs == operand.kPack;
  bool packed = operand.format == tt::ScaleDotElemType::E2M1;
  int64_t storedRows = packed && packRows ? rows / 2 : rows;
  int64_t storedCols = packed && !packRows ? cols / 2 : cols;
  int64_t k = operand.isRhs ? rows : cols;
  int64_t scaleColumns = k / groupSize;
  std::vector<float> result(operand.batch * rows * cols);
  for (int64_t batch = 0; batch < operand.batch; ++batch)
    for (int64_t row = 0; row < rows; ++row)
      for (int64_t col = 0; col < cols; ++col) {
        double value;
        if (packed) {
          int64_t storedRow = packRows ? row / 2 : row, storedCol = packRows ? col : col / 2;
          int64_t half = packRows ? row % 2 : col % 2;
          uint64_t byte =
              operand.values.getBits((batch * storedRows + storedRow) * storedCols + storedCol);
          value = decodeE2M1(byte >> (4 * half));
        } else {
          value = operand.values.getFloat((batch * rows + row) * cols + col);
        }
        value = decodeFloat(compute, encodeFloat(compute, value, Rounding::NearestEven));
        if (operand.scales) {
          int64_t scaled = operand.isRhs ? col : row, along = operand.isRhs ? row : col;
          uint64_t exponent = operand.scales->getBits(
              (batch * (operand.isRhs ? cols : rows) + scaled) * scaleColumns + along / groupSize);
          double scale = decodeFloat(
              compute, encodeFloat(compute, std::ldexp(1.0, int(exponent) - 127),
                                   Rounding::NearestEven));
          value = decodeFloat(compute,
                              encodeFloat(compute, value * scale, Rounding::NearestEven));
          if (exponent == 255 && !fastMath)
            value = std::nan("");
        }
        result[(batch * rows + row) * cols + col] = float(value);
      }
  return result;
}

LogicalResult executeDotScaled(Operation *op, Frame &frame) {
  auto dot = cast<tt::DotScaledOp>(op);
  const Tensor &c = frame.get(dot.getC());
  ArrayRef<int64_t> cShape = c.shape();
  bool batched = cShape.size() == 3;
  DotShape shape{batched ? cShape[0] : 1, cShape[cShape.size() - 2], cShape.back(), dot.getK()};
  bool halfCompute = dot.getAElemType() == tt::ScaleDotElemType::FP16 ||
                     dot.getBElemType() == tt::ScaleDotElemType::FP16;
  const FloatFormat &compute = halfCompute ? kFloat16 : kBFloat16;
  int64_t groupSize = dot.getScaleGroupSize();
  const Tensor *aScales = dot.getAScale() ? &frame.get(dot.getAScale()) : nullptr;
  const Tensor *bScales = dot.getBScale() ? &frame.get(dot.getBScale()) : nullptr;
  ScaledOperand a{frame.get(dot.getA()), aScales, dot.getAElemType(), dot.getLhsKPack(),
                  false, shape.batch, shape.m, shape.k};
  ScaledOperand b{frame.get(dot.getB()), bScales, dot.getBElemType(), dot.getRhsKPack(),
                  true, shape.batch, shape.k, shape.n};
  std::vector<float> aValues = readScaledOperand(a, compute, groupSize, dot.getFastMath());
  std::vector<float> bValues = readScaledOperand(b, compute, groupSize, dot.getFastMath());
  std::vector<float> acc = readOperand<float>(c, false);
  multiplyFloats(shape, aValues, bValues, acc, [](float x) { return x; });
  Tensor result = Tensor::uninitialized(ElementKind::F32, cShape);
  std::memcpy(result.mutableBytes(), acc.data(), acc.size() * sizeof(float));
  frame.set(dot.getD(), std::move(result));
  return success();
}

} // namespace

void registerDotHandlers(HandlerTable &table) {
  table.add<tt::DotOp>(executeDot);
  table.add<tt::DotScaledOp>(executeDotScaled);
}

} // namespace mlir::nereid::interpreter
