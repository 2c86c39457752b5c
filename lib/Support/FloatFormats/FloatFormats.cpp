// One encoder and one decoder for every float format of the language (f64 down to the fp8
// formats), so that rounding, overflow and NaN rules are written once; docs/semantics.md states
// them and test/unit/Support checks them against llvm::APFloat.

#include "nereid/Support/FloatFormats.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace mlir::nereid {

const FloatFormat kFloat64{64, 11, 52, 1023, NanEncoding::Ieee};
const FloatFormat kFloat32{32, 8, 23, 127, NanEncoding::Ieee};
const FloatFormat kFloat16{16, 5, 10, 15, NanEncoding::Ieee};
const FloatFormat kBFloat16{16, 8, 7, 127, NanEncoding::Ieee};
const FloatFormat kFloat8E5M2{8, 5, 2, 15, NanEncoding::Ieee};
const FloatFormat kFloat8E4M3FN{8, 4, 3, 7, NanEncoding::AllOnes};
const FloatFormat kFloat8E4M3FNUZ{8, 4, 3, 8, NanEncoding::NegativeZero};
const FloatFormat kFloat8E5M2FNUZ{8, 5, 2, 16, NanEncoding::NegativeZero};
const FloatFormat kFloat8E4M3B11FNUZ{8, 4, 3, 11, NanEncoding::NegativeZero};

namespace {

uint64_t lowMask(unsigned bits) { return bits >= 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1; }

uint64_t signBit(const FloatFormat &format) { return uint64_t(1) << (format.bits - 1); }

uint64_t exponentAllOnes(const FloatFormat &format) { return lowMask(format.exponentBits); }

/// The exponent of the smallest normal number.
int minNormalExponent(const FloatFormat &format) { return 1 - format.bias; }

/// The encoding of the largest finite magnitude (without sign).
uint64_t maxFiniteBits(const FloatFormat &format) {
  uint64_t mantissa = lowMask(format.mantissaBits);
  uint64_t exponent = exponentAllOnes(format);
  switch (format.nan) {
  case NanEncoding::Ieee:
    exponent -= 1;
    break;
  case NanEncoding::AllOnes:
    mantissa -= 1;
    break;
  case NanEncoding::NegativeZero:
    break;
  }
  return (exponent << format.mantissaBits) | mantissa;
}

uint64_t nanBits(const FloatFormat &format, bool negative) {
  switch (format.nan) {
  case NanEncoding::Ieee:
    return (negative ? signBit(format) : 0) | (exponentAllOnes(format) << format.mantissaBits) |
           (uint64_t(1) << (format.mantissaBits - 1));
  case NanEncoding::AllOnes:
    return (negative ? signBit(format) : 0) | lowMask(format.bits - 1);
  case NanEncoding::NegativeZero:
    return signBit(format);
  }
  return 0;
}

/// The encoding of a magnitude that the format holds exactly (zero included), without sign.
uint64_t encodeExactMagnitude(const FloatFormat &format, double magnitude) {
  if (magnitude == 0)
    return 0;
  int exponent;
  std::frexp(magnitude, &exponent);
  exponent -= 1; // magnitude = 1.f * 2^exponent
  int minExponent = minNormalExponent(format);
  if (exponent < minExponent) {
    double mantissa = std::ldexp(magnitude, int(format.mantissaBits) - minExponent);
    return uint64_t(mantissa);
  }
  double scaled = std::ldexp(magnitude, int(format.mantissaBits) - exponent);
  uint64_t mantissa = uint64_t(scaled) - (uint64_t(1) << format.mantissaBits);
  return (uint64_t(exponent + format.bias) << format.mantissaBits) | mantissa;
}

/// Whether rounding a magnitude of `fraction` (in [0, 1)) above an integer `floor` goes up.
bool roundsUp(Rounding rounding, bool negative, double floor, double fraction) {
  if (fraction == 0)
    return false;
  switch (rounding) {
  case Rounding::NearestEven:
    return fraction > 0.5 || (fraction == 0.5 && std::fmod(floor, 2.0) != 0);
  case Rounding::NearestAway:
    return fraction >= 0.5;
  case Rounding::TowardZero:
    return false;
  case Rounding::Upward:
    return !negative;
  case Rounding::Downward:
    return negative;
  }
  return false;
}

/// Whether an overflowing magnitude becomes infinity (otherwise the largest finite value), in a
/// format that has infinities.
bool overflowsToInfinity(Rounding rounding, bool negative) {
  switch (rounding) {
  case Rounding::NearestEven:
  case Rounding::NearestAway:
    return true;
  case Rounding::TowardZero:
    return false;
  case Rounding::Upward:
    return !negative;
  case Rounding::Downward:
    return negative;
  }
  return true;
}

} // namespace

