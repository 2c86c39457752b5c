// The library's neon functions on arrays (MathIsaCalls.h); compiled with the neon flags.

#define NEREID_TEST_ISA_NAME "neon"
#define NEREID_TEST_ISA_GETTER getMathIsaNeon
#define NEREID_TEST_F32(name) nereid_cpu_math_##name##_f32x4_neon
#define NEREID_TEST_F64(name) nereid_cpu_math_##name##_f64x2_neon
#include "MathIsaCalls.inc"
