#ifndef NEREID_SUPPORT_CONSTANTS_H
#define NEREID_SUPPORT_CONSTANTS_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlir::nereid {

/// A constant of `type`, a scalar or a vector or tensor splat of `value` (an attribute of the
/// element type).
inline Value createSplatConstant(OpBuilder &builder, Location loc, Type type, TypedAttr value) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    value = DenseElementsAttr::get(shaped, value);
  return arith::ConstantOp::create(builder, loc, type, value);
}

/// The integer constant `value` of `type`'s element type, splat to `type`.
inline Value createIntConstant(OpBuilder &builder, Location loc, Type type, const APInt &value) {
  return createSplatConstant(builder, loc, type,
                             builder.getIntegerAttr(getElementTypeOrSelf(type), value));
}

/// The float constant `value` of `type`'s element type (rounded to it), splat to `type`.
inline Value createFloatConstant(OpBuilder &builder, Location loc, Type type, double value) {
  return createSplatConstant(builder, loc, type,
                             builder.getFloatAttr(getElementTypeOrSelf(type), value));
}

} // namespace mlir::nereid

#endif // NEREID_SUPPORT_CONSTANTS_H
