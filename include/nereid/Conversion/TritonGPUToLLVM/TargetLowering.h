#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_TARGETLOWERING_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_TARGETLOWERING_H

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

namespace mlir::nereid {

/// The hints of a tt.load or tt.store that choose how the access meets the caches.
struct GlobalAccessHints {
  tt::CacheModifier cache = tt::CacheModifier::NONE;
  tt::EvictionPolicy evict = tt::EvictionPolicy::NORMAL;
  bool isVolatile = false;

  /// No hint: a plain LLVM load or store says all there is to say.
  bool isPlain() const {
    return cache == tt::CacheModifier::NONE && evict == tt::EvictionPolicy::NORMAL &&
           !isVolatile;
  }
};

/// What the shared GPU lowering (lib/Conversion/TritonGPUToLLVM) asks of a GPU backend when it
/// emits LLVM IR: the vendor's way to read the hardware's indices and to talk across threads.
/// Each GPU backend implements it once (NVVM intrinsics for NVIDIA, ROCDL for AMD); the shared
/// patterns never ask which vendor they lower for. It grows with the op families that need it
/// (shuffles and barriers with reductions and layout conversions, printf and assert with the
/// debug ops, indexed shuffles with gathers).
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

  /// Writes, from the executing thread, `format` (the address of a NUL-terminated C format
  /// string) with `arguments` (integers of up to 64 bits, f64 and pointers, as C's default
  /// argument promotions leave them), as C's printf does: vprintf on NVIDIA.
  virtual void printf(OpBuilder &builder, Location loc, Value format,
                      ValueRange arguments) const = 0;

  /// Stops the kernel with a failed assertion that the host reports: `message`, at `line` of
  /// `file` in `function` (the Python source of the kernel). __assertfail on NVIDIA.
  virtual void assertFail(OpBuilder &builder, Location loc, StringRef message, StringRef file,
                          unsigned line, StringRef function) const = 0;

  /// Waits until every thread of the program reaches it, and makes their shared-memory writes
  /// before it visible to their reads after it.
  virtual void barrier(OpBuilder &builder, Location loc) const = 0;

  /// Makes this thread's writes to a buffer of `bufferType`, before it, visible to the units
  /// that read such buffers other than by loads (NVIDIA's wgmma and TMA read through the async
  /// proxy), once a barrier follows. Nothing where the target's buffers are read by loads only.
  virtual void fenceBufferWrites(OpBuilder &builder, Location loc,
                                 ttg::MemDescType bufferType) const {}

  /// Starts copying `bytes` (4, 8 or 16, to which both addresses are aligned) from `pointer` in
  /// global memory to `address` in shared memory without waiting for them, or zeros where
  /// `predicate` (an i1, or null for always) is false: the accesses of
  /// ttg.async_copy_global_to_local (cp.async on NVIDIA).
  virtual void copyToSharedAsync(OpBuilder &builder, Location loc, Value address, Value pointer,
                                 unsigned bytes, Value predicate) const = 0;

  /// Closes the group of the executing thread's asynchronous copies (ttg.async_commit_group).
  virtual void commitAsyncCopies(OpBuilder &builder, Location loc) const = 0;

  /// Waits until at most `pending` groups of the executing thread's asynchronous copies still
  /// run (ttg.async_wait), and makes the others' writes visible where the buffers are read
  /// (fenceBufferWrites' units included) once a barrier follows.
  virtual void waitAsyncCopies(OpBuilder &builder, Location loc, unsigned pending) const = 0;

  /// `value`, an i32, as lane `lane ^ laneMask` of the executing warp holds it (a butterfly
  /// shuffle). Every lane of the warp must execute it; emitShuffleXor (Utility.h) takes values
  /// of other types.
  virtual Value shuffleXor(OpBuilder &builder, Location loc, Value value,
                           unsigned laneMask) const = 0;

  /// `value`, an i32, as lane `lane` (an i32 below the warp size, which may differ from lane
  /// to lane) of the executing warp holds it (an indexed shuffle). Every lane of the warp must
  /// execute it; emitShuffleIdx (Utility.h) takes values of other types.
  virtual Value shuffleIdx(OpBuilder &builder, Location loc, Value value, Value lane) const = 0;

  /// Marks `function`, an llvm.func made from a tt.func, as a kernel that the host launches
  /// with `threadsPerProgram` threads per program.
  virtual void markKernel(Operation *function, unsigned threadsPerProgram) const = 0;

  /// Loads `type` (a scalar, or a vector of at most 128 bits whose address is aligned to its
  /// size) from global memory at `pointer`, with the cache hints of a tt.load that plain LLVM
  /// loads cannot carry (`hints` is not GlobalAccessHints::isPlain()). Where `predicate` (an
  /// i1, or null for always) is false, memory is not touched and the result is `fallback`.
  virtual Value loadGlobal(OpBuilder &builder, Location loc, Type type, Value pointer,
                           Value predicate, Value fallback,
                           const GlobalAccessHints &hints) const = 0;

  /// Stores `value` (as loadGlobal's `type`) to global memory at `pointer` with `hints`, where
  /// `predicate` (an i1, or null for always) is true.
  virtual void storeGlobal(OpBuilder &builder, Location loc, Value value, Value pointer,
                           Value predicate, const GlobalAccessHints &hints) const = 0;

  /// One atomic read-modify-write of the scalar `value` (a 16-, 32- or 64-bit integer or float)
  /// at global `pointer`, where `predicate` (an i1, or null) is true, with the ordering `sem`
  /// and the scope `scope`; returns the old value, 0 where the predicate is false. Returns a
  /// null Value when the target has no instruction for `kind` on this type (float max and min,
  /// or a float add that the chip lacks): the shared lowering then loops on atomicCAS.
  virtual Value atomicRMW(OpBuilder &builder, Location loc, tt::RMWOp kind, Value pointer,
                          Value value, Value predicate, tt::MemSemantic sem,
                          tt::MemSyncScope scope) const = 0;

  /// One atomic compare-and-swap at global `pointer` of integers of 16, 32 or 64 bits: where
  /// memory equals `expected` it becomes `desired`. Returns the old value, 0 where `predicate`
  /// (an i1, or null) is false.
  virtual Value atomicCAS(OpBuilder &builder, Location loc, Value pointer, Value expected,
                          Value desired, Value predicate, tt::MemSemantic sem,
                          tt::MemSyncScope scope) const = 0;

  /// `value`, one element of float type `from` as the type converter gives it (a float, or an
  /// integer of its width for the fp8 types), converted to float type `to` with `rounding`
  /// (ignored where the conversion is exact) by the chip's own instructions. The result must
  /// have the bits that the interpreter gives (FloatFormats.h's encodeFloat) for every input
  /// but NaN, whose result the shared lowering sets itself. Returns a null Value where the chip
  /// has no such instruction: the shared lowering then converts with integer arithmetic.
  virtual Value convertFloat(OpBuilder &builder, Location loc, Value value, FloatType from,
                             FloatType to, tt::RoundingMode rounding) const = 0;
};

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_TARGETLOWERING_H
