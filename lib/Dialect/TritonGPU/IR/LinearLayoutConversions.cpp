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

/// identityND, except that `broadcastDim` gets zeros: the indices along it all hold index 0,
/// as the lanes and warps of a dot operand that differ only along the result's other
/// dimension hold the same elements.
LL broadcastND(StringRef inDim, ArrayRef<unsigned> sizes, ArrayRef<unsigned> order,
               unsigned broadcastDim) {
  LL layout = LL::empty();
  for (unsigned dim : order)
    layout *= dim == broadcastDim ? LL::zeros1D(sizes[dim], inDim, outDimName(dim))
                                  : LL::identity1D(sizes[dim], inDim, outDimName(dim));
  return layout;
}

/// The order of a (batch of) matrices of `rank` dimensions, fastest first: row-major is
/// [rank-1, rank-2, ..., 0], column-major swaps the first two. As Triton's getMatrixOrder.
SmallVector<unsigned> matrixOrder(unsigned rank, bool rowMajor) {
  SmallVector<unsigned> order;
  for (unsigned dim = rank; dim-- > 0;)
    order.push_back(dim);
  if (!rowMajor)
    std::swap(order[0], order[1]);
  return order;
}

/// The order of the registers of dot operand `opIdx`: K fastest (row-major for A [M, K],
/// column-major for B [K, N]).
SmallVector<unsigned> dotOperandOrder(unsigned opIdx, unsigned rank) {
  return matrixOrder(rank, /*rowMajor=*/opIdx == 0);
}

/// A layout from explicit bases onto the output dimensions `outNames`, each as large as the
/// smallest power of two above every coordinate along it.
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

/// fitToShape, and the one block of a program (until clusters, Triton's CTA layouts, are
/// modelled).
LL finish(const LL &tile, ArrayRef<int64_t> shape) {
  return fitToShape(tile, shape) * LL::identity1D(1, LL::kBlock, outDimName(0));
}

} // namespace

LL BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  LL tile = identityND(LL::kRegister, getSizePerThread(), getOrder()) *
            identityND(LL::kLane, getThreadsPerWarp(), getOrder()) *
            identityND(LL::kWarp, getWarpsPerCTA(), getOrder());
  return finish(tile, shape);
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

/// Triton's nvidiaMmaTile: one warp's tile of an mma.sync-style layout of `tileShape`. Along
/// the fastest dimension of `order` (inner) a lane holds `kWidth` consecutive elements in
/// registers and 4 lanes follow each other; along the next one (outer) 8 lanes follow each
/// other and registers repeat that m / 8 times; then registers repeat along inner to fill n.
/// The output dimensions are listed in `repOrder`, the order in which fitToShape repeats
/// the tile.
LL nvidiaMmaTile(ArrayRef<unsigned> tileShape, unsigned kWidth, ArrayRef<unsigned> order,
                 ArrayRef<unsigned> repOrder) {
  SmallVector<unsigned> ones(repOrder.size(), 1);
  std::string inner = outDimName(order[0]), outer = outDimName(order[1]);
  int32_t m = tileShape[order[1]], n = tileShape[order[0]];
  return identityND(LL::kRegister, ones, repOrder) * LL::identity1D(kWidth, LL::kRegister, inner) *
         LL::identity1D(4, LL::kLane, inner) * LL::identity1D(8, LL::kLane, outer) *
         LL::identity1D(m / 8, LL::kRegister, outer) *
         LL::identity1D(n / (kWidth * 4), LL::kRegister, inner);
}

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
  return finish(tile, shape);
}

