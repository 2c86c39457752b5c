// tt.print, tt.assert and cf.assert. Printing follows Triton's device_print: one line per
// element, "pid (x, y, z) idx (i, j)<prefix><value>", with "(operand n) " before the value when
// several values are printed. An assertion stops the kernel with a report at its location.

#include "Executor.h"
#include "Formatting.h"
#include "Handlers.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::nereid::interpreter {
namespace {

LogicalResult executePrint(Operation *op, Frame &frame) {
  auto print = cast<tt::PrintOp>(op);
  const std::array<uint32_t, 3> &pid = frame.state.programId;
  llvm::raw_string_ostream stream(frame.state.output);
  auto header = [&] { stream << "pid (" << pid[0] << ", " << pid[1] << ", " << pid[2] << ")"; };
  if (print.getArgs().empty()) {
    header();
    stream << print.getPrefix() << "\n";
    return success();
  }
  ArrayRef<int32_t> isSigned = print.getIsSigned();
  size_t count = print.getArgs().size();
  for (auto [operand, value] : llvm::enumerate(print.getArgs())) {
    const Tensor &tensor = frame.get(value);
    bool signedValue = operand < isSigned.size() && isSigned[operand] != 0;
    SmallVector<int64_t, 4> strides = getRowMajorStrides(tensor.shape());
    for (int64_t i = 0, e = tensor.numElements(); i < e; ++i) {
      header();
      if (!tensor.isScalar()) {
        stream << " idx (";
        for (size_t d = 0; d < strides.size(); ++d)
          stream << (d ? ", " : "") << (i / strides[d]) % tensor.shape()[d];
        stream << ")";
      }
      stream << print.getPrefix();
      if (count > 1)
        stream << "(operand " << operand << ") ";
      stream << formatElement(tensor, i, signedValue, print.getHex()) << "\n";
    }
  }
  return success();
}

/// Fails at the first element (row-major) of `condition` that is zero.
LogicalResult checkCondition(Operation *op, Frame &frame, const Tensor &condition,
                             StringRef message) {
  for (int64_t i = 0, e = condition.numElements(); i < e; ++i) {
    if (condition.getBits(i) != 0)
      continue;
    if (condition.isScalar())
      return frame.fail(op, "assertion failed", message);
    return frame.fail(op, "assertion failed",
                      message + " (" + describeElement(condition.shape(), i) + " is false)");
  }
  return success();
}

LogicalResult executeAssert(Operation *op, Frame &frame) {
  auto assertOp = cast<tt::AssertOp>(op);
  return checkCondition(op, frame, frame.get(assertOp.getCondition()), assertOp.getMessage());
}

LogicalResult executeControlFlowAssert(Operation *op, Frame &frame) {
  auto assertOp = cast<cf::AssertOp>(op);
  return checkCondition(op, frame, frame.get(assertOp.getArg()), assertOp.getMsg());
}

} // namespace

void registerDebugHandlers(HandlerTable &table) {
  table.add<tt::PrintOp>(executePrint);
  table.add<tt::AssertOp>(executeAssert);
  table.add<cf::AssertOp>(executeControlFlowAssert);
}

} // namespace mlir::nereid::interpreter
