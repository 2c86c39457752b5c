// cpu-version-loops-on-masks: a loop whose masks `range + offsets < n` are all true in an
// iteration runs that iteration without them (see CpuVersionLoopsOnMasksPass in Passes.td).

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <limits>

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUVERSIONLOOPSONMASKSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// A 1-D i32 tile that is one make_range plus splats: element k holds the wrapped value of
/// `first` + k plus the `scalars`, for k below `length`.
struct ShiftedRange {
  int64_t first = 0;
  int64_t length = 0;
  SmallVector<Value> scalars;
};

/// The value of every element of `tile` when it is a splat constant of i32s.
std::optional<int64_t> getSplatConstant(Value tile) {
  SplatElementsAttr constant;
  if (!matchPattern(tile, m_Constant(&constant)))
    return std::nullopt;
  return constant.getSplatValue<APInt>().getSExtValue();
}

/// Adds the terms of `tile` to `range`; fails unless it is a sum of one make_range and splats.
LogicalResult collectTerms(Value tile, ShiftedRange &range) {
  if (auto add = tile.getDefiningOp<arith::AddIOp>())
    return success(succeeded(collectTerms(add.getLhs(), range)) &&
                   succeeded(collectTerms(add.getRhs(), range)));
  if (auto make = tile.getDefiningOp<tt::MakeRangeOp>()) {
    if (range.length)
      return failure();
    range.first += make.getStart();
    range.length = make.getEnd() - make.getStart();
    return success();
  }
  if (auto splat = tile.getDefiningOp<tt::SplatOp>()) {
    range.scalars.push_back(splat.getSrc());
    return success();
  }
  if (std::optional<int64_t> constant = getSplatConstant(tile)) {
    range.first += *constant;
    return success();
  }
  return failure();
}

/// Whether `value` is known at the start of `loop`'s body: its induction variable, or a value
/// from outside the loop.
bool isKnownAtStart(scf::ForOp loop, Value value) {
  return value == loop.getInductionVar() ||
         !loop->isAncestor(value.getParentRegion()->getParentOp());
}

/// The i1 that holds when every element of `mask`, the mask of a load or store in `loop`, is
/// true, built at the start of the loop's body; null when the mask is not `range + offsets <
/// n` over i32 with scalars known there. The wrapped sum equals the exact one when the exact
/// one stays in i32, so in i64: first + sum >= INT32_MIN and first + sum + length - 1 < n.
Value buildAllTrueCondition(OpBuilder &builder, scf::ForOp loop, Value mask) {
  auto compare = mask.getDefiningOp<arith::CmpIOp>();
  if (!compare || compare.getPredicate() != arith::CmpIPredicate::slt ||
      !getElementTypeOrSelf(compare.getLhs().getType()).isInteger(32))
    return nullptr;
  ShiftedRange range;
  if (failed(collectTerms(compare.getLhs(), range)) || !range.length ||
      !llvm::all_of(range.scalars, [&](Value scalar) { return isKnownAtStart(loop, scalar); }))
    return nullptr;
  auto boundSplat = compare.getRhs().getDefiningOp<tt::SplatOp>();
  std::optional<int64_t> boundConstant = getSplatConstant(compare.getRhs());
  if (!(boundSplat && isKnownAtStart(loop, boundSplat.getSrc())) && !boundConstant)
    return nullptr;

  Location loc = compare.getLoc();
  Type i64 = builder.getI64Type();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc, builder.getI64IntegerAttr(value));
  };
  Value low = constant(range.first);
  for (Value scalar : range.scalars)
    low = arith::AddIOp::create(builder, loc, low,
                                arith::ExtSIOp::create(builder, loc, i64, scalar));
  Value high = arith::AddIOp::create(builder, loc, low, constant(range.length - 1));
  Value bound = boundSplat ? Value(arith::ExtSIOp::create(builder, loc, i64, boundSplat.getSrc()))
                           : constant(*boundConstant);
  Value inRange = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::sge, low,
                                        constant(std::numeric_limits<int32_t>::min()));
  Value belowBound =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt, high, bound);
  return arith::AndIOp::create(builder, loc, inRange, belowBound);
}

/// The masks of the loads and stores directly in `loop`'s body.
SetVector<Value> getAccessMasks(scf::ForOp loop) {
  SetVector<Value> masks;
  for (Operation &op : loop.getBody()->without_terminator()) {
    if (auto load = dyn_cast<tt::LoadOp>(op); load && load.getMask())
      masks.insert(load.getMask());
    if (auto store = dyn_cast<tt::StoreOp>(op); store && store.getMask())
      masks.insert(store.getMask());
  }
  return masks;
}

/// Splits the body of `loop` into an scf.if on `condition`: a copy with the masks `unmasked`
/// all true, and the body as it was.
void versionBody(scf::ForOp loop, Value condition, ArrayRef<Value> unmasked) {
  Block *body = loop.getBody();
  auto yield = cast<scf::YieldOp>(body->getTerminator());
  OpBuilder builder(yield);
  Location loc = loop.getLoc();
  auto version = scf::IfOp::create(builder, loc, yield.getOperandTypes(), condition,
                                   /*withElseRegion=*/true);
  // Without results, the branches come with terminators; they get ours.
  for (Block *branch : {version.thenBlock(), version.elseBlock()})
    if (!branch->empty())
      branch->back().erase();
  // The ops after the condition move into the else branch, as they were.
  Block *otherwise = version.elseBlock();
  auto first = std::next(condition.getDefiningOp()->getIterator());
  otherwise->getOperations().splice(otherwise->begin(), body->getOperations(), first,
                                    version->getIterator());
  builder.setInsertionPointToEnd(otherwise);
  scf::YieldOp::create(builder, loc, yield.getOperands());

  // The then branch clones them with each mask an all-true splat.
  builder.setInsertionPointToStart(version.thenBlock());
  IRMapping mapping;
  for (Value mask : unmasked)
    mapping.map(mask, arith::ConstantOp::create(
                          builder, loc,
                          DenseElementsAttr::get(cast<ShapedType>(mask.getType()), true)));
  // The ops that compute the masks are not cloned: their results are the splats.
  for (Operation &op : otherwise->without_terminator())
    if (op.getNumResults() == 0 ||
        !llvm::all_of(op.getResults(), [&](Value result) { return mapping.contains(result); }))
      builder.clone(op, mapping);
  SmallVector<Value> results;
  for (Value value : yield.getOperands())
    results.push_back(mapping.lookupOrDefault(value));
  scf::YieldOp::create(builder, loc, results);
  yield->setOperands(version.getResults());
}

struct CpuVersionLoopsOnMasksPass
    : impl::CpuVersionLoopsOnMasksPassBase<CpuVersionLoopsOnMasksPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      SetVector<Value> masks = getAccessMasks(loop);
      if (masks.empty())
        continue;
      OpBuilder builder = OpBuilder::atBlockBegin(loop.getBody());
      Value condition;
      SmallVector<Value> unmasked;
      for (Value mask : masks) {
        Value allTrue = buildAllTrueCondition(builder, loop, mask);
        if (!allTrue)
          continue;
        unmasked.push_back(mask);
        condition = condition ? arith::AndIOp::create(builder, loop.getLoc(), condition, allTrue)
                              : allTrue;
      }
      if (condition)
        versionBody(loop, condition, unmasked);
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
