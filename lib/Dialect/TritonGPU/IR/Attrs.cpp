// The ttg encodings: their textual form and their verifiers. Their conversion to LinearLayout
// lives in LinearLayoutConversions.cpp.

#include "nereid/Dialect/TritonGPU/IR/AttrParsing.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid::ttg;

#include "nereid/Dialect/TritonGPU/IR/AttrInterfaces.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "nereid/Dialect/TritonGPU/IR/Attrs.cpp.inc"

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "nereid/Dialect/TritonGPU/IR/Attrs.cpp.inc"
      >();
}

namespace mlir::nereid::ttg::detail {

LogicalResult parseUnsignedArray(AsmParser &parser, SMLoc loc, DictionaryAttr dict, StringRef key,
                                 SmallVectorImpl<unsigned> &values) {
  auto array = dyn_cast_or_null<ArrayAttr>(dict.get(key));
  if (!array)
    return parser.emitError(loc) << "expects '" << key << "', an array of integers";
  for (Attribute element : array) {
    auto integer = dyn_cast<IntegerAttr>(element);
    if (!integer || integer.getValue().isNegative() || integer.getValue().getActiveBits() > 31)
      return parser.emitError(loc) << "expects '" << key << "' to hold non-negative integers";
    values.push_back(integer.getInt());
  }
  return success();
}

LogicalResult parseUnsigned(AsmParser &parser, SMLoc loc, DictionaryAttr dict, StringRef key,
                            unsigned &value, std::optional<unsigned> defaultValue) {
  Attribute attr = dict.get(key);
  if (!attr && defaultValue) {
    value = *defaultValue;
    return success();
  }
  auto integer = dyn_cast_or_null<IntegerAttr>(attr);
  if (!integer || integer.getValue().isNegative() || integer.getValue().getActiveBits() > 31)
    return parser.emitError(loc) << "expects '" << key << "', a non-negative integer";
  value = integer.getInt();
  return success();
}

LogicalResult parseBool(AsmParser &parser, SMLoc loc, DictionaryAttr dict, StringRef key,
                        bool &value) {
  Attribute attr = dict.get(key);
  value = false;
  if (!attr)
    return success();
  auto boolean = dyn_cast<BoolAttr>(attr);
  if (!boolean)
    return parser.emitError(loc) << "expects '" << key << "', true or false";
  value = boolean.getValue();
  return success();
}

LogicalResult checkKeys(AsmParser &parser, SMLoc loc, DictionaryAttr dict,
                        ArrayRef<StringRef> keys) {
  for (NamedAttribute entry : dict)
    if (!llvm::is_contained(keys, entry.getName().getValue()))
      return parser.emitError(loc) << "unknown parameter '" << entry.getName().getValue() << "'";
  return success();
}

void printArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

LogicalResult verifyPowersOfTwo(function_ref<InFlightDiagnostic()> emitError, StringRef encoding,
                                StringRef name, ArrayRef<unsigned> values) {
  // Each entry, not only the product, is a power of two: the conversion to LinearLayout
  // describes every dimension by its bits.
  for (unsigned value : values)
    if (!llvm::isPowerOf2_32(value))
      return emitError() << encoding << " encoding must have powers of two in " << name << "; got "
                         << value;
  return success();
}

LogicalResult verifyTensorCoreWarps(function_ref<InFlightDiagnostic()> emitError,
                                    StringRef encoding, ArrayRef<unsigned> warpsPerCTA,
                                    unsigned maxRank) {
  if (warpsPerCTA.size() < 2 || warpsPerCTA.size() > maxRank) {
    InFlightDiagnostic diag = emitError()
                              << encoding << " encoding must have warpsPerCTA of rank 2";
    for (unsigned rank = 3; rank <= maxRank; ++rank)
      diag << (rank == maxRank ? " or " : ", ") << rank;
    return diag << "; got " << warpsPerCTA.size();
  }
  if (failed(verifyPowersOfTwo(emitError, encoding, "warpsPerCTA", warpsPerCTA)))
    return failure();
  uint64_t numWarps = 1;
  for (unsigned warps : warpsPerCTA)
    numWarps *= warps;
  if (numWarps > kMaxTensorCoreWarps)
    return emitError() << encoding << " encoding must have at most " << kMaxTensorCoreWarps
                       << " warps; got " << numWarps;
  return success();
}

LogicalResult rejectTensor(Attribute encoding, function_ref<InFlightDiagnostic()> emitError) {
  return emitError() << "shared encoding " << encoding
                     << " lays out a !ttg.memdesc, not a tensor in registers";
}

} // namespace mlir::nereid::ttg::detail

