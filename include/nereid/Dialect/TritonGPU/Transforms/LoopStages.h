#ifndef NEREID_DIALECT_TRITONGPU_TRANSFORMS_LOOPSTAGES_H
#define NEREID_DIALECT_TRITONGPU_TRANSFORMS_LOOPSTAGES_H

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::nereid::ttg {

// The stages of a software-pipelined loop (ttg-pipeline-async-copies,
// nvidia-pipeline-tma-loads): a buffer of the body becomes a stack of `numStages` slices, the
// loop carries the slot that its iteration reads, 0, 1, ..., numStages - 1, 0, ..., and copies
// for the iteration `numStages - 1` ahead go into the slot the previous iteration read.

/// `inductionVar` + `iterations` steps of `loop`.
Value advanceInductionVar(OpBuilder &builder, Location loc, scf::ForOp loop, Value inductionVar,
                          int64_t iterations);

/// A slot number, an i32.
Value createSlot(OpBuilder &builder, Location loc, int64_t slot);

/// A mutable buffer of `slices` slices of `type`'s, in `type`'s encoding's stack encoding.
Value allocateStack(OpBuilder &builder, Location loc, MemDescType type, int64_t slices);

/// `stack`'s slice `slot`, a mutable buffer of `type`'s shape and encoding.
Value getStackSlice(OpBuilder &builder, Location loc, Value stack, Value slot, MemDescType type);

/// The slot after `slot` among `numStages`: 0 after the last.
Value emitNextSlot(OpBuilder &builder, Location loc, Value slot, int64_t numStages);

/// The slot before `slot` among `numStages`: the last before 0.
Value emitPreviousSlot(OpBuilder &builder, Location loc, Value slot, int64_t numStages);

/// The stages that fit in `sharedBytes` (0: no bound) where each holds a slice of every buffer
/// of `stagedAllocs`, beside the other buffers of `loop`'s function: at most `numStages`.
int64_t getStagesThatFit(scf::ForOp loop, ArrayRef<LocalAllocOp> stagedAllocs, int64_t numStages,
                         int64_t sharedBytes);

} // namespace mlir::nereid::ttg

#endif // NEREID_DIALECT_TRITONGPU_TRANSFORMS_LOOPSTAGES_H
