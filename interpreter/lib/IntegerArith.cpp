// Integer ops of arith, math and tt. Integers are signless bit patterns that wrap around at
// their width; each op says whether it reads them as signed or unsigned. Division by zero and
// shifts past the width give the defined values of docs/semantics.md, never an error.

#include "Elementwise.h"
#include "Executor.h"
#include "Handlers.h"
#include "HostVectorLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace mlir::nereid::interpreter {
namespace {

/// Binds result 0 of `op` to fn over its two operands, as integers of the operands' kind.
template <typename Fn> LogicalResult binary(Operation *op, Frame &frame, Fn fn) {
  ElementKind kind = kindOf(op->getOperand(0));
  frame.set(op->getResult(0),
            mapIntegerBinary(kind, frame.getLazy(op->getOperand(0)),
                             frame.getLazy(op->getOperand(1)),
                             kindOf(op->getResult(0)), fn));
  return success();
}

template <typename Fn> LogicalResult unary(Operation *op, Frame &frame, Fn fn) {
  frame.set(op->getResult(0),
            mapIntegerUnary(kindOf(op->getOperand(0)), frame.get(op->getOperand(0)),
                            kindOf(op->getResult(0)), fn));
  return success();
}

// All-ones is the quotient of a division by zero; the dividend is the remainder.
#define INTEGER_BINARY(NAME, ...)                                                                  \
  LogicalResult NAME(Operation *op, Frame &frame) {                                                \
    return binary(op, frame, [](uint64_t a, uint64_t b, auto w) -> uint64_t {                      \
      using W = decltype(w);                                                                       \
      (void)sizeof(W);                                                                             \
      __VA_ARGS__                                                                                  \
    });                                                                                            \
  }

/// Ops that run in the host's vector loops on i32 and i64, in binary's loops otherwise.
#define VECTOR_INTEGER_BINARY(NAME, OPERATION, OPERATOR)                                          \
  LogicalResult NAME(Operation *op, Frame &frame) {                                                \
    ElementKind kind = kindOf(op->getResult(0));                                                   \
    if (kind == ElementKind::I32)                                                                  \
      return bindBinaryLoop<uint32_t>(op, frame, kind, [](auto... loopArguments) {                 \
        hostVectorLoops().applyI32(IntegerOperation::OPERATION, loopArguments...);                 \
      });                                                                                          \
    if (kind == ElementKind::I64)                                                                  \
      return bindBinaryLoop<uint64_t>(op, frame, kind, [](auto... loopArguments) {                 \
        hostVectorLoops().applyI64(IntegerOperation::OPERATION, loopArguments...);                 \
      });                                                                                          \
    return binary(op, frame, [](uint64_t a, uint64_t b, auto) -> uint64_t { return OPERATOR; });  \
  }

VECTOR_INTEGER_BINARY(executeAddI, Add, a + b)
VECTOR_INTEGER_BINARY(executeSubI, Subtract, a - b)
VECTOR_INTEGER_BINARY(executeMulI, Multiply, a * b)
VECTOR_INTEGER_BINARY(executeAndI, And, a & b)
VECTOR_INTEGER_BINARY(executeOrI, Or, a | b)
VECTOR_INTEGER_BINARY(executeXOrI, Xor, a ^ b)

#undef VECTOR_INTEGER_BINARY
INTEGER_BINARY(executeDivUI, return b == 0 ? W::mask : a / b;)
INTEGER_BINARY(executeRemUI, return b == 0 ? a : a % b;)
INTEGER_BINARY(executeCeilDivUI, return b == 0 ? W::mask : a / b + (a % b != 0);)
INTEGER_BINARY(executeDivSI, {
  int64_t x = W::toSigned(a), y = W::toSigned(b);
  if (y == 0)
    return W::mask;
  if (y == -1)
    return uint64_t(0) - a; // INT_MIN / -1 wraps to INT_MIN
  return uint64_t(x / y);
})
INTEGER_BINARY(executeRemSI, {
  int64_t x = W::toSigned(a), y = W::toSigned(b);
  if (y == 0)
    return a;
  if (y == -1)
    return 0;
  return uint64_t(x % y);
})
INTEGER_BINARY(executeCeilDivSI, {
  int64_t x = W::toSigned(a), y = W::toSigned(b);
  if (y == 0)
    return W::mask;
  if (y == -1)
    return uint64_t(0) - a;
  int64_t quotient = x / y;
  bool inexact = x % y != 0;
  return uint64_t(quotient + (inexact && ((x < 0) == (y < 0)) ? 1 : 0));
})
INTEGER_BINARY(executeFloorDivSI, {
  int64_t x = W::toSigned(a), y = W::toSigned(b);
  if (y == 0)
    return W::mask;
  if (y == -1)
    return uint64_t(0) - a;
  int64_t quotient = x / y;
  bool inexact = x % y != 0;
  return uint64_t(quotient - (inexact && ((x < 0) != (y < 0)) ? 1 : 0));
})
INTEGER_BINARY(executeShLI, return b >= W::bits ? 0 : a << b;)
INTEGER_BINARY(executeShRUI, return b >= W::bits ? 0 : a >> b;)
INTEGER_BINARY(executeShRSI, {
  int64_t x = W::toSigned(a);
  return uint64_t(b >= W::bits ? (x < 0 ? -1 : 0) : x >> b);
})
INTEGER_BINARY(executeMaxSI, return W::toSigned(a) >= W::toSigned(b) ? a : b;)
INTEGER_BINARY(executeMinSI, return W::toSigned(a) <= W::toSigned(b) ? a : b;)
INTEGER_BINARY(executeMaxUI, return a >= b ? a : b;)
INTEGER_BINARY(executeMinUI, return a <= b ? a : b;)
INTEGER_BINARY(executeMulHiUI, {
  if constexpr (W::bits == 64)
    return uint64_t((unsigned __int128)a * b >> 64);
  else
    return (a * b) >> W::bits;
})
INTEGER_BINARY(executeIPowI, {
  int64_t base = W::toSigned(a), exponent = W::toSigned(b);
  if (exponent < 0) {
    // Only 1 and -1 have integer reciprocals; every other base gives 0 (math.ipowi).
    if (base == 1)
      return 1;
    if (base == -1)
      return (exponent & 1) ? W::mask : 1;
    return 0;
  }
  uint64_t result = 1, factor = a;
  for (uint64_t e = uint64_t(exponent); e != 0; e >>= 1) {
    if (e & 1)
      result *= factor;
    factor *= factor;
  }
  return result;
})

#undef INTEGER_BINARY

LogicalResult executeCmpI(Operation *op, Frame &frame) {
  using P = arith::CmpIPredicate;
  P predicate = cast<arith::CmpIOp>(op).getPredicate();
  // A predicate holds for some of the three orders of the operands (less, equal, greater), read
  // as signed or unsigned; the loop tests the orders without a branch. Flipping bit 63 of the
  // zero-extended operands orders unsigned values as signed ones.
  bool isSigned = llvm::is_contained({P::slt, P::sle, P::sgt, P::sge}, predicate);
  bool onLess = llvm::is_contained({P::ne, P::slt, P::sle, P::ult, P::ule}, predicate);
  bool onEqual = llvm::is_contained({P::eq, P::sle, P::sge, P::ule, P::uge}, predicate);
  bool onGreater = llvm::is_contained({P::ne, P::sgt, P::sge, P::ugt, P::uge}, predicate);
  if (kindOf(op->getOperand(0)) == ElementKind::I32)
    return bindBinaryLoop<uint32_t, uint8_t>(
        op, frame, ElementKind::I1,
        [=](uint8_t *out, const uint32_t *x, size_t xStride, const uint32_t *y, size_t yStride,
            int64_t count) {
          hostVectorLoops().compareI32(out, x, xStride, y, yStride, isSigned, onLess, onEqual,
                                       onGreater, count);
        });
  uint64_t flip = isSigned ? 0 : uint64_t(1) << 63;
  return binary(op, frame, [=](uint64_t a, uint64_t b, auto w) -> uint64_t {
    using W = decltype(w);
    int64_t x = isSigned ? W::toSigned(a) : int64_t(a ^ flip);
    int64_t y = isSigned ? W::toSigned(b) : int64_t(b ^ flip);
    return (onLess & (x < y)) | (onEqual & (x == y)) | (onGreater & (x > y));
  });
}

/// The low and high halves of the full product (arith.mului_extended, arith.mulsi_extended).
template <bool Signed> LogicalResult executeMulExtended(Operation *op, Frame &frame) {
  ElementKind kind = kindOf(op->getOperand(0));
  const Tensor &lhs = frame.get(op->getOperand(0));
  const Tensor &rhs = frame.get(op->getOperand(1));
  auto product = [](uint64_t a, uint64_t b, auto w) -> __int128 {
    using W = decltype(w);
    if constexpr (Signed)
      return __int128(W::toSigned(a)) * __int128(W::toSigned(b));
    else
      return __int128((unsigned __int128)a * b);
  };
  frame.set(op->getResult(0),
            mapIntegerBinary(kind, lhs, rhs, kind, [&](uint64_t a, uint64_t b, auto w) -> uint64_t {
              return uint64_t(product(a, b, w));
            }));
  frame.set(op->getResult(1),
            mapIntegerBinary(kind, lhs, rhs, kind, [&](uint64_t a, uint64_t b, auto w) -> uint64_t {
              return uint64_t((unsigned __int128)product(a, b, w) >> decltype(w)::bits);
            }));
  return success();
}

LogicalResult executeAbsI(Operation *op, Frame &frame) {
  return unary(op, frame, [](uint64_t a, auto w) -> uint64_t {
    int64_t x = decltype(w)::toSigned(a);
    return x < 0 ? uint64_t(0) - a : a; // abs(INT_MIN) wraps to INT_MIN
  });
}

LogicalResult executeCountLeadingZeros(Operation *op, Frame &frame) {
  return unary(op, frame, [](uint64_t a, auto w) -> uint64_t {
    using W = decltype(w);
    return a == 0 ? W::bits : uint64_t(__builtin_clzll(a)) - (64 - W::bits);
  });
}

LogicalResult executeCountTrailingZeros(Operation *op, Frame &frame) {
  return unary(op, frame, [](uint64_t a, auto w) -> uint64_t {
    return a == 0 ? decltype(w)::bits : uint64_t(__builtin_ctzll(a));
  });
}

LogicalResult executeCountOnes(Operation *op, Frame &frame) {
  return unary(op, frame,
               [](uint64_t a, auto) -> uint64_t { return uint64_t(__builtin_popcountll(a)); });
}

} // namespace

