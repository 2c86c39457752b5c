#ifndef NEREID_NVIDIA_LIB_NVIDIATARGETLOWERING_H
#define NEREID_NVIDIA_LIB_NVIDIATARGETLOWERING_H

#include "nereid/Conversion/TritonGPUToLLVM/TargetLowering.h"

namespace mlir::nereid::nvidia {

/// The shared GPU lowering's questions answered with NVVM: PTX's special registers for the
/// indices, `shfl.sync` for shuffles, `nvvm.kernel` for kernels.
class NvidiaTargetLowering : public GpuTargetLowering {
public:
  /// The lowering for a GPU of compute capability `computeCapability` (80, 86, 89, 90).
  explicit NvidiaTargetLowering(unsigned computeCapability)
      : computeCapability(computeCapability) {}

  unsigned getWarpSize() const override { return 32; }
  Value getThreadId(OpBuilder &builder, Location loc) const override;
  Value getProgramId(OpBuilder &builder, Location loc, unsigned axis) const override;
  Value getNumPrograms(OpBuilder &builder, Location loc, unsigned axis) const override;
  unsigned getGlobalAddressSpace() const override { return 1; }
  unsigned getSharedAddressSpace() const override { return 3; }
  void printf(OpBuilder &builder, Location loc, Value format,
              ValueRange arguments) const override;
  void assertFail(OpBuilder &builder, Location loc, StringRef message, StringRef file,
                  unsigned line, StringRef function) const override;
  void barrier(OpBuilder &builder, Location loc) const override;
  void fenceBufferWrites(OpBuilder &builder, Location loc,
                         ttg::MemDescType bufferType) const override;
  void copyToSharedAsync(OpBuilder &builder, Location loc, Value address, Value pointer,
                         unsigned bytes, Value predicate) const override;
  void commitAsyncCopies(OpBuilder &builder, Location loc) const override;
  void waitAsyncCopies(OpBuilder &builder, Location loc, unsigned pending) const override;
  Value shuffleXor(OpBuilder &builder, Location loc, Value value,
                   unsigned laneMask) const override;
  Value shuffleIdx(OpBuilder &builder, Location loc, Value value, Value lane) const override;
  void markKernel(Operation *function, unsigned threadsPerProgram) const override;

  // Inline PTX (NvidiaGlobalAccess.cpp): LLVM's NVPTX code generator has no cache operators or
  // eviction priorities for loads and stores, and in LLVM 22 it drops the ordering and the
  // scope of every atomicrmw but compare-and-swap.
  Value loadGlobal(OpBuilder &builder, Location loc, Type type, Value pointer, Value predicate,
                   Value fallback, const GlobalAccessHints &hints) const override;
  void storeGlobal(OpBuilder &builder, Location loc, Value value, Value pointer, Value predicate,
                   const GlobalAccessHints &hints) const override;
  Value atomicRMW(OpBuilder &builder, Location loc, tt::RMWOp kind, Value pointer, Value value,
                  Value predicate, tt::MemSemantic sem, tt::MemSyncScope scope) const override;
  Value atomicCAS(OpBuilder &builder, Location loc, Value pointer, Value expected,
                  Value desired, Value predicate, tt::MemSemantic sem,
                  tt::MemSyncScope scope) const override;

  // Float conversions with cvt (NvidiaFloatConversion.cpp): f16, bf16, f32 and f64 on every
  // chip, fp8 e4m3fn and e5m2 from sm_90.
  Value convertFloat(OpBuilder &builder, Location loc, Value value, FloatType from, FloatType to,
                     tt::RoundingMode rounding) const override;

private:
  unsigned computeCapability;
};

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_NVIDIATARGETLOWERING_H
