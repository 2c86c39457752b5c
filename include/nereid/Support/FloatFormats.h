#ifndef NEREID_SUPPORT_FLOATFORMATS_H
#define NEREID_SUPPORT_FLOATFORMATS_H

#include <cstdint>
#include <string>

namespace mlir::nereid {

/// How a value that a format cannot hold exactly is rounded. `tt.fp_to_fp` names the first two;
/// `arith.truncf` may name any of them.
enum class Rounding : uint8_t {
  NearestEven, ///< to nearest, ties to even (rtne)
  TowardZero,  ///< truncation (rtz)
  Upward,      ///< toward +infinity
  Downward,    ///< toward -infinity
  NearestAway, ///< to nearest, ties away from zero
};

/// Which encodings of a format are NaN.
enum class NanEncoding : uint8_t {
  Ieee,         ///< the largest exponent with a non-zero mantissa (the largest with zero is inf)
  AllOnes,      ///< only exponent and mantissa all ones (the "FN" formats: no infinity)
  NegativeZero, ///< only the sign bit set, 0x80 (the "FNUZ" formats: no -0, no infinity)
};

/// A binary floating-point format of at most 64 bits: sign, exponent, mantissa. Every format of
/// the language is described this way, so that one encoder and one decoder serve all of them
/// and the rules in docs/semantics.md are written once.
struct FloatFormat {
  unsigned bits;
  unsigned exponentBits;
  unsigned mantissaBits;
  int bias;
  NanEncoding nan;

  /// Whether the format has infinities; only the IEEE-like ones do.
  bool hasInfinity() const { return nan == NanEncoding::Ieee; }
  /// The largest finite value.
  double maxFinite() const;
};

extern const FloatFormat kFloat64;
extern const FloatFormat kFloat32;
extern const FloatFormat kFloat16;
extern const FloatFormat kBFloat16;
extern const FloatFormat kFloat8E5M2;
extern const FloatFormat kFloat8E4M3FN;
extern const FloatFormat kFloat8E4M3FNUZ;
extern const FloatFormat kFloat8E5M2FNUZ;
extern const FloatFormat kFloat8E4M3B11FNUZ;

/// The exact value of an encoding (every format here is a subset of double).
double decodeFloat(const FloatFormat &format, uint64_t bits);

/// The encoding of `value` rounded to `format` as `rounding` says. NaN gives the format's NaN.
/// In a format with infinities, overflow gives infinity or the largest finite value as IEEE 754
/// rounding does; in a format without them, overflow and infinities saturate to the largest
/// finite value of the same sign. A zero, or a result that rounds to zero, keeps its sign
/// except where the format has no negative zero.
uint64_t encodeFloat(const FloatFormat &format, double value, Rounding rounding);

/// `value` as a double rounded to odd: exact when it fits in 53 bits, otherwise truncated with
/// the lowest mantissa bit set when anything was dropped. Rounding that double once more to a
/// format of at most 51 mantissa bits gives the correctly rounded result of `value`, so integers
/// of 64 bits convert without double rounding.
double integerToDoubleRoundedToOdd(uint64_t magnitude);

/// `value` (a value of `format`) as text with the fewest significant digits that read back to
/// the same value of `format`: in plain notation for exponents from -5 to 15, in scientific
/// notation otherwise; "nan", "inf" and "-inf". tt.print shows floats so, in the interpreter and
/// in the CPU backend's runtime.
std::string formatFloat(double value, const FloatFormat &format);

} // namespace mlir::nereid

#endif // NEREID_SUPPORT_FLOATFORMATS_H