using namespace mlir::nereid::ttg::detail;

//===----------------------------------------------------------------------===//
// BlockedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  SmallVector<unsigned> sizePerThread, threadsPerWarp, warpsPerCTA, order;
  if (failed(checkKeys(parser, loc, dict,
                       {"sizePerThread", "threadsPerWarp", "warpsPerCTA", "order"})) ||
      failed(parseUnsignedArray(parser, loc, dict, "sizePerThread", sizePerThread)) ||
      failed(parseUnsignedArray(parser, loc, dict, "threadsPerWarp", threadsPerWarp)) ||
      failed(parseUnsignedArray(parser, loc, dict, "warpsPerCTA", warpsPerCTA)) ||
      failed(parseUnsignedArray(parser, loc, dict, "order", order)))
    return {};
  return BlockedEncodingAttr::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                         sizePerThread, threadsPerWarp, warpsPerCTA, order);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printArray(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printArray(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", order = ";
  printArray(printer, getOrder());
  printer << "}>";
}

LogicalResult BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          ArrayRef<unsigned> sizePerThread,
                                          ArrayRef<unsigned> threadsPerWarp,
                                          ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> order) {
  size_t rank = sizePerThread.size();
  if (rank == 0)
    return emitError() << "blocked encoding must have rank at least 1";
  if (threadsPerWarp.size() != rank || warpsPerCTA.size() != rank || order.size() != rank)
    return emitError() << "blocked encoding must have sizePerThread, threadsPerWarp, warpsPerCTA "
                          "and order of one rank; got "
                       << rank << ", " << threadsPerWarp.size() << ", " << warpsPerCTA.size()
                       << " and " << order.size();
  if (failed(verifyPowersOfTwo(emitError, "blocked", "sizePerThread", sizePerThread)) ||
      failed(verifyPowersOfTwo(emitError, "blocked", "threadsPerWarp", threadsPerWarp)) ||
      failed(verifyPowersOfTwo(emitError, "blocked", "warpsPerCTA", warpsPerCTA)))
    return failure();
  SmallVector<bool> seen(rank, false);
  for (unsigned dim : order) {
    if (dim >= rank || seen[dim])
      return emitError() << "blocked encoding must have an order that is a permutation of [0, "
                         << rank << ")";
    seen[dim] = true;
  }
  return success();
}

unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }

