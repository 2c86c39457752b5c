#ifndef NEREID_INTERPRETER_LIB_HOSTVECTORLOOPS_H
#define NEREID_INTERPRETER_LIB_HOSTVECTORLOOPS_H

// The interpreter's hottest loops, compiled for the vector ISA of the host that runs them: each
// is a plain function with one clone per x86-64 ISA (AVX-512, AVX2, the baseline), of which the
// loader picks the best the CPU has (function multiversioning). libnereid itself is built for
// the x86-64 baseline, where 64-bit compares and gathers do not vectorize. Templates cannot
// be multiversioned, so these take the element types that kernels use most; other types run the
// callers' own loops.

#include "Launch.h"

#include <cstdint>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define NEREID_HOST_VECTOR_CLONES [[gnu::target_clones("avx512f", "avx2", "default")]]
#else
#define NEREID_HOST_VECTOR_CLONES
#endif

namespace mlir::nereid::interpreter {

/// Whether every access of `size` bytes (a power of two) at the `count` pointers that `mask`
/// selects (one byte per element, `maskStride` 0 reading one byte for all; null selects all)
/// lies in `buffer` (number `bufferIndex`), aligned: one pass without branches.
bool areAllWithinBuffer(const Pointer *pointers, int64_t count, const uint8_t *mask,
                        size_t maskStride, int64_t bufferIndex, const Buffer &buffer,
                        unsigned size);

/// out[i] = base + offsets[i] * stride bytes, with base's buffer: tt.addptr of a splat pointer
/// and a tensor of i32 offsets.
void addOffsetsToBase(Pointer *out, Pointer base, const int32_t *offsets, uint64_t stride,
                      int64_t count);

/// out[i] = the 4 bytes at pointers[i], where mask (null: everywhere) selects i; unselected
/// elements of `out` are left alone. The pointers must have been checked.
void gather32(uint32_t *out, const Pointer *pointers, const uint8_t *mask, int64_t count);

/// The 4 bytes at pointers[i] = values[i], where mask (null: everywhere) selects i. The pointers
/// must have been checked.
void scatter32(const Pointer *pointers, const uint32_t *values, const uint8_t *mask,
               int64_t count);

/// The f32 operations that applyF32 computes, each rounded once (the loops hold no product that
/// feeds a sum, so no ISA contracts anything: every clone gives the same bits).
enum class F32Operation { Add, Subtract, Multiply, Divide };

/// out[i] = x[i] `operation` y[i]; an operand with stride 0 is uniform (a scalar or a splat)
/// and gives its element 0 to every i.
void applyF32(F32Operation operation, float *out, const float *x, size_t xStride, const float *y,
              size_t yStride, int64_t count);

/// out[i] = 1 where the order of x[i] and y[i] (read as signed or unsigned 32-bit integers) is
/// one that the predicate holds for (onLess, onEqual, onGreater), 0 elsewhere; an operand with
/// stride 0 is uniform.
void compareI32(uint8_t *out, const uint32_t *x, size_t xStride, const uint32_t *y,
                size_t yStride, bool isSigned, bool onLess, bool onEqual, bool onGreater,
                int64_t count);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_HOSTVECTORLOOPS_H
