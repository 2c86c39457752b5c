// The vector math functions of nereid_cpu_math.h for one ISA, chosen at build time by
// NEREID_CPU_MATH_ISA_AVX512, _AVX2 or _NEON: CMake compiles this file once per ISA with that
// ISA's flags. Each exported function wraps one native register in an xsimd batch, computes the
// function with xsimd's vectorized algorithm (Cephes/Boost-derived polynomial and rational
// approximations with argument reduction) and returns the register.

#include "nereid_cpu_math.h"

#include <xsimd/xsimd.hpp>

namespace {

#if defined(NEREID_CPU_MATH_ISA_AVX512)
using Arch = xsimd::avx512bw;
#elif defined(NEREID_CPU_MATH_ISA_AVX2)
using Arch = xsimd::fma3<xsimd::avx2>;
#elif defined(NEREID_CPU_MATH_ISA_NEON)
using Arch = xsimd::neon64;
#else
#error "define one of NEREID_CPU_MATH_ISA_AVX512, NEREID_CPU_MATH_ISA_AVX2, NEREID_CPU_MATH_ISA_NEON"
#endif

static_assert(Arch::supported(), "the compiler flags do not enable this ISA");

using F32 = xsimd::batch<float, Arch>;
using F64 = xsimd::batch<double, Arch>;
/// The native registers of the ISA (__m512, float32x4_t, ...).
using F32Register = F32::register_type;
using F64Register = F64::register_type;

} // namespace

#define NEREID_CPU_MATH_EXPORT extern "C" __attribute__((visibility("hidden")))

#define NEREID_CPU_MATH_DEFINE_(name, isa, lanes32, lanes64)                                       \
  NEREID_CPU_MATH_EXPORT F32Register nereid_cpu_math_##name##_f32x##lanes32##_##isa(                \
      F32Register x) {                                                                             \
    return xsimd::name(F32(x));                                                                    \
  }                                                                                                \
  NEREID_CPU_MATH_EXPORT F64Register nereid_cpu_math_##name##_f64x##lanes64##_##isa(                \
      F64Register x) {                                                                             \
    return xsimd::name(F64(x));                                                                    \
  }
#define NEREID_CPU_MATH_DEFINE_BINARY_(name, isa, lanes32, lanes64)                                \
  NEREID_CPU_MATH_EXPORT F32Register nereid_cpu_math_##name##_f32x##lanes32##_##isa(                \
      F32Register x, F32Register y) {                                                              \
    return xsimd::name(F32(x), F32(y));                                                            \
  }                                                                                                \
  NEREID_CPU_MATH_EXPORT F64Register nereid_cpu_math_##name##_f64x##lanes64##_##isa(                \
      F64Register x, F64Register y) {                                                              \
    return xsimd::name(F64(x), F64(y));                                                            \
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
