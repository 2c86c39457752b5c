#ifndef NEREID_CPU_LIB_RUNTIMECALLS_H
#define NEREID_CPU_LIB_RUNTIMECALLS_H

// Calls from kernels into the CPU runtime (runtime/include/nereid-cpu/KernelDebug.h): the
// declarations, the constant strings they take, and the arguments that say where in the kernel
// and in a tile they were made.

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::nereid::cpu {

/// The runtime calls describe elements of tiles of at most this many dimensions.
constexpr int64_t kMaxReportedRank = 4;

/// The runtime function `name` of `inputs` and `results`, declared in the module when it is
/// not yet.
func::FuncOp getOrDeclare(OpBuilder &builder, Operation *user, StringRef name,
                          ArrayRef<Type> inputs, ArrayRef<Type> results = {});

/// The address of a NUL-terminated global copy of `text`.
Value getString(OpBuilder &builder, Operation *user, StringRef text);

Value i32Constant(OpBuilder &builder, Location loc, int64_t value);
Value i64Constant(OpBuilder &builder, Location loc, int64_t value);

/// The shape arguments of the runtime calls: rank, then four sizes (1 where unused).
SmallVector<Value> shapeArguments(OpBuilder &builder, Location loc, ArrayRef<int64_t> shape);

/// Where `op` failed, as the failure reports take it: the kernel's name, the file, line and
/// column of the op's Python source, and the program id (x, y, z).
SmallVector<Value> failureSiteArguments(OpBuilder &builder, Operation *op);

/// The row-major index (i64) of the first false element of the i1 vector or scalar
/// `condition`, and the element count, which that index equals when no element is false.
std::pair<Value, Value> findFirstFalse(OpBuilder &builder, Location loc, Value condition);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_RUNTIMECALLS_H
