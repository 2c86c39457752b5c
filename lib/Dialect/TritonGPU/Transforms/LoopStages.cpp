// The stages of a software-pipelined loop (LoopStages.h).

#include "nereid/Dialect/TritonGPU/Transforms/LoopStages.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::nereid::ttg {

Value advanceInductionVar(OpBuilder &builder, Location loc, scf::ForOp loop, Value inductionVar,
                          int64_t iterations) {
  if (iterations == 0)
    return inductionVar;
  Value count = arith::ConstantOp::create(
      builder, loc, builder.getIntegerAttr(inductionVar.getType(), iterations));
  return arith::AddIOp::create(builder, loc, inductionVar,
                               arith::MulIOp::create(builder, loc, loop.getStep(), count));
}

Value createSlot(OpBuilder &builder, Location loc, int64_t slot) {
  return arith::ConstantIntOp::create(builder, loc, builder.getI32Type(), slot);
}

Value allocateStack(OpBuilder &builder, Location loc, MemDescType type, int64_t slices) {
  SmallVector<int64_t> shape{slices};
  llvm::append_range(shape, type.getShape());
  auto stackType = MemDescType::get(builder.getContext(), shape, type.getElementType(),
                                    type.getEncoding().getStackEncoding(type.getRank()),
                                    /*mutableMemory=*/true);
  return LocalAllocOp::create(builder, loc, stackType, Value());
}

Value getStackSlice(OpBuilder &builder, Location loc, Value stack, Value slot, MemDescType type) {
  auto sliceType = MemDescType::get(builder.getContext(), type.getShape(), type.getElementType(),
                                    type.getEncoding(), /*mutableMemory=*/true);
  return MemDescIndexOp::create(builder, loc, sliceType, stack, slot);
}

Value emitNextSlot(OpBuilder &builder, Location loc, Value slot, int64_t numStages) {
  Value last = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, slot,
                                     createSlot(builder, loc, numStages - 1));
  Value next = arith::AddIOp::create(builder, loc, slot, createSlot(builder, loc, 1));
  return arith::SelectOp::create(builder, loc, last, createSlot(builder, loc, 0), next);
}

Value emitPreviousSlot(OpBuilder &builder, Location loc, Value slot, int64_t numStages) {
  Value first = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, slot,
                                      createSlot(builder, loc, 0));
  Value previous = arith::SubIOp::create(builder, loc, slot, createSlot(builder, loc, 1));
  return arith::SelectOp::create(builder, loc, first, createSlot(builder, loc, numStages - 1),
                                 previous);
}

int64_t getStagesThatFit(scf::ForOp loop, ArrayRef<LocalAllocOp> stagedAllocs, int64_t numStages,
                         int64_t sharedBytes) {
  if (sharedBytes == 0)
    return numStages;
  int64_t stageBytes = 0, otherBytes = 0;
  for (LocalAllocOp alloc : stagedAllocs)
    stageBytes += getBufferBytes(alloc.getType());
  loop->getParentOfType<FunctionOpInterface>().walk([&](LocalAllocOp alloc) {
    if (!llvm::is_contained(stagedAllocs, alloc))
      otherBytes += getBufferBytes(alloc.getType());
  });
  return std::min(numStages, (sharedBytes - otherBytes) / stageBytes);
}

} // namespace mlir::nereid::ttg
