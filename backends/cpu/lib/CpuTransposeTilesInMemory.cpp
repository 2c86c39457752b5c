// cpu-transpose-tiles-in-memory: large 2-D transposes go through local-memory buffers, so
// that the tiles around them can be loaded and stored by rows (see
// CpuTransposeTilesInMemoryPass in Passes.td).

#include "BlockTranspose.h"
#include "LoopBuffers.h"
#include "RowLoads.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUTRANSPOSETILESINMEMORYPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The load whose tile `value` is, directly or through layout conversions that nothing else
/// uses, when only that use reads it; null otherwise.
tt::LoadOp getOnlyUseLoad(Value value) {
  while (auto convert = value.getDefiningOp<ttg::ConvertLayoutOp>()) {
    if (!convert->hasOneUse())
      return nullptr;
    value = convert.getSrc();
  }
  auto load = value.getDefiningOp<tt::LoadOp>();
  return load && load->hasOneUse() ? load : nullptr;
}

/// Replaces `trans` with a `ttg.local_load` of a buffer that holds its result, when it is a
/// large 2-D transpose that no dot reads (the dot lowering transposes its operands itself).
/// The buffer is the source's buffer of columns when the source is a load by columns, else
/// a `ttg.local_alloc` of `tt.trans` of a `ttg.local_load` of the source's buffer (filled by
/// rows when the source is a load whose rows can be computed), which the lowering copies
/// transposed a register block at a time.
void transposeInMemory(tt::TransOp trans, const DataFlowSolver &solver,
                       const TargetInfo &target) {
  RankedTensorType type = trans.getType();
  Type element = type.getElementType();
  // Buffers of numbers: masks and pointers are transposed through memory by the lowering of
  // tt.trans itself.
  bool isNumber = isa<FloatType>(element) || (element.isInteger() && !element.isInteger(1));
  if (type.getRank() != 2 || !isNumber || !isTransposedInMemory(type, trans.getOrder()) ||
      llvm::any_of(trans->getUsers(), [](Operation *user) { return isa<tt::DotOp>(user); }))
    return;
  MLIRContext *context = trans.getContext();
  Location loc = trans.getLoc();
  Value source = trans.getSrc();
  auto sourceType = cast<RankedTensorType>(source.getType());
  Value rows, columns;
  if (tt::LoadOp load = getOnlyUseLoad(source)) {
    unsigned sliceDim = getSliceDim(load, solver);
    if (std::optional<RowLoop> rowLoop =
            createRowLoop(load, element, /*roundsToTF32=*/false, sliceDim, 0, target))
      (sliceDim == 0 ? rows : columns) = rowLoop->buffer;
  }
  OpBuilder builder(trans);
  if (!columns) {
    if (!rows)
      rows = ttg::LocalAllocOp::create(
          builder, loc,
          getRowMajorBufferType(context, sourceType.getShape(), element, /*mutableMemory=*/false),
          source);
    Value tile = ttg::LocalLoadOp::create(builder, loc, sourceType, rows);
    Value transposed = tt::TransOp::create(builder, loc, type, tile, ArrayRef<int32_t>{1, 0});
    columns = ttg::LocalAllocOp::create(
        builder, loc,
        getRowMajorBufferType(context, type.getShape(), element, /*mutableMemory=*/false),
        transposed);
  }
  trans.replaceAllUsesWith(ttg::LocalLoadOp::create(builder, loc, type, columns).getResult());
  trans.erase();
  eraseUnused(source);
}

struct CpuTransposeTilesInMemoryPass
    : impl::CpuTransposeTilesInMemoryPassBase<CpuTransposeTilesInMemoryPass> {
  void runOnOperation() override {
    FailureOr<std::unique_ptr<TargetInfo>> target = ttg::getModuleTargetInfo(getOperation());
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(getOperation());
    if (failed(target) || failed(solver))
      return signalPassFailure();
    SmallVector<tt::TransOp> transposes;
    getOperation()->walk([&](tt::TransOp trans) { transposes.push_back(trans); });
    for (tt::TransOp trans : transposes)
      transposeInMemory(trans, **solver, **target);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
