#ifndef NEREID_DIALECT_TRITON_IR_TYPES_H
#define NEREID_DIALECT_TRITON_IR_TYPES_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Types.h"

#define GET_TYPEDEF_CLASSES
#include "nereid/Dialect/Triton/IR/Types.h.inc"

namespace mlir::nereid::tt {

/// The element type that a pointer, or a tensor of pointers, points at; the same shape is kept,
/// so `tensor<4x!tt.ptr<f32>>` gives `tensor<4xf32>`. Any other type is returned unchanged.
Type getPointeeType(Type type);

/// `i1`, or a tensor of `i1` of the same shape as `type`; the type of a mask for `type`.
Type getI1SameShape(Type type);

/// A type of the same shape as `type` (scalar or tensor) with element type `elementType`.
Type getSameShapeWithElement(Type type, Type elementType);

} // namespace mlir::nereid::tt

#endif // NEREID_DIALECT_TRITON_IR_TYPES_H
