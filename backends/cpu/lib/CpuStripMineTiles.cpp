// cpu-strip-mine-tiles: a block over long 1-D tiles becomes loops over strips of a few
// registers (see CpuStripMineTilesPass in Passes.td).

#include "LoopBuffers.h"
#include "StandardCombiner.h"
#include "StripMining.h"

#include "nereid/CPU/Passes.h"
#include "nereid/CPU/TypeConverter.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseSet.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUSTRIPMINETILESPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// The most bytes of stack that one block's buffers of tiles kept for later phases may take.
constexpr int64_t kMaxKeptTileBytes = 256 * 1024;

/// Whether a block of tile ops can run `op` strip by strip: elementwise ops, make_range,
/// splat constants, and reductions of a whole 1-D tile by a standard combiner, whose elements
/// may combine in any order.
bool isStripMinable(Operation *op) {
  if (isElementwise(op) || isa<tt::MakeRangeOp>(op))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue());
  auto reduce = dyn_cast<tt::ReduceOp>(op);
  return reduce && reduce.getSrcs().size() == 1 && reduce.getAxis() == 0 &&
         matchStandardCombiner(reduce.getCombineOp(),
                               getElementTypeOrSelf(reduce.getSrcs()[0].getType()));
}

/// Whether the tile that `op`, outside a block, computes can be computed again strip by strip
/// in the block's loops: `op` and the ops it takes tiles from are cheap, strip-minable and read
/// no memory (splat constants, make_range, splats, and elementwise ops of them). `known` holds
/// the answers so far, so that a chain that uses one value many times is walked once.
bool isRematerializable(Operation *op, DenseMap<Operation *, bool> &known) {
  if (!op || isa<tt::ReduceOp>(op) || !isStripMinable(op) || !isMemoryEffectFree(op) ||
      isCostlyToRecompute(op))
    return false;
  if (auto it = known.find(op); it != known.end())
    return it->second;
  bool answer = llvm::all_of(op->getOperands(), [&](Value operand) {
    return !isa<RankedTensorType>(operand.getType()) ||
           isRematerializable(operand.getDefiningOp(), known);
  });
  known[op] = answer;
  return answer;
}

/// Whether `op` may write memory; an op that declares nothing of its effects may.
bool mayWriteMemory(Operation *op) {
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op)) {
    if (effects.hasEffect<MemoryEffects::Write>())
      return true;
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()) {
    return true;
  }
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      if (mayWriteMemory(&nested))
        return true;
  return false;
}

/// How a block is strip-mined. Its tile ops run in loops, one per phase; its other ops keep
/// their order and run between the loops, each before the loop of its slot (after the last
/// loop when the slot is the number of phases). A tile that a later phase uses is recomputed
/// there, or kept: written strip by strip into a buffer by its phase and read back by the later
/// ones.
struct StripPlan {
  /// The length of every tile of the block.
  int64_t length = 0;
  unsigned numPhases = 0;
  /// The tile ops, in program order, and the loop of each.
  SmallVector<Operation *> tileOps;
  DenseMap<Operation *, unsigned> phase;
  /// The other ops (the terminator aside), in program order, and the loop each precedes.
  SmallVector<Operation *> otherOps;
  DenseMap<Operation *, unsigned> slot;
  /// The tiles kept in buffers, in program order.
  SmallVector<Value> kept;
};

