// cpu-predicate-tile-branches: an scf.if whose branches compute long 1-D tiles
// computes them before it, under masks, so that cpu-strip-mine-tiles can put
// them in its loops (see CpuPredicateTileBranchesPass in Passes.td).

#include "StripMining.h"

#include "nereid/CPU/Passes.h"
#include "nereid/CPU/TypeConverter.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/SetVector.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUPREDICATETILEBRANCHESPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Whether `op`, of a branch, can run whether or not its branch is taken once
/// its memory accesses are masked by the branch's condition: elementwise tile
/// ops other than local memory accesses, and make_range and splat constants.
bool isPredicable(Operation *op) {
  if (isa<ttg::LocalLoadOp, ttg::LocalStoreOp>(op) || op->getNumRegions() != 0)
    return false;
  if (isElementwise(op) || isa<tt::MakeRangeOp>(op))
    return true;
  auto constant = dyn_cast<arith::ConstantOp>(op);
  return constant && isa<SplatElementsAttr>(constant.getValue());
}

/// What runs outside a branch: its tile ops, and the scalar ops that they use,
/// which must read and write nothing, in program order. Fails when the branch
/// is not one to predicate: a tile op that is not predicable, a tile op that uses a scalar that an op with effects makes,
/// or a tile memory access before a scalar op with effects, which would then
/// run after it.
FailureOr<SmallVector<Operation *>> collectHoisted(Block &branch) {
  llvm::SetVector<Operation *> hoisted;
  bool tileAccessSeen = false;
  for (Operation &op : branch.without_terminator()) {
    if (!hasTileTypes(&op)) {
      if (tileAccessSeen && !isMemoryEffectFree(&op))
        return failure();
      continue;
    }
    if (!isPredicable(&op))
      return failure();
    hoisted.insert(&op);
    tileAccessSeen |= isa<tt::LoadOp, tt::StoreOp>(op);
  }
  // The scalars that the hoisted ops use, from the branch: pure ops, hoisted
  // with them.
  SmallVector<Operation *> worklist(hoisted.begin(), hoisted.end());
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (!producer || producer->getBlock() != &branch || hoisted.contains(producer))
        continue;
      if (!isMemoryEffectFree(producer) || producer->getNumRegions() != 0)
        return failure();
      hoisted.insert(producer);
      worklist.push_back(producer);
    }
  }
  SmallVector<Operation *> ordered = hoisted.takeVector();
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// `mask` (absent: all true) and `condition`, splat to `maskType`.
Value maskWithCondition(OpBuilder &builder, Location loc, Value mask, Value condition,
                        Type maskType) {
  Value splat = tt::SplatOp::create(builder, loc, maskType, condition);
  return mask ? arith::AndIOp::create(builder, loc, mask, splat).getResult() : splat;
}

/// The i1 tile type that masks accesses through `pointers`.
Type getMaskType(Value pointers) {
  auto tile = cast<RankedTensorType>(pointers.getType());
  return tile.clone(IntegerType::get(tile.getContext(), 1));
}

/// Clones the hoisted ops of one branch at the builder's point, their loads and
/// stores masked by `condition`, the branch's own; `mapping` then holds the
/// clones.
void cloneUnderCondition(OpBuilder &builder, ArrayRef<Operation *> hoisted, Value condition,
                         IRMapping &mapping) {
  for (Operation *op : hoisted) {
    Value pointers, mask;
    if (auto load = dyn_cast<tt::LoadOp>(op))
      pointers = load.getPtr(), mask = load.getMask();
    else if (auto store = dyn_cast<tt::StoreOp>(op))
      pointers = store.getPtr(), mask = store.getMask();
    if (pointers)
      mask =
          maskWithCondition(builder, op->getLoc(), mask ? mapping.lookupOrDefault(mask) : Value(),
                            condition, getMaskType(pointers));
    Operation *clone = builder.clone(*op, mapping);
    if (auto load = dyn_cast<tt::LoadOp>(clone))
      load.getMaskMutable().assign(mask);
    else if (auto store = dyn_cast<tt::StoreOp>(clone))
      store.getMaskMutable().assign(mask);
  }
}