/// Whether the LinearLayout of `encoding` for `shape` (both valid) stays within the sizes that
/// a LinearLayout describes (LinearLayout::kMaxDimSizeLog2 bits per dimension and
/// kMaxTotalSizeLog2 for all inputs or all outputs), so that toLinearLayout cannot fail.
/// `encoding` is a distributed encoding of ttg or a tensor-core one (a backend's).
static bool fitsLinearLayout(Attribute encoding, ArrayRef<int64_t> shape) {
  using LL = nereid::LinearLayout;
  if (auto slice = dyn_cast<SliceEncodingAttr>(encoding)) {
    SmallVector<int64_t> parentShape(shape);
    parentShape.insert(parentShape.begin() + slice.getDim(), 1);
    return fitsLinearLayout(slice.getParent(), parentShape);
  }
  if (auto dot = dyn_cast<DotOperandEncodingAttr>(encoding)) {
    // With a blocked parent a lane holds the whole K extent: a blocked layout whose
    // sizePerThread along K is the tensor's.
    auto blocked = dyn_cast<BlockedEncodingAttr>(dot.getParent());
    if (!blocked)
      return fitsLinearLayout(dot.getParent(), shape);
    unsigned kDim = shape.size() - (dot.getOpIdx() == 0 ? 1 : 2);
    SmallVector<unsigned> sizePerThread(blocked.getSizePerThread());
    sizePerThread[kDim] = shape[kDim];
    return fitsLinearLayout(BlockedEncodingAttr::get(blocked.getContext(), sizePerThread,
                                                     blocked.getThreadsPerWarp(),
                                                     blocked.getWarpsPerCTA(), blocked.getOrder()),
                            shape);
  }
  if (isa<TensorCoreEncodingAttrInterface>(encoding)) {
    // Their verifiers bound the warps and kWidth (TensorCoreEncodingAttrInterface), so that
    // their tiles stay small; a tensor of at most 2^kMaxTensorCoreTensorLog2 elements then
    // keeps every dimension of the layout within 2^30.
    int64_t elementsLog2 = 0;
    for (int64_t size : shape)
      elementsLog2 += llvm::Log2_64(size);
    return elementsLog2 <= kMaxTensorCoreTensorLog2;
  }
  auto blocked = cast<BlockedEncodingAttr>(encoding);
  // Sizes as log2, of the tile and of the layout fitted to the tensor.
  int64_t registers = 0, lanes = 0, warps = 0, tileTotal = 0, grownTotal = 0;
  for (unsigned d = 0; d < shape.size(); ++d) {
    int64_t sizePerThread = llvm::Log2_64(blocked.getSizePerThread()[d]);
    int64_t threadsPerWarp = llvm::Log2_64(blocked.getThreadsPerWarp()[d]);
    int64_t warpsPerCTA = llvm::Log2_64(blocked.getWarpsPerCTA()[d]);
    int64_t tile = sizePerThread + threadsPerWarp + warpsPerCTA;
    int64_t size = llvm::Log2_64(shape[d]);
    if (tile > LL::kMaxDimSizeLog2)
      return false;
    registers += sizePerThread + std::max<int64_t>(0, size - tile);
    lanes += threadsPerWarp;
    warps += warpsPerCTA;
    tileTotal += tile;
    grownTotal += std::max(tile, size);
  }
  return registers <= LL::kMaxDimSizeLog2 && lanes <= LL::kMaxDimSizeLog2 &&
         warps <= LL::kMaxDimSizeLog2 && registers + lanes + warps <= LL::kMaxTotalSizeLog2 &&
         tileTotal <= LL::kMaxTotalSizeLog2 && grownTotal <= LL::kMaxTotalSizeLog2;
}

LogicalResult
mlir::nereid::ttg::detail::verifyDistributedTensor(DistributedEncodingAttrInterface encoding,
                                                   ArrayRef<int64_t> shape,
                                                   function_ref<InFlightDiagnostic()> emitError) {
  unsigned encodingRank = encoding.getRank();
  if (shape.size() != encodingRank)
    return emitError() << "encoding of rank " << encodingRank << " on a tensor of rank "
                       << shape.size();
  for (int64_t size : shape)
    if (ShapedType::isDynamic(size) || size <= 0 || !llvm::isPowerOf2_64(size) ||
        size > (int64_t{1} << nereid::LinearLayout::kMaxDimSizeLog2))
      return emitError() << "a tensor with a layout encoding must have a static shape of powers "
                            "of two";
  if (!fitsLinearLayout(encoding, shape))
    return emitError() << "layout encoding needs more than 2^"
                       << nereid::LinearLayout::kMaxDimSizeLog2
                       << " registers, lanes or warps for this tensor";
  return success();
}

LogicalResult
BlockedEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}

//===----------------------------------------------------------------------===//
// SliceEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  if (failed(checkKeys(parser, loc, dict, {"dim", "parent"})))
    return {};
  auto dim = dyn_cast_or_null<IntegerAttr>(dict.get("dim"));
  if (!dim || dim.getValue().isNegative() || dim.getValue().getActiveBits() > 31) {
    parser.emitError(loc) << "expects 'dim', a non-negative integer";
    return {};
  }
  auto parent = dyn_cast_or_null<DistributedEncodingAttrInterface>(dict.get("parent"));
  if (!parent) {
    parser.emitError(loc) << "expects 'parent', a distributed encoding such as #ttg.blocked";
    return {};
  }
  return SliceEncodingAttr::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                       dim.getInt(), parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = ";
  printer.printAttribute(getParent());
  printer << "}>";
}

LogicalResult SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError, unsigned dim,
                                        DistributedEncodingAttrInterface parent) {
  if (parent.getRank() < 2)
    return emitError() << "slice encoding must have a parent of rank at least 2; got "
                       << parent.getRank();
  if (dim >= parent.getRank())
    return emitError() << "slice encoding must slice a dimension of its parent; got dim " << dim
                       << " of a rank-" << parent.getRank() << " parent";
  return success();
}

unsigned SliceEncodingAttr::getRank() const { return getParent().getRank() - 1; }

LogicalResult
SliceEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                  function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}
