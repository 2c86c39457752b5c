#ifndef NEREID_NVIDIA_LIB_NVIDIATARGETLOWERING_H
#define NEREID_NVIDIA_LIB_NVIDIATARGETLOWERING_H

#include "nereid/Conversion/TritonGPUToLLVM/TargetLowering.h"

namespace mlir::nereid::nvidia {

/// The shared GPU lowering's questions answered with NVVM: PTX's special registers for the
/// indices, `shfl.sync` for shuffles, `nvvm.kernel` for kernels.
class NvidiaTargetLowering : public GpuTargetLowering {
public:
  unsigned getWarpSize() const override { return 32; }
  Value getThreadId(OpBuilder &builder, Location loc) const override;
  Value getProgramId(OpBuilder &builder, Location loc, unsigned axis) const override;
  Value getNumPrograms(OpBuilder &builder, Location loc, unsigned axis) const override;
  unsigned getGlobalAddressSpace() const override { return 1; }
  unsigned getSharedAddressSpace() const override { return 3; }
  void barrier(OpBuilder &builder, Location loc) const override;
  Value shuffleXor(OpBuilder &builder, Location loc, Value value,
                   unsigned laneMask) const override;
  void markKernel(Operation *function, unsigned threadsPerProgram) const override;
};

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_NVIDIATARGETLOWERING_H
