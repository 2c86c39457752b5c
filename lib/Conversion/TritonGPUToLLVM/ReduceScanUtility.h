// What the lowerings of tt.reduce and tt.scan share: which bits of a layout's hardware indices
// move along the axis, and the combiner applied to values.

#ifndef NEREID_LIB_CONVERSION_TRITONGPUTOLLVM_REDUCESCANUTILITY_H
#define NEREID_LIB_CONVERSION_TRITONGPUTOLLVM_REDUCESCANUTILITY_H

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Tools/LinearLayout.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Region.h"

#include <optional>
#include <string>

namespace mlir::nereid {

/// One bit of a hardware index (register, lane or warp) whose basis moves along the axis of a
/// reduction or scan and along no other dimension.
struct AxisBit {
  /// LinearLayout::kRegister, kLane or kWarp.
  StringRef inDim;
  /// The bit of that index.
  int32_t bit;
  /// The coordinate along the axis that the bit adds: a power of two, which no other bit adds.
  int32_t step;
};

/// The bits of `layout`'s register, lane and warp indices that move along `axis`, sorted by
/// their step; the other bits move along other dimensions only or hold copies (zero bases).
/// std::nullopt, with the reason in `why`, where the shared lowering cannot combine along the
/// axis bit by bit: a basis that moves along the axis and another dimension at once, a step
/// that is not a power of two or that two bits share, or more than one program per block.
std::optional<SmallVector<AxisBit>> getAxisBits(const LinearLayout &layout, unsigned axis,
                                                std::string &why);

/// The combiner of a tt.reduce or tt.scan applied to `lhs` (the values that come first along
/// the axis) and `rhs` (the ones after): its body cloned at the builder's insertion point.
/// Returns the values its terminator yields.
SmallVector<Value> emitCombine(OpBuilder &builder, Region &combiner, ValueRange lhs,
                               ValueRange rhs);

/// Whether bit `bit` of `index` (an i32) is set, as an i1.
Value emitIsBitSet(OpBuilder &builder, Location loc, Value index, int32_t bit);

/// `index` with the bits of `removed` taken out and the bits above them moved down: the slot
/// of an index among those that differ only outside `removed`.
int32_t removeBits(int32_t index, uint32_t removed);

/// removeBits on a run-time i32 `index`.
Value emitRemoveBits(OpBuilder &builder, Location loc, Value index, uint32_t removed);

/// For each i, `condition ? a[i] : b[i]`.
SmallVector<Value> emitSelect(OpBuilder &builder, Location loc, Value condition, ValueRange a,
                              ValueRange b);

/// The bytes one element of `elementType` (a tensor's element type) takes in shared memory: i1
/// as a byte, pointers as 8 bytes.
int64_t getSharedElementBytes(Type elementType);

/// Why the shared lowering cannot combine elements of `type` (a reduced or scanned operand), or
/// an empty string: only integers and floats are combined.
std::string whyElementTypeNotCombined(Type elementType);

/// The bytes of shared memory through which `op` exchanges values between warps (0 where its
/// axis stays within each warp), or std::nullopt, with the reason in `why`, where the shared
/// lowering cannot lower it (ReduceOpToLLVM.cpp).
std::optional<int64_t> getReduceSharedBytes(tt::ReduceOp op, std::string &why);

/// The same for a tt.scan (ScanOpToLLVM.cpp).
std::optional<int64_t> getScanSharedBytes(tt::ScanOp op, std::string &why);

} // namespace mlir::nereid

#endif // NEREID_LIB_CONVERSION_TRITONGPUTOLLVM_REDUCESCANUTILITY_H
