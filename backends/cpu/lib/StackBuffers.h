#ifndef NEREID_CPU_LIB_STACKBUFFERS_H
#define NEREID_CPU_LIB_STACKBUFFERS_H

// Tiles in memory on one CPU core: a buffer on the stack of the program's function, and the
// whole-tile copies between it and a vector, row by row. The dot's operand buffers and the
// lowering of the ttg local-memory ops share them.

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nereid::cpu {

/// A stack buffer of `type`, 64-byte aligned, allocated once at the entry of the function that
/// holds the builder's insertion point (so that a buffer made in a loop is reused).
Value allocateStackBuffer(OpBuilder &builder, Location loc, MemRefType type);

/// Writes the tile `tile` into `buffer` (a memref of its shape and element type).
void storeTile(OpBuilder &builder, Location loc, Value tile, Value buffer);

/// Reads the whole of `buffer` as a vector of `type` (its shape and element type).
Value loadTile(OpBuilder &builder, Location loc, VectorType type, Value buffer);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_STACKBUFFERS_H
