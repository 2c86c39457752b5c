// The nvidia dialect: registers its layouts and ops, and verifies nvidia.warpgroup_dot.

#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nereid::nvidia;

#include "nereid/Nvidia/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "nereid/Nvidia/IR/Attrs.cpp.inc"

#define GET_OP_CLASSES
#include "nereid/Nvidia/IR/Ops.cpp.inc"

void NvidiaDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "nereid/Nvidia/IR/Ops.cpp.inc"
      >();
}

LogicalResult WarpgroupDotOp::verify() {
  auto a = getA().getType(), b = getB().getType();
  auto c = cast<RankedTensorType>(getC().getType());
  if (getD().getType() != c)
    return emitOpError("must have a result of the accumulator's type");
  for (auto [name, operand] : {std::pair{"A", a}, {"B", b}})
    if (operand.getRank() != 2 || !isa<MmaSharedEncodingAttr>(operand.getEncoding()))
      return emitOpError() << "must have " << name
                           << " in a 2-D buffer of #nvidia.mma_shared encoding";
  auto mma = dyn_cast_or_null<MmaEncodingAttr>(c.getEncoding());
  if (c.getRank() != 2 || !mma || mma.getVersionMajor() != 3)
    return emitOpError("must have a 2-D accumulator of #nvidia.mma encoding of version 3");
  if (a.getElementType() != b.getElementType())
    return emitOpError("must have A and B of one element type");
  if (a.getShape()[0] != c.getShape()[0] || b.getShape()[1] != c.getShape()[1] ||
      a.getShape()[1] != b.getShape()[0])
    return emitOpError() << "must have A of MxK, B of KxN and the accumulator of MxN; got "
                         << a.getShape()[0] << "x" << a.getShape()[1] << ", "
                         << b.getShape()[0] << "x" << b.getShape()[1] << " and "
                         << c.getShape()[0] << "x" << c.getShape()[1];
  return success();
}

void NvidiaDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "nereid/Nvidia/IR/Attrs.cpp.inc"
      >();
}