void registerIntegerHandlers(HandlerTable &table) {
  table.add<arith::AddIOp>(executeAddI);
  table.add<arith::SubIOp>(executeSubI);
  table.add<arith::MulIOp>(executeMulI);
  table.add<arith::AndIOp>(executeAndI);
  table.add<arith::OrIOp>(executeOrI);
  table.add<arith::XOrIOp>(executeXOrI);
  table.add<arith::DivUIOp>(executeDivUI);
  table.add<arith::RemUIOp>(executeRemUI);
  table.add<arith::CeilDivUIOp>(executeCeilDivUI);
  table.add<arith::DivSIOp>(executeDivSI);
  table.add<arith::RemSIOp>(executeRemSI);
  table.add<arith::CeilDivSIOp>(executeCeilDivSI);
  table.add<arith::FloorDivSIOp>(executeFloorDivSI);
  table.add<arith::ShLIOp>(executeShLI);
  table.add<arith::ShRUIOp>(executeShRUI);
  table.add<arith::ShRSIOp>(executeShRSI);
  table.add<arith::MaxSIOp>(executeMaxSI);
  table.add<arith::MinSIOp>(executeMinSI);
  table.add<arith::MaxUIOp>(executeMaxUI);
  table.add<arith::MinUIOp>(executeMinUI);
  table.add<arith::CmpIOp>(executeCmpI);
  table.add<arith::MulUIExtendedOp>(executeMulExtended<false>);
  table.add<arith::MulSIExtendedOp>(executeMulExtended<true>);
  table.add<tt::MulhiUIOp>(executeMulHiUI);
  table.add<math::IPowIOp>(executeIPowI);
  table.add<math::AbsIOp>(executeAbsI);
  table.add<math::CountLeadingZerosOp>(executeCountLeadingZeros);
  table.add<math::CountTrailingZerosOp>(executeCountTrailingZeros);
  table.add<math::CtPopOp>(executeCountOnes);
}

} // namespace mlir::nereid::interpreter
