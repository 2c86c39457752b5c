// Conversions between element types: the integer casts and float conversions of arith, and
// tt.fp_to_fp. Float narrowing rounds as the op says (to nearest even by default) through the
// one encoder of FloatFormats.cpp; float-to-integer conversion truncates and saturates, with
// NaN giving 0.

#include "Executor.h"
#include "Handlers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

namespace mlir::nereid::interpreter {
namespace {

template <typename Fn> LogicalResult convert(Operation *op, Frame &frame, Fn fn) {
  const Tensor &source = frame.get(op->getOperand(0));
  Tensor result = Tensor::zeros(kindOf(op->getResult(0)), source.shape());
  for (int64_t i = 0, e = result.numElements(); i < e; ++i)
    fn(source, result, i);
  frame.set(op->getResult(0), std::move(result));
  return success();
}

LogicalResult executeSignExtend(Operation *op, Frame &frame) {
  return convert(op, frame, [](const Tensor &in, Tensor &out, int64_t i) {
    out.setBits(i, uint64_t(in.getSigned(i)));
  });
}

LogicalResult executeZeroExtendOrTruncate(Operation *op, Frame &frame) {
  return convert(op, frame,
                 [](const Tensor &in, Tensor &out, int64_t i) { out.setBits(i, in.getBits(i)); });
}

/// An integer to a float, rounded once to nearest even.
void integerToFloat(Tensor &out, int64_t i, uint64_t magnitude, bool negative) {
  double value = integerToDoubleRoundedToOdd(magnitude);
  if (out.kind() == ElementKind::F64) {
    // Round to odd then to nearest could round twice at 53 bits: convert in one step instead.
    out.mutableData<double>()[i] = negative ? -double(magnitude) : double(magnitude);
    return;
  }
  out.setFloat(i, negative ? -value : value);
}

LogicalResult executeSignedToFloat(Operation *op, Frame &frame) {
  return convert(op, frame, [](const Tensor &in, Tensor &out, int64_t i) {
    int64_t value = in.getSigned(i);
    integerToFloat(out, i, value < 0 ? uint64_t(0) - uint64_t(value) : uint64_t(value), value < 0);
  });
}

LogicalResult executeUnsignedToFloat(Operation *op, Frame &frame) {
  return convert(op, frame, [](const Tensor &in, Tensor &out, int64_t i) {
    integerToFloat(out, i, in.getBits(i), false);
  });
}

/// Truncates toward zero and saturates to [low, high]; NaN gives 0.
template <bool Signed> LogicalResult executeFloatToInteger(Operation *op, Frame &frame) {
  return convert(op, frame, [](const Tensor &in, Tensor &out, int64_t i) {
    double value = std::trunc(in.getFloat(i));
    unsigned width = getIntegerWidth(out.kind());
    double limit = std::ldexp(1.0, Signed ? int(width) - 1 : int(width)); // exclusive bound
    uint64_t bits;
    if (std::isnan(value))
      bits = 0;
    else if (value >= limit)
      bits = Signed ? (uint64_t(1) << (width - 1)) - 1 : ~uint64_t(0);
    else if (Signed && value < -limit)
      bits = uint64_t(1) << (width - 1);
    else if (!Signed && value < 0)
      bits = 0;
    else
      bits = Signed ? uint64_t(int64_t(value)) : uint64_t(value);
    out.setBits(i, bits);
  });
}

Rounding toRounding(arith::RoundingMode mode) {
  switch (mode) {
  case arith::RoundingMode::to_nearest_even:
    return Rounding::NearestEven;
  case arith::RoundingMode::downward:
    return Rounding::Downward;
  case arith::RoundingMode::upward:
    return Rounding::Upward;
  case arith::RoundingMode::toward_zero:
    return Rounding::TowardZero;
  case arith::RoundingMode::to_nearest_away:
    return Rounding::NearestAway;
  }
  return Rounding::NearestEven;
}

LogicalResult convertFloat(Operation *op, Frame &frame, Rounding rounding) {
  return convert(op, frame, [rounding](const Tensor &in, Tensor &out, int64_t i) {
    out.setFloat(i, in.getFloat(i), rounding);
  });
}

LogicalResult executeExtF(Operation *op, Frame &frame) {
  return convertFloat(op, frame, Rounding::NearestEven);
}

LogicalResult executeTruncF(Operation *op, Frame &frame) {
  std::optional<arith::RoundingMode> mode = cast<arith::TruncFOp>(op).getRoundingmode();
  return convertFloat(op, frame, mode ? toRounding(*mode) : Rounding::NearestEven);
}

LogicalResult executeFpToFp(Operation *op, Frame &frame) {
  std::optional<tt::RoundingMode> mode = cast<tt::FpToFpOp>(op).getRounding();
  Rounding rounding =
      mode && *mode == tt::RoundingMode::RTZ ? Rounding::TowardZero : Rounding::NearestEven;
  return convertFloat(op, frame, rounding);
}

} // namespace

void registerConversionHandlers(HandlerTable &table) {
  table.add<arith::ExtSIOp, arith::IndexCastOp>(executeSignExtend);
  table.add<arith::ExtUIOp, arith::TruncIOp, arith::IndexCastUIOp>(executeZeroExtendOrTruncate);
  table.add<arith::SIToFPOp>(executeSignedToFloat);
  table.add<arith::UIToFPOp>(executeUnsignedToFloat);
  table.add<arith::FPToSIOp>(executeFloatToInteger<true>);
  table.add<arith::FPToUIOp>(executeFloatToInteger<false>);
  table.add<arith::ExtFOp>(executeExtF);
  table.add<arith::TruncFOp>(executeTruncF);
  table.add<tt::FpToFpOp>(executeFpToFp);
}

} // namespace mlir::nereid::interpreter
