#ifndef NEREID_CPU_LIB_ACCESSBOUNDS_H
#define NEREID_CPU_LIB_ACCESSBOUNDS_H

// The bounds checks of a bounds-checked kernel's loads, stores and atomics, as their lowering
// builds them (docs/cpu.md, Bounds-checked kernels): cpu-trace-access-bounds records on each
// access the parameter its pointers derive from; these helpers compare a chunk's pointers with
// that parameter's buffer and report the first masked-in element outside it.

#include "mlir/IR/Builders.h"

#include <optional>

namespace mlir::nereid::cpu {

/// The name of the attribute that cpu-trace-access-bounds puts on each access of a
/// bounds-checked kernel: pairs (pointer parameter, its extent parameter) of the kernel's
/// function, one pair where the access derives from that parameter, every pointer parameter's
/// where none is proven.
inline constexpr const char kAccessBoundsAttrName[] = "tt.access_bounds";

/// The name of the argument attribute that marks a bounds-checked kernel's extent parameter
/// with the index of the pointer parameter whose buffer it measures (cpu-check-bounds).
inline constexpr const char kExtentOfAttrName[] = "tt.extent_of";

/// Where the elements of one access of a converted kernel must lie.
struct AccessBounds {
  /// The access op (its name and location go into reports).
  Operation *op;
  /// The shape of its tile (empty: a scalar).
  SmallVector<int64_t> shape;
  /// The bytes each element touches.
  int64_t elementBytes;
  /// The parameter whose buffer it must stay in, or -1: any pointer parameter's.
  int64_t parameter;
  /// The candidate buffers: each one's start address (i64) and size in bytes (i64).
  SmallVector<std::pair<Value, Value>> buffers;
};

/// The bounds of `op`, an access of `elementBytes` per element on a tile of `shape`, when its
/// kernel is bounds-checked; none otherwise. Call it while `op` sits in its converted
/// function, with the builder where the access is built.
std::optional<AccessBounds> getAccessBounds(OpBuilder &builder, Operation *op,
                                            ArrayRef<int64_t> shape, int64_t elementBytes);

/// The masked-in lanes of `pointers` (a 1-D vector of pointers, or one pointer) under `mask`
/// (i1 of the same shape; null: all) that lie inside `bounds`, as an i1 like `mask`. The first
/// masked-in lane outside, if any, is reported, as element `elementIndices[lane]` of the tile
/// (a scalar's is 0).
Value guardLanes(OpBuilder &builder, Location loc, const AccessBounds &bounds, Value pointers,
                 Value mask, ArrayRef<int64_t> elementIndices);

/// Builds the access of a tile, `access(builder, mask)` (a null mask: unmasked), which
/// returns its result (null for a store). Without bounds, as it is. With bounds, behind one
/// branch on whether every element lies inside: compared run by run for runs of `runLength`
/// contiguous pointers along the last dimension of `pointers` (one compare of each run's first
/// address), or lane by lane (masked-off lanes aside) for a `runLength` of 0. Inside, the
/// access runs as it is; otherwise with the lanes outside masked off, after reporting the
/// first masked-in one (guardLanes, with `elementIndices` for all of the tile's lanes).
Value buildCheckedAccess(OpBuilder &builder, Location loc,
                         const std::optional<AccessBounds> &bounds, Value pointers, Value mask,
                         int64_t runLength, ArrayRef<int64_t> elementIndices, Type resultType,
                         function_ref<Value(OpBuilder &, Value mask)> access);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_ACCESSBOUNDS_H