/// A dot operand of mma.sync (A 16 x 8 kWidth, B 8 kWidth x 8 per warp), the warps broadcast
/// along K; registers repeat along K first.
LL nvidiaDotOperandLayout(DotOperandEncodingAttr dot, NvidiaMmaEncodingAttr mma,
                          ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  unsigned kWidth = dot.getKWidth();
  bool isA = dot.getOpIdx() == 0;
  SmallVector<unsigned> tileShape(rank, 1);
  tileShape[rank - 2] = isA ? 16 : kWidth * 8;
  tileShape[rank - 1] = isA ? kWidth * 8 : 8;
  SmallVector<unsigned> order = dotOperandOrder(dot.getOpIdx(), rank);
  LL tile = nvidiaMmaTile(tileShape, kWidth, order, order) *
            broadcastND(LL::kWarp, mma.getWarpsPerCTA(),
                        matrixOrder(rank, /*rowMajor=*/mma.getVersionMajor() == 2),
                        isA ? rank - 1 : rank - 2);
  return finish(tile, shape);
}

/// A dot operand of MFMA: each lane holds kWidth consecutive elements along K, the lanes walk
/// the non-K dimension of the instruction and then K, and registers repeat along K until they
/// cover the tensor's K, so that the parent's warps only reach past K (and broadcast).
LL amdDotOperandLayout(DotOperandEncodingAttr dot, AmdMfmaEncodingAttr mfma,
                       ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  int32_t kWidth = dot.getKWidth();
  unsigned kDim = rank - (dot.getOpIdx() == 0 ? 1 : 2);
  int64_t kSize = shape[kDim];
  unsigned nonKSize = mfma.getInstrShape()[0];
  // Bases as (k, non-k).
  LL::InDim registers{LL::kRegister.str(), {}}, lanes{LL::kLane.str(), {}};
  for (int32_t k = 1; k < kWidth; k *= 2)
    registers.bases.push_back({k, 0});
  for (int32_t lane = 1; lane < static_cast<int32_t>(nonKSize); lane *= 2)
    lanes.bases.push_back({0, lane});
  // The other lanes of the 64 walk K after the kWidth of one lane.
  int32_t kTileSize = kWidth * (64 / nonKSize);
  for (int32_t k = kWidth; k < kTileSize; k *= 2)
    lanes.bases.push_back({k, 0});
  for (int64_t k = kTileSize; k < kSize; k *= 2)
    registers.bases.push_back({static_cast<int32_t>(k), 0});

  SmallVector<unsigned> order = dotOperandOrder(dot.getOpIdx(), rank);
  LL tile = fromBases({registers, lanes}, {outDimName(order[0]), outDimName(order[1])});
  if (rank == 3)
    tile *= LL::identity1D(1, LL::kRegister, outDimName(0)) *
            LL::identity1D(1, LL::kLane, outDimName(0));
  SmallVector<std::string> names;
  for (unsigned dim = 0; dim < rank; ++dim)
    names.push_back(outDimName(dim));
  SmallVector<StringRef> standard(names.begin(), names.end());
  LL warps = identityND(LL::kWarp, mfma.getWarpsPerCTA(), matrixOrder(rank, /*rowMajor=*/true));
  return finish(tile.transposeOuts(standard) * warps.transposeOuts(standard), shape);
}

} // namespace

LL NvidiaMmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  unsigned rank = shape.size();
  bool isHopper = getVersionMajor() == 3;
  // Version 3's instrShape is [M, N, K]: one warp's tile is M x N.
  SmallVector<unsigned> tileShape(getInstrShape());
  if (isHopper)
    tileShape.pop_back();
  SmallVector<unsigned> order = matrixOrder(rank, /*rowMajor=*/true);
  // The accumulator holds 2 consecutive elements of a row per register pair.
  LL tile = nvidiaMmaTile(tileShape, /*kWidth=*/2, order, order) *
            identityND(LL::kWarp, getWarpsPerCTA(), matrixOrder(rank, /*rowMajor=*/!isHopper));
  return finish(tile, shape);
}

