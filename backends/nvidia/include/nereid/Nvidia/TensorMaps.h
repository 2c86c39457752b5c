#ifndef NEREID_NVIDIA_TENSORMAPS_H
#define NEREID_NVIDIA_TENSORMAPS_H

// Tensor maps: the descriptors that Hopper's tensor copy engine (TMA) takes, which the launcher
// encodes (cuTensorMapEncodeTiled) and passes as kernel parameters. What the compiler decides
// of each is the same for the pass that makes the parameter, the one that copies through it and
// the lowering, and is written down for the launcher in the parameter's `nvidia.tensor_map`
// attribute (docs/nvidia.md, "Tensor maps").

#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/IR/BuiltinTypes.h"

#include <string>

namespace mlir::nereid::nvidia {

/// The attribute of a kernel parameter that is a tensor map: a dictionary of `base` (the
/// parameter that holds the tensor's address, "%N"), `shape` and `strides` (in elements, each
/// a constant or a parameter "%N"), `element_bytes`, `box` (the block that one copy moves, in
/// elements, slowest dimension first) and `swizzle` (0, 32, 64 or 128 bytes).
inline constexpr llvm::StringLiteral kTensorMapAttrName = "nvidia.tensor_map";

/// The alignment, in bytes, of a tensor map's base and of its strides but the last.
inline constexpr int64_t kTensorMapAlignment = 16;

/// A tensor map's bytes, and their alignment as a kernel parameter.
inline constexpr int64_t kTensorMapBytes = 128, kTensorMapParameterAlignment = 64;

/// How a tensor map's attribute names parameter `index`: "%index".
std::string getParameterReference(unsigned index);

/// Why the copy engine does not load blocks of type `block` here, or an empty string when it
/// does: 2-D blocks of 1, 2, 4 or 8-byte elements (no fp8 yet), at least 8 and at most 256
/// rows, whose rows are a multiple of 16 bytes.
std::string whyNoTensorMapBlock(RankedTensorType block);

/// How the copy engine writes a block into shared memory: `copies` boxes of `box` elements
/// (rows, then the elements of `swizzleBytes`, or 16 bytes unswizzled, along the row), each
/// `bytesApart` after the previous one and that many elements along the row, in the layout of
/// `encoding`.
struct TensorMapCopies {
  SmallVector<int64_t, 2> box;
  int64_t copies;
  int64_t bytesApart;
  int64_t swizzleBytes;
  MmaSharedEncodingAttr encoding;
};

/// The copies of a block of type `block`, which whyNoTensorMapBlock accepts.
TensorMapCopies getTensorMapCopies(RankedTensorType block);

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_TENSORMAPS_H
