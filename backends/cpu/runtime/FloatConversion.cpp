// nereid_cpu_convert_float: the interpreter's float conversions, for CPU kernels.

#include "nereid-cpu/FloatConversion.h"

#include "nereid/Support/FloatFormats.h"

namespace {

using namespace mlir::nereid;

const FloatFormat *getFormat(int32_t format) {
  switch (format) {
  case NEREID_CPU_FLOAT64:
    return &kFloat64;
  case NEREID_CPU_FLOAT32:
    return &kFloat32;
  case NEREID_CPU_FLOAT16:
    return &kFloat16;
  case NEREID_CPU_BFLOAT16:
    return &kBFloat16;
  case NEREID_CPU_FLOAT8_E5M2:
    return &kFloat8E5M2;
  case NEREID_CPU_FLOAT8_E4M3FN:
    return &kFloat8E4M3FN;
  case NEREID_CPU_FLOAT8_E4M3FNUZ:
    return &kFloat8E4M3FNUZ;
  case NEREID_CPU_FLOAT8_E5M2FNUZ:
    return &kFloat8E5M2FNUZ;
  case NEREID_CPU_FLOAT8_E4M3B11FNUZ:
    return &kFloat8E4M3B11FNUZ;
  default:
    return nullptr;
  }
}

} // namespace

extern "C" uint64_t nereid_cpu_convert_float(uint64_t bits, int32_t from, int32_t to,
                                             int32_t rounding) {
  const FloatFormat *source = getFormat(from), *target = getFormat(to);
  if (!source || !target ||
      (rounding != NEREID_CPU_ROUND_NEAREST_EVEN && rounding != NEREID_CPU_ROUND_TOWARD_ZERO))
    return 0;
  return encodeFloat(*target, decodeFloat(*source, bits),
                     rounding == NEREID_CPU_ROUND_TOWARD_ZERO ? Rounding::TowardZero
                                                              : Rounding::NearestEven);
}