/// Plans the strip-mining of `block` into strips of `stripLength` elements, or fails when the
/// block is not one that this pass rewrites (Passes.td says which).
FailureOr<StripPlan> planStripMining(Block &block, int64_t stripLength) {
  StripPlan plan;
  for (Operation &op : block.without_terminator()) {
    if (!hasTileTypes(&op)) {
      plan.otherOps.push_back(&op);
      continue;
    }
    for (Type type : llvm::concat<const Type>(op.getOperandTypes(), op.getResultTypes())) {
      auto tile = dyn_cast<RankedTensorType>(type);
      if (!tile)
        continue;
      if (tile.getRank() != 1 || (plan.length && plan.length != tile.getDimSize(0)))
        return failure();
      plan.length = tile.getDimSize(0);
    }
    if (!isStripMinable(&op))
      return failure();
    plan.tileOps.push_back(&op);
  }
  if (plan.tileOps.empty() || hasTileTypes(block.getTerminator()) ||
      !isStripMinableLength(plan.length, stripLength))
    return failure();

  // Every tile is made in the block by a tile op, or outside it by ops that each loop can
  // compute again, and only tile ops of the block use it.
  llvm::DenseSet<Operation *> isTileOp(plan.tileOps.begin(), plan.tileOps.end());
  DenseMap<Operation *, bool> rematerializable;
  for (Operation *op : plan.tileOps) {
    for (Value operand : op->getOperands()) {
      if (!isa<RankedTensorType>(operand.getType()))
        continue;
      Operation *producer = operand.getDefiningOp();
      if (!isTileOp.contains(producer) && !isRematerializable(producer, rematerializable))
        return failure();
    }
    for (Value result : op->getResults())
      if (isa<RankedTensorType>(result.getType()))
        for (Operation *user : result.getUsers())
          if (!isTileOp.contains(user))
            return failure();
  }

  // Phases: a tile op runs in the first loop after everything it needs, and memory accesses
  // keep the order that the interpreter gives them.
  DenseMap<Value, unsigned> readyBefore;
  auto ready = [&](Value value) { return readyBefore.lookup(value); };
  std::optional<unsigned> lastWrite, lastAccess;
  unsigned effectsFloor = 0;
  for (Operation &op : block.without_terminator()) {
    if (!isTileOp.contains(&op)) {
      unsigned slot = 0;
      for (Value operand : op.getOperands())
        slot = std::max(slot, ready(operand));
      if (!isMemoryEffectFree(&op)) {
        slot = std::max(slot, lastAccess ? *lastAccess + 1 : 0);
        slot = effectsFloor = std::max(slot, effectsFloor);
      }
      plan.slot[&op] = slot;
      for (Value result : op.getResults())
        readyBefore[result] = slot;
      continue;
    }
    unsigned phase = 0;
    for (Value operand : op.getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (isa<RankedTensorType>(operand.getType()))
        phase = std::max(phase, plan.phase.lookup(producer));
      else
        phase = std::max(phase, ready(operand));
    }
    bool reads = isa<tt::LoadOp, ttg::LocalLoadOp>(op);
    bool writes = isa<tt::StoreOp, ttg::LocalStoreOp>(op);
    if (reads || writes)
      phase = std::max(phase, effectsFloor);
    if (reads && lastWrite)
      phase = std::max(phase, *lastWrite + 1);
    if (writes && lastAccess)
      phase = std::max(phase, *lastAccess);
    if (reads || writes)
      lastAccess = std::max(lastAccess.value_or(0), phase);
    if (writes)
      lastWrite = std::max(lastWrite.value_or(0), phase);
    plan.phase[&op] = phase;
    plan.numPhases = std::max(plan.numPhases, phase + 1);
    if (isa<tt::ReduceOp>(op))
      for (Value result : op.getResults())
        readyBefore[result] = phase + 1;
  }

  // A tile that a later phase uses is recomputed there, at the start of its loop, unless that
  // costs a transcendental function or a division, or reloads memory that something before
  // that loop may have written: then it is kept. Deciding from the last tile op back, a tile
  // is needed in the later phases that use it, and in those that recompute a tile from it.
  SmallVector<bool> writesBefore(plan.numPhases, false);
  for (Operation *op : plan.tileOps)
    if (isa<tt::StoreOp, ttg::LocalStoreOp>(op))
      for (unsigned loop = plan.phase.lookup(op) + 1; loop < plan.numPhases; ++loop)
        writesBefore[loop] = true;
  for (Operation *op : plan.otherOps)
    if (mayWriteMemory(op))
      for (unsigned loop = plan.slot.lookup(op); loop < plan.numPhases; ++loop)
        writesBefore[loop] = true;
  // Whether recomputing a tile from the block's loads and constants costs a transcendental
  // function or a division, for every tile op in program order.
  llvm::DenseSet<Operation *> costly;
  for (Operation *op : plan.tileOps)
    if (isCostlyToRecompute(op) || llvm::any_of(op->getOperands(), [&](Value operand) {
          return costly.contains(operand.getDefiningOp());
        }))
      costly.insert(op);
  DenseMap<Operation *, unsigned> lastNeeded;
  int64_t keptBytes = 0;
  for (Operation *op : llvm::reverse(plan.tileOps)) {
    unsigned phase = plan.phase.lookup(op), last = lastNeeded.lookup(op);
    for (Operation *user : op->getUsers())
      last = std::max(last, plan.phase.lookup(user));
    if (last <= phase)
      continue;
    bool mustKeep = isa<tt::LoadOp, ttg::LocalLoadOp>(op) && writesBefore[last];
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    bool keepable = type && isKeepable(type);
    int64_t bytes = keepable ? type.getNumElements() * type.getElementTypeBitWidth() / 8 : 0;
    if ((mustKeep || costly.contains(op)) && keepable && keptBytes + bytes <= kMaxKeptTileBytes) {
      keptBytes += bytes;
      plan.kept.push_back(op->getResult(0));
      continue;
    }
    if (mustKeep)
      return failure();
    for (Value operand : op->getOperands())
      if (Operation *producer = operand.getDefiningOp(); producer && isTileOp.contains(producer))
        lastNeeded[producer] = std::max(lastNeeded.lookup(producer), last);
  }
  std::reverse(plan.kept.begin(), plan.kept.end());
  return plan;
}

