#ifndef NEREID_CPU_LIB_VECTORROWS_H
#define NEREID_CPU_LIB_VECTORROWS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir::nereid::cpu {

/// Builds an n-D vector of `resultType` row by row: for each index of the leading dimensions,
/// `buildRow` gets the 1-D rows of `operands` (n-D vectors of the same leading shape) at that
/// index and returns the row of the result, or nullptr for ops without results (then nullptr is
/// returned). LLVM ops that only take 1-D vectors (GEPs, masked loads, gathers) go through it.
Value buildByRows(OpBuilder &builder, Location loc, VectorType resultType, ValueRange operands,
                  llvm::function_ref<Value(OpBuilder &, ArrayRef<Value> rows,
                                           ArrayRef<int64_t> rowIndex)>
                      buildRow);

/// The indices of the leading dimensions (all but the last) of `shape`, in row-major order.
SmallVector<SmallVector<int64_t>> getRowIndices(ArrayRef<int64_t> shape);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_VECTORROWS_H
