#ifndef NEREID_INTERPRETER_LIB_EXECUTOR_H
#define NEREID_INTERPRETER_LIB_EXECUTOR_H

#include "Launch.h"

#include "mlir/Support/TypeID.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::nereid::interpreter {

/// Executes one op: reads its operands from `frame`, binds its results there. On an error it
/// records the failure (Frame::fail) and returns failure().
using OpHandler = LogicalResult (*)(Operation *op, Frame &frame);

/// The one dispatch of the interpreter: the handler of every op it runs, by op type. Each op
/// family registers its handlers from its own file (Handlers.h).
class HandlerTable {
public:
  /// Makes `handler` run each of OpTys.
  template <typename... OpTys> void add(OpHandler handler) {
    (handlers.try_emplace(TypeID::get<OpTys>(), handler), ...);
  }
  /// The handler of `op`, or null when the interpreter does not run it.
  OpHandler lookup(Operation *op) const {
    auto it = handlers.find(op->getName().getTypeID());
    return it == handlers.end() ? nullptr : it->second;
  }

private:
  DenseMap<TypeID, OpHandler> handlers;
};

/// The table of every op family, built once.
const HandlerTable &getHandlerTable();

/// Whether the interpreter runs `op`: it has a handler, or it is a terminator or branch that
/// executeRegion interprets itself.
bool isSupportedOp(Operation *op);

/// Executes a non-terminator op.
LogicalResult executeOp(Operation *op, Frame &frame);

/// Runs `region` from its entry block, with `arguments` bound to the block's arguments and
/// following cf.br / cf.cond_br between its blocks, until a terminator that leaves the region
/// (tt.return, scf.yield, scf.condition, tt.reduce.return, ...). Returns that terminator, with
/// the values of its operands in `results`.
FailureOr<Operation *> executeRegion(Region &region, ArrayRef<Tensor> arguments, Frame &frame,
                                     SmallVectorImpl<Tensor> &results);

/// Calls `function` with `arguments` in a fresh frame of `state`; its returned values go to
/// `results`. Fails past a call depth that only runaway recursion reaches.
LogicalResult callFunction(Operation *caller, tt::FuncOp function, ArrayRef<Tensor> arguments,
                           ProgramState &state, SmallVectorImpl<Tensor> &results);

/// The element kind of a value's type. Launch checks every type of the kernel before any
/// program runs, so this never fails while programs run.
ElementKind kindOf(Value value);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_EXECUTOR_H
