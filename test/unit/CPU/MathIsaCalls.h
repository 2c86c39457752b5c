// The functions of the vector math library (nereid_cpu_math.h) of one ISA, called on arrays:
// the test cannot call them directly, since only code compiled for an ISA may pass its vectors.
// MathIsaCalls.inc is compiled once per ISA, with that ISA's flags; it uses no inline function
// of a shared header (std::), so that no code for one ISA can stand in for another's through
// the linker's merging of inline functions.

#ifndef NEREID_TEST_UNIT_CPU_MATHISACALLS_H
#define NEREID_TEST_UNIT_CPU_MATHISACALLS_H

#include <cstddef>

namespace nereid::test {

/// Computes out[i] = f(x[i], y[i]) for i < n, one native vector at a time (y is ignored by
/// one-operand functions); a partial last vector is padded with zeros.
template <typename T> using ArrayCall = void (*)(const T *x, const T *y, T *out, size_t n);

/// One library function of one ISA, in f32 and f64, by its name in nereid_cpu_math.h ("exp").
struct MathIsaFunction {
  const char *name;
  unsigned arity;
  ArrayCall<float> f32;
  ArrayCall<double> f64;
};

/// The functions of one ISA.
struct MathIsa {
  const char *name;
  const MathIsaFunction *functions;
  size_t numFunctions;
};

/// The ISAs of this build; each is callable only where the host supports it.
MathIsa getMathIsaAvx512();
MathIsa getMathIsaAvx2();
MathIsa getMathIsaNeon();

} // namespace nereid::test

#endif // NEREID_TEST_UNIT_CPU_MATHISACALLS_H
