#ifndef NEREID_CPU_LIB_TF32ROUNDING_H
#define NEREID_CPU_LIB_TF32ROUNDING_H

// A dot with inputPrecision = tf32 first rounds its f32 operands to tf32, as NVIDIA's
// cvt.rna.tf32 and the interpreter do (docs/semantics.md, "tt.dot"). The CPU rounds them with
// integer ops, on tensors (tt-cpu-load-dot-operands-by-rows) or on vectors (the dot lowering).

#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

/// `value`, a tensor or vector of f32, rounded to tf32 (10 mantissa bits, to nearest, ties
/// away from zero); infinities and NaN stay.
Value roundToTF32(OpBuilder &builder, Location loc, Value value);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_TF32ROUNDING_H
