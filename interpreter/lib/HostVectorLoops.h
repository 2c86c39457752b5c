#ifndef NEREID_INTERPRETER_LIB_HOSTVECTORLOOPS_H
#define NEREID_INTERPRETER_LIB_HOSTVECTORLOOPS_H

// The interpreter's hottest loops, compiled once per vector ISA of the host's architecture
// (HostVectorLoops/HostVectorLoopsForIsa.cpp: AVX-512, AVX2 and the SSE2 baseline on x86-64,
// NEON on AArch64): elementwise arithmetic written with xsimd batches, and the memory loops as
// plain loops that the compiler vectorizes for that ISA. libnereid itself is built for the
// baseline, where 64-bit compares and gathers do not vectorize; hostVectorLoops() picks the
// build for the CPU that runs it, once.
//
// Every build gives the same bits: the float loops round each operation once and hold no
// product that feeds a sum, and the integer ones wrap around, as the scalar loops of
// Elementwise.h do.

#include "Pointer.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstddef>
#include <cstdint>

namespace mlir::nereid::interpreter {

/// The float arithmetic of applyF32 and applyF64, each operation rounded once.
enum class FloatOperation { Add, Subtract, Multiply, Divide };

/// The integer arithmetic of applyI32 and applyI64, wrapping around.
enum class IntegerOperation { Add, Subtract, Multiply, And, Or, Xor };

/// The loops of one ISA. In each, an operand with stride 0 is uniform (a scalar or a splat)
/// and gives its element 0 to every i; any other stride must be 1.
struct HostVectorLoops {
  /// Whether every access of `size` bytes (a power of two) at the `count` pointers that `mask`
  /// selects (one byte per element, `maskStride` 0 reading one byte for all; null selects all)
  /// lies in the buffer number `bufferIndex` of [bufferBase, bufferBase + bufferSize), aligned:
  /// one pass without branches.
  bool (*areAllWithinBuffer)(const Pointer *pointers, int64_t count, const uint8_t *mask,
                             size_t maskStride, int64_t bufferIndex, uint64_t bufferBase,
                             uint64_t bufferSize, unsigned size);

  /// out[i] = base + offsets[i] * stride bytes, with base's buffer: tt.addptr of a splat
  /// pointer and a tensor of i32 offsets.
  void (*addOffsetsToBase)(Pointer *out, Pointer base, const int32_t *offsets, uint64_t stride,
                           int64_t count);

  /// out[i] = the 4 bytes at pointers[i], where mask (null: everywhere) selects i; unselected
  /// elements of `out` are left alone. The pointers must have been checked.
  void (*gather32)(uint32_t *out, const Pointer *pointers, const uint8_t *mask, int64_t count);

  /// The 4 bytes at pointers[i] = values[i], where mask (null: everywhere) selects i. The
  /// pointers must have been checked.
  void (*scatter32)(const Pointer *pointers, const uint32_t *values, const uint8_t *mask,
                    int64_t count);

  /// out[i] = x[i] `operation` y[i], over f32, f64, i32 and i64 elements.
  void (*applyF32)(FloatOperation operation, float *out, const float *x, size_t xStride,
                   const float *y, size_t yStride, int64_t count);
  void (*applyF64)(FloatOperation operation, double *out, const double *x, size_t xStride,
                   const double *y, size_t yStride, int64_t count);
  void (*applyI32)(IntegerOperation operation, uint32_t *out, const uint32_t *x, size_t xStride,
                   const uint32_t *y, size_t yStride, int64_t count);
  void (*applyI64)(IntegerOperation operation, uint64_t *out, const uint64_t *x, size_t xStride,
                   const uint64_t *y, size_t yStride, int64_t count);

  /// out[i] = 1 where the order of x[i] and y[i] (read as signed or unsigned 32-bit integers)
  /// is one that the predicate holds for (onLess, onEqual, onGreater), 0 elsewhere.
  void (*compareI32)(uint8_t *out, const uint32_t *x, size_t xStride, const uint32_t *y,
                     size_t yStride, bool isSigned, bool onLess, bool onEqual, bool onGreater,
                     int64_t count);
};

/// One build of the loops (HostVectorLoops/HostVectorLoopsForIsa.cpp).
struct HostVectorLoopsBuild {
  const char *isa;
  const HostVectorLoops *loops;
  bool runsOnThisCpu;
};

/// Every build, best ISA first: the tests hold each one that runs here to the same results.
ArrayRef<HostVectorLoopsBuild> getHostVectorLoopsBuilds();

/// The loops of the best build that runs on this CPU.
const HostVectorLoops &hostVectorLoops();

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_HOSTVECTORLOOPS_H
