// cpu-store-tiles-by-rows: a store of a 2-D tile whose rows can be computed becomes a loop
// over its rows (see CpuStoreTilesByRowsPass in Passes.td).

#include "RowSlicer.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUSTORETILESBYROWSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Replaces `store`, of a 2-D tile, with a loop that stores the tile row by row at its place,
/// when the rows of its pointers, values and mask can be computed; leaves it otherwise.
void storeByRows(tt::StoreOp store) {
  auto type = dyn_cast<RankedTensorType>(store.getValue().getType());
  if (!type || type.getRank() != 2)
    return;
  scf::ForOp loop = createRowLoopBefore(store, type.getDimSize(0));
  OpBuilder builder = OpBuilder::atBlockBegin(loop.getBody());
  RowSlicer slicer(builder, store.getLoc(), loop.getInductionVar());
  IRMapping mapping;
  for (Value operand : store->getOperands()) {
    FailureOr<Value> row = slicer.getRow(operand);
    if (failed(row)) {
      eraseRowLoop(loop, slicer.getColumnBuffers());
      return;
    }
    mapping.map(operand, *row);
  }
  builder.clone(*store, mapping);
  eraseUnusedInRowLoop(loop);
  SmallVector<Value> operands(store->getOperands());
  store.erase();
  eraseUnused(operands);
}

struct CpuStoreTilesByRowsPass : impl::CpuStoreTilesByRowsPassBase<CpuStoreTilesByRowsPass> {
  void runOnOperation() override {
    SmallVector<tt::StoreOp> stores;
    getOperation()->walk([&](tt::StoreOp store) { stores.push_back(store); });
    for (tt::StoreOp store : stores)
      storeByRows(store);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
