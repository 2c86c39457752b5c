#ifndef NEREID_NVIDIA_LIB_MMALAYOUTS_H
#define NEREID_NVIDIA_LIB_MMALAYOUTS_H

#include "nereid/Conversion/TritonGPUToLLVM/Utility.h"
#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "llvm/ADT/DenseMap.h"

#include <optional>

#include <string>

namespace mlir::nereid::nvidia {

/// A coordinate (row, column) of a 2-D tile.
using Coordinate = std::pair<int32_t, int32_t>;

/// The coordinate that register `index` of `layout` holds in lane 0 of warp 0.
inline Coordinate getRegisterCoordinate(const LinearLayout &layout, int32_t index) {
  SmallVector<int32_t> coordinate = applyToIndex(layout, LinearLayout::kRegister, index);
  return {coordinate[0], coordinate[1]};
}

/// For each coordinate that lane 0 of warp 0 holds in `layout`, its (first) register. Another
/// lane or warp holds in the same register the coordinate moved by its own offset, which is
/// the same for an operand and the result of an mma layout (their lane and warp bases agree
/// along M and N), so that warp 0's lane 0 tells every thread which registers go together.
inline llvm::DenseMap<Coordinate, unsigned> getRegisterMap(const LinearLayout &layout) {
  llvm::DenseMap<Coordinate, unsigned> registers;
  for (int32_t index = 0; index < layout.getInDimSize(LinearLayout::kRegister); ++index)
    registers.try_emplace(getRegisterCoordinate(layout, index), index);
  return registers;
}

/// What one wgmma multiplies: operands of one element type into an accumulator, each named as
/// PTX names it, and the K of one instruction, which reads 32 bytes of each operand's rows.
struct WgmmaTypes {
  StringRef operand;     // f16, bf16, e4m3, e5m2 or s8
  StringRef accumulator; // f32 or s32
  int64_t k;

  /// Whether the operands may lie MN-major in shared memory, which the instruction transposes:
  /// only 16-bit ones; the others must be K-major.
  bool isTransposable() const { return k == 16; }
  /// Whether the instruction takes the operands' signs (imm-scale-a and -b): all but integers.
  bool hasOperandScales() const { return accumulator == "f32"; }
};

/// The wgmma of `operand` elements into `accumulator` ones, or std::nullopt where there is
/// none here. f32 operands in tf32 (k8) stay on mma.sync until wgmma's reading of them has run
/// on a GPU: they are most dots of f32.
inline std::optional<WgmmaTypes> getWgmmaTypes(Type operand, Type accumulator) {
  if (accumulator.isF32()) {
    if (operand.isF16())
      return WgmmaTypes{"f16", "f32", 16};
    if (operand.isBF16())
      return WgmmaTypes{"bf16", "f32", 16};
    if (isa<Float8E4M3FNType>(operand))
      return WgmmaTypes{"e4m3", "f32", 32};
    if (isa<Float8E5M2Type>(operand))
      return WgmmaTypes{"e5m2", "f32", 32};
  } else if (accumulator.isInteger(32) && operand.isInteger(8)) {
    return WgmmaTypes{"s8", "s32", 32};
  }
  return std::nullopt;
}

/// Why the tensor cores of a GPU of `computeCapability` cannot compute `dot` with `mma.sync`
/// (nvidia-assign-mma-layouts leaves it in its blocked layout, and the NVIDIA lowering refuses
/// it with this reason), or an empty string when they can: a 2-D dot into f32 of f16 or bf16
/// operands, or of f32 ones in tf32 precision, on sm_80 or newer, M a multiple of 16, N of 8
/// and K of 16 (8 for tf32).
std::string whyNotMmaV2(tt::DotOp dot, unsigned computeCapability);

/// Why `dot` does not go to wgmma on a GPU of `computeCapability` with `numWarps` warps, or an
/// empty string when it does: a 2-D dot that getWgmmaTypes names on sm_90, with warps a
/// multiple of 4, M a multiple of 64, N of 8 and K of the instruction's, each operand held with
/// 32 bytes or more along its contiguous dimension (K for 8-bit operands). The others go to
/// mma.sync where they can.
std::string whyNotWgmma(tt::DotOp dot, unsigned computeCapability, unsigned numWarps);

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_MMALAYOUTS_H
