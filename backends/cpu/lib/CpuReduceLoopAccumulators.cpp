// cpu-reduce-loop-accumulators: a tile that a loop accumulates elementwise and that is only
// reduced after the loop, with the same standard combiner, is reduced in each iteration instead
// (see CpuReduceLoopAccumulatorsPass in Passes.td).

#include "nereid/Support/Constants.h"
#include "StandardCombiner.h"

#include "nereid/CPU/Passes.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUREDUCELOOPACCUMULATORSPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// An scf.for argument that the loop only accumulates into and that is only reduced after it.
struct Accumulator {
  unsigned index;
  /// The op of the body that combines the argument with the iteration's tile; it is yielded.
  Operation *combine;
  /// The operand of `combine` that is the iteration's tile.
  unsigned tileOperand;
  /// The one use of the loop's result: a reduction by the same op.
  tt::ReduceOp reduce;
  StandardCombiner combiner;
};

/// Whether combining `value` with itself gives `value` back, so that a reduction of a splat of
/// it is `value` (the splat is not empty).
bool isKeptBy(vector::CombiningKind kind, TypedAttr value) {
  using Kind = vector::CombiningKind;
  auto isZero = [&] {
    if (auto number = dyn_cast<FloatAttr>(value))
      return number.getValue().isZero();
    return cast<IntegerAttr>(value).getValue().isZero();
  };
  switch (kind) {
  case Kind::ADD:
  case Kind::XOR:
    return isZero();
  case Kind::MUL:
    if (auto number = dyn_cast<FloatAttr>(value))
      return number.getValue().isExactlyValue(1.0) || number.getValue().isPosZero();
    return cast<IntegerAttr>(value).getValue().ule(1);
  default: // min, max, and, or
    return true;
  }
}

/// The accumulator that argument `index` of `loop` is, or std::nullopt.
std::optional<Accumulator> matchAccumulator(scf::ForOp loop, unsigned index) {
  BlockArgument argument = loop.getRegionIterArg(index);
  OpResult result = loop->getResult(index);
  if (!isa<RankedTensorType>(argument.getType()) || !argument.hasOneUse() ||
      !result.hasOneUse())
    return std::nullopt;
  Operation *combine = *argument.user_begin();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  if (combine->getBlock() != loop.getBody() || combine->getNumOperands() != 2 ||
      combine->getNumResults() != 1 || combine->getNumRegions() != 0 ||
      combine->getResult(0) != yield.getOperand(index) || !combine->getResult(0).hasOneUse() ||
      combine->getResult(0).getType() != argument.getType() ||
      combine->getOperand(0) == combine->getOperand(1))
    return std::nullopt;
  auto reduce = dyn_cast<tt::ReduceOp>(*result.user_begin());
  if (!reduce || reduce->getNumOperands() != 1)
    return std::nullopt;
  Type element = getElementTypeOrSelf(argument.getType());
  std::optional<StandardCombiner> combiner =
      matchStandardCombiner(reduce.getCombineOp(), element);
  Operation &reduceOp = reduce.getCombineOp().front().front();
  if (!combiner || reduceOp.getName() != combine->getName() ||
      reduceOp.getAttrDictionary() != combine->getAttrDictionary())
    return std::nullopt;
  unsigned tileOperand = combine->getOperand(0) == argument ? 1 : 0;
  return Accumulator{index, combine, tileOperand, reduce, *combiner};
}

/// The reduction of the initial value of `accumulator`, made before `loop`: a constant when
/// the initial value is a splat that the combiner keeps (`tl.zeros` for a sum).
Value reduceInitialValue(OpBuilder &builder, scf::ForOp loop, Accumulator accumulator) {
  Value initial = loop.getInitArgs()[accumulator.index];
  Type reducedType = accumulator.reduce.getResult()[0].getType();
  DenseElementsAttr splat;
  if (matchPattern(initial, m_Constant(&splat)) && splat.isSplat()) {
    auto value = splat.getSplatValue<TypedAttr>();
    if (isKeptBy(accumulator.combiner.kind, value))
      return createSplatConstant(builder, loop.getLoc(), reducedType, value);
  }
  IRMapping mapping;
  mapping.map(accumulator.reduce.getSrcs()[0], initial);
  return builder.clone(*accumulator.reduce, mapping)->getResult(0);
}

/// Makes `loop` carry the reduction of each of `accumulators` instead of the tile: each
/// iteration reduces its tile and combines the result with the carried one.
void reduceInLoop(scf::ForOp loop, ArrayRef<Accumulator> accumulators) {
  for (Accumulator accumulator : accumulators) {
    OpBuilder builder(loop);
    Value initial = reduceInitialValue(builder, loop, accumulator);
    loop.getInitArgsMutable()[accumulator.index].assign(initial);
    BlockArgument argument = loop.getRegionIterArg(accumulator.index);
    argument.setType(initial.getType());
    loop->getResult(accumulator.index).setType(initial.getType());

    Operation *combine = accumulator.combine;
    builder.setInsertionPoint(combine);
    IRMapping mapping;
    mapping.map(accumulator.reduce.getSrcs()[0], combine->getOperand(accumulator.tileOperand));
    Value reducedTile = builder.clone(*accumulator.reduce, mapping)->getResult(0);
    combine->setOperand(accumulator.tileOperand, reducedTile);
    combine->getResult(0).setType(initial.getType());

    accumulator.reduce.getResult()[0].replaceAllUsesWith(loop->getResult(accumulator.index));
    accumulator.reduce.erase();
  }
}

struct CpuReduceLoopAccumulatorsPass
    : impl::CpuReduceLoopAccumulatorsPassBase<CpuReduceLoopAccumulatorsPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      SmallVector<Accumulator> accumulators;
      for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index)
        if (std::optional<Accumulator> accumulator = matchAccumulator(loop, index))
          accumulators.push_back(*accumulator);
      reduceInLoop(loop, accumulators);
    }
  }
};

} // namespace
} // namespace mlir::nereid::cpu
