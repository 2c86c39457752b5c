// cpu-limit-stack-buffers: a function's largest tile buffers go to the heap when they would
// not fit a worker's stack (see CpuLimitStackBuffersPass in Passes.td).

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPULIMITSTACKBUFFERSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The bytes of the buffer that `alloca` allocates (a pointer element counts 8).
int64_t getBufferBytes(memref::AllocaOp alloca) {
  MemRefType type = alloca.getType();
  int64_t elementBytes =
      type.getElementType().isIntOrFloat() ? (type.getElementTypeBitWidth() + 7) / 8 : 8;
  return type.getNumElements() * elementBytes;
}

/// Moves the largest static buffers at the entry of `function` to the heap until those left
/// take at most `maxStackBytes`.
void limitStackBuffers(func::FuncOp function, int64_t maxStackBytes) {
  SmallVector<memref::AllocaOp> buffers;
  int64_t stackBytes = 0;
  for (auto alloca : function.getBody().front().getOps<memref::AllocaOp>()) {
    if (!alloca.getType().hasStaticShape())
      continue;
    buffers.push_back(alloca);
    stackBytes += getBufferBytes(alloca);
  }
  llvm::stable_sort(buffers, [](memref::AllocaOp a, memref::AllocaOp b) {
    return getBufferBytes(a) > getBufferBytes(b);
  });
  SmallVector<func::ReturnOp> returns(function.getBody().getOps<func::ReturnOp>());
  for (memref::AllocaOp alloca : buffers) {
    if (stackBytes <= maxStackBytes)
      break;
    stackBytes -= getBufferBytes(alloca);
    OpBuilder builder(alloca);
    auto heap = memref::AllocOp::create(builder, alloca.getLoc(), alloca.getType(),
                                        alloca.getAlignmentAttr());
    alloca.replaceAllUsesWith(heap.getResult());
    alloca.erase();
    for (func::ReturnOp ret : returns) {
      builder.setInsertionPoint(ret);
      memref::DeallocOp::create(builder, ret.getLoc(), heap);
    }
  }
}

struct CpuLimitStackBuffersPass
    : impl::CpuLimitStackBuffersPassBase<CpuLimitStackBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](func::FuncOp function) {
      if (!function.isExternal())
        limitStackBuffers(function, maxStackBytes);
    });
  }
};

} // namespace
} // namespace mlir::nereid::cpu
