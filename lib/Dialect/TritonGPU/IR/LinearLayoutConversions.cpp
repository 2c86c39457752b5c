// The conversion of every ttg encoding to LinearLayout (docs/layouts.md, "Encodings"). The
// construction follows Triton's (lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp), so that
// a layout prints with the same bases in both compilers.

#include "nereid/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/StringExtras.h"

#include <string>

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::ttg;

namespace {

using LL = LinearLayout;

/// The tensor dimension of output dimension "dimK": K.
unsigned dimIndex(StringRef outDim) {
  unsigned dim = 0;
  [[maybe_unused]] bool failed = outDim.drop_front(3).getAsInteger(10, dim);
  assert(outDim.starts_with("dim") && !failed && "not a tensor dimension name");
  return dim;
}

/// Fits a layout of one tile to a tensor of `shape` (indexed by tensor dimension): a tensor
/// dimension larger than the tile repeats it along the tile's first input dimension
/// ("register", or "offset" for memory), the layout's dimensions taken in its order (fastest
/// first); a smaller one broadcasts, turning the bases that reach past its size into zeros.
/// Returns the layout with output dimensions dim0, dim1, ... in that order.
LL fitToShape(const LL &tile, ArrayRef<int64_t> shape) {
  LL grown = tile;
  StringRef repeatDim = tile.getInDimNames().front();
  for (StringRef name : tile.getOutDimNames()) {
    unsigned dim = dimIndex(name);
    int32_t size = tile.getOutDimSize(name);
    if (size < shape[dim])
      grown *= LL::identity1D(shape[dim] / size, repeatDim, name);
  }

  // Broadcast: every coordinate at or past the tensor's size is dropped. The bases of a
  // register layout are distinct powers of two along each dimension, so this is Triton's
  // ensureLayoutNotLargerThan (which zeroes the largest first); memory layouts are built at
  // least as large as the tensor and never get here.
  SmallVector<StringRef> outNames = grown.getOutDimNames();
  SmallVector<LL::InDim> inDims(grown.getInDimsWithBases().begin(),
                                grown.getInDimsWithBases().end());
  for (LL::InDim &inDim : inDims)
    for (LL::Basis &basis : inDim.bases)
      for (auto [index, name] : llvm::enumerate(outNames)) {
        unsigned dim = dimIndex(name);
        if (basis[index] >= shape[dim])
          basis[index] = 0;
      }
  SmallVector<LL::DimSize> outDims;
  for (StringRef name : outNames)
    outDims.push_back({name.str(), static_cast<int32_t>(shape[dimIndex(name)])});
  LL fitted(inDims, outDims);

  SmallVector<std::string> standardNames;
  for (unsigned dim = 0; dim < shape.size(); ++dim)
    standardNames.push_back(outDimName(dim));
  SmallVector<StringRef> standardOrder(standardNames.begin(), standardNames.end());
  return fitted.transposeOuts(standardOrder);
}

} // namespace

namespace mlir::nereid::ttg {

std::string outDimName(unsigned dim) { return "dim" + std::to_string(dim); }

LL identityND(StringRef inDim, ArrayRef<unsigned> sizes, ArrayRef<unsigned> order) {
  LL layout = LL::empty();
  for (unsigned dim : order)
    layout *= LL::identity1D(sizes[dim], inDim, outDimName(dim));
  return layout;
}

LL broadcastND(StringRef inDim, ArrayRef<unsigned> sizes, ArrayRef<unsigned> order,
               unsigned broadcastDim) {
  LL layout = LL::empty();
  for (unsigned dim : order)
    layout *= dim == broadcastDim ? LL::zeros1D(sizes[dim], inDim, outDimName(dim))
                                  : LL::identity1D(sizes[dim], inDim, outDimName(dim));
  return layout;
}

SmallVector<unsigned> matrixOrder(unsigned rank, bool rowMajor) {
  SmallVector<unsigned> order;
  for (unsigned dim = rank; dim-- > 0;)
    order.push_back(dim);
  if (!rowMajor)
    std::swap(order[0], order[1]);
  return order;
}

SmallVector<unsigned> dotOperandOrder(unsigned opIdx, unsigned rank) {
  return matrixOrder(rank, /*rowMajor=*/opIdx == 0);
}

LL fromBases(ArrayRef<LL::InDim> inDims, ArrayRef<std::string> outNames) {
  SmallVector<LL::DimSize> outDims;
  for (auto [index, name] : llvm::enumerate(outNames)) {
    int32_t maxCoord = 0;
    for (const LL::InDim &inDim : inDims)
      for (const LL::Basis &basis : inDim.bases)
        maxCoord = std::max(maxCoord, basis[index]);
    outDims.push_back(
        {name, maxCoord == 0 ? 1 : static_cast<int32_t>(llvm::NextPowerOf2(maxCoord))});
  }
  return LL(inDims, outDims);
}

LL fitTileToTensor(const LL &tile, ArrayRef<int64_t> shape) {
  return fitToShape(tile, shape) * LL::identity1D(1, LL::kBlock, outDimName(0));
}

} // namespace mlir::nereid::ttg

