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

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_HOSTVECTORLOOPS_H
