// cpu-stream-large-stores: the stores of a launch that writes more than the last-level cache
// holds bypass the caches (see CpuStreamLargeStoresPass in Passes.td).

#include "StreamingStores.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUSTREAMLARGESTORESPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The shortest contiguous run, in bytes, that a non-temporal store may write, and the
/// alignment it needs: narrower stores would leave the write-combining buffers partly filled,
/// and x86's non-temporal vector stores need aligned addresses (LLVM makes an unaligned one
/// an ordinary store).
constexpr int64_t kMinimumRunBytes = 16;

/// Whether `store` writes a tile in contiguous runs of at least kMinimumRunBytes, each aligned
/// to kMinimumRunBytes.
bool writesAlignedRuns(const DataFlowSolver &solver, tt::StoreOp store) {
  auto type = dyn_cast<RankedTensorType>(store.getValue().getType());
  if (!type)
    return false;
  const AxisInfo *info = getAxisInfo(solver, store.getPtr());
  if (!info || info->getRank() != type.getRank())
    return false;
  int64_t elementBytes = pointeeSizeInBytes(store.getPtr().getType());
  return llvm::any_of(llvm::seq<unsigned>(0, type.getRank()), [&](unsigned dim) {
    int64_t run = std::min(info->getContiguity(dim), type.getDimSize(dim));
    return run * elementBytes >= kMinimumRunBytes &&
           info->getDivisibility(dim) >= kMinimumRunBytes;
  });
}

/// The op that is versioned for `store`: the innermost loop around it, or the store itself.
Operation *getVersionedOp(tt::StoreOp store) {
  if (auto loop = store->getParentOfType<scf::ForOp>())
    return loop;
  return store;
}

/// The scf.for loops around `op` (and `op` itself, when it is one), innermost first.
SmallVector<scf::ForOp> getLoopsAround(Operation *op) {
  SmallVector<scf::ForOp> loops;
  if (auto loop = dyn_cast<scf::ForOp>(op))
    loops.push_back(loop);
  for (auto loop = op->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>())
    loops.push_back(loop);
  return loops;
}

/// The bytes that `store` writes in one run of `versioned` (an op around it, or itself) per
/// iteration of the loops around `versioned`: the tile, times the constant trip counts of the
/// loops between them (one known only at run time counts once: its bounds may be computed
/// inside `versioned`).
uint64_t getBytesPerRun(tt::StoreOp store, Operation *versioned) {
  auto type = cast<RankedTensorType>(store.getValue().getType());
  uint64_t bytes = type.getNumElements() * pointeeSizeInBytes(store.getPtr().getType());
  for (scf::ForOp loop : getLoopsAround(store))
    if (versioned->isProperAncestor(loop))
      if (std::optional<APInt> trips = loop.getStaticTripCount(); trips && !trips->isZero())
        bytes = llvm::SaturatingMultiply(bytes, trips->getZExtValue());
  return bytes;
}

/// `value`, an integer or index, as an f64.
Value toF64(OpBuilder &builder, Location loc, Value value, bool isSigned) {
  Type i64 = builder.getI64Type();
  if (value.getType().isIndex())
    value = arith::IndexCastOp::create(builder, loc, i64, value);
  else if (value.getType() != i64)
    value = isSigned ? Value(arith::ExtSIOp::create(builder, loc, i64, value))
                     : Value(arith::ExtUIOp::create(builder, loc, i64, value));
  Type f64 = builder.getF64Type();
  return isSigned ? Value(arith::SIToFPOp::create(builder, loc, f64, value))
                  : Value(arith::UIToFPOp::create(builder, loc, f64, value));
}

/// The number of iterations of `loop` (0 when its range is empty), as an f64, computed before
/// it from its bounds. A static count is a constant.
Value buildTripCount(OpBuilder &builder, Location loc, scf::ForOp loop) {
  if (std::optional<APInt> trips = loop.getStaticTripCount())
    return arith::ConstantOp::create(builder, loc,
                                     builder.getF64FloatAttr(double(trips->getZExtValue())));
  Value lower = toF64(builder, loc, loop.getLowerBound(), /*isSigned=*/true);
  Value upper = toF64(builder, loc, loop.getUpperBound(), /*isSigned=*/true);
  Value step = toF64(builder, loc, loop.getStep(), /*isSigned=*/true);
  Value count = math::CeilOp::create(
      builder, loc,
      arith::DivFOp::create(builder, loc, arith::SubFOp::create(builder, loc, upper, lower),
                            step));
  Value zero = arith::ConstantOp::create(builder, loc, builder.getF64FloatAttr(0.0));
  return arith::MaximumFOp::create(builder, loc, count, zero);
}

