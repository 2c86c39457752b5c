// The vector math functions of nereid_cpu_math.h for one ISA, chosen at build time by
// NEREID_CPU_MATH_ISA_AVX512, _AVX2 or _NEON: CMake compiles this file once per ISA with that
// ISA's flags. Each exported function wraps one native register in an xsimd batch and computes
// the function with xsimd's vectorized algorithm (Cephes-derived polynomial and rational
// approximations with argument reduction).
//
// xsimd 8 gets some ranges wrong: exp-like functions flush subnormal results to zero and
// overflow early, f64 log and cbrt mistake subnormal operands, erf gives NaN for huge operands,
// acosh of x < 1 is not NaN, atan2 of two zeros or two infinities is NaN, expm1 and log1p lose
// the sign of zero, and pow misreads zero, subnormal and infinite bases and loses signs of
// negative ones. The wrappers below repair those lanes: by rescaling where that is exact, by
// computing f32 lanes in f64, or by calling the C library for the (rare) lanes concerned, behind
// a branch that ordinary vectors do not take. xsimd's f64 erf and erfc are not accurate anywhere
// near 1 ULP: those call the C library on every lane (the vector ABI stays, the speed is
// libm's). test/unit/CPU/MathAccuracyTest.cpp holds each function to its documented accuracy.

#include "nereid_cpu_math.h"

#include <xsimd/xsimd.hpp>

#include <cmath>
#include <limits>

// Kernels link these functions as LLVM bitcode and inline them into their loops; the paths
// that ordinary operands do not take are kept out of line, so that what inlines is the common
// path and a branch.
#define NEREID_CPU_MATH_RARE [[gnu::noinline, gnu::cold]]

