// What the compiler decides of tensor maps (TensorMaps.h).

#include "nereid/Nvidia/TensorMaps.h"

#include "llvm/Support/raw_ostream.h"

namespace mlir::nereid::nvidia {

namespace {

/// The widest swizzle of the copy engine, the bytes of a row of shared memory that it
/// swizzles, and the most elements of a box along any dimension.
constexpr int64_t kMaxSwizzleBytes = 128, kUnswizzledRowBytes = 16, kMaxBoxSize = 256;
/// The rows of a tile of #nvidia.mma_shared.
constexpr int64_t kTileRows = 8;

} // namespace

std::string getParameterReference(unsigned index) { return "%" + std::to_string(index); }

std::string whyNoTensorMapBlock(RankedTensorType block) {
  std::string why;
  llvm::raw_string_ostream os(why);
  int64_t bits = block.getElementTypeBitWidth();
  if (block.getRank() != 2)
    os << "its blocks are " << block.getRank() << "-D (the copy engine takes 2-D ones here)";
  else if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    os << "its elements have " << bits << " bits";
  else if (block.getDimSize(0) < kTileRows || block.getDimSize(0) > kMaxBoxSize)
    os << "its blocks have " << block.getDimSize(0) << " rows (the copy engine takes " << kTileRows
       << " to " << kMaxBoxSize << " here)";
  else if (block.getDimSize(1) * bits / 8 % kUnswizzledRowBytes != 0)
    os << "its blocks' rows are " << block.getDimSize(1) * bits / 8
       << " bytes, not a multiple of 16";
  return why;
}

TensorMapCopies getTensorMapCopies(RankedTensorType block) {
  int64_t elementBytes = block.getElementTypeBitWidth() / 8;
  int64_t rows = block.getDimSize(0), rowBytes = block.getDimSize(1) * elementBytes;
  // The widest swizzle whose rows tile a block's rows: 128, 64 or 32 bytes, else none.
  int64_t swizzle = kMaxSwizzleBytes;
  while (swizzle > kUnswizzledRowBytes && rowBytes % swizzle != 0)
    swizzle /= 2;
  if (swizzle == kUnswizzledRowBytes)
    swizzle = 0;
  int64_t boxBytes = swizzle ? swizzle : kUnswizzledRowBytes;
  auto encoding = MmaSharedEncodingAttr::get(block.getContext(), unsigned(swizzle),
                                             /*transposed=*/false, unsigned(elementBytes * 8));
  return {{rows, boxBytes / elementBytes}, rowBytes / boxBytes, rows * boxBytes, swizzle, encoding};
}

} // namespace mlir::nereid::nvidia
