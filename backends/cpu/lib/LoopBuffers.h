#ifndef NEREID_CPU_LIB_LOOPBUFFERS_H
#define NEREID_CPU_LIB_LOOPBUFFERS_H

// Tiles that move out of loop values into local-memory buffers (cpu-accumulate-dots-in-
// memory, cpu-carry-loop-tiles-in-memory, cpu-strip-mine-tiles): the buffers' type,
// whether a buffer read may move later, and the loops' cleanup afterwards.

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/LoopLoadSlices.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::nereid::cpu {

/// A local-memory buffer of `shape` and `element`s, row-major: the CPU lays out every buffer
/// that way (LocalMemoryOpToVector.cpp), so the passes that make buffers say so.
inline ttg::MemDescType getRowMajorBufferType(MLIRContext *context, ArrayRef<int64_t> shape,
                                              Type element, bool mutableMemory = true) {
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(0, shape.size())));
  return ttg::MemDescType::get(context, shape, element,
                               ttg::SwizzledSharedEncodingAttr::get(context, 1, 1, 1, order),
                               mutableMemory);
}

/// Whether an op strictly between `first` and `last` (ops of one block, `first` before) may
/// write memory: so that a buffer `first` reads may be read again at `last` instead. An op
/// that declares nothing of its effects may.
inline bool mayWriteBetween(Operation *first, Operation *last) {
  for (Operation *op = first->getNextNode(); op != last; op = op->getNextNode()) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!isMemoryEffectFree(op) && (!effects || effects.hasEffect<MemoryEffects::Write>()))
      return true;
  }
  return false;
}

/// Whether an op strictly between `first` and `last` (ops of one block, `first` before) may
/// write memory that a load of global memory reads: so that a `tt.load` at `first` may load
/// again at `last`. Writes of local-memory buffers (stack buffers, which no pointer argument
/// reaches) do not count.
inline bool mayWriteGlobalMemoryBetween(Operation *first, Operation *last) {
  for (Operation *op = first->getNextNode(); op != last; op = op->getNextNode())
    if (ttg::mayWriteMemory(op))
      return true;
  return false;
}

/// Drops the arguments of `loops` (scf.for ops) that they now yield unchanged, as scf.for's
/// canonicalization does.
inline LogicalResult dropUnchangedLoopArguments(MLIRContext *context,
                                                ArrayRef<Operation *> loops) {
  if (loops.empty())
    return success();
  RewritePatternSet patterns(context);
  scf::ForOp::getCanonicalizationPatterns(patterns, context);
  return applyOpPatternsGreedily(loops, std::move(patterns));
}

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_LOOPBUFFERS_H
