#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "nereid/Conversion/TritonGPUToLLVM/TargetLowering.h"
#include "nereid/Tools/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nereid {

/// The elements a thread holds of a tensor value, as the type converter packs them: the members
/// of `packed`, an `!llvm.struct`, in the order of the layout's `register` dimension.
SmallVector<Value> unpackElements(OpBuilder &builder, Location loc, Value packed);

/// The inverse of unpackElements: `elements` as a value of `structType`.
Value packElements(OpBuilder &builder, Location loc, ValueRange elements, Type structType);

/// The tensor coordinates of each element that the executing thread holds of a tensor of
/// layout `layout` (whose input dimensions are `register`, `lane`, `warp` and possibly `block`
/// of size 1): result[r][d] is the coordinate along dimension d of register r, as i32. The
/// lane and warp of the thread come from `target`; the coordinates are the XOR of the bases of
/// the set bits of each input index, as LinearLayout::apply computes them.
SmallVector<SmallVector<Value>> emitElementCoordinates(OpBuilder &builder, Location loc,
                                                       const LinearLayout &layout,
                                                       const GpuTargetLowering &target);

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
