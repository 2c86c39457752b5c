#ifndef NEREID_CPU_LIB_FLOATROUNDING_H
#define NEREID_CPU_LIB_FLOATROUNDING_H

#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

/// `value` (a float scalar or vector) converted to the narrower float `type` toward zero:
/// rounded to nearest, then one step toward zero where that went past the value (LLVM's
/// constrained fptrunc does not set the rounding mode). A finite value beyond the range gives
/// the largest finite one; NaN and infinities stay.
Value truncateTowardZero(OpBuilder &builder, Location loc, Value value, Type type);

/// `value` (f64, scalar or vector) rounded to odd in `f32` (f32, of the same shape): toward
/// zero, with the lowest mantissa bit set where that was inexact. Rounding the result once
/// more to a 16-bit float rounds as if from the f64 value (f32 keeps more than two extra bits),
/// without a library call for f64 -> f16/bf16.
Value roundToOddF32(OpBuilder &builder, Location loc, Value value, Type f32);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_FLOATROUNDING_H
