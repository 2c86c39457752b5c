#ifndef NEREID_CPU_LIB_ROWSLICER_H
#define NEREID_CPU_LIB_ROWSLICER_H

// Rows of 2-D tiles, computed one at a time in a loop over the rows from the ops that made the
// tiles: how cpu-load-dot-operands-by-rows loads a dot's operands and
// cpu-store-tiles-by-rows stores tiles, row by row instead of one unrolled access per
// register chunk.

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::nereid::cpu {

/// Computes, at the builder's insertion point in a loop over the rows of 2-D tiles, row `row`
/// of a tile (a 1-D tile of its columns) and element `row` of a column (a [R, 1] or 1-D [R]
/// tile) from the ops that made them: splats, splat constants, make_range, expand_dims,
/// broadcasts, layout conversions, cheap elementwise ops, local_loads of a buffer that
/// nothing writes before the loop (read a row at a time), and loads that nothing writes after
/// before the loop (loaded a row at a time, in the loop: a row is loaded after earlier rows of
/// a tile are stored, which the per-element ordering of tiles allows, docs/cpu.md; a load that
/// something else uses whole stays, and reads the memory again). A row of `x[:, None] + y[None, :]` is `splat(x[row]) + y`; the ops
/// that compute `y` run once, where they are, and the row takes `y` itself. Fails on any other
/// op (a block argument, an op with regions); the caller then erases the loop, and the buffers
/// of columns (getColumnBuffers) that were made for it.
///
/// A slicer made with `sliceDim` 1 slices the other way, for a loop over the columns of tiles:
/// its "rows" are the columns (1-D tiles of the rows' elements), its "columns" the [1, C] rows,
/// so that column c of `x[:, None] + y[None, :]` is `x + splat(y[c])`.
class RowSlicer {
public:
  RowSlicer(OpBuilder &builder, Location loc, Value row, unsigned sliceDim = 0)
      : builder(builder), loc(loc), row(row), sliceDim(sliceDim) {}

  /// Row `row` of the 2-D tile `tile`; a [1, C] tile has one row, whatever `row` is. (With
  /// `sliceDim` 1: column `row`; an [R, 1] tile has one column.)
  FailureOr<Value> getRow(Value tile);

  /// Element `row` of the column `column`, a [R, 1] or 1-D tile, as a scalar. (With `sliceDim`
  /// 1: of a [1, C] or 1-D tile.)
  FailureOr<Value> getElement(Value column);

  /// The buffers that readColumnElement made, outside the loop.
  ArrayRef<Operation *> getColumnBuffers() const { return columnBufferOps; }

  /// The type of a row of the 2-D tile type `type`: its columns, in the layout that
  /// expand_dims at dimension 0 takes back to the tile's. With `sliceDim` 1, the type of a
  /// column, which expand_dims at dimension 1 takes back.
  static RankedTensorType getRowType(RankedTensorType type, unsigned sliceDim = 0);

private:
  /// What `compute` gives for `key`, computed once: `known` holds the answers so far.
  static FailureOr<Value> memoized(DenseMap<Value, Value> &known, Value key,
                                   function_ref<FailureOr<Value>()> compute);

  FailureOr<Value> computeRow(Value tile);

  FailureOr<Value> computeElement(Value column);

  /// The splat constant `constant` as a constant of `type` (a row, or a scalar); fails for
  /// other constants.
  FailureOr<Value> getSplatConstant(arith::ConstantOp constant, Type type);

  /// A clone of the elementwise op `op` whose result has `type`, on the parts (rows or
  /// elements) of its tile operands that `getPart` computes.
  FailureOr<Value> cloneOnParts(Operation *op, Type type,
                                function_ref<FailureOr<Value>(Value)> getPart);

  /// Element `row` of the [R, 1] tile `column`, splat to `rowType`, read from a buffer that
  /// holds the column: for a column whose elements cost a division or a transcendental
  /// function each (the tutorial matmul's `offs_am % M`), which would run in every row of
  /// every K iteration. The buffer is written once, where the column is computed. Fails for
  /// columns a buffer cannot hold. (With `sliceDim` 1, the [1, C] row `column`.)
  FailureOr<Value> readColumnElement(Value column, RankedTensorType rowType);

  /// Row `row` of the 2-D buffer that `load` reads, read in the loop: when the loop is in the
  /// load's block, after it, with nothing between them that may write memory.
  FailureOr<Value> readBufferRow(ttg::LocalLoadOp load, RankedTensorType rowType);

  /// Row `row` of the tile that `load` loads, loaded in the loop: when the loop is in the
  /// load's block, after it, with nothing between them that may write global memory (stack
  /// buffers may be written). Not for volatile loads.
  FailureOr<Value> loadRow(tt::LoadOp load, RankedTensorType rowType);

  /// `value` in the layout of `type` (a type of its shape and elements).
  Value convertTo(Value value, RankedTensorType type);

  OpBuilder &builder;
  Location loc;
  Value row;
  /// The dimension of the tiles that the loop runs over: 0 for rows, 1 for columns.
  unsigned sliceDim;
  DenseMap<Value, Value> rows, elements;
  /// The buffers of columns read by readColumnElement, and the ops that make them.
  DenseMap<Value, Value> columnBuffers;
  SmallVector<Operation *> columnBufferOps;
};

/// An scf.for over the `rows` rows of a tile (an i32 induction variable from 0), with an empty
/// body, placed before `op`.
scf::ForOp createRowLoopBefore(Operation *op, int64_t rows);

/// Erases the dead ops in `loop`'s body: what a RowSlicer computed for a part that then failed
/// and was computed another way.
void eraseUnusedInRowLoop(scf::ForOp loop);

/// Erases `loop`, the constants of its bounds that nothing else uses, and `outside`: what a
/// RowSlicer made outside the loop for it (getColumnBuffers).
void eraseRowLoop(scf::ForOp loop, ArrayRef<Operation *> outside);

/// Erases the ops that made `values` when they are dead (nothing uses them, and they at most
/// read memory: a load, or an op free of memory effects), and then the ops that made their
/// operands, as far as they die. Pass all the values at once: erasing one may erase another's
/// defining op.
void eraseUnused(ValueRange values);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_ROWSLICER_H
