#ifndef NEREID_DIALECT_TRITONGPU_TRANSFORMS_LOOPLOADSLICES_H
#define NEREID_DIALECT_TRITONGPU_TRANSFORMS_LOOPLOADSLICES_H

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::nereid::ttg {

/// What issuing a load of a loop's body for another iteration takes (the software pipelines of
/// ttg-prefetch-loop-loads and ttg-pipeline-async-copies): the pure ops of the body that
/// compute its operands from the iteration's values (`addressOps`), and those that compute the
/// next iteration's values of the iter args they use (`advanceOps`: what the loop yields for
/// each of `advancedArgs`, which may need further iter args in turn), each in block order.
struct LoopLoadSlice {
  tt::LoadOp load;
  SmallVector<Operation *> addressOps;
  SmallVector<Operation *> advanceOps;
  SmallVector<BlockArgument> advancedArgs;
};

/// The slice of `load`, a load directly in `loop`'s body, or std::nullopt where an op it needs
/// has effects or regions.
std::optional<LoopLoadSlice> getLoopLoadSlice(scf::ForOp loop, tt::LoadOp load);

/// The pure ops of `loop`'s body that compute `values` from its induction variable and values
/// defined above the loop, in block order; std::nullopt where they need an iter arg or an op
/// with effects or regions.
std::optional<SmallVector<Operation *>> getInductionVarSlice(scf::ForOp loop, ValueRange values);

/// Whether `op` or an op in its regions may write memory that a load of global memory could
/// read (writes of shared memory, barriers of the threads, prints and assertions do not).
bool mayWriteMemory(Operation *op);

/// An i1: whether `loop` runs an iteration at `inductionVar` (below its upper bound, compared
/// as the loop compares).
Value emitIterationExists(OpBuilder &builder, Location loc, scf::ForOp loop, Value inductionVar);

/// `mask` (an i1 tensor of `shape`'s shape, or null: all true) and the i1 `inBounds` splat
/// over it: the mask of a load issued for an iteration that may not exist.
Value andIterationExists(OpBuilder &builder, Location loc, RankedTensorType shape, Value mask,
                         Value inBounds);

} // namespace mlir::nereid::ttg

#endif // NEREID_DIALECT_TRITONGPU_TRANSFORMS_LOOPLOADSLICES_H
