#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_TARGETLOWERING_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_TARGETLOWERING_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace mlir::nereid {

/// What the shared GPU lowering (lib/Conversion/TritonGPUToLLVM) asks of a GPU backend when it
/// emits LLVM IR: the vendor's way to read the hardware's indices and to talk across threads.
/// Each GPU backend implements it once (NVVM intrinsics for NVIDIA, ROCDL for AMD); the shared
/// patterns never ask which vendor they lower for. It grows with the op families that need it
/// (shuffles and barriers with reductions and layout conversions, printf and assert with the
/// debug ops).
class GpuTargetLowering {
public:
  virtual ~GpuTargetLowering();

  /// The threads of a warp (32 on NVIDIA, 64 on AMD): the size of a layout's `lane` dimension.
  virtual unsigned getWarpSize() const = 0;

  /// The index of the executing thread within its program (the x thread index; programs are
  /// 1-D blocks of num_warps * warp size threads), as i32.
  virtual Value getThreadId(OpBuilder &builder, Location loc) const = 0;

  /// The index of the executing program along grid axis `axis` (0, 1 or 2), as i32.
  virtual Value getProgramId(OpBuilder &builder, Location loc, unsigned axis) const = 0;

  /// The number of programs along grid axis `axis` (0, 1 or 2), as i32.
  virtual Value getNumPrograms(OpBuilder &builder, Location loc, unsigned axis) const = 0;

  /// The address space of global memory, where kernel arguments' pointers point (1 on both
  /// NVIDIA and AMD).
  virtual unsigned getGlobalAddressSpace() const = 0;

  /// The address space of the memory that the threads of a program share (3 on both NVIDIA and
  /// AMD).
  virtual unsigned getSharedAddressSpace() const = 0;

  /// Waits until every thread of the program reaches it, and makes their shared-memory writes
  /// before it visible to their reads after it.
  virtual void barrier(OpBuilder &builder, Location loc) const = 0;

  /// `value`, an i32, as lane `lane ^ laneMask` of the executing warp holds it (a butterfly
  /// shuffle). Every lane of the warp must execute it; emitShuffleXor (Utility.h) takes values
  /// of other types.
  virtual Value shuffleXor(OpBuilder &builder, Location loc, Value value,
                           unsigned laneMask) const = 0;

  /// Marks `function`, an llvm.func made from a tt.func, as a kernel that the host launches
  /// with `threadsPerProgram` threads per program.
  virtual void markKernel(Operation *function, unsigned threadsPerProgram) const = 0;
};

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_TARGETLOWERING_H
