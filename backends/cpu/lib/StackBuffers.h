#ifndef NEREID_CPU_LIB_STACKBUFFERS_H
#define NEREID_CPU_LIB_STACKBUFFERS_H

// Tiles in memory on one CPU core: a buffer on the stack of the program's function, and the
// whole-tile copies between it and a vector, a register chunk at a time. The dot's operand
// buffers, the gather's source and the lowering of the ttg local-memory ops share them.

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nereid::cpu {

/// A stack buffer of `type`, 64-byte aligned, allocated once at the entry of the function that
/// holds the builder's insertion point (so that a buffer made in a loop is reused). A strided
/// `type` (static strides) is a view of as many elements as its strides span.
Value allocateStackBuffer(OpBuilder &builder, Location loc, MemRefType type);

/// Writes the tile `tile` into `buffer` (a memref of its element type, of its shape or of
/// another shape with the same elements in row-major order, whose last dimension the chunks
/// divide: a matrix in panels, [rows, panels, width]), a register
/// chunk of `chunkWidth` elements at a time where chunks divide its rows (a tile built chunk
/// by chunk is stored without being assembled into one long vector), else a row at a time. A
/// large tile of one value (a splat constant, a broadcast scalar) is written by a loop.
void storeTile(OpBuilder &builder, Location loc, Value tile, Value buffer, int64_t chunkWidth);

/// Reads the whole of `buffer` as a vector of `type` (its element type, and its shape or one
/// storeTile accepts), in chunks of `chunkWidth` elements as storeTile writes them.
Value loadTile(OpBuilder &builder, Location loc, VectorType type, Value buffer,
               int64_t chunkWidth);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_STACKBUFFERS_H
