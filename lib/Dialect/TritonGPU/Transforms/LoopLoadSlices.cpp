// The ops that a loop's load needs to be issued for another iteration (LoopLoadSlices.h).

#include "nereid/Dialect/TritonGPU/Transforms/LoopLoadSlices.h"

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::nereid::ttg {
namespace {

/// The ops of `body` that `roots` are computed from, in block order, where every one is pure
/// and has no regions, and the computation reaches outside `body` only through its arguments
/// (the induction variable and the iter args, collected in `arguments`) and values defined
/// above the loop; std::nullopt otherwise.
std::optional<SmallVector<Operation *>> getPureSlice(Block *body, ValueRange roots,
                                                     llvm::SetVector<Value> &arguments) {
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> worklist(roots.begin(), roots.end());
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (auto argument = dyn_cast<BlockArgument>(value)) {
      if (argument.getOwner() == body)
        arguments.insert(argument);
      continue;
    }
    Operation *op = value.getDefiningOp();
    if (op->getBlock() != body || slice.contains(op))
      continue; // defined above the loop, or seen
    if (op->getNumRegions() != 0 || !isMemoryEffectFree(op))
      return std::nullopt;
    slice.insert(op);
    llvm::append_range(worklist, op->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

} // namespace

std::optional<LoopLoadSlice> getLoopLoadSlice(scf::ForOp loop, tt::LoadOp load) {
  Block *body = loop.getBody();
  llvm::SetVector<Value> arguments;
  std::optional<SmallVector<Operation *>> addressOps =
      getPureSlice(body, load->getOperands(), arguments);
  if (!addressOps)
    return std::nullopt;
  // The iter args that the address needs in the next iteration, and what computes them: the
  // values the loop yields for them, which may need further iter args in turn.
  Operation *yield = body->getTerminator();
  llvm::SetVector<Operation *> advanceOps;
  SmallVector<BlockArgument> advancedArgs;
  for (unsigned i = 0; i < arguments.size(); ++i) {
    auto argument = cast<BlockArgument>(arguments[i]);
    if (argument == loop.getInductionVar())
      continue;
    advancedArgs.push_back(argument);
    Value yielded = yield->getOperand(argument.getArgNumber() - loop.getNumInductionVars());
    std::optional<SmallVector<Operation *>> ops = getPureSlice(body, yielded, arguments);
    if (!ops)
      return std::nullopt;
    advanceOps.insert(ops->begin(), ops->end());
  }
  SmallVector<Operation *> orderedAdvance(advanceOps.begin(), advanceOps.end());
  llvm::sort(orderedAdvance, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return LoopLoadSlice{load, std::move(*addressOps), std::move(orderedAdvance),
                       std::move(advancedArgs)};
}

std::optional<SmallVector<Operation *>> getInductionVarSlice(scf::ForOp loop, ValueRange values) {
  llvm::SetVector<Value> arguments;
  std::optional<SmallVector<Operation *>> ops = getPureSlice(loop.getBody(), values, arguments);
  if (!ops ||
      llvm::any_of(arguments, [&](Value argument) { return argument != loop.getInductionVar(); }))
    return std::nullopt;
  return ops;
}

bool mayWriteMemory(Operation *op) {
  WalkResult result = op->walk([](Operation *inner) {
    // A barrier of the threads orders their accesses and writes nothing itself.
    if (isa<tt::PrintOp, tt::AssertOp, gpu::BarrierOp>(inner))
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(inner);
    if (!effects)
      return inner->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ? WalkResult::advance()
                                                                   : WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    bool writesGlobal = llvm::any_of(instances, [](const MemoryEffects::EffectInstance &effect) {
      return isa<MemoryEffects::Write>(effect.getEffect()) &&
             !isa<SharedMemory>(effect.getResource());
    });
    return writesGlobal ? WalkResult::interrupt() : WalkResult::advance();
  });
  return result.wasInterrupted();
}

Value emitIterationExists(OpBuilder &builder, Location loc, scf::ForOp loop, Value inductionVar) {
  auto predicate = loop.getUnsignedCmp() ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
  return arith::CmpIOp::create(builder, loc, predicate, inductionVar, loop.getUpperBound());
}

Value andIterationExists(OpBuilder &builder, Location loc, RankedTensorType shape, Value mask,
                         Value inBounds) {
  Value exists = tt::SplatOp::create(builder, loc,
                                     shape.cloneWith(std::nullopt, builder.getI1Type()), inBounds);
  return mask ? arith::AndIOp::create(builder, loc, mask, exists) : exists;
}

} // namespace mlir::nereid::ttg
