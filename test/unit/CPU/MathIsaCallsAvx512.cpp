// The library's avx512 functions on arrays (MathIsaCalls.h); compiled with the avx512 flags.

#define NEREID_TEST_ISA_NAME "avx512"
#define NEREID_TEST_ISA_GETTER getMathIsaAvx512
#define NEREID_TEST_F32(name) nereid_cpu_math_##name##_f32x16_avx512
#define NEREID_TEST_F64(name) nereid_cpu_math_##name##_f64x8_avx512
#include "MathIsaCalls.inc"