/// Rewrites one planned block: the loops, the other ops between them, and the reductions'
/// final values.
class StripMiner {
public:
  StripMiner(StripPlan &plan, int64_t stripLength) : plan(plan), stripLength(stripLength) {}

  void rewrite(Block &block) {
    Operation *terminator = block.getTerminator();
    OpBuilder builder(terminator);
    for (Value tile : plan.kept)
      buffers[tile] = allocateBuffer(builder, tile);
    for (unsigned loop = 0; loop <= plan.numPhases; ++loop) {
      for (Operation *op : plan.otherOps)
        if (plan.slot.lookup(op) == loop)
          op->moveBefore(terminator);
      if (loop < plan.numPhases)
        emitLoop(builder, loop);
    }
    for (Value tile : plan.kept)
      ttg::LocalDeallocOp::create(builder, tile.getLoc(), buffers.lookup(tile));
    for (Operation *op : llvm::reverse(plan.tileOps))
      op->erase();
  }

private:
  /// A mutable buffer of `tile`'s shape and element type.
  Value allocateBuffer(OpBuilder &builder, Value tile) {
    auto type = cast<RankedTensorType>(tile.getType());
    return ttg::LocalAllocOp::create(
        builder, tile.getLoc(),
        getRowMajorBufferType(builder.getContext(), type.getShape(), type.getElementType()),
        Value());
  }

  /// The strip at `offset` of the 1-D buffer `buffer`: row `offset / stripLength` of the buffer
  /// seen as rows of one strip.
  Value getStripView(OpBuilder &builder, Location loc, Value buffer, Value offset) {
    MLIRContext *context = builder.getContext();
    auto bufferType = cast<ttg::MemDescType>(buffer.getType());
    ttg::MemDescType rowsType =
        getRowMajorBufferType(context, {plan.length / stripLength, stripLength},
                              bufferType.getElementType(), bufferType.getMutableMemory());
    ttg::MemDescType stripType = getRowMajorBufferType(
        context, {stripLength}, bufferType.getElementType(), bufferType.getMutableMemory());
    Value rows = ttg::MemDescReshapeOp::create(builder, loc, rowsType, buffer);
    Value length = arith::ConstantOp::create(builder, loc, builder.getI32IntegerAttr(stripLength));
    Value row = arith::DivUIOp::create(builder, loc, offset, length);
    return ttg::MemDescIndexOp::create(builder, loc, stripType, rows, row);
  }

  RankedTensorType getStripType(Type tile) const {
    auto type = cast<RankedTensorType>(tile);
    return RankedTensorType::get({stripLength}, type.getElementType(), type.getEncoding());
  }

