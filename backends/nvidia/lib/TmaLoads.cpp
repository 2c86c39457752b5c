// nvidia-tma-loads: the loads of tensor maps become copies of the tensor copy engine into
// shared memory (see NvidiaTmaLoadsPass in Passes.td).

#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Nvidia/Passes.h"
#include "nereid/Nvidia/TensorMaps.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::nereid::nvidia {

#define GEN_PASS_DEF_NVIDIATMALOADSPASS
#include "nereid/Nvidia/Passes.h.inc"

namespace {

/// Whether `value` is a kernel parameter that the launcher encodes as a tensor map.
bool isTensorMap(Value value) {
  auto argument = dyn_cast<BlockArgument>(value);
  if (!argument || !argument.getOwner()->isEntryBlock())
    return false;
  auto func = dyn_cast<tt::FuncOp>(argument.getOwner()->getParentOp());
  return func && func.getArgAttr(argument.getArgNumber(), kTensorMapAttrName);
}

/// The buffer of `load`'s one use where that is a local_alloc in the layout that the copy
/// engine writes (a dot's operand, which then reads the copy itself), else null.
ttg::LocalAllocOp getDestinationAlloc(tt::DescriptorLoadOp load, MmaSharedEncodingAttr encoding) {
  if (!load->hasOneUse())
    return nullptr;
  auto alloc = dyn_cast<ttg::LocalAllocOp>(*load->getUsers().begin());
  return alloc && alloc.getType().getEncoding() == encoding ? alloc : nullptr;
}

/// Replaces `load` by a copy of its block into a buffer, waited for at once: the buffer of
/// its local_alloc use, or a new one that a local_load reads.
void copyThroughSharedMemory(tt::DescriptorLoadOp load) {
  MLIRContext *context = load.getContext();
  RankedTensorType block = load.getDesc().getType().getBlockType();
  TensorMapCopies copies = getTensorMapCopies(block);
  ttg::LocalAllocOp use = getDestinationAlloc(load, copies.encoding);
  OpBuilder builder(use ? use.getOperation() : load.getOperation());
  Location loc = load.getLoc();
  auto bufferType = ttg::MemDescType::get(context, block.getShape(), block.getElementType(),
                                          copies.encoding, /*mutableMemory=*/true);
  Value buffer = ttg::LocalAllocOp::create(builder, loc, bufferType, Value());
  auto barrierEncoding = ttg::SwizzledSharedEncodingAttr::get(context, 1, 1, 1, {0});
  auto barrierType = ttg::MemDescType::get(context, {1}, builder.getI64Type(), barrierEncoding,
                                           /*mutableMemory=*/true);
  Value barrier = ttg::LocalAllocOp::create(builder, loc, barrierType, Value());
  InitBarrierOp::create(builder, loc, barrier, 1);
  TmaLoadOp::create(builder, loc, load.getDesc(), load.getIndices(), buffer, barrier,
                    /*pred=*/Value(), /*synced=*/false);
  Value phase = arith::ConstantIntOp::create(builder, loc, 0, 32);
  WaitBarrierOp::create(builder, loc, barrier, phase);
  InvalBarrierOp::create(builder, loc, barrier);
  if (use) {
    use.replaceAllUsesWith(buffer);
    use.erase();
  } else {
    load.replaceAllUsesWith(
        ttg::LocalLoadOp::create(builder, loc, load.getType(), buffer).getResult());
  }
  load.erase();
}

struct NvidiaTmaLoadsPass : impl::NvidiaTmaLoadsPassBase<NvidiaTmaLoadsPass> {
  void runOnOperation() override {
    SmallVector<tt::DescriptorLoadOp> loads;
    getOperation().walk([&](tt::DescriptorLoadOp load) {
      if (isTensorMap(load.getDesc()))
        loads.push_back(load);
    });
    for (tt::DescriptorLoadOp load : loads)
      copyThroughSharedMemory(load);
  }
};

} // namespace
} // namespace mlir::nereid::nvidia
