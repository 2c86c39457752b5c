#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_MEMORYACCESS_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_MEMORYACCESS_H

#include "nereid/Conversion/TritonGPUToLLVM/TargetLowering.h"
#include "nereid/Tools/LinearLayout.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::nereid {

class TargetInfo;

/// The hardware indices of a layout that only repeat what another index holds. An element of a
/// broadcast layout is held by several registers, lanes or warps; the one whose masked bits are
/// all 0 is its first holder, and only it writes the element (a store, an atomic), so that
/// memory sees each element once. A bit is redundant when its basis is a combination of the
/// bases before it (register bits first, then lane, then warp): a zero basis, or one that
/// repeats another. Every element then has exactly one holder with all redundant bits 0.
struct RedundantHolderMasks {
  int32_t registers = 0;
  int32_t lanes = 0;
  int32_t warps = 0;

  /// Whether some lane or warp repeats another: the threads need a run-time predicate.
  bool replicatesThreads() const { return lanes != 0 || warps != 0; }
};

/// The redundant bits of `layout`'s register, lane and warp dimensions (a "block" dimension has
/// size 1 on every target so far and is ignored).
RedundantHolderMasks getRedundantHolderMasks(const LinearLayout &layout);

/// An i1 that is true in the threads that are first holders of their elements under `masks`
/// ((lane & masks.lanes) == 0 and (warp & masks.warps) == 0), or a null Value when every thread
/// is (no lane or warp repeats another).
Value emitIsFirstHolderThread(OpBuilder &builder, Location loc, const RedundantHolderMasks &masks,
                              const GpuTargetLowering &target);

/// An i1 that is true in the first thread of the program only: the thread that performs a
/// store or an atomic through a scalar pointer, which every thread executes.
Value emitIsFirstThread(OpBuilder &builder, Location loc, const GpuTargetLowering &target);

/// How many elements each access of a tt.load or tt.store through a tensor of pointers moves:
/// its registers go to memory in groups of that many consecutive registers, one vector access
/// per group. Ops not in the map (scalar pointers) move one element per access.
using AccessVectorWidths = llvm::DenseMap<Operation *, unsigned>;

/// The vector width of every tt.load, tt.store and ttg.async_copy_global_to_local of tensors in
/// `module`, from the AxisInfo analysis and the layouts: the largest power of two V such that each
/// thread's registers come in runs of V consecutive elements along the tensor dimension of the
/// layout's first register basis (LinearLayout::getNumConsecutiveInOut), the pointers are
/// contiguous and aligned to V elements along it (getPointerAlignment), the mask is constant over V
/// elements along it (getMaskAlignment), and V elements fit in `target`'s vector width (128 bits on
/// NVIDIA). Fails when the analysis does.
FailureOr<AccessVectorWidths> computeAccessVectorWidths(ModuleOp module, const TargetInfo &target);

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_MEMORYACCESS_H
