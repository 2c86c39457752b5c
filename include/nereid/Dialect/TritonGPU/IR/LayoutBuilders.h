// The pieces from which the encodings build their LinearLayouts (docs/layouts.md,
// "Encodings"): the ttg encodings (lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp) and
// the tensor-core encodings that backends define in their own dialects. A layout built from
// them prints with the same bases as Triton's.

#ifndef NEREID_DIALECT_TRITONGPU_IR_LAYOUTBUILDERS_H
#define NEREID_DIALECT_TRITONGPU_IR_LAYOUTBUILDERS_H

#include "nereid/Tools/LinearLayout.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::nereid::ttg {

/// The input dimension of a memory layout: an element's offset from the start of the buffer.
constexpr llvm::StringLiteral kOffset = "offset";

/// "dim0", "dim1", ...: the output dimension of tensor dimension `dim`.
std::string outDimName(unsigned dim);

/// The identity from `inDim` onto the tile `sizes`, the dimensions taken in `order` (fastest
/// first): the lowest bits of `inDim` walk the fastest tensor dimension.
LinearLayout identityND(StringRef inDim, ArrayRef<unsigned> sizes, ArrayRef<unsigned> order);

/// identityND, except that `broadcastDim` gets zeros: the indices along it all hold index 0,
/// as the lanes and warps of a dot operand that differ only along the result's other
/// dimension hold the same elements.
LinearLayout broadcastND(StringRef inDim, ArrayRef<unsigned> sizes, ArrayRef<unsigned> order,
                         unsigned broadcastDim);

/// The order of a (batch of) matrices of `rank` dimensions, fastest first: row-major is
/// [rank-1, rank-2, ..., 0], column-major swaps the first two. As Triton's getMatrixOrder.
SmallVector<unsigned> matrixOrder(unsigned rank, bool rowMajor);

/// The order of the registers of dot operand `opIdx`: K fastest (row-major for A [M, K],
/// column-major for B [K, N]).
SmallVector<unsigned> dotOperandOrder(unsigned opIdx, unsigned rank);

/// A layout from explicit bases onto the output dimensions `outNames`, each as large as the
/// smallest power of two above every coordinate along it.
LinearLayout fromBases(ArrayRef<LinearLayout::InDim> inDims, ArrayRef<std::string> outNames);

/// Fits a layout of one tile to a tensor of `shape` (indexed by tensor dimension) and adds
/// the one block of a program (until clusters, Triton's CTA layouts, are modelled). A tensor
/// dimension larger than the tile repeats it along the tile's first input dimension
/// ("register", or "offset" for memory), the layout's dimensions taken in its order (fastest
/// first); a smaller one broadcasts, turning the bases that reach past its size into zeros.
/// Returns the layout with output dimensions dim0, dim1, ... in that order.
LinearLayout fitTileToTensor(const LinearLayout &tile, ArrayRef<int64_t> shape);

/// A row-major (in `order`) tile of `rows` x `cols` in memory whose rows are swizzled: offset
/// bits walk the columns first, then the rows, and row r's columns are XORed with
/// (vec ((r / perPhase) % maxPhase)) % cols. Output dimensions: the row dimension, then the
/// column dimension (so that fitTileToTensor repeats the tile down the rows first).
LinearLayout swizzledTile(unsigned rowDim, unsigned colDim, int32_t rows, int32_t cols,
                          unsigned vec, unsigned perPhase, unsigned maxPhase);

} // namespace mlir::nereid::ttg

#endif // NEREID_DIALECT_TRITONGPU_IR_LAYOUTBUILDERS_H
