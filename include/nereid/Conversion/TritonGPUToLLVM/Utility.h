#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "nereid/Conversion/TritonGPUToLLVM/TargetLowering.h"
#include "nereid/Tools/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

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

/// XOR of the bases of `layout`'s input dimension `inDim` for the set bits of the run-time
/// index `index` (an i32), one i32 per output dimension: where that index alone puts its
/// element (0 everywhere when the layout has no such dimension). Bits of `index` beyond the
/// dimension's size are ignored.
SmallVector<Value> applyRuntimeIndex(OpBuilder &builder, Location loc, const LinearLayout &layout,
                                     StringRef inDim, Value index);

/// The coordinates of `layout` for index `index` of its input dimension `inDim` and 0 of the
/// others: where a register, lane or warp alone puts its element.
SmallVector<int32_t> applyToIndex(const LinearLayout &layout, StringRef inDim, int32_t index);

/// For each register of a tensor of layout `dst`, the register of a tensor of layout `src` that
/// holds the element it needs in the same thread, where `toSource` maps a coordinate of `dst`
/// to the one of `src` it reads (dropping a dimension of size 1 for expand_dims, zeroing the
/// broadcast dimensions for broadcast, the identity for a layout conversion). `toSource` must
/// be affine over the bits of the coordinates (linear, then XOR a constant: tt.split's half
/// adds its index along the last dimension), so that comparing the bases of `lane` and `warp`
/// decides whether every thread holds what it needs. std::nullopt when some thread does not:
/// the values must move between threads.
std::optional<SmallVector<unsigned>>
mapRegistersWithinThread(const LinearLayout &src, const LinearLayout &dst,
                         llvm::function_ref<SmallVector<int32_t>(ArrayRef<int32_t>)> toSource);

/// The i32 constant `value`.
Value createI32(OpBuilder &builder, Location loc, int32_t value);

/// The offset, in elements, of the element at `coordinates` (i32) of a row-major tensor of
/// `shape`: where a tensor that goes through shared memory keeps it.
Value emitRowMajorOffset(OpBuilder &builder, Location loc, ArrayRef<Value> coordinates,
                         ArrayRef<int64_t> shape);

/// Runs `body` where `condition` (an i1) holds, in a block of its own, and goes on after it at
/// the rewriter's insertion point.
void emitIf(RewriterBase &rewriter, Location loc, Value condition,
            llvm::function_ref<void()> body);

/// The type an element of register type `registerType` has in shared memory: i1 as a byte, as
/// in global memory; every other type as itself.
Type getSharedElementType(Type registerType);

/// `value` (an integer, float or pointer of any width) as lane `lane ^ laneMask` of the warp
/// holds it: the value split into, or widened to, 32-bit pieces, each exchanged with the
/// target's shuffleXor. Every lane of the warp must execute it.
Value emitShuffleXor(OpBuilder &builder, Location loc, const GpuTargetLowering &target,
                     Value value, unsigned laneMask);

/// `value` (of any type emitShuffleXor takes) as lane `lane` (an i32) of the warp holds it,
/// through the target's shuffleIdx. Every lane of the warp must execute it.
Value emitShuffleIdx(OpBuilder &builder, Location loc, const GpuTargetLowering &target,
                     Value value, Value lane);

/// The Python source line of `loc` (the innermost file location, the callee's where a device
/// function was inlined), or "<unknown>" and 0: what a target's assertion reports.
std::pair<std::string, unsigned> getSourceLine(Location loc);

/// The address of a new constant global of the module holding `text` and a terminating NUL,
/// named `namePrefix` and a number (a printf format, an assertion's message).
Value createGlobalString(OpBuilder &builder, Operation *op, StringRef namePrefix, StringRef text);

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
