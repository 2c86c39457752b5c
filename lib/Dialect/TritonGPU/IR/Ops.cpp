#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::nereid::ttg;

LogicalResult ConvertLayoutOp::verify() {
  auto srcType = getSrc().getType();
  auto resultType = getResult().getType();
  if (srcType.getShape() != resultType.getShape() ||
      srcType.getElementType() != resultType.getElementType())
    return emitOpError("expects the result to have the shape and element type of the source; got ")
           << srcType << " -> " << resultType;
  return success();
}

#define GET_OP_CLASSES
#include "nereid/Dialect/TritonGPU/IR/Ops.cpp.inc"
