// cpu-version-loops-on-contiguous-offsets: a loop over rows whose accesses add one tile of
// offsets that AxisInfo cannot prove consecutive tests once, before the loop, whether they are,
// and then runs a copy of the loop in which they are (see
// CpuVersionLoopsOnContiguousOffsetsPass in Passes.td).

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUVERSIONLOOPSONCONTIGUOUSOFFSETSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Whether `value` has the same value in every iteration of `loop`: it comes from outside the
/// loop, or a pure op in it computes it from such values.
bool isLoopInvariant(scf::ForOp loop, Value value) {
  if (!loop->isAncestor(value.getParentRegion()->getParentOp()))
    return true;
  Operation *op = value.getDefiningOp();
  return op && op->getParentOp() == loop && op->getNumRegions() == 0 && isPure(op) &&
         llvm::all_of(op->getOperands(),
                      [&](Value operand) { return isLoopInvariant(loop, operand); });
}

/// Collects into `varying` the loop-invariant tiles that `tile`, a tile of pointers or
/// offsets, adds to splats of scalars (and splat constants): `tt.addptr` and `arith.addi` are
/// looked through. Fails on any other term that changes from one iteration to the next.
LogicalResult collectInvariantTerms(scf::ForOp loop, Value tile, SmallVector<Value> &varying) {
  Operation *op = tile.getDefiningOp();
  if (isa_and_present<tt::AddPtrOp, arith::AddIOp>(op))
    return success(succeeded(collectInvariantTerms(loop, op->getOperand(0), varying)) &&
                   succeeded(collectInvariantTerms(loop, op->getOperand(1), varying)));
  if (isa_and_present<tt::SplatOp>(op) || matchPattern(tile, m_Constant()))
    return success();
  if (!isLoopInvariant(loop, tile))
    return failure();
  varying.push_back(tile);
  return success();
}

/// The pointer tiles that `loop`'s body accesses directly.
SmallVector<Value> getAccessedPointers(scf::ForOp loop) {
  SmallVector<Value> pointers;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<tt::LoadOp>(op))
      pointers.push_back(load.getPtr());
    else if (auto store = dyn_cast<tt::StoreOp>(op))
      pointers.push_back(store.getPtr());
    else if (auto prefetch = dyn_cast<ttg::PrefetchOp>(op))
      pointers.push_back(prefetch.getPtr());
  }
  return pointers;
}

/// The tiles of offsets of `loop` worth testing: for each 1-D pointer tile that the body
/// accesses, the one loop-invariant tile of integers that its pointers add to splats, when
/// AxisInfo does not prove it consecutive.
SetVector<Value> getUnprovenOffsets(scf::ForOp loop, const DataFlowSolver &solver) {
  SetVector<Value> offsets;
  for (Value pointers : getAccessedPointers(loop)) {
    auto type = dyn_cast<RankedTensorType>(pointers.getType());
    SmallVector<Value> varying;
    if (!type || type.getRank() != 1 ||
        failed(collectInvariantTerms(loop, pointers, varying)) || varying.size() != 1)
      continue;
    Value tile = varying.front();
    auto tileType = dyn_cast<RankedTensorType>(tile.getType());
    if (!tileType || tileType.getRank() != 1 || !tileType.getElementType().isInteger() ||
        tileType.getElementTypeBitWidth() < 32)
      continue;
    const AxisInfo *info = getAxisInfo(solver, tile);
    if (info && info->getContiguity(0) >= tileType.getDimSize(0))
      continue;
    offsets.insert(tile);
  }
  return offsets;
}

