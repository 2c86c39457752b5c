/* The vector math library of Nereid's CPU backend: the elementary functions of `tl.math` and
 * `tl.extra.libdevice` on one native SIMD vector, built with xsimd from one source
 * (backends/cpu/runtime/math/VectorMath.cpp) compiled once per ISA. Plain C.
 *
 * NAMES. One function per (function, element type, ISA):
 *
 *     nereid_cpu_math_<function>_<type>x<lanes>_<isa>
 *
 *   <isa>    avx512  compiled with -mavx512f -mavx512dq -mavx512vl -mavx512bw (x86-64)
 *            avx2    compiled with -mavx2 -mfma (x86-64)
 *            neon    compiled for AArch64 Advanced SIMD (built only on aarch64 hosts)
 *   <type>x<lanes> is one full native vector:
 *            avx512  f32x16 (__m512, <16 x float>)   f64x8 (__m512d, <8 x double>)
 *            avx2    f32x8  (__m256, <8 x float>)    f64x4 (__m256d, <4 x double>)
 *            neon    f32x4  (float32x4_t, <4 x float>) f64x2 (float64x2_t, <2 x double>)
 *   <function> one of NEREID_CPU_MATH_UNARY_FUNCTIONS (one vector operand) or
 *            NEREID_CPU_MATH_BINARY_FUNCTIONS (two vector operands, in the order of the C
 *            library function: pow(x, y), atan2(y, x), hypot(x, y)).
 *
 *   For example:
 *     __m512  nereid_cpu_math_exp_f32x16_avx512(__m512 x);
 *     __m256  nereid_cpu_math_exp_f32x8_avx2(__m256 x);
 *     __m512d nereid_cpu_math_exp_f64x8_avx512(__m512d x);
 *     __m256d nereid_cpu_math_pow_f64x4_avx2(__m256d x, __m256d y);
 *
 *   Each lane of the result is the function of the same lanes of the operands; lanes do not
 *   interact. Every name is defined for both f32 and f64.
 *
 * CALLING CONVENTION. The plain C calling convention of the platform with vector arguments
 * (x86-64 System V; AAPCS64): operands in zmm0, zmm1 / ymm0, ymm1 / v0, v1 and the result in
 * zmm0 / ymm0 / v0. That holds only when the CALLER IS COMPILED FOR THE SAME ISA: on x86-64 a
 * 512-bit vector travels in a zmm register only from code with the avx512f feature, and a
 * 256-bit one in a ymm register only from code with avx (otherwise they go through memory and
 * the call is wrong). So LLVM IR such as
 *
 *     declare <16 x float> @nereid_cpu_math_exp_f32x16_avx512(<16 x float>)
 *     %y = call <16 x float> @nereid_cpu_math_exp_f32x16_avx512(<16 x float> %x)
 *
 * must sit in a function whose "target-features" include +avx512f (the _avx2 names: +avx2,
 * +fma), and the host that runs it must have every feature of the ISA's build line above, since
 * the bodies use them. A vector narrower than the native one is widened by the caller (the extra
 * lanes are computed and dropped); a wider one is split.
 *
 * The functions are pure: no global state; errno and the floating-point exception flags are
 * unspecified afterwards. They assume round-to-nearest and keep subnormals (no flush to zero).
 * NaN operands give NaN (payload and sign unspecified), as in the interpreter; NaN results,
 * infinities and the sign of zero results follow the C library (tested in
 * test/unit/CPU/MathAccuracyTest.cpp). The largest error of each function, in ULPs: the
 * "Vector math library" section of docs/cpu.md. Most are xsimd's vector algorithms; f64 erf,
 * erfc and pow call the C library lane by lane (xsimd's are tens to millions of ULP off), and
 * so do rare special lanes of other functions (see VectorMath.cpp).
 *
 * LINKING. Kernels take the functions as LLVM bitcode, nereid_cpu_math_<isa>.bc (build/lib/,
 * and nereid/_lib/ in the wheel), which code generation links into the kernel's LLVM module
 * before optimizing it (nereid_module_emit's bitcode libraries): only the functions the kernel
 * calls come in, internal to it, and they inline into its loops. The static archive
 * libnereid_cpu_math.a (build/lib/) holds the same functions as native code, compiled with
 * -fPIC and hidden visibility, for the accuracy tests. Neither is in libnereid_cpu_runtime.so.
 * At load time a kernel needs only libm (pow, powf, erf, erfc, atan2, atan2f, scalbn), which
 * Python has loaded.
 */
#ifndef NEREID_CPU_RUNTIME_INCLUDE_NEREID_CPU_MATH_H
#define NEREID_CPU_RUNTIME_INCLUDE_NEREID_CPU_MATH_H

/* The one-operand functions; X(name) per function. Their meaning is the C library function of
 * the same name; exp10 is 10^x. */
