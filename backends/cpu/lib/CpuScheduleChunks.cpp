// cpu-schedule-chunks: a depth-first reordering of each block from its anchors (see
// Passes.td), so that register-sized chunks are consumed right after they are computed.

#include "VectorChunks.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUSCHEDULECHUNKSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Whether `op` may move down within its block: it has no regions, is not a terminator, and at
/// most reads memory.
bool isMovable(Operation *op) {
  if (op->getNumRegions() != 0 || op->hasTrait<OpTrait::IsTerminator>())
    return false;
  if (isa<LLVM::LoadOp>(op))
    return !cast<LLVM::LoadOp>(op).getVolatile_() &&
           cast<LLVM::LoadOp>(op).getOrdering() == LLVM::AtomicOrdering::not_atomic;
  if (isa<LLVM::MaskedLoadOp, LLVM::masked_gather>(op))
    return true;
  return isMemoryEffectFree(op);
}

bool isLoad(Operation *op) {
  return isa<LLVM::LoadOp, LLVM::MaskedLoadOp, LLVM::masked_gather>(op);
}

/// The elements of its tile that a memory access chunk touches, or std::nullopt when unknown
/// (then it may touch any).
std::optional<std::pair<int64_t, int64_t>> getChunkElements(Operation *op) {
  auto range = op->getAttrOfType<DenseI64ArrayAttr>(kChunkElementsAttrName);
  if (!range || range.size() != 2)
    return std::nullopt;
  return std::pair{range[0], range[1]};
}

/// Whether a load of chunk `load` must stay before the anchor `anchor`: the anchor may write
/// the elements the load reads (tiles are ordered per element, as GPU threads order theirs).
bool mustPrecede(Operation *load, Operation *anchor) {
  auto loaded = getChunkElements(load), written = getChunkElements(anchor);
  if (!loaded || !written)
    return true;
  return loaded->first < written->second && written->first < loaded->second;
}

/// The ops of `block` whose results `op` uses, directly or inside its regions.
SmallVector<Operation *> getProducersInBlock(Operation *op, Block &block) {
  SmallVector<Operation *> producers;
  auto add = [&](Value value) {
    Operation *producer = value.getDefiningOp();
    if (producer && producer->getBlock() == &block)
      producers.push_back(producer);
  };
  for (Value operand : op->getOperands())
    add(operand);
  for (Region &region : op->getRegions())
    region.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        add(operand);
    });
  return producers;
}

void scheduleBlock(Block &block) {
  SmallVector<Operation *> order;
  llvm::DenseSet<Operation *> placed;
  // Places `root` after everything movable it needs, depth first, without recursion.
  auto place = [&](Operation *root) {
    SmallVector<std::pair<Operation *, bool>> stack{{root, false}};
    while (!stack.empty()) {
      auto [op, expanded] = stack.pop_back_val();
      if (placed.contains(op))
        continue;
      if (expanded) {
        placed.insert(op);
        order.push_back(op);
        continue;
      }
      stack.push_back({op, true});
      SmallVector<Operation *> producers = getProducersInBlock(op, block);
      for (Operation *producer : llvm::reverse(producers))
        if (!placed.contains(producer) && isMovable(producer))
          stack.push_back({producer, false});
    }
  };
  SmallVector<Operation *> loadsBefore;
  Operation *terminator = block.mightHaveTerminator() ? block.getTerminator() : nullptr;
  for (Operation &op : block) {
    if (isMovable(&op)) {
      if (isLoad(&op))
        loadsBefore.push_back(&op);
      continue;
    }
    if (&op == terminator)
      continue;
    for (Operation *load : loadsBefore)
      if (!placed.contains(load) && mustPrecede(load, &op))
        place(load);
    place(&op);
  }
  // Movable ops that no anchor needs are dead; they keep their relative order before the
  // terminator, where canonicalization will remove them.
  for (Operation &op : block)
    if (!placed.contains(&op) && &op != terminator)
      place(&op);
  if (terminator)
    order.push_back(terminator);
  for (Operation *op : order)
    op->moveBefore(&block, block.end());
}

struct CpuScheduleChunksPass : impl::CpuScheduleChunksPassBase<CpuScheduleChunksPass> {
  void runOnOperation() override {
    getOperation()->walk([](Block *block) { scheduleBlock(*block); });
  }
};

} // namespace
} // namespace mlir::nereid::cpu
