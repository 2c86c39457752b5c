// The float ops of the math dialect. Functions beyond +, -, *, / and sqrt are computed with the
// host C library in f64 and rounded to the result type once, which is correctly rounded for
// all but rare inputs of f32 and narrower types; f64 results are the C library's.

#include "Elementwise.h"
#include "Executor.h"
#include "Handlers.h"

#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

namespace mlir::nereid::interpreter {
namespace {

/// Rounds half-way cases to even, whatever the host's rounding mode.
double roundToEven(double x) {
  if (!std::isfinite(x))
    return x;
  return std::copysign(x - std::remainder(x, 1.0), x);
}

#define UNARY_F64(NAME, CALL)                                                                      \
  LogicalResult NAME(Operation *op, Frame &frame) {                                                \
    return floatOp<1>(op, frame, [](auto x) { return CALL(double(x)); });                          \
  }
#define BINARY_F64(NAME, CALL)                                                                     \
  LogicalResult NAME(Operation *op, Frame &frame) {                                                \
    return floatOp<2>(op, frame, [](auto x, auto y) { return CALL(double(x), double(y)); });       \
  }

UNARY_F64(executeAbsF, std::fabs)
UNARY_F64(executeCeil, std::ceil)
UNARY_F64(executeFloor, std::floor)
UNARY_F64(executeRound, std::round)
UNARY_F64(executeRoundEven, roundToEven)
UNARY_F64(executeTrunc, std::trunc)
UNARY_F64(executeSqrt, std::sqrt)
UNARY_F64(executeRsqrt, 1.0 / std::sqrt)
UNARY_F64(executeExp, std::exp)
UNARY_F64(executeExp2, std::exp2)
UNARY_F64(executeExpM1, std::expm1)
UNARY_F64(executeLog, std::log)
UNARY_F64(executeLog2, std::log2)
UNARY_F64(executeLog10, std::log10)
UNARY_F64(executeLog1p, std::log1p)
UNARY_F64(executeSin, std::sin)
UNARY_F64(executeCos, std::cos)
UNARY_F64(executeTan, std::tan)
UNARY_F64(executeAsin, std::asin)
UNARY_F64(executeAcos, std::acos)
UNARY_F64(executeAtan, std::atan)
UNARY_F64(executeSinh, std::sinh)
UNARY_F64(executeCosh, std::cosh)
UNARY_F64(executeTanh, std::tanh)
UNARY_F64(executeAsinh, std::asinh)
UNARY_F64(executeAcosh, std::acosh)
UNARY_F64(executeAtanh, std::atanh)
UNARY_F64(executeErf, std::erf)
UNARY_F64(executeErfc, std::erfc)
UNARY_F64(executeCbrt, std::cbrt)
BINARY_F64(executeAtan2, std::atan2)
BINARY_F64(executePowF, std::pow)
BINARY_F64(executeCopySign, std::copysign)

#undef UNARY_F64
#undef BINARY_F64

/// Fused in the compute type: one rounding for f32 and f64.
LogicalResult executeFma(Operation *op, Frame &frame) {
  return floatOp<3>(op, frame, [](auto x, auto y, auto z) { return std::fma(x, y, z); });
}

/// x to an integer power, computed as pow in f64.
LogicalResult executeFPowI(Operation *op, Frame &frame) {
  const Tensor &base = frame.get(op->getOperand(0));
  const Tensor &exponent = frame.get(op->getOperand(1));
  ArrayRef<int64_t> shape = broadcastShape({&base, &exponent});
  Tensor x = expandScalar(base, shape), n = expandScalar(exponent, shape);
  Tensor result = Tensor::zeros(kindOf(op->getResult(0)), shape);
  for (int64_t i = 0, e = result.numElements(); i < e; ++i)
    result.setFloat(i, std::pow(x.getFloat(i), double(n.getSigned(i))));
  frame.set(op->getResult(0), std::move(result));
  return success();
}

/// math.isnan, isinf, isfinite, isnormal: an i1 per element, judged in the operand's format.
template <typename Pred> LogicalResult classify(Operation *op, Frame &frame, Pred pred) {
  const Tensor &x = frame.get(op->getOperand(0));
  const FloatFormat &format = getFloatFormat(x.kind());
  double minNormal = std::ldexp(1.0, 1 - format.bias);
  Tensor result = Tensor::zeros(ElementKind::I1, x.shape());
  for (int64_t i = 0, e = result.numElements(); i < e; ++i)
    result.mutableData<uint8_t>()[i] = pred(x.getFloat(i), minNormal) ? 1 : 0;
  frame.set(op->getResult(0), std::move(result));
  return success();
}

LogicalResult executeIsNaN(Operation *op, Frame &frame) {
  return classify(op, frame, [](double x, double) { return std::isnan(x); });
}
LogicalResult executeIsInf(Operation *op, Frame &frame) {
  return classify(op, frame, [](double x, double) { return std::isinf(x); });
}
LogicalResult executeIsFinite(Operation *op, Frame &frame) {
  return classify(op, frame, [](double x, double) { return std::isfinite(x); });
}
LogicalResult executeIsNormal(Operation *op, Frame &frame) {
  return classify(op, frame, [](double x, double minNormal) {
    return std::isfinite(x) && std::fabs(x) >= minNormal;
  });
}

} // namespace

void registerMathHandlers(HandlerTable &table) {
  table.add<math::AbsFOp>(executeAbsF);
  table.add<math::CeilOp>(executeCeil);
  table.add<math::FloorOp>(executeFloor);
  table.add<math::RoundOp>(executeRound);
  table.add<math::RoundEvenOp>(executeRoundEven);
  table.add<math::TruncOp>(executeTrunc);
  table.add<math::SqrtOp>(executeSqrt);
  table.add<math::RsqrtOp>(executeRsqrt);
  table.add<math::ExpOp>(executeExp);
  table.add<math::Exp2Op>(executeExp2);
  table.add<math::ExpM1Op>(executeExpM1);
  table.add<math::LogOp>(executeLog);
  table.add<math::Log2Op>(executeLog2);
  table.add<math::Log10Op>(executeLog10);
  table.add<math::Log1pOp>(executeLog1p);
  table.add<math::SinOp>(executeSin);
  table.add<math::CosOp>(executeCos);
  table.add<math::TanOp>(executeTan);
  table.add<math::AsinOp>(executeAsin);
  table.add<math::AcosOp>(executeAcos);
  table.add<math::AtanOp>(executeAtan);
  table.add<math::SinhOp>(executeSinh);
  table.add<math::CoshOp>(executeCosh);
  table.add<math::TanhOp>(executeTanh);
  table.add<math::AsinhOp>(executeAsinh);
  table.add<math::AcoshOp>(executeAcosh);
  table.add<math::AtanhOp>(executeAtanh);
  table.add<math::ErfOp>(executeErf);
  table.add<math::ErfcOp>(executeErfc);
  table.add<math::CbrtOp>(executeCbrt);
  table.add<math::Atan2Op>(executeAtan2);
  table.add<math::PowFOp>(executePowF);
  table.add<math::CopySignOp>(executeCopySign);
  table.add<math::FmaOp>(executeFma);
  table.add<math::FPowIOp>(executeFPowI);
  table.add<math::IsNaNOp>(executeIsNaN);
  table.add<math::IsInfOp>(executeIsInf);
  table.add<math::IsFiniteOp>(executeIsFinite);
  table.add<math::IsNormalOp>(executeIsNormal);
}

} // namespace mlir::nereid::interpreter
