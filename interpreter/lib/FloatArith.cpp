// Float arithmetic of arith and tt: each op is computed exactly in the float's compute type
// and rounded once to nearest even (f32 ops are f32 ops; f16, bf16 and fp8 ops are computed in
// f64, where +, -, *, / and sqrt of narrower values round once more without double-rounding
// error). NaN and signed zero follow docs/semantics.md.

#include "Elementwise.h"
#include "Executor.h"
#include "Handlers.h"
#include "HostVectorLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <cmath>

namespace mlir::nereid::interpreter {
namespace {

#define FLOAT_OP(NAME, ARITY, PARAMS, BODY)                                                        \
  LogicalResult NAME(Operation *op, Frame &frame) {                                                \
    return floatOp<ARITY>(op, frame, [] PARAMS { BODY });                                          \
  }

/// +, -, * and / run in the host's vector loops on f32 and f64, in floatOp's loops otherwise.
#define ARITHMETIC_OP(NAME, OPERATION, OPERATOR)                                                  \
  LogicalResult NAME(Operation *op, Frame &frame) {                                                \
    ElementKind kind = kindOf(op->getResult(0));                                                   \
    if (kind == ElementKind::F32)                                                                  \
      return bindBinaryLoop<float>(op, frame, kind, [](auto... loopArguments) {                    \
        hostVectorLoops().applyF32(FloatOperation::OPERATION, loopArguments...);                   \
      });                                                                                          \
    if (kind == ElementKind::F64)                                                                  \
      return bindBinaryLoop<double>(op, frame, kind, [](auto... loopArguments) {                   \
        hostVectorLoops().applyF64(FloatOperation::OPERATION, loopArguments...);                   \
      });                                                                                          \
    return floatOp<2>(op, frame, [](auto x, auto y) { return x OPERATOR y; });                     \
  }

ARITHMETIC_OP(executeAddF, Add, +)
ARITHMETIC_OP(executeSubF, Subtract, -)
ARITHMETIC_OP(executeMulF, Multiply, *)
ARITHMETIC_OP(executeDivF, Divide, /)

#undef ARITHMETIC_OP
FLOAT_OP(executeRemF, 2, (auto x, auto y), return std::fmod(x, y);)
FLOAT_OP(executeNegF, 1, (auto x), return -x;)
FLOAT_OP(executeMaximumF, 2, (auto x, auto y), return maximumOf(x, y);)
FLOAT_OP(executeMinimumF, 2, (auto x, auto y), return minimumOf(x, y);)
FLOAT_OP(executeMaxNumF, 2, (auto x, auto y), return maximumNumberOf(x, y);)
FLOAT_OP(executeMinNumF, 2, (auto x, auto y), return minimumNumberOf(x, y);)
FLOAT_OP(executePreciseSqrt, 1, (auto x), return std::sqrt(x);)

#undef FLOAT_OP

LogicalResult executeClampF(Operation *op, Frame &frame) {
  if (cast<tt::ClampFOp>(op).getPropagateNan() == tt::PropagateNan::ALL)
    return floatOp<3>(
        op, frame, [](auto x, auto low, auto high) { return minimumOf(maximumOf(x, low), high); });
  return floatOp<3>(op, frame, [](auto x, auto low, auto high) {
    return minimumNumberOf(maximumNumberOf(x, low), high);
  });
}

LogicalResult executeCmpF(Operation *op, Frame &frame) {
  using P = arith::CmpFPredicate;
  P predicate = cast<arith::CmpFOp>(op).getPredicate();
  ElementKind kind = kindOf(op->getOperand(0));
  frame.set(op->getResult(0),
            mapFloatPredicate(kind, frame.getLazy(op->getOperand(0)),
                              frame.getLazy(op->getOperand(1)),
                              [predicate](auto x, auto y) {
                                bool unordered = std::isnan(x) || std::isnan(y);
                                switch (predicate) {
                                case P::AlwaysFalse:
                                  return false;
                                case P::OEQ:
                                  return !unordered && x == y;
                                case P::OGT:
                                  return !unordered && x > y;
                                case P::OGE:
                                  return !unordered && x >= y;
                                case P::OLT:
                                  return !unordered && x < y;
                                case P::OLE:
                                  return !unordered && x <= y;
                                case P::ONE:
                                  return !unordered && x != y;
                                case P::ORD:
                                  return !unordered;
                                case P::UEQ:
                                  return unordered || x == y;
                                case P::UGT:
                                  return unordered || x > y;
                                case P::UGE:
                                  return unordered || x >= y;
                                case P::ULT:
                                  return unordered || x < y;
                                case P::ULE:
                                  return unordered || x <= y;
                                case P::UNE:
                                  return unordered || x != y;
                                case P::UNO:
                                  return unordered;
                                case P::AlwaysTrue:
                                  return true;
                                }
                                return false;
                              }));
  return success();
}

} // namespace

void registerFloatHandlers(HandlerTable &table) {
  table.add<arith::AddFOp>(executeAddF);
  table.add<arith::SubFOp>(executeSubF);
  table.add<arith::MulFOp>(executeMulF);
  table.add<arith::DivFOp, tt::PreciseDivFOp>(executeDivF);
  table.add<arith::RemFOp>(executeRemF);
  table.add<arith::NegFOp>(executeNegF);
  table.add<arith::MaximumFOp>(executeMaximumF);
  table.add<arith::MinimumFOp>(executeMinimumF);
  table.add<arith::MaxNumFOp>(executeMaxNumF);
  table.add<arith::MinNumFOp>(executeMinNumF);
  table.add<arith::CmpFOp>(executeCmpF);
  table.add<tt::ClampFOp>(executeClampF);
  table.add<tt::PreciseSqrtOp>(executePreciseSqrt);
}

} // namespace mlir::nereid::interpreter
