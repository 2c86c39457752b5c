#ifndef NEREID_CPU_LIB_TILECOMBINER_H
#define NEREID_CPU_LIB_TILECOMBINER_H

// The combiner region of a tt.reduce or tt.scan applied to whole tiles at the tile level, so
// that the passes that loop over the slices of a reduction or scan (cpu-scan-tiles-in-memory,
// cpu-reduce-tiles-by-rows) combine one slice per step.

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Region.h"

namespace mlir::nereid::cpu {

/// Whether every op of `combiner` is an elementwise arith or math op without regions, which
/// applies to whole tiles as it does to elements (the lowering reports any other).
bool isElementwiseCombiner(Region &combiner);

/// The results of `combiner` (an elementwise one) on the tiles `accumulated` and `next`, whose
/// shape and encoding `tileType` gives: its ops are rebuilt on tiles, its constants become
/// splat constants and the scalars it uses from outside are splatted.
SmallVector<Value> combineTiles(OpBuilder &builder, Location loc, Region &combiner,
                                ValueRange accumulated, ValueRange next,
                                RankedTensorType tileType);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_TILECOMBINER_H
