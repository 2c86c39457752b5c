#ifndef NEREID_INTERPRETER_LIB_CONSTANTS_H
#define NEREID_INTERPRETER_LIB_CONSTANTS_H

#include "Tensor.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"

namespace mlir::nereid::interpreter {

/// The runtime value of an `arith.constant` attribute: an integer or float scalar, or dense
/// elements (splat or not). Fails for attributes it cannot read (resources, sparse elements).
FailureOr<Tensor> materializeConstant(TypedAttr value);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_CONSTANTS_H
