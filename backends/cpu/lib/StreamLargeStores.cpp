// tt-cpu-stream-large-stores: the stores of a launch that writes more than the last-level cache
// holds bypass the caches (see StreamCpuLargeStoresPass in Passes.td).

#include "StreamingStores.h"

#include "nereid/Analysis/AxisInfo.h"
#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/MapVector.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_STREAMCPULARGESTORESPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The shortest contiguous run, in bytes, that a non-temporal store may write, and the
/// alignment it needs: narrower stores would leave the write-combining buffers partly filled,
/// and x86's non-temporal vector stores need aligned addresses (LLVM makes an unaligned one
/// an ordinary store).
constexpr int64_t kMinimumRunBytes = 16;

/// The bytes of one element of a stored tile: pointers are 8, i1 is a byte.
int64_t getElementBytes(Type element) {
  if (isa<tt::PointerType>(element))
    return 8;
  return llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
}

/// Whether `store` writes a tile in contiguous runs of at least kMinimumRunBytes, each aligned
/// to kMinimumRunBytes.
bool writesAlignedRuns(const DataFlowSolver &solver, tt::StoreOp store) {
  auto type = dyn_cast<RankedTensorType>(store.getValue().getType());
  if (!type)
    return false;
  const AxisInfo *info = getAxisInfo(solver, store.getPtr());
  if (!info || info->getRank() != type.getRank())
    return false;
  int64_t elementBytes = getElementBytes(type.getElementType());
  return llvm::any_of(llvm::seq<unsigned>(0, type.getRank()), [&](unsigned dim) {
    int64_t run = std::min(info->getContiguity(dim), type.getDimSize(dim));
    return run * elementBytes >= kMinimumRunBytes &&
           info->getDivisibility(dim) >= kMinimumRunBytes;
  });
}

/// The bytes that one program writes through `store`: the tile, times the constant trip
/// counts of the loops around it (a loop whose count is known only at run time counts once).
uint64_t getBytesPerProgram(tt::StoreOp store) {
  auto type = cast<RankedTensorType>(store.getValue().getType());
  uint64_t bytes = type.getNumElements() * getElementBytes(type.getElementType());
  for (auto loop = store->getParentOfType<scf::ForOp>(); loop;
       loop = loop->getParentOfType<scf::ForOp>())
    if (std::optional<APInt> trips = loop.getStaticTripCount(); trips && !trips->isZero())
      bytes = llvm::SaturatingMultiply(bytes, trips->getZExtValue());
  return bytes;
}

/// The op that is versioned for `store`: the innermost loop around it, or the store itself.
Operation *getVersionedOp(tt::StoreOp store) {
  if (auto loop = store->getParentOfType<scf::ForOp>())
    return loop;
  return store;
}

/// The number of programs of the launch, as an i64, computed at the start of `function`.
Value buildNumPrograms(OpBuilder &builder, tt::FuncOp function) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&function.getBody().front());
  Location loc = function.getLoc();
  Value total = arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), 1);
  for (tt::ProgramIDDim axis : {tt::ProgramIDDim::X, tt::ProgramIDDim::Y, tt::ProgramIDDim::Z}) {
    Value count = tt::GetNumProgramsOp::create(builder, loc, builder.getI32Type(), axis);
    total = arith::MulIOp::create(
        builder, loc, total, arith::ExtUIOp::create(builder, loc, builder.getI64Type(), count));
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

struct StreamCpuLargeStoresPass
    : impl::StreamCpuLargeStoresPassBase<StreamCpuLargeStoresPass> {
  using StreamCpuLargeStoresPassBase::StreamCpuLargeStoresPassBase;

  void runOnOperation() override {
    if (streamingStoreBytes <= 0)
      return;
    ModuleOp module = getOperation();
    FailureOr<std::unique_ptr<DataFlowSolver>> solver = AxisInfoAnalysis::run(module);
    if (failed(solver))
      return signalPassFailure();

    // The bytes per program of each versioned op, over the stores it holds, in IR order.
    llvm::MapVector<Operation *, uint64_t> versioned;
    DenseSet<Operation *> stores;
    module.walk([&](tt::StoreOp store) {
      if (!writesAlignedRuns(**solver, store))
        return;
      stores.insert(store);
      uint64_t &bytes = versioned[getVersionedOp(store)];
      bytes = llvm::SaturatingAdd(bytes, getBytesPerProgram(store));
    });

    DenseMap<Operation *, Value> numPrograms;
    for (const auto &[versionedOp, ownBytes] : versioned) {
      Operation *op = versionedOp;
      // A versioned op inside another one is copied with it, and adds its bytes to it.
      auto isInside = [](Operation *inner, Operation *outer) {
        return inner != outer && outer->isProperAncestor(inner);
      };
      if (llvm::any_of(versioned, [&](const auto &other) { return isInside(op, other.first); }))
        continue;
      uint64_t bytesPerProgram = ownBytes;
      for (auto [other, otherBytes] : versioned)
        if (isInside(other, op))
          bytesPerProgram = llvm::SaturatingAdd(bytesPerProgram, otherBytes);
      auto function = op->getParentOfType<tt::FuncOp>();
      if (!function)
        continue;
      Value &programs = numPrograms[function];
      OpBuilder builder(function.getContext());
      if (!programs)
        programs = buildNumPrograms(builder, function);
      // programs x bytesPerProgram >= streamingStoreBytes, without overflow.
      builder.setInsertionPoint(op);
      Location loc = op->getLoc();
      auto needed = static_cast<int64_t>(
          llvm::divideCeil(static_cast<uint64_t>(streamingStoreBytes), bytesPerProgram));
      Value streaming = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::sge, programs,
          arith::ConstantIntOp::create(builder, loc, builder.getI64Type(), needed));
      versionOnStreaming(op, streaming, stores);
      module->setAttr(kNontemporalStoresAttrName, UnitAttr::get(module.getContext()));
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