LL BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  LL tile = identityND(LL::kRegister, getSizePerThread(), getOrder()) *
            identityND(LL::kLane, getThreadsPerWarp(), getOrder()) *
            identityND(LL::kWarp, getWarpsPerCTA(), getOrder());
  return fitTileToTensor(tile, shape);
}

LL SliceEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // The parent's layout of the tensor with a dimension of size 1 at `dim`: every index along it
  // is 0, so every basis along it is zero.
  unsigned dim = getDim();
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + dim, 1);
  LL sliced = getParent().toLinearLayout(parentShape).removeOutDim(outDimName(dim));
  // Registers that now repeat another are dropped; lanes and warps that do keep their zero
  // bases (they hold the same element, a broadcast).
  sliced = sliced.removeZeroBases(LL::kRegister);

  // Rename dim(k+1) to dimk past the removed dimension.
  SmallVector<LL::DimSize> outDims;
  for (auto [index, nameAndSize] : llvm::enumerate(sliced.getOutDims()))
    outDims.push_back({outDimName(index), nameAndSize.second});
  return LL(sliced.getInDimsWithBases(), outDims);
}

namespace {

/// A dot operand of an FMA dot (blocked parent): the parent's layout, with each lane holding
/// the whole K extent and the lanes and warps along K broadcast.
LL fmaDotOperandLayout(DotOperandEncodingAttr dot, BlockedEncodingAttr blocked,
                       ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  unsigned kDim = rank - (dot.getOpIdx() == 0 ? 1 : 2);
  SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
  sizePerThread[kDim] = shape[kDim];
  ArrayRef<unsigned> order = blocked.getOrder();
  LL tile = identityND(LL::kRegister, sizePerThread, order) *
            broadcastND(LL::kLane, blocked.getThreadsPerWarp(), order, kDim) *
            broadcastND(LL::kWarp, blocked.getWarpsPerCTA(), order, kDim);
  return fitTileToTensor(tile, shape);
}

} // namespace

LL DotOperandEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(getParent()))
    return fmaDotOperandLayout(*this, blocked, shape);
  return cast<TensorCoreEncodingAttrInterface>(getParent())
      .getDotOperandLayout(getOpIdx(), getKWidth(), shape);
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

namespace mlir::nereid::ttg {

LL swizzledTile(unsigned rowDim, unsigned colDim, int32_t rows, int32_t cols, unsigned vec,
                unsigned perPhase, unsigned maxPhase) {
  LL::InDim offsets{kOffset.str(), {}};
  for (int32_t col = 1; col < cols; col *= 2)
    offsets.bases.push_back({0, col});
  for (int32_t row = 1; row < rows; row *= 2)
    offsets.bases.push_back(
        {row, static_cast<int32_t>((vec * ((row / perPhase) % maxPhase)) % cols)});
  return LL({offsets}, {{outDimName(rowDim), rows}, {outDimName(colDim), cols}});
}

} // namespace mlir::nereid::ttg

LL SwizzledSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  ArrayRef<unsigned> order = getOrder();
  if (shape.size() == 1)
    return fitTileToTensor(LL::identity1D(shape[0], kOffset, outDimName(0)), shape);
  // Triton's sharedToLinearLayoutNoLeadingOffset: the two fastest dimensions are swizzled,
  // the others follow in order.
  LL tile = swizzledTile(order[1], order[0], shape[order[1]], shape[order[0]], getVec(),
                         getPerPhase(), getMaxPhase());
  for (unsigned dim : order.drop_front(2))
    tile *= LL::identity1D(shape[dim], kOffset, outDimName(dim));
  return fitTileToTensor(tile, shape);
}

LL PanelSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // Columns within a panel, then the rows (another row's, for a 1-D row of the matrix), then
  // the panels.
  unsigned columnDim = shape.size() - 1;
  int32_t width = getWidth(), rows = getRows();
  int32_t panels = shape.back() / width;
  LL layout = LL::identity1D(width, kOffset, outDimName(columnDim));
  layout *= shape.size() == 2 ? LL::identity1D(rows, kOffset, outDimName(0))
                              : LL::zeros1D(rows, kOffset, outDimName(0));
  layout *= LL::identity1D(panels, kOffset, outDimName(columnDim));
  return fitTileToTensor(layout, shape);
}

LL mlir::nereid::ttg::toLinearLayout(MemDescType type) {
  return type.getEncoding().toLinearLayout(type.getShape());
}

std::optional<LL> mlir::nereid::ttg::toLinearLayout(RankedTensorType type) {
  auto encoding = dyn_cast_or_null<DistributedEncodingAttrInterface>(type.getEncoding());
  if (!encoding)
    return std::nullopt;
  return encoding.toLinearLayout(type.getShape());
}