#define NEREID_CPU_MATH_UNARY_FUNCTIONS(X)                                                        \
  X(exp) X(exp2) X(exp10) X(expm1) X(log) X(log2) X(log10) X(log1p) X(sin) X(cos) X(tan)         \
  X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh) X(erf) X(erfc)      \
  X(cbrt)

/* The two-operand functions; X(name) per function, operands in the C library's order. */
#define NEREID_CPU_MATH_BINARY_FUNCTIONS(X) X(pow) X(atan2) X(hypot)

/* The ISAs of this build, by suffix, for this target architecture. */
#if defined(__x86_64__)
#define NEREID_CPU_MATH_ISAS(X) X(avx512) X(avx2)
#elif defined(__aarch64__)
#define NEREID_CPU_MATH_ISAS(X) X(neon)
#else
#define NEREID_CPU_MATH_ISAS(X)
#endif

/* Declarations of one ISA's functions: VEC32 / VEC64 are its f32 / f64 vector types, L32 / L64
 * their lane counts. */
#define NEREID_CPU_MATH_DECLARE_UNARY_(name, isa, VEC, type, lanes)                               \
  VEC nereid_cpu_math_##name##_##type##x##lanes##_##isa(VEC x);
#define NEREID_CPU_MATH_DECLARE_BINARY_(name, isa, VEC, type, lanes)                              \
  VEC nereid_cpu_math_##name##_##type##x##lanes##_##isa(VEC x, VEC y);

#ifdef __cplusplus
extern "C" {
#endif

/* Each ISA's declarations are visible only to code compiled for that ISA, which is the only
 * code that may call them (see CALLING CONVENTION). */
#if defined(__x86_64__) && defined(__AVX512F__)
#include <immintrin.h>
#define NEREID_CPU_MATH_U_(name)                                                                  \
  NEREID_CPU_MATH_DECLARE_UNARY_(name, avx512, __m512, f32, 16)                                   \
  NEREID_CPU_MATH_DECLARE_UNARY_(name, avx512, __m512d, f64, 8)
#define NEREID_CPU_MATH_B_(name)                                                                  \
  NEREID_CPU_MATH_DECLARE_BINARY_(name, avx512, __m512, f32, 16)                                  \
  NEREID_CPU_MATH_DECLARE_BINARY_(name, avx512, __m512d, f64, 8)
NEREID_CPU_MATH_UNARY_FUNCTIONS(NEREID_CPU_MATH_U_)
NEREID_CPU_MATH_BINARY_FUNCTIONS(NEREID_CPU_MATH_B_)
#undef NEREID_CPU_MATH_U_
#undef NEREID_CPU_MATH_B_
#endif

#if defined(__x86_64__) && defined(__AVX2__)
#include <immintrin.h>
#define NEREID_CPU_MATH_U_(name)                                                                  \
  NEREID_CPU_MATH_DECLARE_UNARY_(name, avx2, __m256, f32, 8)                                      \
  NEREID_CPU_MATH_DECLARE_UNARY_(name, avx2, __m256d, f64, 4)
#define NEREID_CPU_MATH_B_(name)                                                                  \
  NEREID_CPU_MATH_DECLARE_BINARY_(name, avx2, __m256, f32, 8)                                     \
  NEREID_CPU_MATH_DECLARE_BINARY_(name, avx2, __m256d, f64, 4)
NEREID_CPU_MATH_UNARY_FUNCTIONS(NEREID_CPU_MATH_U_)
NEREID_CPU_MATH_BINARY_FUNCTIONS(NEREID_CPU_MATH_B_)
#undef NEREID_CPU_MATH_U_
#undef NEREID_CPU_MATH_B_
#endif

#if defined(__aarch64__) && defined(__ARM_NEON)
#include <arm_neon.h>
#define NEREID_CPU_MATH_U_(name)                                                                  \
  NEREID_CPU_MATH_DECLARE_UNARY_(name, neon, float32x4_t, f32, 4)                                 \
  NEREID_CPU_MATH_DECLARE_UNARY_(name, neon, float64x2_t, f64, 2)
#define NEREID_CPU_MATH_B_(name)                                                                  \
  NEREID_CPU_MATH_DECLARE_BINARY_(name, neon, float32x4_t, f32, 4)                                \
  NEREID_CPU_MATH_DECLARE_BINARY_(name, neon, float64x2_t, f64, 2)
NEREID_CPU_MATH_UNARY_FUNCTIONS(NEREID_CPU_MATH_U_)
NEREID_CPU_MATH_BINARY_FUNCTIONS(NEREID_CPU_MATH_B_)
#undef NEREID_CPU_MATH_U_
#undef NEREID_CPU_MATH_B_
#endif

#ifdef __cplusplus
}
#endif

#endif /* NEREID_CPU_RUNTIME_INCLUDE_NEREID_CPU_MATH_H */
