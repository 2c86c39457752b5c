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

/// Whether `tensor` has the shape and element type of the buffer `memdesc`.
static bool matchesBuffer(RankedTensorType tensor, MemDescType memdesc) {
  return tensor.getShape() == memdesc.getShape() &&
         tensor.getElementType() == memdesc.getElementType();
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getResult().getType();
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("expects a mutable memdesc when there is no initial value");
    return success();
  }
  if (!matchesBuffer(getSrc().getType(), type))
    return emitOpError("expects the initial value to have the shape and element type of the "
                       "memdesc; got ")
           << getSrc().getType() << " -> " << type;
  return success();
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  // An immutable buffer with its initial value is a value until allocation gives it memory,
  // so that CSE and DCE treat it as one.
  if (!getResult().getType().getMutableMemory())
    return;
  OpResult buffer = getOperation()->getOpResult(0);
  effects.emplace_back(MemoryEffects::Allocate::get(), buffer, SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(), buffer, SharedMemory::get());
}

/// Whether the view `view` of the buffer `buffer` has its element type and mutability.
static bool viewKeepsElements(MemDescType buffer, MemDescType view) {
  return view.getElementType() == buffer.getElementType() &&
         view.getMutableMemory() == buffer.getMutableMemory();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType srcType = getSrc().getType(), resultType = getResult().getType();
  if (srcType.getRank() < 2 || resultType.getShape() != srcType.getShape().drop_front() ||
      !viewKeepsElements(srcType, resultType))
    return emitOpError("expects a slice along the leading dimension: the source's other "
                       "dimensions, element type and mutability; got ")
           << srcType << " -> " << resultType;
  return success();
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType srcType = getSrc().getType(), resultType = getResult().getType();
  if (srcType.getNumElements() != resultType.getNumElements() ||
      !viewKeepsElements(srcType, resultType))
    return emitOpError("expects as many elements as the source, of its element type and "
                       "mutability; got ")
           << srcType << " -> " << resultType;
  return success();
}

LogicalResult LocalLoadOp::verify() {
  if (!matchesBuffer(getResult().getType(), getSrc().getType()))
    return emitOpError("expects the result to have the shape and element type of the memdesc; "
                       "got ")
           << getSrc().getType() << " -> " << getResult().getType();
  return success();
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("expects a mutable memdesc; got ") << getDst().getType();
  if (!matchesBuffer(getSrc().getType(), getDst().getType()))
    return emitOpError("expects the value to have the shape and element type of the memdesc; "
                       "got ")
           << getSrc().getType() << " -> " << getDst().getType();
  return success();
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  MemDescType dst = getDst().getType();
  if (!dst.getMutableMemory())
    return emitOpError("expects a mutable memdesc; got ") << dst;
  RankedTensorType pointers = getPtr().getType();
  auto pointee = cast<nereid::tt::PointerType>(pointers.getElementType()).getPointeeType();
  if (pointers.getShape() != dst.getShape() || pointee != dst.getElementType())
    return emitOpError("expects pointers to the memdesc's elements, of its shape; got ")
           << pointers << " -> " << dst;
  if (getMask() && getMask().getType().getShape() != pointers.getShape())
    return emitOpError("expects a mask of the pointers' shape; got ") << getMask().getType();
  return success();
}

#define GET_OP_CLASSES
#include "nereid/Dialect/TritonGPU/IR/Ops.cpp.inc"
