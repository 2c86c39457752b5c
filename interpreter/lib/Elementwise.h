#ifndef NEREID_INTERPRETER_LIB_ELEMENTWISE_H
#define NEREID_INTERPRETER_LIB_ELEMENTWISE_H

// The loops of every elementwise op. Each applies a scalar function to whole tensors, one typed
// loop per element kind, which the compiler vectorizes for the baseline ISA where the function
// allows it. The hottest ops run HostVectorLoops instead (bindBinaryLoop), built with xsimd
// for the host's ISA, with the same meaning.
//
// Integer functions see the operands as uint64_t bit patterns zero-extended from the width, and
// get an IntWidth<N> tag that converts to signed and truncates; the result is truncated to the
// width, which is wrap-around. Float functions see float (f32), double (f64), or, for the
// narrower formats, the exact value as a double whose result is rounded to nearest even.

#include "Executor.h"
#include "Tensor.h"

#include <cmath>
#include <tuple>
#include <type_traits>

namespace mlir::nereid::interpreter {

/// Compile-time facts about an integer width.
template <unsigned Bits> struct IntWidth {
  static constexpr unsigned bits = Bits;
  using Storage =
      std::conditional_t<(Bits <= 8), uint8_t,
                         std::conditional_t<(Bits <= 16), uint16_t,
                                            std::conditional_t<(Bits <= 32), uint32_t, uint64_t>>>;
  static constexpr uint64_t mask = Bits == 64 ? ~uint64_t(0) : (uint64_t(1) << Bits) - 1;

  /// The two's-complement value of the low `Bits` bits.
  static int64_t toSigned(uint64_t value) {
    if constexpr (Bits == 64)
      return int64_t(value);
    else
      return int64_t(value << (64 - Bits)) >> (64 - Bits);
  }
  static uint64_t truncate(uint64_t value) { return value & mask; }
  static int64_t minSigned() { return toSigned(uint64_t(1) << (Bits - 1)); }
};

/// Calls `f` with the IntWidth tag of an integer kind.
template <typename F> decltype(auto) visitIntWidth(ElementKind kind, F &&f) {
  switch (kind) {
  case ElementKind::I1:
    return f(IntWidth<1>{});
  case ElementKind::I8:
    return f(IntWidth<8>{});
  case ElementKind::I16:
    return f(IntWidth<16>{});
  case ElementKind::I32:
    return f(IntWidth<32>{});
  default:
    return f(IntWidth<64>{});
  }
}

/// The shape of an elementwise result: that of any non-scalar operand.
inline ArrayRef<int64_t> broadcastShape(ArrayRef<const Tensor *> operands) {
  for (const Tensor *operand : operands)
    if (!operand->isScalar())
      return operand->shape();
  return {};
}

/// out = fn(x) over an integer tensor; the result has `resultKind` (an integer kind).
template <typename Fn>
Tensor mapIntegerUnary(ElementKind kind, const Tensor &x, ElementKind resultKind, Fn fn) {
  Tensor result = Tensor::uninitialized(resultKind, x.shape());
  visitIntWidth(kind, [&](auto width) {
    using W = decltype(width);
    using S = typename W::Storage;
    visitIntWidth(resultKind, [&](auto outWidth) {
      using OW = decltype(outWidth);
      using OS = typename OW::Storage;
      const S *in = x.data<S>();
      OS *out = result.mutableData<OS>();
      for (int64_t i = 0, e = result.numElements(); i < e; ++i)
        out[i] = OS(OW::truncate(fn(uint64_t(in[i]), width)));
    });
  });
  return result;
}

/// Calls `loop(lhsAt, rhsAt)` with a reader of element i of each operand, an array of T: the
/// array's element i, or, for a uniform operand (a scalar or a splat, Tensor::isUniform), its
/// one element, so that a splat is read without being written out first.
template <typename T, typename Loop>
void withElementReaders(const Tensor &lhs, const Tensor &rhs, Loop loop) {
  const T *x = lhs.data<T>(), *y = rhs.data<T>();
  auto at = [](const T *data) { return [data](int64_t i) { return data[i]; }; };
  auto uniform = [](T value) { return [value](int64_t) { return value; }; };
  if (lhs.isUniform() && rhs.isUniform())
    loop(uniform(x[0]), uniform(y[0]));
  else if (lhs.isUniform())
    loop(uniform(x[0]), at(y));
  else if (rhs.isUniform())
    loop(at(x), uniform(y[0]));
  else
    loop(at(x), at(y));
}

/// out = fn(a, b) over integer tensors of one kind, either of which may be uniform; the result
/// has `resultKind`.
template <typename Fn>
Tensor mapIntegerBinary(ElementKind kind, const Tensor &lhs, const Tensor &rhs,
                        ElementKind resultKind, Fn fn) {
  Tensor result = Tensor::uninitialized(resultKind, broadcastShape({&lhs, &rhs}));
  visitIntWidth(kind, [&](auto width) {
    using W = decltype(width);
    using S = typename W::Storage;
    visitIntWidth(resultKind, [&](auto outWidth) {
      using OW = decltype(outWidth);
      using OS = typename OW::Storage;
      OS *out = result.mutableData<OS>();
      withElementReaders<S>(lhs, rhs, [&](auto x, auto y) {
        for (int64_t i = 0, e = result.numElements(); i < e; ++i)
          out[i] = OS(OW::truncate(fn(uint64_t(x(i)), uint64_t(y(i)), width)));
      });
    });
  });
  return result;
}

/// Binds result 0 of `op`, of `resultKind`, to `loop(out, x, xStride, y, yStride, count)`, a
/// loop of HostVectorLoops over the two operands as arrays of T: a uniform operand is read in
/// place, with stride 0.
template <typename T, typename Out = T, typename Loop>
LogicalResult bindBinaryLoop(Operation *op, Frame &frame, ElementKind resultKind, Loop loop) {
  const Tensor &x = frame.getLazy(op->getOperand(0));
  const Tensor &y = frame.getLazy(op->getOperand(1));
  Tensor result = Tensor::uninitialized(resultKind, broadcastShape({&x, &y}));
  loop(result.mutableData<Out>(), x.data<T>(), size_t(x.isUniform() ? 0 : 1), y.data<T>(),
       size_t(y.isUniform() ? 0 : 1), result.numElements());
  frame.set(op->getResult(0), std::move(result));
  return success();
}

/// Calls `f` with a value of the type float functions compute in for `kind`: float for F32,
/// double for F64 and for every narrower format.
template <typename F> decltype(auto) visitFloatCompute(ElementKind kind, F &&f) {
  if (kind == ElementKind::F32)
    return f(float());
  return f(double());
}

/// Reads element `i` of a float tensor as the compute type T.
template <typename T> T loadAs(const Tensor &tensor, int64_t i) {
  if constexpr (std::is_same_v<T, float>)
    return tensor.data<float>()[i];
  else if (tensor.kind() == ElementKind::F64)
    return tensor.data<double>()[i];
  else
    return tensor.getFloat(i);
}

/// Writes element `i` of a float tensor from the compute type T, rounding to nearest even.
template <typename T> void storeAs(Tensor &tensor, int64_t i, T value) {
  if constexpr (std::is_same_v<T, float>)
    tensor.mutableData<float>()[i] = value;
  else if (tensor.kind() == ElementKind::F64)
    tensor.mutableData<double>()[i] = value;
  else
    tensor.setFloat(i, value);
}

/// out = fn(x...) over float tensors of one kind, each argument in its compute type; the result
/// has the same kind. Uniform operands are written out first, but for f32 and f64 binary ops.
template <typename Fn, typename... Tensors>
Tensor mapFloat(ElementKind kind, Fn fn, const Tensors &...operands) {
  ArrayRef<int64_t> shape = broadcastShape({&operands...});
  Tensor result = Tensor::uninitialized(kind, shape);
  if constexpr (sizeof...(Tensors) == 2) {
    if (kind == ElementKind::F32 || kind == ElementKind::F64) {
      visitFloatCompute(kind, [&](auto tag) {
        using T = decltype(tag);
        T *out = result.mutableData<T>();
        withElementReaders<T>(operands..., [&](auto x, auto y) {
          for (int64_t i = 0, e = result.numElements(); i < e; ++i)
            out[i] = T(fn(x(i), y(i)));
        });
      });
      return result;
    }
  }
  std::tuple<Tensors...> expanded(expandScalar(operands, shape)...);
  visitFloatCompute(kind, [&](auto tag) {
    using T = decltype(tag);
    std::apply(
        [&](const auto &...inputs) {
          if (kind == ElementKind::F32 || kind == ElementKind::F64) {
            T *out = result.mutableData<T>();
            for (int64_t i = 0, e = result.numElements(); i < e; ++i)
              out[i] = T(fn(inputs.template data<T>()[i]...));
          } else {
            for (int64_t i = 0, e = result.numElements(); i < e; ++i)
              storeAs<T>(result, i, T(fn(loadAs<T>(inputs, i)...)));
          }
        },
        expanded);
  });
  return result;
}

/// Binds result 0 of `op` to fn over its `Arity` float operands.
template <unsigned Arity, typename Fn> LogicalResult floatOp(Operation *op, Frame &frame, Fn fn) {
  ElementKind kind = kindOf(op->getResult(0));
  auto operand = [&](unsigned i) -> const Tensor & { return frame.getLazy(op->getOperand(i)); };
  if constexpr (Arity == 1)
    frame.set(op->getResult(0), mapFloat(kind, fn, operand(0)));
  else if constexpr (Arity == 2)
    frame.set(op->getResult(0), mapFloat(kind, fn, operand(0), operand(1)));
  else
    frame.set(op->getResult(0), mapFloat(kind, fn, operand(0), operand(1), operand(2)));
  return success();
}

/// out = pred(a, b) over float tensors of one kind; the result is i1.
template <typename Fn>
Tensor mapFloatPredicate(ElementKind kind, const Tensor &lhs, const Tensor &rhs, Fn pred) {
  ArrayRef<int64_t> shape = broadcastShape({&lhs, &rhs});
  Tensor result = Tensor::uninitialized(ElementKind::I1, shape);
  uint8_t *out = result.mutableData<uint8_t>();
  if (kind == ElementKind::F32 || kind == ElementKind::F64) {
    visitFloatCompute(kind, [&](auto tag) {
      using T = decltype(tag);
      withElementReaders<T>(lhs, rhs, [&](auto x, auto y) {
        for (int64_t i = 0, e = result.numElements(); i < e; ++i)
          out[i] = pred(x(i), y(i)) ? 1 : 0;
      });
    });
    return result;
  }
  Tensor a = expandScalar(lhs, shape), b = expandScalar(rhs, shape);
  visitFloatCompute(kind, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t i = 0, e = result.numElements(); i < e; ++i)
      out[i] = pred(loadAs<T>(a, i), loadAs<T>(b, i)) ? 1 : 0;
  });
  return result;
}

/// IEEE 754-2019 maximum: NaN if either operand is NaN, and -0 < +0 (arith.maximumf).
template <typename T> T maximumOf(T a, T b) {
  if (a != a || b != b)
    return a != a ? a : b;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

/// IEEE 754-2019 minimum: NaN if either operand is NaN, and -0 < +0 (arith.minimumf).
template <typename T> T minimumOf(T a, T b) {
  if (a != a || b != b)
    return a != a ? a : b;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

/// IEEE 754-2019 maximumNumber: the other operand where one is NaN, and -0 < +0
/// (arith.maxnumf).
template <typename T> T maximumNumberOf(T a, T b) {
  if (a != a)
    return b;
  if (b != b)
    return a;
  return maximumOf(a, b);
}

/// IEEE 754-2019 minimumNumber: the other operand where one is NaN, and -0 < +0
/// (arith.minnumf).
template <typename T> T minimumNumberOf(T a, T b) {
  if (a != a)
    return b;
  if (b != b)
    return a;
  return minimumOf(a, b);
}

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_ELEMENTWISE_H
