#include "Formatting.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace mlir::nereid::interpreter {

/// `value` with the fewest significant digits that read back to the same value once rounded to
/// `format`: in plain notation for exponents from -5 to 15, in scientific notation otherwise.
static std::string formatFloat(double value, const FloatFormat &format) {
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

std::string formatElement(const Tensor &tensor, int64_t index, bool isSigned, bool hex) {
  std::string text;
  llvm::raw_string_ostream stream(text);
  ElementKind kind = tensor.kind();
  if (kind == ElementKind::Pointer) {
    stream << llvm::format_hex(tensor.getPointer(index).address, 18);
    return text;
  }
  if (kind == ElementKind::Descriptor)
    return "<tensor descriptor>";
  unsigned bits = isIntegerKind(kind) ? getIntegerWidth(kind) : getFloatFormat(kind).bits;
  if (hex) {
    stream << llvm::format_hex(tensor.getBits(index), 2 + (bits + 3) / 4);
    return text;
  }
  if (isIntegerKind(kind)) {
    if (isSigned && kind != ElementKind::I1)
      stream << tensor.getSigned(index);
    else
      stream << tensor.getUnsigned(index);
    return text;
  }
  return formatFloat(tensor.getFloat(index), getFloatFormat(kind));
}

} // namespace mlir::nereid::interpreter
