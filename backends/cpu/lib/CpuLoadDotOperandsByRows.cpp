// cpu-load-dot-operands-by-rows: the loads of a tt.dot's operand tiles become loops over
// their rows that fill local-memory buffers, which the dot reads (see
// CpuLoadDotOperandsByRowsPass in Passes.td).

#include "CpuTarget.h"
#include "DotOperands.h"
#include "LoopBuffers.h"
#include "RowLoads.h"
#include "RowSlicer.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPULOADDOTOPERANDSBYROWSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The load whose tile is operand `operand` of a dot, directly or through layout conversions
/// that nothing else uses, when only that operand uses it; null otherwise. The load may be in
/// a block around the dot's (a flash-attention query block, loaded before the loop over keys):
/// its rows are then loaded once, and the dot reads the buffer in every iteration.
tt::LoadOp getOperandLoad(OpOperand &operand) {
  Value value = operand.get();
  while (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>()) {
    if (!convert->hasOneUse())
      return nullptr;
    value = convert.getSrc();
  }
  auto load = value.getDefiningOp<tt::LoadOp>();
  if (!load || !load->hasOneUse() || cast<RankedTensorType>(load.getType()).getRank() != 2)
    return nullptr;
  return load;
}

/// Computed operands of at most this many elements stay whole tiles: flash attention's
/// 64 x 64 blocks.
constexpr int64_t kMaxWholeComputedOperandElements = 64 * 64;

/// Whether `operand` of a dot is a large tile that ops compute (not a load, nor a buffer that
/// the dot reads where it is), which may be computed by rows.
bool isComputedOperand(OpOperand &operand) {
  auto type = cast<RankedTensorType>(operand.get().getType());
  if (type.getNumElements() <= kMaxWholeComputedOperandElements)
    return false;
  Value value = operand.get();
  while (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>())
    value = convert.getSrc();
  Operation *op = value.getDefiningOp();
  return op && !isa<tt::LoadOp, ttg::LocalLoadOp>(op);
}

/// Makes `operand` of a dot read the buffer of `rowLoop` (whose elements are `element`), and
/// erases the load it read before and what computed only its operands. A buffer of columns is
/// read transposed (`tt.trans`), which the dot lowering does block by block.
void readBuffer(OpOperand &operand, RowLoop rowLoop, Type element) {
  Operation *dot = operand.getOwner();
  Location loc = dot->getLoc();
  Value previous = operand.get();
  OpBuilder builder(dot);
  auto type = cast<RankedTensorType>(previous.getType()).clone(element);
  if (rowLoop.sliceDim == 0) {
    operand.set(ttg::LocalLoadOp::create(builder, loc, type, rowLoop.buffer.getResult()));
  } else {
    auto columnsType = type.clone({type.getDimSize(1), type.getDimSize(0)});
    Value columns = ttg::LocalLoadOp::create(builder, loc, columnsType, rowLoop.buffer.getResult());
    operand.set(tt::TransOp::create(builder, loc, type, columns, ArrayRef<int32_t>{1, 0}));
  }
  eraseUnused(previous);
}

/// Loads the operand tiles of `dot` that are loads whose rows can be computed by rows; the dot
/// then reads their buffers. Its other operand is extended (and rounded) the same way as a
/// whole tile, so that both have the accumulator's element type, and a tf32 dot computes as
/// `ieee` on the rounded operands. With `bf16DotPairs`, a dot whose lowering multiplies bf16
/// pairs keeps bf16 operands.
void loadOperandsByRows(tt::DotOp dot, const DataFlowSolver &solver, const TargetInfo &target,
                        bool bf16DotPairs) {
  auto cpu = dyn_cast<CpuTargetInfo>(&target);
  bool keepsBF16 = bf16DotPairs && cpu && canMultiplyBF16Pairs(dot, getChunkWidth(*cpu));
  Type element = keepsBF16 ? dot.getA().getType().getElementType()
                           : dot.getType().getElementType();
  bool roundsToTF32 = dot.getInputPrecision() == tt::InputPrecision::TF32 &&
                      dot.getA().getType().getElementType().isF32();
  OpOperand *operands[] = {&dot.getAMutable(), &dot.getBMutable()};
  std::optional<RowLoop> rowLoops[2];
  for (auto [operand, rowLoop] : llvm::zip(operands, rowLoops)) {
    // B's rows in panels, as the dot's micro-kernel reads them.
    auto panelWidthFor = [&](unsigned sliceDim) -> int64_t {
      return operand == &dot.getBMutable() && sliceDim == 0
                 ? getPanelWidth(dot.getType().getDimSize(1), target)
                 : 0;
    };
    if (tt::LoadOp load = getOperandLoad(*operand)) {
      unsigned sliceDim = getSliceDim(load, solver);
      rowLoop =
          createRowLoop(load, element, roundsToTF32, sliceDim, panelWidthFor(sliceDim), target);
    } else if (isComputedOperand(*operand)) {
      // Right after the tile is made, before what comes between it and the dot (the
      // accumulator's buffer) writes memory that its rows read.
      Operation *tileOp = operand->get().getDefiningOp();
      Operation *point = tileOp->getBlock() == dot->getBlock() ? tileOp->getNextNode() : dot;
      rowLoop = createComputedRowLoop(operand->get(), point, element, roundsToTF32,
                                      panelWidthFor(0), target);
    }
  }
  if (!rowLoops[0] && !rowLoops[1])
    return;
  for (auto [operand, rowLoop] : llvm::zip(operands, rowLoops)) {
    if (rowLoop) {
      readBuffer(*operand, *rowLoop, element);
      continue;
    }
    OpBuilder builder(dot);
    Value tile = extendTo(builder, dot.getLoc(), operand->get(), element);
    operand->set(roundsToTF32 ? roundToTF32(builder, dot.getLoc(), tile) : tile);
  }
  if (roundsToTF32)
    dot.setInputPrecision(tt::InputPrecision::IEEE);
}

struct CpuLoadDotOperandsByRowsPass
    : impl::CpuLoadDotOperandsByRowsPassBase<CpuLoadDotOperandsByRowsPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(getOperation());
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(getOperation());
    if (failed(target) || failed(solver))
      return signalPassFailure();
    SmallVector<tt::DotOp> dots;
    getOperation()->walk([&](tt::DotOp dot) {
      if (dot.getType().getRank() == 2)
        dots.push_back(dot);
    });
    for (tt::DotOp dot : dots)
      loadOperandsByRows(dot, **solver, **target, bf16DotPairs);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
