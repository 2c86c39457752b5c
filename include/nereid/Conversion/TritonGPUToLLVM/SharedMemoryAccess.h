#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYACCESS_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYACCESS_H

#include "nereid/Conversion/TritonGPUToLLVM/TargetLowering.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Tools/LinearLayout.h"

#include <optional>

namespace mlir::nereid {

/// How the registers of a tensor map to a buffer in shared memory: `toOffset` takes the tensor
/// layout's (register, lane, warp) to the buffer's offset, in elements; `vector` consecutive
/// registers, from each multiple of `vector`, hold elements at consecutive offsets from a
/// multiple of `vector`, and go as one access.
struct SharedAccessPlan {
  LinearLayout toOffset;
  int32_t vector;
};

/// The plan for moving a tensor of `tensorType` to or from a buffer of `bufferType` whose
/// elements are `sharedType` in memory, in accesses of at most 16 bytes; std::nullopt where the
/// tensor has no register layout or holds elements the buffer does not.
std::optional<SharedAccessPlan> planSharedAccess(RankedTensorType tensorType,
                                                 ttg::MemDescType bufferType, Type sharedType);

/// The address of the first element of each group of `plan.vector` registers, in the buffer at
/// `base`: the offset that the executing thread's lane and warp give, XOR the group's own.
SmallVector<Value> emitGroupAddresses(OpBuilder &builder, Location loc,
                                      const SharedAccessPlan &plan, Value base, Type sharedType,
                                      const GpuTargetLowering &target);

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYACCESS_H