namespace {

#if defined(NEREID_CPU_MATH_ISA_AVX512)
using Arch = xsimd::avx512bw;
#elif defined(NEREID_CPU_MATH_ISA_AVX2)
using Arch = xsimd::fma3<xsimd::avx2>;
#elif defined(NEREID_CPU_MATH_ISA_NEON)
using Arch = xsimd::neon64;
#else
#error                                                                                             \
    "define one of NEREID_CPU_MATH_ISA_AVX512, NEREID_CPU_MATH_ISA_AVX2, NEREID_CPU_MATH_ISA_NEON"
#endif

static_assert(Arch::supported(), "the compiler flags do not enable this ISA");

template <typename T> using Batch = xsimd::batch<T, Arch>;
using F32 = Batch<float>;
using F64 = Batch<double>;
constexpr size_t kLanes32 = F32::size, kLanes64 = F64::size;
constexpr size_t kAlign = sizeof(F32);

/// The functions of the library, by their names in nereid_cpu_math.h, on xsimd batches.
namespace impl {

/// `vector` with the lanes of `mask` replaced by the C library's `scalar` of the operands.
template <typename T, typename Scalar>
NEREID_CPU_MATH_RARE Batch<T> repairMaskedLanes(Batch<T> vector, xsimd::batch_bool<T, Arch> mask,
                                                Scalar scalar, Batch<T> x, Batch<T> y) {
  constexpr size_t lanes = Batch<T>::size;
  alignas(kAlign) T result[lanes], xs[lanes], ys[lanes];
  alignas(kAlign) bool repair[lanes];
  vector.store_aligned(result);
  x.store_aligned(xs);
  y.store_aligned(ys);
  mask.store_aligned(repair);
  for (size_t i = 0; i < lanes; ++i)
    if (repair[i])
      result[i] = scalar(xs[i], ys[i]);
  return Batch<T>::load_aligned(result);
}

/// `vector` with the lanes of `mask`, if any, replaced by the C library's `scalar` of the
/// operands.
template <typename T, typename Scalar>
Batch<T> repairLanes(Batch<T> vector, xsimd::batch_bool<T, Arch> mask, Scalar scalar, Batch<T> x,
                     Batch<T> y = Batch<T>(T(0))) {
  return xsimd::any(mask) ? repairMaskedLanes(vector, mask, scalar, x, y) : vector;
}

/// The f64 function `f` of each lane of `x`, rounded once to f32: the f32 path of operands
/// outside xsimd's f32 range, where the f64 function is accurate.
template <typename F> NEREID_CPU_MATH_RARE F32 viaF64(F32 x, F f) {
  alignas(kAlign) float narrow[kLanes32];
  alignas(kAlign) double wide[kLanes32];
  x.store_aligned(narrow);
  for (size_t i = 0; i < kLanes32; ++i)
    wide[i] = narrow[i];
  for (size_t i = 0; i < kLanes32; i += kLanes64)
    f(F64::load_aligned(wide + i)).store_aligned(wide + i);
  for (size_t i = 0; i < kLanes32; ++i)
    narrow[i] = static_cast<float>(wide[i]);
  return F32::load_aligned(narrow);
}

/// Whether every lane lies in [lo, hi] or is NaN.
template <typename T> bool allWithin(Batch<T> x, T lo, T hi) {
  return xsimd::all((x >= Batch<T>(lo) && x <= Batch<T>(hi)) || xsimd::isnan(x));
}

// exp, exp2, exp10, expm1: xsimd's results are right while they are normal. In f64 the edges
// use exp(x) = exp(x/2)^2 (about one more ULP; the square rounds subnormal results once) or an
// exact power-of-two rescaling; in f32 they are computed in f64.

F64 exp(F64 x) {
  if (allWithin(x, -708.0, 709.0))
    return xsimd::exp(x);
  F64 half = xsimd::exp(x * 0.5);
  return xsimd::select(x >= -708.0 && x <= 709.0, xsimd::exp(x), half * half);
}
#if defined(NEREID_CPU_MATH_ISA_AVX512)
/// e^x in f32 on AVX-512: xsimd's reduction x = k ln2 + r and polynomial for e^r, then
/// vscalefps for e^r 2^k, which rounds once and so gets subnormal results right (xsimd's ldexp
/// flushes them), and infinity and zero past the ends: no lane takes the f64 path, and the
/// function is half as many instructions as xsimd's with its edge tests.
F32 exp(F32 x) {
  // Into [-104, 89], past which e^x rounds to 0 and to infinity. max and min return their
  // second operand when one is NaN, so NaN passes through.
  F32 clamped = _mm512_min_ps(_mm512_set1_ps(89.0f), _mm512_max_ps(_mm512_set1_ps(-104.0f), x));
  F32 k = xsimd::nearbyint(clamped * xsimd::constants::invlog_2<F32>());
  // clamped - k ln2 in two fused steps. xsimd's fnma is a negation and an fma here.
  F32 r = _mm512_fnmadd_ps(k, xsimd::constants::log_2hi<F32>(), clamped);
  r = _mm512_fnmadd_ps(k, xsimd::constants::log_2lo<F32>(), r);
  // xsimd's (Cephes') coefficients: e^r = 1 + r + r^2 (1/2 + r/6 + ...).
  F32 y = xsimd::fma(F32(0x1.6ef19ep-10f), r, F32(0x1.131b16p-7f));
  y = xsimd::fma(y, r, F32(0x1.5552aep-5f));
  y = xsimd::fma(y, r, F32(0x1.55534ap-3f));
  y = xsimd::fma(y, r, F32(0.5f));
  F32 power = xsimd::fma(y, r * r, r) + F32(1.0f);
  return _mm512_scalef_ps(power, k);
}
#else
F32 exp(F32 x) {
  return allWithin(x, -87.0f, 88.0f) ? xsimd::exp(x) : viaF64(x, [](F64 v) { return exp(v); });
}
#endif

F64 exp2(F64 x) {
  if (allWithin(x, -1020.0, 1020.0))
    return xsimd::exp2(x);
  F64 shift = xsimd::select(x > 0.0, F64(64.0), F64(-64.0));
  F64 scale = xsimd::select(x > 0.0, F64(0x1p64), F64(0x1p-64));
  return xsimd::select(x >= -1020.0 && x <= 1020.0, xsimd::exp2(x), xsimd::exp2(x - shift) * scale);
}
F32 exp2(F32 x) {
  return allWithin(x, -125.0f, 127.0f) ? xsimd::exp2(x)
                                       : viaF64(x, [](F64 v) { return xsimd::exp2(v); });
}

F64 exp10(F64 x) {
  if (allWithin(x, -307.0, 307.0))
    return xsimd::exp10(x);
  F64 half = xsimd::exp10(x * 0.5);
  return xsimd::select(x >= -307.0 && x <= 307.0, xsimd::exp10(x), half * half);
}
F32 exp10(F32 x) {
  return allWithin(x, -37.0f, 38.0f) ? xsimd::exp10(x)
                                     : viaF64(x, [](F64 v) { return xsimd::exp10(v); });
}

/// expm1 keeps the sign of a zero operand; past 709, e^x - 1 rounds to e^x.
F64 expm1(F64 x) {
  F64 result = xsimd::expm1(x);
  if (!allWithin(x, -HUGE_VAL, 709.0))
    result = xsimd::select(x <= 709.0, result, exp(x));
  return xsimd::select(x == 0.0, x, result);
}
F32 expm1(F32 x) {
  F32 result =
      allWithin(x, -HUGE_VALF, 88.0f) ? xsimd::expm1(x) : viaF64(x, [](F64 v) { return expm1(v); });
  return xsimd::select(x == 0.0f, x, result);
}

// log, log2, log10, cbrt: f64 subnormal operands are scaled by 2^54 (exactly) first.

/// The lanes of x that are subnormal and not zero.
template <typename T> xsimd::batch_bool<T, Arch> isSubnormal(Batch<T> x) {
  Batch<T> magnitude = xsimd::abs(x);
  return magnitude < Batch<T>(std::numeric_limits<T>::min()) && magnitude > Batch<T>(T(0));
}

/// f(x) for the log functions of f64, where f(x * 2^54) - f(2^54) = f(x); `shiftHi` + `shiftLo`
/// is f(2^54).
template <typename F> F64 logOfScaled(F64 x, F f, double shiftHi, double shiftLo) {
  auto subnormal = isSubnormal(x);
  if (!xsimd::any(subnormal))
    return f(x);
  F64 scaled = f(xsimd::select(subnormal, x * 0x1p54, x));
  return xsimd::select(subnormal, (scaled - shiftHi) - shiftLo, scaled);
}

F64 log(F64 x) {
  // 54 ln 2 as a sum of two doubles.
  return logOfScaled(
      x, [](F64 v) { return xsimd::log(v); }, 0x1.2b708872320e2p+5, -0x1.570da7e077bcbp-50);
}
F64 log2(F64 x) {
  return logOfScaled(
      x, [](F64 v) { return xsimd::log2(v); }, 54.0, 0.0);
}
F64 log10(F64 x) {
  // 54 log10(2) as a sum of two doubles.
  return logOfScaled(
      x, [](F64 v) { return xsimd::log10(v); }, 0x1.041704c068eefp+4, 0x1.d17237c752536p-52);
}
F32 log(F32 x) { return xsimd::log(x); }
F32 log2(F32 x) { return xsimd::log2(x); }
F32 log10(F32 x) { return xsimd::log10(x); }

F64 cbrt(F64 x) {
  auto subnormal = isSubnormal(x);
  if (!xsimd::any(subnormal))
    return xsimd::cbrt(x);
  return xsimd::select(subnormal, xsimd::cbrt(x * 0x1p54) * 0x1p-18, xsimd::cbrt(x));
}
F32 cbrt(F32 x) { return xsimd::cbrt(x); }

// erf and erfc. xsimd's f32 erf is accurate (with operands clamped to |x| <= 6, where erf is
// +-1 in both types, since huge operands give NaN). Its f64 erf (up to 68 ULP near 2.2) and its
// erfc (up to 68 ULP in f32, up to 5.6e7 ULP in f64 past 2) are not. f32 erfc runs in f64,
// where xsimd's relative error (below 1e-10 over the f32 range) is far below an f32 ULP; f64 erf
// and erfc come from the C library, one lane at a time.

/// The C library's `scalar` of every lane of `x`, computed in f64 and rounded to T.
template <typename T, typename Scalar> Batch<T> eachLane(Batch<T> x, Scalar scalar) {
  constexpr size_t lanes = Batch<T>::size;
  alignas(kAlign) T values[lanes];
  x.store_aligned(values);
  for (size_t i = 0; i < lanes; ++i)
    values[i] = static_cast<T>(scalar(static_cast<double>(values[i])));
  return Batch<T>::load_aligned(values);
}

F32 erf(F32 x) {
  F32 clamped = xsimd::select(xsimd::abs(x) > F32(6.0f), xsimd::copysign(F32(6.0f), x), x);
  return xsimd::erf(clamped);
}
F64 erf(F64 x) {
  return eachLane(x, [](double v) { return std::erf(v); });
}
F32 erfc(F32 x) {
  // erfc is 2 below -6 and 0 (in f32) above 11; the clamp keeps xsimd from its NaN.
  return viaF64(x, [](F64 v) {
    return xsimd::erfc(xsimd::select(v < -6.0, F64(-6.0), xsimd::select(v > 27.0, F64(27.0), v)));
  });
}
F64 erfc(F64 x) {
  return eachLane(x, [](double v) { return std::erfc(v); });
}

template <typename T> Batch<T> acosh(Batch<T> x) {
  return xsimd::select(x < Batch<T>(T(1)), Batch<T>(std::numeric_limits<T>::quiet_NaN()),
                       xsimd::acosh(x));
}

/// atan2(y, x): the lanes where both operands are zeros or both infinities come from the C
/// library.
template <typename T> Batch<T> atan2(Batch<T> y, Batch<T> x) {
  auto bothZero = y == Batch<T>(T(0)) && x == Batch<T>(T(0));
  auto bothInfinite = xsimd::isinf(y) && xsimd::isinf(x);
  return repairLanes(
      xsimd::atan2(y, x), bothZero || bothInfinite, [](T a, T b) { return std::atan2(a, b); }, y,
      x);
}

// pow. xsimd computes exp(y log x) without extra precision, which loses up to ~90 ULP in f32
// and ~1000 in f64 for large results. In f32 it runs in f64 instead, where that loss is far
// below an f32 ULP, and the special cases of C's pow (zero, infinite or NaN operands, base 1,
// subnormal bases, negative bases with exponents so large that they are even integers) come
// from the C library. In f64 every lane comes from the C library.

F32 pow(F32 x, F32 y) {
  alignas(kAlign) float narrowX[kLanes32], narrowY[kLanes32];
  alignas(kAlign) double wideX[kLanes32], wideY[kLanes32];
  x.store_aligned(narrowX);
  y.store_aligned(narrowY);
  for (size_t i = 0; i < kLanes32; ++i)
    wideX[i] = narrowX[i], wideY[i] = narrowY[i];
  for (size_t i = 0; i < kLanes32; i += kLanes64)
    xsimd::pow(F64::load_aligned(wideX + i), F64::load_aligned(wideY + i)).store_aligned(wideX + i);
  for (size_t i = 0; i < kLanes32; ++i)
    narrowX[i] = static_cast<float>(wideX[i]);
  F32 result = F32::load_aligned(narrowX);
  auto special = x == F32(0.0f) || x == F32(1.0f) || xsimd::isinf(x) || xsimd::isnan(x) ||
                 xsimd::isinf(y) || xsimd::isnan(y) || isSubnormal(x) ||
                 (x < F32(0.0f) && xsimd::abs(y) >= F32(0x1p24f));
  return repairLanes(
      result, special, [](float a, float b) { return std::pow(a, b); }, x, y);
}

F64 pow(F64 x, F64 y) {
  alignas(kAlign) double xs[kLanes64], ys[kLanes64];
  x.store_aligned(xs);
  y.store_aligned(ys);
  for (size_t i = 0; i < kLanes64; ++i)
    xs[i] = std::pow(xs[i], ys[i]);
  return F64::load_aligned(xs);
}

// hypot. xsimd's is sqrt(x^2 + y^2), which overflows and underflows halfway through the range.
// In f32 it runs in f64, where neither can happen and the sum is exact; in f64 the operands are
// first scaled by a power of two (exactly) into a range where the squares cannot overflow or
// lose the smaller operand's bits to underflow. An infinite operand gives +inf even beside a NaN,
// as in C.

F32 hypot(F32 x, F32 y) {
  alignas(kAlign) float narrowX[kLanes32], narrowY[kLanes32];
  alignas(kAlign) double wideX[kLanes32], wideY[kLanes32];
  x.store_aligned(narrowX);
  y.store_aligned(narrowY);
  for (size_t i = 0; i < kLanes32; ++i)
    wideX[i] = narrowX[i], wideY[i] = narrowY[i];
  for (size_t i = 0; i < kLanes32; i += kLanes64) {
    F64 a = F64::load_aligned(wideX + i), b = F64::load_aligned(wideY + i);
    xsimd::sqrt(xsimd::fma(a, a, b * b)).store_aligned(wideX + i);
  }
  for (size_t i = 0; i < kLanes32; ++i)
    narrowX[i] = static_cast<float>(wideX[i]);
  F32 result = F32::load_aligned(narrowX);
  return xsimd::select(xsimd::isinf(x) || xsimd::isinf(y), F32(HUGE_VALF), result);
}

F64 hypot(F64 x, F64 y) {
  F64 a = xsimd::abs(x), b = xsimd::abs(y);
  F64 high = xsimd::max(a, b);
  F64 scale = xsimd::select(high > 0x1p500, F64(0x1p-600),
                            xsimd::select(high < 0x1p-500, F64(0x1p600), F64(1.0)));
  a *= scale;
  b *= scale;
  F64 result = xsimd::sqrt(xsimd::fma(a, a, b * b)) / scale;
  return xsimd::select(xsimd::isinf(x) || xsimd::isinf(y), F64(HUGE_VAL), result);
}

// The rest are xsimd's as they are.

/// log1p keeps the sign of a zero operand.
template <typename T> Batch<T> log1p(Batch<T> x) {
  return xsimd::select(x == Batch<T>(T(0)), x, xsimd::log1p(x));
}
template <typename T> Batch<T> sin(Batch<T> x) { return xsimd::sin(x); }
template <typename T> Batch<T> cos(Batch<T> x) { return xsimd::cos(x); }
template <typename T> Batch<T> tan(Batch<T> x) { return xsimd::tan(x); }
template <typename T> Batch<T> asin(Batch<T> x) { return xsimd::asin(x); }
template <typename T> Batch<T> acos(Batch<T> x) { return xsimd::acos(x); }
template <typename T> Batch<T> atan(Batch<T> x) { return xsimd::atan(x); }
template <typename T> Batch<T> sinh(Batch<T> x) { return xsimd::sinh(x); }
template <typename T> Batch<T> cosh(Batch<T> x) { return xsimd::cosh(x); }
template <typename T> Batch<T> tanh(Batch<T> x) { return xsimd::tanh(x); }
template <typename T> Batch<T> asinh(Batch<T> x) { return xsimd::asinh(x); }
template <typename T> Batch<T> atanh(Batch<T> x) { return xsimd::atanh(x); }

} // namespace impl
} // namespace

