// ttg-order-global-memory: a barrier wherever the threads of a program could otherwise make its
// global accesses out of program order (see OrderGlobalMemoryPass in Passes.td).

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::nereid::ttg {

#define GEN_PASS_DEF_ORDERGLOBALMEMORYPASS
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

namespace {

/// The global accesses made since the last barrier, each by the tensor of pointers (or
/// descriptor) it goes through; a null value stands for an access through unknown pointers.
struct Pending {
  llvm::SmallSetVector<Value, 4> reads;
  llvm::SmallSetVector<Value, 4> writes;

  bool operator==(const Pending &other) const {
    return reads == other.reads && writes == other.writes;
  }

  void join(const Pending &other) {
    reads.insert(other.reads.begin(), other.reads.end());
    writes.insert(other.writes.begin(), other.writes.end());
  }

  /// What is pending from the previous iteration of `loop`: a value defined in the loop
  /// holds other pointers in the next iteration, so an access through it is through unknown
  /// pointers there.
  Pending acrossIterations(Operation *loop) const {
    auto carried = [&](const llvm::SmallSetVector<Value, 4> &values) {
      llvm::SmallSetVector<Value, 4> result;
      for (Value value : values)
        result.insert(value && loop->isAncestor(value.getParentRegion()->getParentOp())
                          ? Value()
                          : value);
      return result;
    };
    return Pending{carried(reads), carried(writes)};
  }

  /// Accesses through unknown pointers, both reads and writes.
  static Pending unknown() {
    Pending pending;
    pending.reads.insert(Value());
    pending.writes.insert(Value());
    return pending;
  }
};

/// How `op` itself (not its regions) touches global memory: whether it reads, whether it
/// writes, and through what.
struct Access {
  bool reads = false;
  bool writes = false;
  Value pointer;
};

Access getAccess(Operation *op) {
  Access access;
  if (isa<tt::PrintOp, tt::AssertOp>(op))
    return access; // ordered among themselves by the target's printf, never user memory
  if (isa<CallOpInterface>(op)) {
    access.reads = access.writes = true;
    return access; // through unknown pointers
  }
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    return access;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &instance : instances) {
    if (instance.getResource() != tt::GlobalMemory::get())
      continue;
    access.reads |= isa<MemoryEffects::Read>(instance.getEffect());
    access.writes |= isa<MemoryEffects::Write>(instance.getEffect());
  }
  if ((access.reads || access.writes) && op->getNumOperands() > 0)
    access.pointer = op->getOperand(0);
  return access;
}

/// Whether an access through `pointer` conflicts with one of `earlier`: through other or
/// unknown pointers, where another thread may hold the element.
bool conflicts(const llvm::SmallSetVector<Value, 4> &earlier, Value pointer) {
  return llvm::any_of(earlier, [&](Value other) { return !pointer || other != pointer; });
}

class GlobalMemoryOrderer {
public:
  /// Walks `block` from `pending`; inserts barriers when `insert` is set. Returns what is
  /// pending at the block's end.
  Pending walk(Block &block, Pending pending, bool insert) {
    for (Operation &op : block) {
      if (auto loop = dyn_cast<scf::ForOp>(op)) {
        pending = walkLoop(loop, {&loop.getRegion()}, std::move(pending), insert);
      } else if (auto loop = dyn_cast<scf::WhileOp>(op)) {
        pending = walkLoop(loop, {&loop.getBefore(), &loop.getAfter()}, std::move(pending),
                           insert);
      } else if (auto branch = dyn_cast<scf::IfOp>(op)) {
        Pending joined = walk(branch.getThenRegion().front(), pending, insert);
        if (!branch.getElseRegion().empty())
          joined.join(walk(branch.getElseRegion().front(), pending, insert));
        else
          joined.join(pending);
        pending = std::move(joined);
      } else {
        visit(op, pending, insert);
      }
    }
    return pending;
  }

private:
  /// `loop`, whose `regions` run in turn, zero or more times: their entry is what is pending
  /// before the loop joined with what an iteration leaves, until that no longer grows.
  Pending walkLoop(Operation *loop, ArrayRef<Region *> regions, Pending entry, bool insert) {
    auto iterate = [&](Pending pending, bool insertHere) {
      for (Region *region : regions)
        pending = walk(region->front(), std::move(pending), insertHere);
      return pending;
    };
    while (true) {
      Pending joined = entry;
      joined.join(iterate(entry, /*insertHere=*/false).acrossIterations(loop));
      if (joined == entry)
        break;
      entry = std::move(joined);
    }
    Pending exit = iterate(entry, insert);
    exit.join(entry);
    return exit;
  }

  void visit(Operation &op, Pending &pending, bool insert) {
    Access access = getAccess(&op);
    if (!access.reads && !access.writes)
      return;
    bool needsBarrier = (access.reads && conflicts(pending.writes, access.pointer)) ||
                        (access.writes && (conflicts(pending.reads, access.pointer) ||
                                           conflicts(pending.writes, access.pointer)));
    if (needsBarrier) {
      if (insert) {
        OpBuilder builder(&op);
        gpu::BarrierOp::create(builder, op.getLoc());
      }
      pending = Pending();
    }
    if (access.reads)
      pending.reads.insert(access.pointer);
    if (access.writes)
      pending.writes.insert(access.pointer);
  }
};

struct OrderGlobalMemoryPass : impl::OrderGlobalMemoryPassBase<OrderGlobalMemoryPass> {
  void runOnOperation() override {
    GlobalMemoryOrderer orderer;
    getOperation()->walk([&](FunctionOpInterface function) {
      // Structured control flow has one block; any other block may follow any access.
      for (Block &block : function.getFunctionBody())
        orderer.walk(block, block.isEntryBlock() ? Pending() : Pending::unknown(),
                     /*insert=*/true);
    });
  }
};

} // namespace
} // namespace mlir::nereid::ttg
