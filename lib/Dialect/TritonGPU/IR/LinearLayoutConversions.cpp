// The conversion of every ttg encoding to LinearLayout (docs/layouts.md, "Encodings"). The
// construction follows Triton's (lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp), so that
// a layout prints with the same bases in both compilers.

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/StringExtras.h"

#include <string>

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::ttg;

namespace {

using LL = LinearLayout;

/// "dim0", "dim1", ...: the output dimension of tensor dimension `dim`.
std::string outDimName(unsigned dim) { return "dim" + std::to_string(dim); }

/// The tensor dimension of output dimension "dimK": K.
unsigned dimIndex(StringRef outDim) {
  unsigned dim = 0;
  [[maybe_unused]] bool failed = outDim.drop_front(3).getAsInteger(10, dim);
  assert(outDim.starts_with("dim") && !failed && "not a tensor dimension name");
  return dim;
}

/// The identity from `inDim` onto the tile `sizes`, the dimensions taken in `order` (fastest
/// first): the lowest bits of `inDim` walk the fastest tensor dimension.
LL identityND(StringRef inDim, ArrayRef<unsigned> sizes, ArrayRef<unsigned> order) {
  LL layout = LL::empty();
  for (unsigned dim : order)
    layout *= LL::identity1D(sizes[dim], inDim, outDimName(dim));
  return layout;
}

/// Fits a layout of one tile to a tensor of `shape` (indexed by tensor dimension): a tensor
/// dimension larger than the tile repeats it in more registers, the layout's dimensions taken in
/// its order (fastest first); a smaller one broadcasts, turning the bases that reach past its
/// size into zeros. Returns the layout with output dimensions dim0, dim1, ... in that order.
LL fitToShape(const LL &tile, ArrayRef<int64_t> shape) {
  LL grown = tile;
  for (StringRef name : tile.getOutDimNames()) {
    unsigned dim = dimIndex(name);
    int32_t size = tile.getOutDimSize(name);
    if (size < shape[dim])
      grown *= LL::identity1D(shape[dim] / size, LL::kRegister, name);
  }

  // Broadcast: every coordinate at or past the tensor's size is dropped. Blocked pieces have
  // one power-of-two coordinate per basis, so this keeps the layout a product of pieces.
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

LL BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  LL tile = identityND(LL::kRegister, getSizePerThread(), getOrder()) *
            identityND(LL::kLane, getThreadsPerWarp(), getOrder()) *
            identityND(LL::kWarp, getWarpsPerCTA(), getOrder());
  // One block per program until clusters (CTA layouts) are modelled.
  return fitToShape(tile, shape) * LL::identity1D(1, LL::kBlock, outDimName(0));
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

std::optional<LL> mlir::nereid::ttg::toLinearLayout(RankedTensorType type) {
  auto encoding = dyn_cast_or_null<DistributedEncodingAttrInterface>(type.getEncoding());
  if (!encoding)
    return std::nullopt;
  return encoding.toLinearLayout(type.getShape());
}
