// The nvidia dialect: registers its layouts and ops, and verifies nvidia.warpgroup_dot.

#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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
  auto b = getB().getType();
  auto c = cast<RankedTensorType>(getC().getType());
  if (getD().getType() != c)
    return emitOpError("must have a result of the accumulator's type");
  auto mma = dyn_cast_or_null<MmaEncodingAttr>(c.getEncoding());
  if (c.getRank() != 2 || !mma || mma.getVersionMajor() != 3)
    return emitOpError("must have a 2-D accumulator of #nvidia.mma encoding of version 3");
  auto isSharedOperand = [](ttg::MemDescType type) {
    return type.getRank() == 2 && isa<MmaSharedEncodingAttr>(type.getEncoding());
  };
  if (!isSharedOperand(b))
    return emitOpError("must have B in a 2-D buffer of #nvidia.mma_shared encoding");
  ArrayRef<int64_t> aShape;
  Type aElement;
  if (auto a = dyn_cast<ttg::MemDescType>(getA().getType())) {
    if (!isSharedOperand(a))
      return emitOpError("must have A in a 2-D buffer of #nvidia.mma_shared encoding or in "
                         "registers");
    aShape = a.getShape();
    aElement = a.getElementType();
  } else {
    auto registers = cast<RankedTensorType>(getA().getType());
    auto operand = dyn_cast_or_null<ttg::DotOperandEncodingAttr>(registers.getEncoding());
    if (registers.getRank() != 2 || !operand || operand.getOpIdx() != 0 ||
        operand.getParent() != mma || registers.getElementTypeBitWidth() != 16 ||
        operand.getKWidth() != 2)
      return emitOpError() << "must have A in registers of 16-bit elements in the layout "
                              "#ttg.dot_op<{opIdx = 0, parent = "
                           << mma << ", kWidth = 2}>; got " << registers;
    aShape = registers.getShape();
    aElement = registers.getElementType();
  }
  if (aElement != b.getElementType())
    return emitOpError("must have A and B of one element type");
  if (aShape[0] != c.getShape()[0] || b.getShape()[1] != c.getShape()[1] ||
      aShape[1] != b.getShape()[0])
    return emitOpError() << "must have A of MxK, B of KxN and the accumulator of MxN; got "
                         << aShape[0] << "x" << aShape[1] << ", " << b.getShape()[0] << "x"
                         << b.getShape()[1] << " and " << c.getShape()[0] << "x" << c.getShape()[1];
  return success();
}

void WarpgroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects) {
  // The instructions read the operands in shared memory; one in registers is a value.
  for (OpOperand *operand : {&getAMutable(), &getBMutable()})
    if (isa<ttg::MemDescType>(operand->get().getType()))
      effects.emplace_back(MemoryEffects::Read::get(), operand, ttg::SharedMemory::get());
}

void NvidiaDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "nereid/Nvidia/IR/Attrs.cpp.inc"
      >();
}

/// Whether `type` is a buffer that can be an mbarrier: one mutable i64.
static bool isBarrierBuffer(mlir::nereid::ttg::MemDescType type) {
  return type.getShape() == ArrayRef<int64_t>{1} && type.getElementType().isInteger(64) &&
         type.getMutableMemory();
}

LogicalResult InitBarrierOp::verify() {
  if (!isBarrierBuffer(getBarrier().getType()))
    return emitOpError() << "takes a mutable buffer of one i64; got " << getBarrier().getType();
  if (getCount() < 1)
    return emitOpError() << "needs a count of arrivals of 1 or more; got " << getCount();
  return success();
}

LogicalResult TmaLoadOp::verify() {
  RankedTensorType block = getMap().getType().getBlockType();
  ttg::MemDescType buffer = getBuffer().getType();
  if (getIndices().size() != size_t(block.getRank()))
    return emitOpError() << "takes " << block.getRank() << " indices for blocks of " << block
                         << "; got " << getIndices().size();
  if (buffer.getShape() != block.getShape() || buffer.getElementType() != block.getElementType() ||
      !buffer.getMutableMemory())
    return emitOpError() << "copies blocks of " << block
                         << " into a mutable buffer of that shape and element type; got " << buffer;
  if (!isBarrierBuffer(getBarrier().getType()))
    return emitOpError() << "completes on a mutable buffer of one i64; got "
                         << getBarrier().getType();
  if (getSynced()) {
    Operation *previous = getOperation()->getPrevNode();
    while (previous && !isa<TmaLoadOp>(previous) && isMemoryEffectFree(previous))
      previous = previous->getPrevNode();
    if (!isa_and_nonnull<TmaLoadOp>(previous))
      return emitOpError() << "is `synced` only right after another tma_load, with pure ops "
                              "between them";
  }
  return success();
}
