// cpu-carry-loop-tiles-in-memory: a long 1-D tile that a loop carries lives in a
// local-memory buffer instead (see CpuCarryLoopTilesInMemoryPass in Passes.td).

#include "LoopBuffers.h"
#include "StripMining.h"

#include "nereid/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::nereid::cpu {

#define GEN_PASS_DEF_CPUCARRYLOOPTILESINMEMORYPASS
#include "nereid/CPU/Passes.h.inc"

namespace {

/// Moves the iter_args `carried` of `loop`, long 1-D tiles, into buffers. The first iteration
/// is peeled into an scf.if on whether the loop runs at all: it computes the body once on the
/// initial values and writes the carried tiles it yields into their buffers, which then need no
/// initial write of their own (a splat of zeros would be a memset per launch of the loop), or,
/// when the loop does not run, writes the initial values. The loop runs from the second
/// iteration on: it reads the buffers at the start of every iteration and writes the yielded
/// tiles back at its end, and the code after it reads them once. The loop then yields those
/// arguments unchanged, which canonicalization removes.
void carryInMemory(scf::ForOp loop, ArrayRef<unsigned> carried) {
  MLIRContext *context = loop.getContext();
  Location loc = loop.getLoc();
  OpBuilder builder(loop);
  DenseMap<unsigned, Value> buffers;
  for (unsigned index : carried) {
    auto type = cast<RankedTensorType>(loop.getRegionIterArg(index).getType());
    buffers[index] = ttg::LocalAllocOp::create(
        builder, loc, getRowMajorBufferType(context, type.getShape(), type.getElementType()),
        Value());
  }

  // The first iteration, or the initial values when there is none; the other arguments come
  // out of the scf.if.
  SmallVector<unsigned> others;
  SmallVector<Type> otherTypes;
  for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index)
    if (!buffers.contains(index)) {
      others.push_back(index);
      otherTypes.push_back(loop.getRegionIterArg(index).getType());
    }
  Value runs = arith::CmpIOp::create(
      builder, loc, loop.getUnsignedCmp() ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
      loop.getLowerBound(), loop.getUpperBound());
  auto first = scf::IfOp::create(builder, loc, otherTypes, runs, /*withElseRegion=*/true);
  // Without results, the branches come with terminators; they get ours.
  for (Block *branch : {first.thenBlock(), first.elseBlock()})
    if (!branch->empty())
      branch->back().erase();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  // Writes the carried values of a branch into their buffers and yields the others.
  auto writeAndYield = [&](Block *branch, function_ref<Value(unsigned)> value) {
    OpBuilder inBranch = OpBuilder::atBlockEnd(branch);
    for (unsigned index : carried)
      ttg::LocalStoreOp::create(inBranch, loc, value(index), buffers[index]);
    SmallVector<Value> results;
    for (unsigned index : others)
      results.push_back(value(index));
    scf::YieldOp::create(inBranch, loc, results);
  };
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), loop.getLowerBound());
  mapping.map(loop.getRegionIterArgs(), loop.getInitArgs());
  OpBuilder inThen = OpBuilder::atBlockBegin(first.thenBlock());
  for (Operation &op : loop.getBody()->without_terminator())
    inThen.clone(op, mapping);
  writeAndYield(first.thenBlock(), [&](unsigned index) {
    return mapping.lookupOrDefault(yield.getOperand(index));
  });
  writeAndYield(first.elseBlock(), [&](unsigned index) { return loop.getInitArgs()[index]; });
  loop.getLowerBoundMutable().assign(
      arith::AddIOp::create(builder, loc, loop.getLowerBound(), loop.getStep()));
  for (auto [index, result] : llvm::zip(others, first.getResults()))
    loop.getInitArgsMutable()[index].assign(result);

  // The remaining iterations.
  builder.setInsertionPointToStart(loop.getBody());
  for (unsigned index : carried) {
    BlockArgument argument = loop.getRegionIterArg(index);
    argument.replaceAllUsesWith(
        ttg::LocalLoadOp::create(builder, loc, argument.getType(), buffers[index]));
  }
  builder.setInsertionPoint(yield);
  for (unsigned index : carried) {
    ttg::LocalStoreOp::create(builder, loc, yield.getOperand(index), buffers[index]);
    yield->setOperand(index, loop.getRegionIterArg(index));
  }
  builder.setInsertionPointAfter(loop);
  for (unsigned index : carried) {
    OpResult result = loop->getResult(index);
    if (!result.use_empty())
      result.replaceAllUsesWith(ttg::LocalLoadOp::create(builder, loc, result.getType(),
                                                         buffers[index]));
    ttg::LocalDeallocOp::create(builder, loc, buffers[index]);
  }
}

struct CpuCarryLoopTilesInMemoryPass
    : impl::CpuCarryLoopTilesInMemoryPassBase<CpuCarryLoopTilesInMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    FailureOr<std::unique_ptr<CpuTargetInfo>> cpu =
        getCpuTarget(getOperation(), target, getArgument());
    if (failed(cpu))
      return signalPassFailure();
    int64_t stripLength = getStripLength(**cpu);
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    SmallVector<Operation *> changed;
    for (scf::ForOp loop : loops) {
      SmallVector<unsigned> carried;
      for (unsigned index = 0; index < loop.getNumRegionIterArgs(); ++index) {
        auto type = dyn_cast<RankedTensorType>(loop.getRegionIterArg(index).getType());
        if (type && type.getRank() == 1 && isKeepable(type) &&
            isStripMinableLength(type.getDimSize(0), stripLength))
          carried.push_back(index);
      }
      if (carried.empty())
        continue;
      carryInMemory(loop, carried);
      changed.push_back(loop);
    }
    if (failed(dropUnchangedLoopArguments(&getContext(), changed)))
      signalPassFailure();
  }
};

} // namespace
} // namespace mlir::nereid::cpu
