#ifndef NEREID_INTERPRETER_LIB_ARGUMENTS_H
#define NEREID_INTERPRETER_LIB_ARGUMENTS_H

#include "Launch.h"

#include "nereid/Interpreter/Interpreter.h"

namespace mlir::nereid::interpreter {

/// Matches the host's arguments against the kernel's parameters, registers every buffer in
/// `launch`, and gives the value each parameter takes. An argument of the wrong kind, out of
/// range for its type, or contradicting the kernel's specialization (tt.divisibility,
/// tt.equal_to) is an error at the kernel's location that names it.
FailureOr<SmallVector<Tensor>> bindArguments(tt::FuncOp kernel, ArrayRef<KernelArgument> arguments,
                                             LaunchContext &launch);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_ARGUMENTS_H
