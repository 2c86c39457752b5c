// The accuracy of the vector math library (nereid_cpu_math.h), per function, element type and
// ISA the host supports: the largest error in ULPs over random inputs of each function's useful
// domain plus special values (+-0, +-inf, NaN, subnormals, extremes, huge arguments of the
// trigonometric functions) stays within the bound that docs/cpu-math.md documents, and NaN and
// infinite results appear exactly where the reference has them.
//
// The reference is the interpreter's definition (interpreter/lib/Math.cpp, Extern.cpp): for
// f32, the C library's f64 function of the f32 operands (before its rounding to f32, so that
// the error is measured against a value ~2^29 times more precise than an f32 ULP); for f64, the
// C library's long double function (64-bit significand on x86-64, 113-bit on AArch64), which is
// closer to the exact value than the interpreter's own f64 result.

#include "MathIsaCalls.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace nereid::test {
namespace {

using LongDouble = long double;

/// Where a function's random operands come from: uniform in [lo, hi], or with a magnitude
/// log-uniform in [lo, hi] (lo > 0) and a sign chosen by `signs` (+1, -1, or 0 for either).
struct Range {
  enum Kind { Uniform, LogUniform } kind;
  double lo, hi;
  int signs = 1;
};

/// The domains of one function in one type: one list of ranges per operand; every sample picks
/// a range of each operand at random.
struct Domain {
  std::vector<Range> x;
  std::vector<Range> y = {};
};

/// A library function, its references and the documented bounds.
struct MathFunction {
  const char *name;
  unsigned arity;
  double (*reference32)(double, double);
  LongDouble (*reference64)(LongDouble, LongDouble);
  Domain domain32, domain64;
  /// The largest error in ULPs allowed (docs/cpu-math.md).
  double bound32, bound64;
};

Range uniform(double lo, double hi) { return {Range::Uniform, lo, hi}; }
Range logUniform(double lo, double hi, int signs = 1) { return {Range::LogUniform, lo, hi, signs}; }

constexpr double kMaxF32 = FLT_MAX, kMinF32 = FLT_TRUE_MIN;
constexpr double kMaxF64 = DBL_MAX, kMinF64 = DBL_TRUE_MIN;

#define UNARY_REF(call) [](double x, double) { return call(x); }
#define UNARY_REF64(call) [](LongDouble x, LongDouble) { return call(x); }
#define BINARY_REF(call) [](double x, double y) { return call(x, y); }
#define BINARY_REF64(call) [](LongDouble x, LongDouble y) { return call(x, y); }

/// The functions, their domains and bounds. Bounds are the measured maxima of this test
/// (printed by it) rounded up, so that a change of the library that costs accuracy fails here.
const std::vector<MathFunction> &getMathFunctions() {
  static const std::vector<MathFunction> functions = {
      {"exp",
       1,
       UNARY_REF(std::exp),
       UNARY_REF64(expl),
       {{uniform(-104, 89), uniform(-1, 1)}},
       {{uniform(-746, 710), uniform(-1, 1)}},
       2,
       2},
      {"exp2",
       1,
       UNARY_REF(std::exp2),
       UNARY_REF64(exp2l),
       {{uniform(-150, 128), uniform(-1, 1)}},
       {{uniform(-1075, 1024), uniform(-1, 1)}},
       2,
       2},
      {"exp10",
       1,
       UNARY_REF([](double x) { return std::pow(10.0, x); }),
       UNARY_REF64(exp10l),
       {{uniform(-46, 39), uniform(-1, 1)}},
       {{uniform(-324, 309), uniform(-1, 1)}},
       1.5,
       4},
      {"expm1",
       1,
       UNARY_REF(std::expm1),
       UNARY_REF64(expm1l),
       {{uniform(-20, 89), logUniform(1e-30, 1, 0)}},
       {{uniform(-40, 710), logUniform(1e-300, 1, 0)}},
       2.5,
       2.5},
      {"log",
       1,
       UNARY_REF(std::log),
       UNARY_REF64(logl),
       {{logUniform(kMinF32, kMaxF32), uniform(0.5, 2)}},
       {{logUniform(kMinF64, kMaxF64), uniform(0.5, 2)}},
       1.5,
       1.5},
      {"log2",
       1,
       UNARY_REF(std::log2),
       UNARY_REF64(log2l),
       {{logUniform(kMinF32, kMaxF32), uniform(0.5, 2)}},
       {{logUniform(kMinF64, kMaxF64), uniform(0.5, 2)}},
       2,
       1},
      {"log10",
       1,
       UNARY_REF(std::log10),
       UNARY_REF64(log10l),
       {{logUniform(kMinF32, kMaxF32), uniform(0.5, 2)}},
       {{logUniform(kMinF64, kMaxF64), uniform(0.5, 2)}},
       1.5,
       1},
      {"log1p",
       1,
       UNARY_REF(std::log1p),
       UNARY_REF64(log1pl),
       {{uniform(-1, 1), logUniform(kMinF32, kMaxF32, 1), logUniform(1e-30, 1, -1)}},
       {{uniform(-1, 1), logUniform(kMinF64, kMaxF64, 1), logUniform(1e-300, 1, -1)}},
       1.5,
       1},
      {"sin",
       1,
       UNARY_REF(std::sin),
       UNARY_REF64(sinl),
       {{uniform(-10, 10), uniform(-1e4, 1e4), logUniform(1e-30, 1e30, 0)}},
       {{uniform(-10, 10), uniform(-1e6, 1e6), logUniform(1e-300, 1e300, 0)}},
       2,
       2.5},
      {"cos",
       1,
       UNARY_REF(std::cos),
       UNARY_REF64(cosl),
       {{uniform(-10, 10), uniform(-1e4, 1e4), logUniform(1e-30, 1e30, 0)}},
       {{uniform(-10, 10), uniform(-1e6, 1e6), logUniform(1e-300, 1e300, 0)}},
       2,
       2.5},
      {"tan",
       1,
       UNARY_REF(std::tan),
       UNARY_REF64(tanl),
       {{uniform(-10, 10), uniform(-1e4, 1e4), logUniform(1e-30, 1e30, 0)}},
       {{uniform(-10, 10), uniform(-1e6, 1e6), logUniform(1e-300, 1e300, 0)}},
       3,
       3.5},
      {"asin",
       1,
       UNARY_REF(std::asin),
       UNARY_REF64(asinl),
       {{uniform(-1, 1), logUniform(1e-30, 1, 0)}},
       {{uniform(-1, 1), logUniform(1e-300, 1, 0)}},
       3,
       1.5},
      {"acos",
       1,
       UNARY_REF(std::acos),
       UNARY_REF64(acosl),
       {{uniform(-1, 1), logUniform(1e-30, 1, 0)}},
       {{uniform(-1, 1), logUniform(1e-300, 1, 0)}},
       1.5,
       1.5},
      {"atan",
       1,
       UNARY_REF(std::atan),
       UNARY_REF64(atanl),
       {{uniform(-4, 4), logUniform(kMinF32, kMaxF32, 0)}},
       {{uniform(-4, 4), logUniform(kMinF64, kMaxF64, 0)}},
       2.5,
       2},
      {"sinh",
       1,
       UNARY_REF(std::sinh),
       UNARY_REF64(sinhl),
       {{uniform(-90, 90), logUniform(1e-30, 1, 0)}},
       {{uniform(-711, 711), logUniform(1e-300, 1, 0)}},
       2.5,
       2.5},
      {"cosh",
       1,
       UNARY_REF(std::cosh),
       UNARY_REF64(coshl),
       {{uniform(-90, 90), uniform(-1, 1)}},
       {{uniform(-711, 711), uniform(-1, 1)}},
       3.5,
       2.5},
      {"tanh",
       1,
       UNARY_REF(std::tanh),
       UNARY_REF64(tanhl),
       {{uniform(-10, 10), logUniform(1e-30, 1, 0)}},
       {{uniform(-20, 20), logUniform(1e-300, 1, 0)}},
       1.5,
       1.5},
      {"asinh",
       1,
       UNARY_REF(std::asinh),
       UNARY_REF64(asinhl),
       {{uniform(-4, 4), logUniform(kMinF32, kMaxF32, 0)}},
       {{uniform(-4, 4), logUniform(kMinF64, kMaxF64, 0)}},
       4,
       2},
      {"acosh",
       1,
       UNARY_REF(std::acosh),
       UNARY_REF64(acoshl),
       {{uniform(1, 4), logUniform(1, kMaxF32)}},
       {{uniform(1, 4), logUniform(1, kMaxF64)}},
       2,
       2},
      {"atanh",
       1,
       UNARY_REF(std::atanh),
       UNARY_REF64(atanhl),
       {{uniform(-1, 1), logUniform(1e-30, 1, 0)}},
       {{uniform(-1, 1), logUniform(1e-300, 1, 0)}},
       2,
       2},
      {"erf",
       1,
       UNARY_REF(std::erf),
       UNARY_REF64(erfl),
       {{uniform(-5, 5), logUniform(1e-30, 1, 0)}},
       {{uniform(-7, 7), logUniform(1e-300, 1, 0)}},
       3,
       1.5},
      {"erfc",
       1,
       UNARY_REF(std::erfc),
       UNARY_REF64(erfcl),
       {{uniform(-5, 11), logUniform(1e-30, 1, 0)}},
       {{uniform(-7, 28), logUniform(1e-300, 1, 0)}},
       1,
       3},
      {"cbrt",
       1,
       UNARY_REF(std::cbrt),
       UNARY_REF64(cbrtl),
       {{uniform(-8, 8), logUniform(kMinF32, kMaxF32, 0)}},
       {{uniform(-8, 8), logUniform(kMinF64, kMaxF64, 0)}},
       2,
       1},
      {"pow",
       2,
       BINARY_REF(std::pow),
       BINARY_REF64(powl),
       {{logUniform(1e-3, 1e3), uniform(0, 4), uniform(-4, 0)}, {uniform(-12, 12)}},
       {{logUniform(1e-30, 1e30), uniform(0, 4), uniform(-4, 0)}, {uniform(-10, 10)}},
       1,
       1},
      {"atan2",
       2,
       BINARY_REF(std::atan2),
       BINARY_REF64(atan2l),
       {{uniform(-4, 4), logUniform(kMinF32, kMaxF32, 0)},
        {uniform(-4, 4), logUniform(kMinF32, kMaxF32, 0)}},
       {{uniform(-4, 4), logUniform(kMinF64, kMaxF64, 0)},
        {uniform(-4, 4), logUniform(kMinF64, kMaxF64, 0)}},
       3,
       3},
      {"hypot",
       2,
       BINARY_REF(std::hypot),
       BINARY_REF64(hypotl),
       {{uniform(-4, 4), logUniform(kMinF32, kMaxF32, 0)},
        {uniform(-4, 4), logUniform(kMinF32, kMaxF32, 0)}},
       {{uniform(-4, 4), logUniform(kMinF64, kMaxF64, 0)},
        {uniform(-4, 4), logUniform(kMinF64, kMaxF64, 0)}},
       1,
       1.5},
  };
  return functions;
}

#undef UNARY_REF
#undef UNARY_REF64
#undef BINARY_REF
#undef BINARY_REF64

/// Random samples per operand list; special values come on top.
constexpr size_t kSamples = 1 << 17;

/// The special operands of every function, in type T.
template <typename T> std::vector<T> specialValues() {
  using Limits = std::numeric_limits<T>;
  std::vector<T> values = {T(0),
                           Limits::infinity(),
                           Limits::quiet_NaN(),
                           Limits::denorm_min(),
                           Limits::min() / 2,
                           Limits::min(),
                           Limits::max(),
                           T(1),
                           T(0.5),
                           T(2),
                           T(3),
                           T(1e-8),
                           T(100),
                           T(1e6),
                           T(1e15),
                           T(1e22),
                           T(sizeof(T) == 4 ? 1e30 : 1e300)};
  size_t n = values.size();
  for (size_t i = 0; i < n; ++i)
    values.push_back(-values[i]);
  return values;
}

template <typename T> T sample(const Range &range, std::mt19937_64 &random) {
  std::uniform_real_distribution<double> unit(0, 1);
  if (range.kind == Range::Uniform)
    return T(range.lo + (range.hi - range.lo) * unit(random));
  double magnitude =
      std::exp2(std::log2(range.lo) + (std::log2(range.hi) - std::log2(range.lo)) * unit(random));
  int sign = range.signs != 0 ? range.signs : (random() & 1 ? 1 : -1);
  return T(sign * magnitude);
}

/// The error of `result` against the exact `reference`, in ULPs of type T at the reference
/// (subnormal results count in the smallest ULP; beyond the largest finite number, in its ULP).
/// NaN and infinite results are judged separately: here they are infinitely wrong unless they
/// match.
template <typename T> double ulpError(T result, LongDouble reference) {
  using Limits = std::numeric_limits<T>;
  if (std::isnan(result) && std::isnan(reference))
    return 0;
  if (LongDouble(result) == reference)
    return 0;
  // Beyond the largest finite number, the correctly rounded result is an infinity.
  if (std::isinf(T(reference)) && result == T(reference))
    return 0;
  if (std::isnan(result) || std::isnan(reference) || std::isinf(result) || std::isinf(reference))
    return HUGE_VAL;
  int exponent = reference == 0 ? Limits::min_exponent - 1 : std::ilogb(reference);
  exponent = std::max(exponent, Limits::min_exponent - 1);
  exponent = std::min(exponent, Limits::max_exponent - 1);
  LongDouble ulp = std::ldexp(LongDouble(1), exponent - (Limits::digits - 1));
  return double(std::fabs(LongDouble(result) - reference) / ulp);
}

/// What a sweep found.
template <typename T> struct Sweep {
  double maxError = 0;
  T worstX = 0, worstY = 0, worstResult = 0;
  LongDouble worstReference = 0;
  /// Inputs whose NaN-ness or infinity (with its sign) differs from the reference's.
  std::vector<std::string> classMismatches;
  /// Inputs whose result is a zero of the other sign than the reference's zero.
  std::vector<std::string> zeroSignMismatches;
};

template <typename T> std::string describe(const MathFunction &function, T x, T y) {
  char text[128];
  if (function.arity == 1)
    std::snprintf(text, sizeof text, "%s(%.9Lg)", function.name, LongDouble(x));
  else
    std::snprintf(text, sizeof text, "%s(%.9Lg, %.9Lg)", function.name, LongDouble(x),
                  LongDouble(y));
  return text;
}

/// Runs `call` on the random and special operands of `domain` and measures it against
/// `reference`.
template <typename T, typename Reference>
Sweep<T> sweep(const MathFunction &function, ArrayCall<T> call, Reference reference,
               const Domain &domain) {
  std::mt19937_64 random(0x5eed);
  std::vector<T> xs, ys;
  auto pick = [&](const std::vector<Range> &ranges) {
    return sample<T>(ranges[random() % ranges.size()], random);
  };
  for (size_t i = 0; i < kSamples; ++i) {
    xs.push_back(pick(domain.x));
    ys.push_back(function.arity == 2 ? pick(domain.y) : T(0));
  }
  std::vector<T> specials = specialValues<T>();
  for (T x : specials) {
    if (function.arity == 1) {
      xs.push_back(x);
      ys.push_back(0);
      continue;
    }
    for (T y : specials) {
      xs.push_back(x);
      ys.push_back(y);
    }
    // Special values against ordinary ones.
    for (int i = 0; i < 8; ++i) {
      T other = pick(domain.y);
      xs.push_back(x), ys.push_back(other);
      xs.push_back(pick(domain.x)), ys.push_back(x);
    }
  }

  std::vector<T> results(xs.size());
  call(xs.data(), ys.data(), results.data(), xs.size());

  Sweep<T> found;
  for (size_t i = 0; i < xs.size(); ++i) {
    LongDouble exact = reference(xs[i], ys[i]);
    T rounded = T(exact);
    T result = results[i];
    bool classDiffers = std::isnan(result) != std::isnan(rounded) ||
                        (std::isinf(rounded) && result != rounded) ||
                        (std::isinf(result) && !std::isinf(rounded));
    if (classDiffers && found.classMismatches.size() < 10) {
      char text[96];
      std::snprintf(text, sizeof text, " = %.9Lg, expected %.9Lg", LongDouble(result),
                    LongDouble(rounded));
      found.classMismatches.push_back(describe(function, xs[i], ys[i]) + text);
    }
    if (result == 0 && rounded == 0 && std::signbit(result) != std::signbit(rounded) &&
        found.zeroSignMismatches.size() < 10)
      found.zeroSignMismatches.push_back(describe(function, xs[i], ys[i]));
    double error = ulpError(result, exact);
    if (error > found.maxError && !classDiffers) {
      found.maxError = error;
      found.worstX = xs[i], found.worstY = ys[i], found.worstResult = result;
      found.worstReference = exact;
    }
  }
  return found;
}

/// An ISA of this build, if the host can run it.
struct IsaParam {
  MathIsa (*get)();
  const char *name;
  bool (*hostSupports)();
};

std::vector<IsaParam> getIsaParams() {
  return {
#if defined(__x86_64__)
    {getMathIsaAvx512, "avx512",
     [] {
       return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
              __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
     }},
        {getMathIsaAvx2, "avx2",
         [] { return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"); }},
#elif defined(__aarch64__)
    {getMathIsaNeon, "neon", [] { return true; }},
#endif
  };
}

void PrintTo(const IsaParam &isa, std::ostream *os) { *os << isa.name; }
void PrintTo(const MathFunction &function, std::ostream *os) { *os << function.name; }

class MathAccuracyTest : public ::testing::TestWithParam<std::tuple<IsaParam, MathFunction>> {};

template <typename T>
void check(const MathFunction &function, const char *isa, const char *type, const Sweep<T> &found,
           double bound) {
  std::printf("[ ulp ] %-9s %s %-6s max %.3f ulp at %s = %.17Lg (reference %.20Lg)\n",
              function.name, type, isa, found.maxError,
              describe(function, found.worstX, found.worstY).c_str(), LongDouble(found.worstResult),
              found.worstReference);
  EXPECT_LE(found.maxError, bound)
      << function.name << " " << type << " on " << isa << " is off by " << found.maxError
      << " ULP at " << describe(function, found.worstX, found.worstY) << " = "
      << LongDouble(found.worstResult) << ", reference " << found.worstReference;
  for (const std::string &mismatch : found.classMismatches)
    ADD_FAILURE() << type << " on " << isa << ": NaN or infinity differs: " << mismatch;
  for (const std::string &mismatch : found.zeroSignMismatches)
    ADD_FAILURE() << type << " on " << isa << ": the sign of zero differs: " << mismatch;
}

TEST_P(MathAccuracyTest, WithinDocumentedUlps) {
  const IsaParam &isaParam = std::get<0>(GetParam());
  const MathFunction &function = std::get<1>(GetParam());
  if (!isaParam.hostSupports())
    GTEST_SKIP() << "this host cannot run the " << isaParam.name << " build of the library";
  MathIsa isa = isaParam.get();
  const MathIsaFunction *entry = nullptr;
  for (size_t i = 0; i < isa.numFunctions; ++i)
    if (std::string(isa.functions[i].name) == function.name)
      entry = &isa.functions[i];
  ASSERT_NE(entry, nullptr) << "the library has no " << function.name;
  ASSERT_EQ(entry->arity, function.arity);

  Sweep<float> found32 = sweep<float>(
      function, entry->f32,
      [&](float x, float y) { return LongDouble(function.reference32(x, y)); }, function.domain32);
  check(function, isa.name, "f32", found32, function.bound32);
  Sweep<double> found64 = sweep<double>(
      function, entry->f64, [&](double x, double y) { return function.reference64(x, y); },
      function.domain64);
  check(function, isa.name, "f64", found64, function.bound64);
}

/// Every function of nereid_cpu_math.h has a row in getMathFunctions().
TEST(MathAccuracyCoverageTest, EveryLibraryFunctionIsMeasured) {
  for (const IsaParam &isaParam : getIsaParams()) {
    // The getter is compiled for its ISA, so only a host that has it may call it.
    if (!isaParam.hostSupports())
      continue;
    MathIsa isa = isaParam.get();
    for (size_t i = 0; i < isa.numFunctions; ++i) {
      bool measured = false;
      for (const MathFunction &function : getMathFunctions())
        measured |= std::string(function.name) == isa.functions[i].name;
      EXPECT_TRUE(measured) << isa.functions[i].name << " (" << isa.name << ") is not measured";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(VectorMath, MathAccuracyTest,
                         ::testing::Combine(::testing::ValuesIn(getIsaParams()),
                                            ::testing::ValuesIn(getMathFunctions())),
                         [](const ::testing::TestParamInfo<MathAccuracyTest::ParamType> &info) {
                           return std::string(std::get<0>(info.param).name) + "_" +
                                  std::get<1>(info.param).name;
                         });

} // namespace
} // namespace nereid::test
