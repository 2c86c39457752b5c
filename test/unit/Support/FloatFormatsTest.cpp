// The float encoder and decoder (shared by the interpreter and the CPU runtime) against llvm::APFloat, an independent
// implementation: every encoding of every narrow format, and conversions of every f16 and bf16
// value and of random f32 and f64 values under each rounding mode. The only intended difference
// is docs/semantics.md's saturation of formats without infinities.

#include "nereid/Support/FloatFormats.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

using namespace mlir::nereid;
using llvm::APFloat;
using llvm::APInt;

namespace {

struct FormatCase {
  const char *name;
  const FloatFormat *format;
  const llvm::fltSemantics *semantics;
};

const FormatCase kFormats[] = {
    {"f32", &kFloat32, &APFloat::IEEEsingle()},
    {"f16", &kFloat16, &APFloat::IEEEhalf()},
    {"bf16", &kBFloat16, &APFloat::BFloat()},
    {"f8E5M2", &kFloat8E5M2, &APFloat::Float8E5M2()},
    {"f8E4M3FN", &kFloat8E4M3FN, &APFloat::Float8E4M3FN()},
    {"f8E4M3FNUZ", &kFloat8E4M3FNUZ, &APFloat::Float8E4M3FNUZ()},
    {"f8E5M2FNUZ", &kFloat8E5M2FNUZ, &APFloat::Float8E5M2FNUZ()},
    {"f8E4M3B11FNUZ", &kFloat8E4M3B11FNUZ, &APFloat::Float8E4M3B11FNUZ()},
};

struct RoundingCase {
  Rounding rounding;
  APFloat::roundingMode mode;
};

const RoundingCase kRoundings[] = {
    {Rounding::NearestEven, APFloat::rmNearestTiesToEven},
    {Rounding::TowardZero, APFloat::rmTowardZero},
    {Rounding::Upward, APFloat::rmTowardPositive},
    {Rounding::Downward, APFloat::rmTowardNegative},
    {Rounding::NearestAway, APFloat::rmNearestTiesToAway},
};

double toDouble(const APFloat &value) {
  APFloat copy = value;
  bool losesInfo;
  copy.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  return copy.convertToDouble();
}

/// The encoding APFloat gives, with the saturation of docs/semantics.md for formats without
/// infinities: APFloat turns their overflow into NaN; the interpreter clamps to the largest
/// finite value of the same sign.
uint64_t expectedEncoding(const FormatCase &format, double value, APFloat::roundingMode mode) {
  APFloat converted(value);
  bool losesInfo;
  converted.convert(*format.semantics, mode, &losesInfo);
  if (!format.format->hasInfinity() && !std::isnan(value) && converted.isNaN()) {
    APFloat largest = APFloat::getLargest(*format.semantics, std::signbit(value));
    return largest.bitcastToAPInt().getZExtValue();
  }
  return converted.bitcastToAPInt().getZExtValue();
}

void expectEncodes(const FormatCase &format, double value, const RoundingCase &rounding) {
  uint64_t actual = encodeFloat(*format.format, value, rounding.rounding);
  if (std::isnan(value)) {
    EXPECT_TRUE(std::isnan(decodeFloat(*format.format, actual)))
        << format.name << " NaN gave " << actual;
    return;
  }
  uint64_t expected = expectedEncoding(format, value, rounding.mode);
  EXPECT_EQ(actual, expected) << format.name << " " << value << " rounding "
                              << int(rounding.rounding);
}

TEST(FloatFormats, DecodesEveryEncodingOfTheNarrowFormats) {
  for (const FormatCase &format : kFormats) {
    if (format.format->bits > 16)
      continue;
    for (uint64_t bits = 0; bits < (uint64_t(1) << format.format->bits); ++bits) {
      APFloat reference(*format.semantics, APInt(format.format->bits, bits));
      double expected = toDouble(reference);
      double actual = decodeFloat(*format.format, bits);
      if (std::isnan(expected)) {
        EXPECT_TRUE(std::isnan(actual)) << format.name << " " << bits;
        continue;
      }
      EXPECT_EQ(actual, expected) << format.name << " " << bits;
      EXPECT_EQ(std::signbit(actual), std::signbit(expected)) << format.name << " " << bits;
    }
  }
}

TEST(FloatFormats, MaxFiniteMatchesAPFloat) {
  for (const FormatCase &format : kFormats)
    EXPECT_EQ(format.format->maxFinite(), toDouble(APFloat::getLargest(*format.semantics, false)))
        << format.name;
}

TEST(FloatFormats, EncodesEveryHalfAndBFloat16Value) {
  std::vector<double> values;
  for (uint64_t bits = 0; bits < 65536; ++bits) {
    values.push_back(decodeFloat(kFloat16, bits));
    values.push_back(decodeFloat(kBFloat16, bits));
  }
  for (const FormatCase &format : kFormats)
    for (const RoundingCase &rounding : kRoundings)
      for (double value : values)
        expectEncodes(format, value, rounding);
}

TEST(FloatFormats, EncodesRandomFloatsAndDoubles) {
  std::mt19937_64 generator(1234);
  std::vector<double> values;
  for (int i = 0; i < 20000; ++i) {
    uint32_t bits32 = uint32_t(generator());
    float single;
    std::memcpy(&single, &bits32, sizeof(single));
    values.push_back(single);
    uint64_t bits64 = generator();
    double wide;
    std::memcpy(&wide, &bits64, sizeof(wide));
    values.push_back(wide);
    // Doubles of a small magnitude, where the narrow formats round rather than overflow.
    values.push_back(std::ldexp(double(generator() >> 11), -53 - int(generator() % 40)));
  }
  for (double special :
       {0.0,     -0.0,    HUGE_VAL,  -HUGE_VAL, 448.0,   464.0,     480.0,    -448.5,
        57344.0, 61440.0, 65504.0,   65520.0,   240.0,   248.0,     30.0,     31.0,
        0x1p-9,  0x1p-10, 0x1.8p-10, 0x1p-24,   0x1p-25, 0x1.8p-25, 0x1p-149, 0x1p-150})
    values.push_back(special);
  for (const FormatCase &format : kFormats)
    for (const RoundingCase &rounding : kRoundings)
      for (double value : values)
        expectEncodes(format, value, rounding);
}

TEST(FloatFormats, SaturatesFormatsWithoutInfinities) {
  EXPECT_EQ(decodeFloat(kFloat8E4M3FN, encodeFloat(kFloat8E4M3FN, 1e6, Rounding::NearestEven)),
            448.0);
  EXPECT_EQ(
      decodeFloat(kFloat8E4M3FN, encodeFloat(kFloat8E4M3FN, -HUGE_VAL, Rounding::NearestEven)),
      -448.0);
  EXPECT_EQ(
      decodeFloat(kFloat8E4M3B11FNUZ, encodeFloat(kFloat8E4M3B11FNUZ, 100.0, Rounding::TowardZero)),
      30.0);
  // Formats with infinities overflow to infinity when rounding to nearest.
  EXPECT_EQ(decodeFloat(kFloat8E5M2, encodeFloat(kFloat8E5M2, 1e6, Rounding::NearestEven)),
            HUGE_VAL);
  EXPECT_EQ(decodeFloat(kFloat8E5M2, encodeFloat(kFloat8E5M2, 1e6, Rounding::TowardZero)), 57344.0);
  // No negative zero in the FNUZ formats: -0 is +0, and 0x80 is their NaN.
  EXPECT_EQ(encodeFloat(kFloat8E4M3FNUZ, -0.0, Rounding::NearestEven), 0u);
  EXPECT_TRUE(std::isnan(decodeFloat(kFloat8E4M3FNUZ, 0x80)));
}

TEST(FloatFormats, IntegersConvertWithoutDoubleRounding) {
  std::mt19937_64 generator(99);
  for (int i = 0; i < 100000; ++i) {
    uint64_t magnitude = generator() >> (generator() % 12);
    APFloat expected(APFloat::IEEEsingle());
    expected.convertFromAPInt(APInt(64, magnitude), /*IsSigned=*/false,
                              APFloat::rmNearestTiesToEven);
    float actual = float(integerToDoubleRoundedToOdd(magnitude));
    EXPECT_EQ(actual, expected.convertToFloat()) << magnitude;
  }
  // 2^53 + 1 is not a double: rounding to odd keeps the information that it exceeds 2^53.
  EXPECT_EQ(integerToDoubleRoundedToOdd((uint64_t(1) << 53) + 1), 0x1.0000000000001p53);
  EXPECT_EQ(integerToDoubleRoundedToOdd(uint64_t(1) << 53), 0x1p53);
}

} // namespace
