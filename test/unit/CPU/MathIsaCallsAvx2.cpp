// The library's avx2 functions on arrays (MathIsaCalls.h); compiled with the avx2 flags.

#define NEREID_TEST_ISA_NAME "avx2"
#define NEREID_TEST_ISA_GETTER getMathIsaAvx2
#define NEREID_TEST_F32(name) nereid_cpu_math_##name##_f32x8_avx2
#define NEREID_TEST_F64(name) nereid_cpu_math_##name##_f64x4_avx2
#include "MathIsaCalls.inc"
