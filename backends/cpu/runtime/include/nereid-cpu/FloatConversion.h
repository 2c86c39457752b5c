/* Float conversions that CPUs have no instruction for (the fp8 formats), which CPU kernels call
 * element by element. They are the interpreter's own conversions (FloatFormats.h), so that
 * results match it bit for bit. Plain C. */
#ifndef NEREID_CPU_FLOATCONVERSION_H
#define NEREID_CPU_FLOATCONVERSION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The float formats, by the numbers the CPU backend passes. */
enum NereidCpuFloatFormat {
  NEREID_CPU_FLOAT64 = 0,
  NEREID_CPU_FLOAT32 = 1,
  NEREID_CPU_FLOAT16 = 2,
  NEREID_CPU_BFLOAT16 = 3,
  NEREID_CPU_FLOAT8_E5M2 = 4,
  NEREID_CPU_FLOAT8_E4M3FN = 5,
  NEREID_CPU_FLOAT8_E4M3FNUZ = 6,
  NEREID_CPU_FLOAT8_E5M2FNUZ = 7,
  NEREID_CPU_FLOAT8_E4M3B11FNUZ = 8,
};

/* The rounding of a narrowing conversion: tt.fp_to_fp's rtne and rtz. */
enum NereidCpuRounding {
  NEREID_CPU_ROUND_NEAREST_EVEN = 0,
  NEREID_CPU_ROUND_TOWARD_ZERO = 1,
};

/* The bits of the value with bits `bits` in format `from`, converted to format `to` with
 * `rounding` (NaN gives the target's NaN; overflow saturates in formats without infinities).
 * An unknown format or rounding gives 0. */
__attribute__((visibility("default"))) uint64_t
nereid_cpu_convert_float(uint64_t bits, int32_t from, int32_t to, int32_t rounding);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_CPU_FLOATCONVERSION_H */