double FloatFormat::maxFinite() const { return decodeFloat(*this, maxFiniteBits(*this)); }

double decodeFloat(const FloatFormat &format, uint64_t bits) {
  bits &= lowMask(format.bits);
  if (format.bits == 64) {
    double value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
  }
  bool negative = (bits & signBit(format)) != 0;
  uint64_t exponent = (bits >> format.mantissaBits) & exponentAllOnes(format);
  uint64_t mantissa = bits & lowMask(format.mantissaBits);
  switch (format.nan) {
  case NanEncoding::Ieee:
    if (exponent == exponentAllOnes(format)) {
      if (mantissa != 0)
        return std::copysign(std::nan(""), negative ? -1.0 : 1.0);
      return negative ? -HUGE_VAL : HUGE_VAL;
    }
    break;
  case NanEncoding::AllOnes:
    if (exponent == exponentAllOnes(format) && mantissa == lowMask(format.mantissaBits))
      return std::copysign(std::nan(""), negative ? -1.0 : 1.0);
    break;
  case NanEncoding::NegativeZero:
    if (bits == signBit(format))
      return std::nan("");
    break;
  }
  double magnitude;
  if (exponent == 0)
    magnitude = std::ldexp(double(mantissa), minNormalExponent(format) - int(format.mantissaBits));
  else
    magnitude = std::ldexp(double(mantissa | (uint64_t(1) << format.mantissaBits)),
                           int(exponent) - format.bias - int(format.mantissaBits));
  return negative ? -magnitude : magnitude;
}

uint64_t encodeFloat(const FloatFormat &format, double value, Rounding rounding) {
  if (format.bits == 64) {
    uint64_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
  }
  bool negative = std::signbit(value);
  if (std::isnan(value))
    return nanBits(format, negative);
  bool hasNegativeZero = format.nan != NanEncoding::NegativeZero;
  uint64_t sign = negative ? signBit(format) : 0;
  double magnitude = std::fabs(value);
  if (std::isinf(magnitude)) {
    if (format.hasInfinity())
      return sign | (exponentAllOnes(format) << format.mantissaBits);
    return sign | maxFiniteBits(format);
  }
  if (magnitude == 0)
    return hasNegativeZero ? sign : 0;

  // Scale so that the last mantissa bit of the target has weight 1, round to an integer, and
  // scale back. Scaling by a power of two is exact in double, and so is the fraction.
  int exponent;
  std::frexp(magnitude, &exponent);
  exponent -= 1;
  if (exponent < minNormalExponent(format))
    exponent = minNormalExponent(format);
  int quantumExponent = exponent - int(format.mantissaBits);
  double scaled = std::ldexp(magnitude, -quantumExponent);
  double floor = std::floor(scaled);
  double rounded = floor;
  if (roundsUp(rounding, negative, floor, scaled - floor))
    rounded += 1;
  double result = std::ldexp(rounded, quantumExponent);

  if (result > format.maxFinite()) {
    if (format.hasInfinity() && overflowsToInfinity(rounding, negative))
      return sign | (exponentAllOnes(format) << format.mantissaBits);
    return sign | maxFiniteBits(format);
  }
  if (result == 0)
    return hasNegativeZero ? sign : 0;
  return sign | encodeExactMagnitude(format, result);
}

double integerToDoubleRoundedToOdd(uint64_t magnitude) {
  if (magnitude < (uint64_t(1) << 53))
    return double(magnitude);
  // Keep the top 53 bits; fold the dropped ones into the lowest kept bit (round to odd).
  int shift = 64 - 53 - __builtin_clzll(magnitude);
  uint64_t kept = magnitude >> shift;
  if ((magnitude & lowMask(unsigned(shift))) != 0)
    kept |= 1;
  return std::ldexp(double(kept), shift);
}

std::string formatFloat(double value, const FloatFormat &format) {
  if (std::isnan(value))
    return "nan";
  if (std::isinf(value))
    return value < 0 ? "-inf" : "inf";
  char buffer[64];
  int digits = 1;
  for (; digits < 17; ++digits) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", digits - 1, value);
    double parsed = std::strtod(buffer, nullptr);
    if (decodeFloat(format, encodeFloat(format, parsed, Rounding::NearestEven)) == value)
      break;
  }
  std::snprintf(buffer, sizeof(buffer), "%.*e", digits - 1, value);
  int exponent = std::atoi(std::strchr(buffer, 'e') + 1);
  if (exponent >= -5 && exponent < 16)
    std::snprintf(buffer, sizeof(buffer), "%.*f", std::max(0, digits - 1 - exponent), value);
  return buffer;
}

} // namespace mlir::nereid