/// The number of programs of the launch, as an f64 (their product can exceed an i64),
/// computed at the start of `function`.
Value buildNumPrograms(OpBuilder &builder, tt::FuncOp function) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&function.getBody().front());
  Location loc = function.getLoc();
  Value total;
  for (tt::ProgramIDDim axis : {tt::ProgramIDDim::X, tt::ProgramIDDim::Y, tt::ProgramIDDim::Z}) {
    Value count = toF64(builder, loc,
                        tt::GetNumProgramsOp::create(builder, loc, builder.getI32Type(), axis),
                        /*isSigned=*/false);
    total = total ? Value(arith::MulFOp::create(builder, loc, total, count)) : count;
  }
  return total;
}

/// Runs `op` in an scf.if on `streaming`: a copy whose stores that `stores` holds are marked
/// non-temporal, or `op` as it was.
void versionOnStreaming(Operation *op, Value streaming, const DenseSet<Operation *> &stores) {
  Location loc = op->getLoc();
  OpBuilder builder(op);
  auto version = scf::IfOp::create(builder, loc, op->getResultTypes(), streaming,
                                   /*withElseRegion=*/true);
  op->replaceAllUsesWith(version.getResults());
  // Without results, the branches come with terminators; they get ours.
  for (Block *branch : {version.thenBlock(), version.elseBlock()})
    if (!branch->empty())
      branch->back().erase();

  builder.setInsertionPointToStart(version.thenBlock());
  Operation *copy = builder.clone(*op);
  auto mark = [&](Operation *original, Operation *cloned) {
    if (stores.contains(original))
      cloned->setAttr(kNontemporalAttrName, builder.getUnitAttr());
  };
  if (isa<tt::StoreOp>(op)) {
    mark(op, copy);
  } else {
    // Walks of the original and of its copy visit corresponding ops in the same order.
    SmallVector<Operation *> originals, copies;
    op->walk([&](tt::StoreOp store) { originals.push_back(store); });
    copy->walk([&](tt::StoreOp store) { copies.push_back(store); });
    for (auto [original, cloned] : llvm::zip_equal(originals, copies))
      mark(original, cloned);
  }
  scf::YieldOp::create(builder, loc, copy->getResults());

  op->moveBefore(version.elseBlock(), version.elseBlock()->end());
  builder.setInsertionPointToEnd(version.elseBlock());
  scf::YieldOp::create(builder, loc, op->getResults());
}

struct CpuStreamLargeStoresPass
    : impl::CpuStreamLargeStoresPassBase<CpuStreamLargeStoresPass> {
  using CpuStreamLargeStoresPassBase::CpuStreamLargeStoresPassBase;

  void runOnOperation() override {
    if (streamingStoreBytes <= 0)
      return;
    ModuleOp module = getOperation();
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(module);
    if (failed(solver))
      return signalPassFailure();

    // The stores to stream and the op versioned for each, in IR order.
    SmallVector<std::pair<tt::StoreOp, Operation *>> candidates;
    DenseSet<Operation *> stores;
    module.walk([&](tt::StoreOp store) {
      if (!writesAlignedRuns(**solver, store))
        return;
      stores.insert(store);
      candidates.push_back({store, getVersionedOp(store)});
    });
    // A versioned op inside another one is copied with it.
    SetVector<Operation *> versioned;
    for (const auto &candidate : candidates) {
      Operation *op = candidate.second;
      if (llvm::none_of(candidates, [&](auto other) { return other.second->isProperAncestor(op); }))
        versioned.insert(op);
    }

    DenseMap<Operation *, Value> numPrograms;
    for (Operation *op : versioned) {
      auto function = op->getParentOfType<tt::FuncOp>();
      if (!function)
        continue;
      uint64_t bytesPerRun = 0;
      for (auto [store, storeOp] : candidates)
        if (storeOp == op || op->isProperAncestor(storeOp))
          bytesPerRun = llvm::SaturatingAdd(bytesPerRun, getBytesPerRun(store, op));
      Value &programs = numPrograms[function];
      OpBuilder builder(function.getContext());
      if (!programs)
        programs = buildNumPrograms(builder, function);
      // programs x bytesPerRun x the trip counts of the loops around the stores, in f64: the
      // bytes the launch stores, which no integer type need hold.
      builder.setInsertionPoint(op);
      Location loc = op->getLoc();
      Value bytes = arith::MulFOp::create(
          builder, loc, programs,
          arith::ConstantOp::create(builder, loc, builder.getF64FloatAttr(double(bytesPerRun))));
      for (scf::ForOp loop : getLoopsAround(op))
        bytes = arith::MulFOp::create(builder, loc, bytes, buildTripCount(builder, loc, loop));
      Value threshold = arith::ConstantOp::create(
          builder, loc, builder.getF64FloatAttr(double(streamingStoreBytes)));
      Value streaming =
          arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::OGE, bytes, threshold);
      versionOnStreaming(op, streaming, stores);
      module->setAttr(kNontemporalStoresAttrName, UnitAttr::get(module.getContext()));
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
