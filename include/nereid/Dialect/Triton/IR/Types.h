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

/// Whether `type` is one of the scalar types of the Triton language: a signless integer of
/// 1, 8, 16, 32 or 64 bits, or f16, bf16, f32, f64 or one of the fp8 formats.
bool isScalarElementType(Type type);

/// Whether `type` is a ranked tensor of rank at least 1 whose every dimension is static and at
/// least 1: the shapes a tile can have.
bool hasPositiveStaticShape(Type type);

} // namespace mlir::nereid::tt

#endif // NEREID_DIALECT_TRITON_IR_TYPES_H