/// A tt.reduce of the 1-D tile `tile` to a scalar with the binary arith op `Combiner`.
template <typename Combiner>
Value buildReduce(OpBuilder &builder, Location loc, Value tile) {
  Type element = getElementTypeOrSelf(tile.getType());
  auto reduce = tt::ReduceOp::create(builder, loc, TypeRange{element}, ValueRange{tile},
                                     builder.getI32IntegerAttr(0));
  OpBuilder::InsertionGuard guard(builder);
  Block *body = builder.createBlock(&reduce.getCombineOp(), {}, {element, element}, {loc, loc});
  Value combined = Combiner::create(builder, loc, body->getArgument(0), body->getArgument(1));
  tt::ReduceReturnOp::create(builder, loc, ValueRange{combined});
  return reduce.getResult().front();
}

/// A consecutive form of the offsets `tile`: `splat(first) + range`, and the i1 that holds
/// when `tile` equals it. Element k of `tile` minus k is the same for every k exactly when the
/// offsets are consecutive (with Triton's wrap-around, which the difference shares), so the
/// test compares that difference's minimum and maximum.
std::pair<Value, Value> buildConsecutiveForm(OpBuilder &builder, Location loc, Value tile) {
  auto type = cast<RankedTensorType>(tile.getType());
  int64_t length = type.getDimSize(0);
  Value range = tt::MakeRangeOp::create(builder, loc, type.clone(builder.getI32Type()), 0,
                                        static_cast<int32_t>(length));
  if (!type.getElementType().isInteger(32))
    range = arith::ExtSIOp::create(builder, loc, type, range);
  Value difference = arith::SubIOp::create(builder, loc, tile, range);
  Value first = buildReduce<arith::MinSIOp>(builder, loc, difference);
  Value last = buildReduce<arith::MaxSIOp>(builder, loc, difference);
  Value consecutive =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, first, last);
  Value form = arith::AddIOp::create(builder, loc,
                                     tt::SplatOp::create(builder, loc, type, first), range);
  return {form, consecutive};
}

/// Runs `loop` in an scf.if on whether its offset tiles `offsets` are consecutive: a copy of
/// it on their consecutive forms, or the loop as it was.
void versionLoop(scf::ForOp loop, ArrayRef<Value> offsets) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  IRMapping mapping;
  Value condition;
  for (Value tile : offsets) {
    auto [form, consecutive] = buildConsecutiveForm(builder, loc, tile);
    mapping.map(tile, form);
    condition =
        condition ? arith::AndIOp::create(builder, loc, condition, consecutive) : consecutive;
  }
  auto version = scf::IfOp::create(builder, loc, TypeRange{}, condition,
                                   /*withElseRegion=*/true);
  builder.setInsertionPointToStart(version.thenBlock());
  builder.clone(*loop, mapping);
  loop->moveBefore(version.elseBlock()->getTerminator());
}

struct CpuVersionLoopsOnContiguousOffsetsPass
    : impl::CpuVersionLoopsOnContiguousOffsetsPassBase<CpuVersionLoopsOnContiguousOffsetsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(module);
    if (failed(solver))
      return signalPassFailure();
    SmallVector<std::pair<scf::ForOp, SetVector<Value>>> versioned;
    module.walk([&](scf::ForOp loop) {
      // Loops that only move data: the row loops of cpu-load-dot-operands-by-rows and
      // cpu-store-tiles-by-rows, whose copy costs little code.
      bool movesData = loop.getNumResults() == 0 &&
                       llvm::all_of(loop.getBody()->getOperations(),
                                    [](Operation &op) { return op.getNumRegions() == 0; });
      if (!movesData)
        return;
      SetVector<Value> offsets = getUnprovenOffsets(loop, **solver);
      if (!offsets.empty())
        versioned.push_back({loop, std::move(offsets)});
    });
    for (auto &[candidate, offsets] : versioned) {
      scf::ForOp loop = candidate;
      // The offsets are computed before the loop, where the test reads them.
      moveLoopInvariantCode(loop);
      if (llvm::any_of(offsets, [&](Value tile) {
            return loop->isAncestor(tile.getParentRegion()->getParentOp());
          }))
        continue;
      versionLoop(loop, offsets.getArrayRef());
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
