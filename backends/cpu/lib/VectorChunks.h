#ifndef NEREID_CPU_LIB_VECTORCHUNKS_H
#define NEREID_CPU_LIB_VECTORCHUNKS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::nereid::cpu {

/// Builds an n-D vector of `resultType` chunk by chunk: each row (the last dimension) is cut
/// into chunks of `chunkWidth` elements (the whole row when chunkWidth is 0 or the row is
/// shorter; otherwise it must divide the row), and `buildChunk` gets the 1-D chunks of
/// `operands` (vectors of the result's shape, any element types) at one position and returns
/// the result's chunk there, given also the row-major index of the chunk's first element in the
/// tile. With a null `resultType` the chunks build nothing (stores) and nullptr is returned.
/// Elementwise ops and the LLVM memory ops, which take only 1-D vectors, go through it.
Value buildByChunks(
    OpBuilder &builder, Location loc, VectorType resultType, ValueRange operands,
    int64_t chunkWidth,
    llvm::function_ref<Value(OpBuilder &, ArrayRef<Value> chunks, int64_t firstElement)>
        buildChunk);

/// The name of the attribute that records which elements of its tile a memory access chunk
/// touches, `[first, end)` in row-major order, for cpu-schedule-chunks.
inline constexpr const char kChunkElementsAttrName[] = "nereid.chunk_elements";

/// Records on the memory access `op` that it touches elements [first, first + count) of its
/// tile.
void setChunkElements(Operation *op, int64_t first, int64_t count);

/// The indices of the leading dimensions (all but the last) of `shape`, in row-major order.
SmallVector<SmallVector<int64_t>> getRowIndices(ArrayRef<int64_t> shape);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_VECTORCHUNKS_H
