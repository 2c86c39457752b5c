#ifndef NEREID_CPU_LIB_BLOCKTRANSPOSE_H
#define NEREID_CPU_LIB_BLOCKTRANSPOSE_H

// Transposes of tiles in memory on one CPU core, a register block at a time: a dot's
// column-major operand (DotOpToVector.cpp), large tt.trans (ShapeOpToVector.cpp) and the
// buffers of cpu-transpose-tiles-in-memory (LocalMemoryOpToVector.cpp) share them.

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

/// Tiles of at most this many elements are transposed in registers: vector.transpose, which
/// canonicalization unrolls element by element. Larger ones go through memory a register
/// block at a time, whose code does not grow with the tile: in registers, a 64 x 64 f32
/// transpose took 3 s to compile, 128 x 128 23 s and 256 x 256 more than 150 s. Through
/// memory, a program transposing a 32 x 32 f32 tile (load, trans, store) ran in 0.49-0.51 us
/// against 0.78 in registers, and compiled in 0.2 s against 0.46; at 16 x 16 both ran in
/// 74-79 ns (AVX-512, 4096 programs on one thread).
inline constexpr int64_t kMaxRegisterTransposeElements = 16 * 16;
/// Whether a transpose by `order` to a tile of `type` goes through memory: a (batched) 2-D
/// transpose (the last two dimensions swapped, neither of them 1: that is a reshape) of more
/// than kMaxRegisterTransposeElements elements.
bool isTransposedInMemory(ShapedType type, ArrayRef<int32_t> order);

/// Copies the 2-D buffer `source` ([R, C], its last dimension contiguous) into `destination`
/// ([C, R], likewise) transposed, through registers in blocks of `block` x `block` elements,
/// smaller at ragged edges: each block is `block` vector loads of rows, a vector.transpose
/// (which canonicalization turns into vectors of elements of the rows, and LLVM into shuffles:
/// vpermt2ps on AVX-512) and `block` vector stores. The blocks are visited by two loops, so the
/// code is one block's whatever the size of the buffers.
void transposeBuffer(OpBuilder &builder, Location loc, Value source, Value destination,
                     int64_t block);

/// A stack buffer holding the transpose of the row-major 2-D buffer `source`, copied by
/// transposeBuffer.
Value transposeToStack(OpBuilder &builder, Location loc, Value source, int64_t block);

/// The ttg.local_load of a 2-D row-major buffer that `trans` transposes, when every user of
/// `trans` is a ttg.local_alloc (after the load in its block, with nothing between them that
/// may write memory): each alloc then copies the loaded buffer transposed (transposeBuffer),
/// and `trans` itself computes nothing. cpu-transpose-tiles-in-memory makes this form.
/// Null otherwise.
ttg::LocalLoadOp getBufferTransposedByAllocs(tt::TransOp trans);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_BLOCKTRANSPOSE_H
