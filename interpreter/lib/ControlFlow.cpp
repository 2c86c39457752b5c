// Structured control flow and calls: scf.for, scf.if, scf.while, scf.execute_region and
// tt.call. Branches between blocks (cf.br, cf.cond_br) and the terminators are interpreted by
// executeRegion itself.

#include "Executor.h"
#include "Handlers.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::nereid::interpreter {
namespace {

void bindResults(Operation *op, Frame &frame, ArrayRef<Tensor> values) {
  for (auto [result, value] : llvm::zip(op->getResults(), values))
    frame.set(result, value);
}

SmallVector<Tensor> valuesOf(ValueRange values, Frame &frame) {
  SmallVector<Tensor> tensors;
  for (Value value : values)
    tensors.push_back(frame.get(value));
  return tensors;
}

/// The loop runs for iv = lb, lb + step, ... while iv < ub, comparing as signed integers (as
/// unsigned with `unsignedCmp`). The induction variable is computed without wrap-around.
LogicalResult executeFor(Operation *op, Frame &frame) {
  auto loop = cast<scf::ForOp>(op);
  bool isUnsigned = loop.getUnsignedCmp();
  auto read = [&](Value value) -> __int128 {
    const Tensor &tensor = frame.get(value);
    return isUnsigned ? __int128(tensor.getBits(0)) : __int128(tensor.getSigned(0));
  };
  __int128 lower = read(loop.getLowerBound()), upper = read(loop.getUpperBound());
  __int128 step = read(loop.getStep());
  if (step <= 0)
    return frame.fail(op, "invalid scf.for",
                      "the step must be positive; got " + Twine(int64_t(step)));
  ElementKind ivKind = kindOf(loop.getInductionVar());
  SmallVector<Tensor> carried = valuesOf(loop.getInitArgs(), frame);
  SmallVector<Tensor> arguments;
  for (__int128 iv = lower; iv < upper; iv += step) {
    Tensor ivValue = Tensor::zeros(ivKind, {});
    ivValue.setBits(0, uint64_t(iv));
    arguments.assign(1, ivValue);
    arguments.append(carried.begin(), carried.end());
    if (failed(executeRegion(loop.getRegion(), arguments, frame, carried)))
      return failure();
  }
  bindResults(op, frame, carried);
  return success();
}

LogicalResult executeIf(Operation *op, Frame &frame) {
  auto branch = cast<scf::IfOp>(op);
  bool taken = frame.get(branch.getCondition()).getBits(0) != 0;
  Region &region = taken ? branch.getThenRegion() : branch.getElseRegion();
  if (region.empty())
    return success(); // an if without else and without results
  SmallVector<Tensor> results;
  if (failed(executeRegion(region, {}, frame, results)))
    return failure();
  bindResults(op, frame, results);
  return success();
}

LogicalResult executeWhile(Operation *op, Frame &frame) {
  auto loop = cast<scf::WhileOp>(op);
  SmallVector<Tensor> arguments = valuesOf(loop.getInits(), frame);
  SmallVector<Tensor> values;
  while (true) {
    // The before region ends in scf.condition(%cond) %args...
    if (failed(executeRegion(loop.getBefore(), arguments, frame, values)))
      return failure();
    bool proceed = values.front().getBits(0) != 0;
    arguments.assign(values.begin() + 1, values.end());
    if (!proceed)
      break;
    if (failed(executeRegion(loop.getAfter(), arguments, frame, values)))
      return failure();
    arguments = values;
  }
  bindResults(op, frame, arguments);
  return success();
}

LogicalResult executeExecuteRegion(Operation *op, Frame &frame) {
  SmallVector<Tensor> results;
  if (failed(executeRegion(op->getRegion(0), {}, frame, results)))
    return failure();
  bindResults(op, frame, results);
  return success();
}

LogicalResult executeCall(Operation *op, Frame &frame) {
  auto call = cast<tt::CallOp>(op);
  auto it = frame.state.launch.functions.find(call.getCallee());
  if (it == frame.state.launch.functions.end())
    return frame.fail(op, "call of an unknown function",
                      "no tt.func named '" + call.getCallee() + "' in the module");
  SmallVector<Tensor> results;
  if (failed(
          callFunction(op, it->second, valuesOf(call.getOperands(), frame), frame.state, results)))
    return failure();
  bindResults(op, frame, results);
  return success();
}

} // namespace

void registerControlFlowHandlers(HandlerTable &table) {
  table.add<scf::ForOp>(executeFor);
  table.add<scf::IfOp>(executeIf);
  table.add<scf::WhileOp>(executeWhile);
  table.add<scf::ExecuteRegionOp>(executeExecuteRegion);
  table.add<tt::CallOp>(executeCall);
}

} // namespace mlir::nereid::interpreter
