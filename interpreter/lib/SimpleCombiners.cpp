// Native loops for the combiners that nearly every reduction and scan uses (sum, max, min,
// product, bitwise). They compute each step with the scalar functions of the elementwise ops
// (Elementwise.h) and follow Reduce.cpp's order exactly, or, for combiners whose result does
// not depend on the order (tt::isOrderIndependent), give the result that order gives; so the
// results are identical to interpreting the combiner. test/Interpreter checks both paths
// against the same values.

#include "SimpleCombiners.h"

#include "Elementwise.h"

#include "nereid/Dialect/Triton/IR/Combiner.h"

#include <type_traits>

namespace mlir::nereid::interpreter {
namespace {

/// How a tensor splits around the axis: outer x n x inner elements.
struct Split {
  int64_t outer = 1, n = 1, inner = 1;
  SmallVector<int64_t, 4> reducedShape;
};

Split splitAround(ArrayRef<int64_t> shape, unsigned axis) {
  Split split;
  for (unsigned d = 0; d < shape.size(); ++d) {
    if (d < axis)
      split.outer *= shape[d];
    else if (d > axis)
      split.inner *= shape[d];
    if (d != axis)
      split.reducedShape.push_back(shape[d]);
  }
  split.n = shape[axis];
  return split;
}

/// Calls `body(fn, T)` with the scalar function of `combiner` on values of type T for the
/// element kind, or returns false when the element kind has no native loop here.
template <typename Body>
bool withCombineFunction(tt::CombinerKind combiner, ElementKind kind, Body body) {
  using C = tt::CombinerKind;
  if (kind == ElementKind::F32 || kind == ElementKind::F64) {
    auto run = [&](auto tag) {
      using T = decltype(tag);
      if (combiner == C::AddF)
        return body([](T a, T b) { return T(a + b); }, tag), true;
      if (combiner == C::MulF)
        return body([](T a, T b) { return T(a * b); }, tag), true;
      if (combiner == C::MaximumF)
        return body([](T a, T b) { return maximumOf(a, b); }, tag), true;
      if (combiner == C::MinimumF)
        return body([](T a, T b) { return minimumOf(a, b); }, tag), true;
      if (combiner == C::MaxNumF)
        return body([](T a, T b) { return maximumNumberOf(a, b); }, tag), true;
      if (combiner == C::MinNumF)
        return body([](T a, T b) { return minimumNumberOf(a, b); }, tag), true;
      return false;
    };
    return kind == ElementKind::F32 ? run(float()) : run(double());
  }
  if (!isIntegerKind(kind))
    return false;
  return visitIntWidth(kind, [&](auto width) {
    using W = decltype(width);
    using S = typename W::Storage;
    auto wrap = [](uint64_t value) { return S(W::truncate(value)); };
    if (combiner == C::AddI)
      return body([wrap](S a, S b) { return wrap(uint64_t(a) + uint64_t(b)); }, S()), true;
    if (combiner == C::MulI)
      return body([wrap](S a, S b) { return wrap(uint64_t(a) * uint64_t(b)); }, S()), true;
    if (combiner == C::AndI)
      return body([](S a, S b) { return S(a & b); }, S()), true;
    if (combiner == C::OrI)
      return body([](S a, S b) { return S(a | b); }, S()), true;
    if (combiner == C::XOrI)
      return body([wrap](S a, S b) { return wrap(uint64_t(a ^ b)); }, S()), true;
    if (combiner == C::MaxSI)
      return body([](S a, S b) { return W::toSigned(a) >= W::toSigned(b) ? a : b; }, S()), true;
    if (combiner == C::MinSI)
      return body([](S a, S b) { return W::toSigned(a) <= W::toSigned(b) ? a : b; }, S()), true;
    if (combiner == C::MaxUI)
      return body([](S a, S b) { return a >= b ? a : b; }, S()), true;
    if (combiner == C::MinUI)
      return body([](S a, S b) { return a <= b ? a : b; }, S()), true;
    return false;
  });
}

/// The number of independent partial results of reduceContiguous: enough for a vector of
/// 32-bit lanes, and to hide the latency of a dependent chain.
constexpr int64_t kPartials = 8;

/// fn over `n` (at least 1) contiguous elements, in order, with the running result in a
/// register.
template <typename T, typename Fn> T reduceInOrder(Fn fn, const T *elements, int64_t n) {
  T acc = elements[0];
  for (int64_t k = 1; k < n; ++k)
    acc = fn(acc, elements[k]);
  return acc;
}

/// fn over `n` contiguous elements, for an order-independent `fn` (tt::isOrderIndependent):
/// kPartials chains that the compiler can vectorize, instead of one chain whose every step
/// waits for the last.
/// A NaN result (float max or min) is recomputed in order, so that it is the NaN that the
/// in-order reduction returns.
template <typename T, typename Fn> T reduceContiguous(Fn fn, const T *elements, int64_t n) {
  if (n < 2 * kPartials)
    return reduceInOrder<T>(fn, elements, n);
  T partial[kPartials];
  for (int64_t j = 0; j < kPartials; ++j)
    partial[j] = elements[j];
  int64_t k = kPartials;
  for (; k + kPartials <= n; k += kPartials)
    for (int64_t j = 0; j < kPartials; ++j)
      partial[j] = fn(partial[j], elements[k + j]);
  for (; k < n; ++k)
    partial[0] = fn(partial[0], elements[k]);
  T acc = partial[0];
  for (int64_t j = 1; j < kPartials; ++j)
    acc = fn(acc, partial[j]);
  if constexpr (std::is_floating_point_v<T>)
    if (acc != acc)
      return reduceInOrder<T>(fn, elements, n);
  return acc;
}

} // namespace

std::optional<Tensor> reduceWithSimpleCombiner(Region &combiner, const Tensor &source,
                                               unsigned axis) {
  std::optional<tt::CombinerKind> kind = tt::matchStandardCombiner(combiner);
  if (!kind)
    return std::nullopt;
  Split split = splitAround(source.shape(), axis);
  Tensor result = Tensor::zeros(source.kind(), split.reducedShape);
  bool matched = withCombineFunction(*kind, source.kind(), [&](auto fn, auto tag) {
    using T = decltype(tag);
    const T *in = source.data<T>();
    T *out = result.mutableData<T>();
    if (split.inner == 1) {
      for (int64_t o = 0; o < split.outer; ++o)
        out[o] = tt::isOrderIndependent(*kind) ? reduceContiguous<T>(fn, in + o * split.n, split.n)
                                               : reduceInOrder<T>(fn, in + o * split.n, split.n);
      return;
    }
    for (int64_t o = 0; o < split.outer; ++o) {
      T *acc = out + o * split.inner;
      const T *slice = in + o * split.n * split.inner;
      for (int64_t i = 0; i < split.inner; ++i)
        acc[i] = slice[i];
      for (int64_t k = 1; k < split.n; ++k)
        for (int64_t i = 0; i < split.inner; ++i)
          acc[i] = fn(acc[i], slice[k * split.inner + i]);
    }
  });
  if (!matched)
    return std::nullopt;
  return result;
}

std::optional<Tensor> scanWithSimpleCombiner(Region &combiner, const Tensor &source, unsigned axis,
                                             bool reverse) {
  std::optional<tt::CombinerKind> kind = tt::matchStandardCombiner(combiner);
  if (!kind)
    return std::nullopt;
  Split split = splitAround(source.shape(), axis);
  Tensor result = Tensor::zeros(source.kind(), source.shape());
  bool matched = withCombineFunction(*kind, source.kind(), [&](auto fn, auto tag) {
    using T = decltype(tag);
    const T *in = source.data<T>();
    T *out = result.mutableData<T>();
    for (int64_t o = 0; o < split.outer; ++o) {
      int64_t base = o * split.n * split.inner;
      int64_t first = reverse ? split.n - 1 : 0;
      for (int64_t i = 0; i < split.inner; ++i)
        out[base + first * split.inner + i] = in[base + first * split.inner + i];
      for (int64_t step = 1; step < split.n; ++step) {
        int64_t k = reverse ? split.n - 1 - step : step;
        int64_t previous = reverse ? k + 1 : k - 1;
        for (int64_t i = 0; i < split.inner; ++i)
          out[base + k * split.inner + i] =
              fn(out[base + previous * split.inner + i], in[base + k * split.inner + i]);
      }
    }
  });
  if (!matched)
    return std::nullopt;
  return result;
}

} // namespace mlir::nereid::interpreter
