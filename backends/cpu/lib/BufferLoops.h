#ifndef NEREID_CPU_LIB_BUFFERLOOPS_H
#define NEREID_CPU_LIB_BUFFERLOOPS_H

// Loops over the blocks and batches of stack buffers, for the code that walks them a block at
// a time: the dot's micro-kernel and the register-block transpose.

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

/// Calls `body` with the start of each step of `step` in [0, `extent`), which is a multiple of
/// it: the constant 0 for a single step, the induction variable of a loop for several.
inline void forEachStep(OpBuilder &builder, Location loc, int64_t extent, int64_t step,
                        function_ref<void(OpBuilder &, Value)> body) {
  if (extent == 0)
    return;
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  if (extent == step) {
    body(builder, zero);
    return;
  }
  scf::ForOp::create(builder, loc, zero, arith::ConstantIndexOp::create(builder, loc, extent),
                     arith::ConstantIndexOp::create(builder, loc, step), ValueRange{},
                     [&](OpBuilder &inner, Location, Value start, ValueRange) {
                       body(inner, start);
                       scf::YieldOp::create(inner, loc);
                     });
}

/// `base + offset`, for indices.
inline Value addIndex(OpBuilder &builder, Location loc, Value base, int64_t offset) {
  if (offset == 0)
    return base;
  return arith::AddIOp::create(builder, loc, base,
                               arith::ConstantIndexOp::create(builder, loc, offset));
}

/// The 2-D slice `batch` of the row-major rank-3 buffer `buffer`.
inline Value sliceBatch(OpBuilder &builder, Location loc, Value buffer, Value batch) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<OpFoldResult> offsets{batch, builder.getIndexAttr(0), builder.getIndexAttr(0)};
  SmallVector<OpFoldResult> sizes{builder.getIndexAttr(1), builder.getIndexAttr(type.getDimSize(1)),
                                  builder.getIndexAttr(type.getDimSize(2))};
  SmallVector<OpFoldResult> strides(3, builder.getIndexAttr(1));
  auto sliceType = memref::SubViewOp::inferRankReducedResultType(type.getShape().drop_front(),
                                                                 type, offsets, sizes, strides);
  return memref::SubViewOp::create(builder, loc, cast<MemRefType>(sliceType), buffer, offsets,
                                   sizes, strides);
}

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_BUFFERLOOPS_H
