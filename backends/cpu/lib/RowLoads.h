#ifndef NEREID_CPU_LIB_ROWLOADS_H
#define NEREID_CPU_LIB_ROWLOADS_H

// Loads of 2-D tiles as loops over their rows (or columns) that fill local-memory buffers:
// a dot's operands (cpu-load-dot-operands-by-rows) and the sources of large transposes
// (cpu-transpose-tiles-in-memory).

#include "RowSlicer.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include <optional>

namespace mlir::nereid::cpu {

/// The dimension of `load`'s 2-D tile to loop over: 1 (its columns) when its pointers are
/// consecutive down the columns and not along the rows, as for B held column-major (`a @
/// b.T` with b stored (N, K), as torch keeps linear weights), whose rows would be gathers;
/// 0 (its rows) otherwise.
unsigned getSliceDim(tt::LoadOp load, const DataFlowSolver &solver);

/// The loop over the rows (or columns) of a tile, and the buffer it fills.
struct RowLoop {
  scf::ForOp loop;
  ttg::LocalAllocOp buffer;
  /// The dimension of the tile the loop runs over: each row of the buffer is a column of the
  /// tile when it is 1.
  unsigned sliceDim = 0;
  /// The buffers of columns that the loop reads, written outside it.
  SmallVector<Operation *> columnBuffers;

  /// Erases the loop, what it made outside itself, and the buffer.
  void erase() {
    eraseRowLoop(loop, columnBuffers);
    buffer.erase();
  }
};

/// The width of the panels of B's buffer (#ttg.panel_shared) for a dot of `columns` columns on
/// `target`: those of a block of the dot's micro-kernel, which then reads each block's rows
/// consecutively, where a row-major buffer puts them a row apart (the tutorial matmul, 2048^3
/// in 256 x 256 x 64 blocks on one AVX-512 core: 135-137 GFLOP/s in panels, 122-125
/// row-major). 0 (row-major) when the columns are one block or do not divide into blocks.
int64_t getPanelWidth(int64_t columns, const TargetInfo &target);

/// A loop over the rows of `load`'s 2-D tile, placed before it, that loads each row, extends it
/// to `element` (the accumulator's element type), rounds it to tf32 when `roundsToTF32` says
/// so, and writes it to a buffer of the tile's shape; none (creating nothing) when some row
/// cannot be computed. `target` is the CPU's, whose registers bound the lanes of a layout.
/// With `sliceDim` 1 the loop runs over the tile's columns, and the buffer holds the tile
/// transposed: its row c is column c of the tile. A `panelWidth` other than 0 lays the buffer
/// out in panels of that many columns.
std::optional<RowLoop> createRowLoop(tt::LoadOp load, Type element, bool roundsToTF32,
                                     unsigned sliceDim, int64_t panelWidth,
                                     const TargetInfo &target);

/// The same loop for `tile`, a 2-D tile whose rows a RowSlicer computes (from loads, buffers,
/// columns and cheap elementwise ops), placed before `point`, over the tile's rows.
std::optional<RowLoop> createComputedRowLoop(Value tile, Operation *point, Type element,
                                             bool roundsToTF32, int64_t panelWidth,
                                             const TargetInfo &target);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_ROWLOADS_H
