// #nvidia.mma_shared, a buffer in shared memory as wgmma and TMA read and write it: its
// textual form, its verifiers and its LinearLayout.

#include "nereid/Dialect/TritonGPU/IR/AttrParsing.h"
#include "nereid/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "nereid/Nvidia/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::nvidia;
using namespace mlir::nereid::ttg;
using namespace mlir::nereid::ttg::detail;

using LL = LinearLayout;

Attribute MmaSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  unsigned swizzlingByteWidth = 0, elementBitWidth = 0;
  bool transposed = false;
  if (failed(
          checkKeys(parser, loc, dict, {"swizzlingByteWidth", "transposed", "elementBitWidth"})) ||
      failed(parseUnsigned(parser, loc, dict, "swizzlingByteWidth", swizzlingByteWidth)) ||
      failed(parseBool(parser, loc, dict, "transposed", transposed)) ||
      failed(parseUnsigned(parser, loc, dict, "elementBitWidth", elementBitWidth)))
    return {};
  return MmaSharedEncodingAttr::getChecked([&] { return parser.emitError(loc); },
                                           parser.getContext(), swizzlingByteWidth, transposed,
                                           elementBitWidth);
}

void MmaSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth() << "}>";
}

LogicalResult MmaSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                            unsigned swizzlingByteWidth, bool,
                                            unsigned elementBitWidth) {
  if (swizzlingByteWidth != 0 && swizzlingByteWidth != 32 && swizzlingByteWidth != 64 &&
      swizzlingByteWidth != 128)
    return emitError() << "nvidia.mma_shared encoding must have swizzlingByteWidth 0, 32, 64 or "
                          "128; got "
                       << swizzlingByteWidth;
  if (elementBitWidth != 8 && elementBitWidth != 16 && elementBitWidth != 32 &&
      elementBitWidth != 64)
    return emitError() << "nvidia.mma_shared encoding must have elementBitWidth 8, 16, 32 or 64; "
                          "got "
                       << elementBitWidth;
  return success();
}

ttg::SharedEncodingAttrInterface MmaSharedEncodingAttr::getStackEncoding(unsigned) const {
  // The tiles of the two last dimensions, the others slower.
  return *this;
}

LogicalResult
MmaSharedEncodingAttr::verifyMemDesc(ArrayRef<int64_t> shape, Type elementType,
                                     function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() < 2)
    return emitError() << "nvidia.mma_shared encoding needs a memdesc of rank at least 2; got "
                       << shape.size();
  unsigned bitWidth = nereid::getElementBitWidth(elementType);
  if (bitWidth != getElementBitWidth())
    return emitError() << "nvidia.mma_shared encoding of elementBitWidth " << getElementBitWidth()
                       << " on elements of " << bitWidth << " bits";
  // One tile: 8 rows of the swizzle width (16 bytes unswizzled).
  unsigned rows = shape.size() - (getTransposed() ? 1 : 2);
  unsigned cols = shape.size() - (getTransposed() ? 2 : 1);
  int64_t tileCols = 8 * std::max(getSwizzlingByteWidth(), 16u) / getElementBitWidth();
  if (shape[rows] < 8 || shape[cols] < tileCols)
    return emitError() << "nvidia.mma_shared encoding needs at least 8 rows (dim" << rows
                       << ") of " << tileCols << " elements (dim" << cols << "); got "
                       << shape[rows] << "x" << shape[cols];
  return success();
}

LogicalResult
MmaSharedEncodingAttr::verifyEncoding(ArrayRef<int64_t>, Type,
                                      function_ref<InFlightDiagnostic()> emitError) const {
  return rejectTensor(*this, emitError);
}

int64_t MmaSharedEncodingAttr::getAlignmentBytes() const {
  // One tile: wgmma and TMA swizzle by address bits, so that a tile must start where its
  // pattern does.
  return 8 * std::max<int64_t>(getSwizzlingByteWidth(), 16);
}

LL MmaSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
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
  return fitTileToTensor(tile, shape);
}