LL AmdMfmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  unsigned rank = shape.size();
  // Bases as (n, m): a lane walks n, its registers m (the other way round when transposed).
  LL::InDim registers{LL::kRegister.str(), {}}, lanes{LL::kLane.str(), {}};
  if (getInstrShape()[0] == 32) {
    // 32x32: 16 registers per lane, rows 0-3 and 8-11 (and 16-19, 24-27) for lanes 0-31,
    // the 4 rows after each for lanes 32-63.
    registers.bases = {{0, 1}, {0, 2}, {0, 8}, {0, 16}};
    lanes.bases = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}, {0, 4}};
  } else {
    // 16x16: 4 registers per lane, rows 4 (lane / 16) + 0..3.
    registers.bases = {{0, 1}, {0, 2}};
    lanes.bases = {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {0, 4}, {0, 8}};
  }
  if (getIsTransposed())
    for (LL::InDim *inDim : {&registers, &lanes})
      for (LL::Basis &basis : inDim->bases)
        std::swap(basis[0], basis[1]);
  SmallVector<unsigned> order = matrixOrder(rank, /*rowMajor=*/true);
  LL tile = fromBases({registers, lanes}, {outDimName(order[0]), outDimName(order[1])});
  if (rank == 3)
    tile *= LL::identity1D(1, LL::kRegister, outDimName(0)) *
            LL::identity1D(1, LL::kLane, outDimName(0));
  return finish(tile * identityND(LL::kWarp, getWarpsPerCTA(), order), shape);
}

LL DotOperandEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(getParent()))
    return fmaDotOperandLayout(*this, blocked, shape);
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(getParent()))
    return nvidiaDotOperandLayout(*this, mma, shape);
  return amdDotOperandLayout(*this, cast<AmdMfmaEncodingAttr>(getParent()), shape);
}

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

namespace {

/// The input dimension of a memory layout: an element's offset from the start of the buffer.
constexpr llvm::StringLiteral kOffset = "offset";

/// A row-major (in `order`) tile of `rows` x `cols` whose rows are swizzled: offset bits walk
/// the columns first, then the rows, and row r's columns are XORed with
/// (vec ((r / perPhase) % maxPhase)) % cols. Output dimensions: the row dimension, then the
/// column dimension (so that fitToShape repeats the tile down the rows first).
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

} // namespace

LL SwizzledSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  ArrayRef<unsigned> order = getOrder();
  if (shape.size() == 1)
    return finish(LL::identity1D(shape[0], kOffset, outDimName(0)), shape);
  // Triton's sharedToLinearLayoutNoLeadingOffset: the two fastest dimensions are swizzled,
  // the others follow in order.
  LL tile = swizzledTile(order[1], order[0], shape[order[1]], shape[order[0]], getVec(),
                         getPerPhase(), getMaxPhase());
  for (unsigned dim : order.drop_front(2))
    tile *= LL::identity1D(shape[dim], kOffset, outDimName(dim));
  return finish(tile, shape);
}

LL NVMMASharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // Triton's sharedToLinearLayoutLeadingOffset: tiles of 8 rows of the swizzle width, whose
  // 16-byte chunks are swizzled; the tiles repeat down the rows, then across the columns, then
  // along the batch dimensions (the slowest first).
  unsigned rank = shape.size();
  unsigned elementBits = getElementBitWidth();
  unsigned swizzleBytes = getSwizzlingByteWidth();
  unsigned vec = 128 / elementBits;
  // Unswizzled: 16-byte rows, every row's phase 0.
  unsigned maxPhase = swizzleBytes == 0 ? 1 : swizzleBytes / 16;
  unsigned perPhase = swizzleBytes == 0 ? 1 : 128 / swizzleBytes;
  int32_t tileCols = 8 * std::max(swizzleBytes, 16u) / elementBits;
  unsigned batchDims = rank - 2;
  unsigned colDim = batchDims + (getTransposed() ? 0 : 1);
  unsigned rowDim = batchDims + (getTransposed() ? 1 : 0);
  LL tile = swizzledTile(rowDim, colDim, 8, tileCols, vec, perPhase, maxPhase);
  for (unsigned dim = batchDims; dim-- > 0;)
    tile *= LL::identity1D(shape[dim], kOffset, outDimName(dim));
  return finish(tile, shape);
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
  return finish(layout, shape);
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