#define NEREID_CPU_MATH_EXPORT extern "C" __attribute__((visibility("hidden")))

#define NEREID_CPU_MATH_DEFINE_(name, isa, lanes32, lanes64)                                       \
  NEREID_CPU_MATH_EXPORT F32::register_type nereid_cpu_math_##name##_f32x##lanes32##_##isa(        \
      F32::register_type x) {                                                                      \
    return impl::name(F32(x));                                                                     \
  }                                                                                                \
  NEREID_CPU_MATH_EXPORT F64::register_type nereid_cpu_math_##name##_f64x##lanes64##_##isa(        \
      F64::register_type x) {                                                                      \
    return impl::name(F64(x));                                                                     \
  }
#define NEREID_CPU_MATH_DEFINE_BINARY_(name, isa, lanes32, lanes64)                                \
  NEREID_CPU_MATH_EXPORT F32::register_type nereid_cpu_math_##name##_f32x##lanes32##_##isa(        \
      F32::register_type x, F32::register_type y) {                                                \
    return impl::name(F32(x), F32(y));                                                             \
  }                                                                                                \
  NEREID_CPU_MATH_EXPORT F64::register_type nereid_cpu_math_##name##_f64x##lanes64##_##isa(        \
      F64::register_type x, F64::register_type y) {                                                \
    return impl::name(F64(x), F64(y));                                                             \
  }

#if defined(NEREID_CPU_MATH_ISA_AVX512)
#define NEREID_CPU_MATH_U_(name) NEREID_CPU_MATH_DEFINE_(name, avx512, 16, 8)
#define NEREID_CPU_MATH_B_(name) NEREID_CPU_MATH_DEFINE_BINARY_(name, avx512, 16, 8)
#elif defined(NEREID_CPU_MATH_ISA_AVX2)
#define NEREID_CPU_MATH_U_(name) NEREID_CPU_MATH_DEFINE_(name, avx2, 8, 4)
#define NEREID_CPU_MATH_B_(name) NEREID_CPU_MATH_DEFINE_BINARY_(name, avx2, 8, 4)
#else
#define NEREID_CPU_MATH_U_(name) NEREID_CPU_MATH_DEFINE_(name, neon, 4, 2)
#define NEREID_CPU_MATH_B_(name) NEREID_CPU_MATH_DEFINE_BINARY_(name, neon, 4, 2)
#endif

NEREID_CPU_MATH_UNARY_FUNCTIONS(NEREID_CPU_MATH_U_)
NEREID_CPU_MATH_BINARY_FUNCTIONS(NEREID_CPU_MATH_B_)
