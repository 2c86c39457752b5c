// The dispatch and the walk over blocks: everything else is a handler of one op family.

#include "Executor.h"

#include "Handlers.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/OpDefinition.h"

namespace mlir::nereid::interpreter {

/// Deeper tt.call nesting than this is runaway recursion; each level costs native stack.
static constexpr unsigned kMaxCallDepth = 256;

const HandlerTable &getHandlerTable() {
  static const HandlerTable table = [] {
    HandlerTable table;
    registerProgramHandlers(table);
    registerShapeHandlers(table);
    registerPointerHandlers(table);
    registerMemoryHandlers(table);
    registerAtomicHandlers(table);
    registerDescriptorHandlers(table);
    registerSelectHandlers(table);
    registerIntegerHandlers(table);
    registerFloatHandlers(table);
    registerMathHandlers(table);
    registerExternHandlers(table);
    registerConversionHandlers(table);
    registerDotHandlers(table);
    registerReduceHandlers(table);
    registerControlFlowHandlers(table);
    registerDebugHandlers(table);
    return table;
  }();
  return table;
}

bool isSupportedOp(Operation *op) {
  if (op->hasTrait<OpTrait::IsTerminator>())
    return !isa<BranchOpInterface>(op) || isa<cf::BranchOp, cf::CondBranchOp>(op);
  return getHandlerTable().lookup(op) != nullptr;
}

ElementKind kindOf(Value value) {
  return getElementKindOf(value.getType()).value_or(ElementKind::I32);
}

LogicalResult executeOp(Operation *op, Frame &frame) {
  for (Value operand : op->getOperands())
    if (!frame.isBound(operand))
      return frame.fail(op, "internal error",
                        "an operand of " + op->getName().getStringRef() + " has no value");
  OpHandler handler = getHandlerTable().lookup(op);
  if (!handler)
    return frame.fail(op, "unsupported op",
                      op->getName().getStringRef() + " cannot run in the interpreter");
  return handler(op, frame);
}

static void collect(ValueRange values, Frame &frame, SmallVectorImpl<Tensor> &out) {
  out.clear();
  for (Value value : values)
    out.push_back(frame.get(value));
}

FailureOr<Operation *> executeRegion(Region &region, ArrayRef<Tensor> arguments, Frame &frame,
                                     SmallVectorImpl<Tensor> &results) {
  if (region.empty())
    return failure();
  Block *block = &region.front();
  SmallVector<Tensor> blockArguments(arguments.begin(), arguments.end());
  while (true) {
    if (frame.state.isCancelled())
      return failure();
    if (block->getNumArguments() != blockArguments.size() || block->empty())
      return frame.fail(region.getParentOp(), "internal error",
                        "a block has the wrong number of arguments or no terminator");
    for (auto [argument, value] : llvm::zip(block->getArguments(), blockArguments))
      frame.set(argument, value);
    for (Operation &op : *block) {
      if (op.hasTrait<OpTrait::IsTerminator>())
        break;
      if (failed(executeOp(&op, frame)))
        return failure();
    }
    Operation *terminator = &block->back();
    if (!terminator->hasTrait<OpTrait::IsTerminator>())
      return frame.fail(terminator, "internal error", "a block has no terminator");
    for (Value operand : terminator->getOperands())
      if (!frame.isBound(operand))
        return frame.fail(terminator, "internal error", "a terminator operand has no value");
    if (auto branch = dyn_cast<cf::BranchOp>(terminator)) {
      collect(branch.getDestOperands(), frame, blockArguments);
      block = branch.getDest();
      continue;
    }
    if (auto branch = dyn_cast<cf::CondBranchOp>(terminator)) {
      bool taken = frame.get(branch.getCondition()).getBits(0) != 0;
      collect(taken ? branch.getTrueDestOperands() : branch.getFalseDestOperands(), frame,
              blockArguments);
      block = taken ? branch.getTrueDest() : branch.getFalseDest();
      continue;
    }
    if (isa<BranchOpInterface>(terminator))
      return frame.fail(terminator, "unsupported op",
                        terminator->getName().getStringRef() + " cannot run in the interpreter");
    collect(terminator->getOperands(), frame, results);
    return terminator;
  }
}

LogicalResult callFunction(Operation *caller, tt::FuncOp function, ArrayRef<Tensor> arguments,
                           ProgramState &state, SmallVectorImpl<Tensor> &results) {
  if (function.isExternal())
    return state.fail(caller, "call to a declaration",
                      "'" + function.getName() + "' has no body to run");
  if (state.callDepth >= kMaxCallDepth)
    return state.fail(caller, "call depth exceeded",
                      "calls nest more than " + Twine(kMaxCallDepth) + " deep");
  ++state.callDepth;
  Frame frame(state);
  FailureOr<Operation *> terminator = executeRegion(function.getBody(), arguments, frame, results);
  --state.callDepth;
  return success(succeeded(terminator));
}

} // namespace mlir::nereid::interpreter
