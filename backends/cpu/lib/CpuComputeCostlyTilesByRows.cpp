// cpu-compute-costly-tiles-by-rows: large 2-D tiles of transcendental functions and divisions
// are computed a row at a time into a buffer (see CpuComputeCostlyTilesByRowsPass in
// Passes.td).

#include "LoopBuffers.h"
#include "RowSlicer.h"
#include "StripMining.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUCOMPUTECOSTLYTILESBYROWSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Tiles of at most this many elements stay whole, as reductions do (cpu-reduce-tiles-by-rows):
/// flash attention's 64 x 64 blocks.
constexpr int64_t kMaxWholeCostlyElements = 64 * 64;

/// The 2-D tile that `op` computes when it is a large one of a costly elementwise op, which
/// a buffer can hold; null otherwise.
RankedTensorType getCostlyTileType(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0 || !isMemoryEffectFree(op) ||
      !op->hasTrait<OpTrait::Elementwise>() || !isCostlyToRecompute(op))
    return nullptr;
  auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!type || type.getRank() != 2 || type.getNumElements() <= kMaxWholeCostlyElements ||
      !isKeepable(type))
    return nullptr;
  return type;
}

/// Replaces `op`'s tile by a buffer that a loop over its rows, before `op`, fills: each
/// iteration computes the rows of `op`'s operands (RowSlicer) and `op` on them. Leaves `op`
/// alone when some operand's rows cannot be computed.
void computeByRows(Operation *op, RankedTensorType type) {
  MLIRContext *context = op->getContext();
  Location loc = op->getLoc();
  OpBuilder builder(op);
  int64_t rows = type.getDimSize(0), columns = type.getDimSize(1);
  auto buffer = ttg::LocalAllocOp::create(
      builder, loc, getRowMajorBufferType(context, {rows, columns}, type.getElementType()),
      Value());
  scf::ForOp loop = createRowLoopBefore(op, rows);
  builder.setInsertionPointToStart(loop.getBody());
  RowSlicer slicer(builder, loc, loop.getInductionVar());
  IRMapping mapping;
  for (Value operand : op->getOperands()) {
    FailureOr<Value> row = slicer.getRow(operand);
    if (failed(row)) {
      eraseRowLoop(loop, slicer.getColumnBuffers());
      buffer.erase();
      return;
    }
    mapping.map(operand, *row);
  }
  RankedTensorType rowType = RowSlicer::getRowType(type);
  Operation *row = builder.clone(*op, mapping);
  row->getResult(0).setType(rowType);
  Value view = ttg::MemDescIndexOp::create(
      builder, loc, getRowMajorBufferType(context, {columns}, type.getElementType()), buffer,
      loop.getInductionVar());
  ttg::LocalStoreOp::create(builder, loc, row->getResult(0), view);
  eraseUnusedInRowLoop(loop);
  builder.setInsertionPoint(op);
  Value whole = ttg::LocalLoadOp::create(builder, loc, type, buffer);
  SmallVector<Value> operands(op->getOperands());
  op->getResult(0).replaceAllUsesWith(whole);
  op->erase();
  eraseUnused(operands);
}

struct CpuComputeCostlyTilesByRowsPass
    : impl::CpuComputeCostlyTilesByRowsPassBase<CpuComputeCostlyTilesByRowsPass> {
  void runOnOperation() override {
    SmallVector<std::pair<Operation *, RankedTensorType>> costly;
    getOperation()->walk([&](Operation *op) {
      if (RankedTensorType type = getCostlyTileType(op))
        costly.push_back({op, type});
    });
    for (auto [op, type] : costly)
      computeByRows(op, type);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