  /// Clones tile op `op` for the strip at `offset`, its tile operands already in `mapping`.
  void cloneForStrip(OpBuilder &builder, Operation *op, IRMapping &mapping, Value offset) {
    Location loc = op->getLoc();
    if (auto range = dyn_cast<tt::MakeRangeOp>(op)) {
      RankedTensorType type = getStripType(range.getType());
      Value local = tt::MakeRangeOp::create(builder, loc, type, range.getStart(),
                                            range.getStart() + stripLength);
      Value shift = tt::SplatOp::create(builder, loc, type, offset);
      mapping.map(range.getResult(), arith::AddIOp::create(builder, loc, local, shift));
      return;
    }
    if (auto load = dyn_cast<ttg::LocalLoadOp>(op)) {
      mapping.map(load.getResult(),
                  ttg::LocalLoadOp::create(builder, loc, getStripType(load.getType()),
                                           getStripView(builder, loc, load.getSrc(), offset)));
      return;
    }
    if (auto store = dyn_cast<ttg::LocalStoreOp>(op)) {
      ttg::LocalStoreOp::create(builder, loc, mapping.lookup(store.getSrc()),
                                getStripView(builder, loc, store.getDst(), offset));
      return;
    }
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      RankedTensorType type = getStripType(constant.getType());
      auto value = cast<SplatElementsAttr>(constant.getValue());
      mapping.map(constant.getResult(),
                  arith::ConstantOp::create(
                      builder, loc, type,
                      DenseElementsAttr::get(type, value.getSplatValue<Attribute>())));
      return;
    }
    Operation *clone = builder.clone(*op, mapping);
    for (Value result : clone->getResults())
      if (isa<RankedTensorType>(result.getType()))
        result.setType(getStripType(result.getType()));
  }

  /// The strip at `offset` of `tile`, cloning the ops that compute it from earlier phases (or
  /// from ops outside the block) when this loop has not computed it yet.
  Value getStrip(OpBuilder &builder, Value tile, IRMapping &mapping, Value offset) {
    if (Value strip = mapping.lookupOrNull(tile))
      return strip;
    if (Value buffer = buffers.lookup(tile)) {
      Value strip = ttg::LocalLoadOp::create(builder, tile.getLoc(), getStripType(tile.getType()),
                                             getStripView(builder, tile.getLoc(), buffer, offset));
      mapping.map(tile, strip);
      return strip;
    }
    Operation *producer = tile.getDefiningOp();
    for (Value operand : producer->getOperands())
      if (isa<RankedTensorType>(operand.getType()))
        getStrip(builder, operand, mapping, offset);
    cloneForStrip(builder, producer, mapping, offset);
    return mapping.lookup(tile);
  }

  /// The loop of phase `phase`, then the final reductions of its accumulators, whose values
  /// replace the reductions' results.
  void emitLoop(OpBuilder &builder, unsigned phase) {
    SmallVector<Operation *> ops;
    SmallVector<tt::ReduceOp> reductions;
    for (Operation *op : plan.tileOps)
      if (plan.phase.lookup(op) == phase) {
        ops.push_back(op);
        if (auto reduce = dyn_cast<tt::ReduceOp>(op))
          reductions.push_back(reduce);
      }
    if (ops.empty())
      return;
    Location loc = ops.front()->getLoc();
    SmallVector<Value> accumulators;
    for (tt::ReduceOp reduce : reductions) {
      RankedTensorType type = getStripType(reduce.getSrcs()[0].getType());
      TypedAttr neutral =
          matchStandardCombiner(reduce.getCombineOp(), type.getElementType())->neutral;
      accumulators.push_back(
          arith::ConstantOp::create(builder, loc, type, DenseElementsAttr::get(type, neutral)));
    }
    Type i32 = builder.getI32Type();
    auto constant = [&](int64_t value) {
      return arith::ConstantOp::create(builder, loc, i32, builder.getI32IntegerAttr(value));
    };
    auto loop = scf::ForOp::create(
        builder, loc, constant(0), constant(plan.length), constant(stripLength), accumulators,
        [&](OpBuilder &body, Location loc, Value offset, ValueRange carried) {
          IRMapping mapping;
          for (Operation *op : ops)
            for (Value operand : op->getOperands())
              if (Operation *producer = operand.getDefiningOp();
                  producer && isa<RankedTensorType>(operand.getType()) &&
                  (!plan.phase.contains(producer) || plan.phase.lookup(producer) < phase))
                getStrip(body, operand, mapping, offset);
          SmallVector<Value> combined;
          for (Operation *op : ops) {
            auto reduce = dyn_cast<tt::ReduceOp>(op);
            if (!reduce) {
              cloneForStrip(body, op, mapping, offset);
              for (Value result : op->getResults())
                if (Value buffer = buffers.lookup(result))
                  ttg::LocalStoreOp::create(body, loc, mapping.lookup(result),
                                            getStripView(body, loc, buffer, offset));
              continue;
            }
            Block &combiner = reduce.getCombineOp().front();
            IRMapping arguments;
            arguments.map(combiner.getArgument(0), carried[combined.size()]);
            arguments.map(combiner.getArgument(1), mapping.lookup(reduce.getSrcs()[0]));
            Operation *combine = body.clone(combiner.front(), arguments);
            combine->getResult(0).setType(carried[combined.size()].getType());
            combined.push_back(combine->getResult(0));
          }
          scf::YieldOp::create(body, loc, combined);
        });
    for (auto [index, reduce] : llvm::enumerate(reductions)) {
      IRMapping source;
      source.map(reduce.getSrcs()[0], loop.getResult(index));
      Operation *final = builder.clone(*reduce, source);
      reduce->replaceAllUsesWith(final->getResults());
    }
  }

  StripPlan &plan;
  int64_t stripLength;
  /// The buffer of each kept tile.
  DenseMap<Value, Value> buffers;
};

struct CpuStripMineTilesPass : impl::CpuStripMineTilesPassBase<CpuStripMineTilesPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        getCpuTarget(getOperation(), target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    int64_t stripLength = getStripLength(**cpu);
    SmallVector<Block *> blocks;
    getOperation().walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks) {
      if (block->empty() || !block->back().hasTrait<OpTrait::IsTerminator>())
        continue;
      FailureOr<StripPlan> plan = planStripMining(*block, stripLength);
      if (succeeded(plan))
        StripMiner(*plan, stripLength).rewrite(*block);
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