/// Predicates `ifOp`, whose block has only 1-D tiles of one strip-minable length, when its
/// branches can be predicated (collectHoisted): the scalar ops stay in an
/// scf.if of the scalar results, the tile ops follow it under masks, and each
/// tile result selects between the branches' tiles.
void predicate(scf::IfOp ifOp) {
  FailureOr<SmallVector<Operation *>> thenHoisted = collectHoisted(*ifOp.thenBlock());
  if (failed(thenHoisted))
    return;
  SmallVector<Operation *> elseHoisted;
  if (Block *elseBlock = ifOp.elseBlock()) {
    FailureOr<SmallVector<Operation *>> hoisted = collectHoisted(*elseBlock);
    if (failed(hoisted))
      return;
    elseHoisted = std::move(*hoisted);
  }
  if (thenHoisted->empty() && elseHoisted.empty() && !hasTileTypes(ifOp))
    return;

  Location loc = ifOp.getLoc();
  Value condition = ifOp.getCondition();
  SmallVector<unsigned> scalarResults, tileResults;
  for (auto [index, type] : llvm::enumerate(ifOp.getResultTypes()))
    (isa<RankedTensorType>(type) ? tileResults : scalarResults).push_back(index);

  // The scalar part: the same branches without the tiles that they yield.
  OpBuilder builder(ifOp);
  SmallVector<Type> scalarTypes;
  for (unsigned index : scalarResults)
    scalarTypes.push_back(ifOp.getResult(index).getType());
  auto scalarIf = scf::IfOp::create(builder, loc, scalarTypes, condition,
                                    /*withElseRegion=*/ifOp.elseBlock() != nullptr);
  auto moveBranch = [&](Region &from, Region &to) {
    to.takeBody(from);
    auto yield = cast<scf::YieldOp>(to.front().getTerminator());
    SmallVector<Value> yieldedTiles;
    for (unsigned index : tileResults)
      yieldedTiles.push_back(yield.getOperand(index));
    SmallVector<Value> scalars;
    for (unsigned index : scalarResults)
      scalars.push_back(yield.getOperand(index));
    yield->setOperands(scalars);
    return yieldedTiles;
  };
  SmallVector<Value> thenTiles = moveBranch(ifOp.getThenRegion(), scalarIf.getThenRegion());
  SmallVector<Value> elseTiles;
  if (ifOp.elseBlock())
    elseTiles = moveBranch(ifOp.getElseRegion(), scalarIf.getElseRegion());

  // The tile part, after the scalar part: each branch's tile ops under its
  // condition.
  builder.setInsertionPointAfter(scalarIf);
  IRMapping thenMapping, elseMapping;
  cloneUnderCondition(builder, *thenHoisted, condition, thenMapping);
  if (!elseHoisted.empty()) {
    Value always = arith::ConstantIntOp::create(builder, loc, builder.getI1Type(), 1);
    Value otherwise = arith::XOrIOp::create(builder, loc, condition, always);
    cloneUnderCondition(builder, elseHoisted, otherwise, elseMapping);
  }
  SmallVector<Value> results(ifOp.getNumResults());
  for (auto [position, index] : llvm::enumerate(scalarResults))
    results[index] = scalarIf.getResult(position);
  for (auto [position, index] : llvm::enumerate(tileResults)) {
    auto type = cast<RankedTensorType>(ifOp.getResult(index).getType());
    Value selector = tt::SplatOp::create(
        builder, loc, type.clone(IntegerType::get(type.getContext(), 1)), condition);
    results[index] = arith::SelectOp::create(builder, loc, selector,
                                             thenMapping.lookupOrDefault(thenTiles[position]),
                                             elseMapping.lookupOrDefault(elseTiles[position]));
  }
  ifOp.replaceAllUsesWith(results);
  ifOp.erase();

  // The branches' tile ops, now unused there; their scalar operands go with the
  // canonicalizer.
  for (Block *branch : {scalarIf.thenBlock(), scalarIf.elseBlock()}) {
    if (!branch)
      continue;
    SmallVector<Operation *> tileOps;
    for (Operation &op : branch->without_terminator())
      if (hasTileTypes(&op))
        tileOps.push_back(&op);
    for (Operation *op : llvm::reverse(tileOps))
      op->erase();
  }
  auto isEmpty = [](Block *branch) { return !branch || branch->without_terminator().empty(); };
  if (scalarIf.getNumResults() == 0 && isEmpty(scalarIf.thenBlock()) &&
      isEmpty(scalarIf.elseBlock()))
    scalarIf.erase();
}

/// Whether the block's tiles, the ops of its branches included, are all 1-D of one length
/// that cpu-strip-mine-tiles computes in strips.
bool hasStripMinableTiles(Block &block, int64_t stripLength) {
  std::optional<int64_t> length;
  WalkResult walk = block.walk([&](Operation *op) {
    for (Type type : llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes())) {
      auto tile = dyn_cast<RankedTensorType>(type);
      if (!tile)
        continue;
      if (tile.getRank() != 1 || (length && *length != tile.getDimSize(0)))
        return WalkResult::interrupt();
      length = tile.getDimSize(0);
    }
    return WalkResult::advance();
  });
  return !walk.wasInterrupted() && length && isStripMinableLength(*length, stripLength);
}

class CpuPredicateTileBranchesPass
    : public impl::CpuPredicateTileBranchesPassBase<CpuPredicateTileBranchesPass> {
public:
  using CpuPredicateTileBranchesPassBase::CpuPredicateTileBranchesPassBase;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        getCpuTarget(getOperation(), target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    int64_t stripLength = getStripLength(**cpu);
    SmallVector<scf::IfOp> ifOps;
    getOperation().walk([&](scf::IfOp ifOp) { ifOps.push_back(ifOp); });
    // Inner branches first (the walk is post-order), so that an outer one sees
    // them predicated.
    for (scf::IfOp ifOp : ifOps)
      if (hasStripMinableTiles(*ifOp->getBlock(), stripLength))
        predicate(ifOp);
  }
};

} // namespace
} // namespace mlir::nereid::cpu
