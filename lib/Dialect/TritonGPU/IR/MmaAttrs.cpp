// The tensor-core encodings (nvidia_mma, amd_mfma) and the dot-operand encoding: their textual
// form and their verifiers. Their conversion to LinearLayout lives in
// LinearLayoutConversions.cpp.

#include "AttrParsing.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid::ttg;
using namespace mlir::nereid::ttg::detail;

namespace {

/// The most warps of a tensor-core layout; far above what any target allows, and small
/// enough that the layout's tile stays within the algebra's limits.
constexpr unsigned kMaxMmaWarps = 1024;
/// The largest kWidth of a dot operand of a tensor-core layout.
constexpr unsigned kMaxKWidth = 64;

/// Checks the warps of a tensor-core `encoding`: rank 2 or 3 (`maxRank`), powers of two, at
/// most kMaxMmaWarps in all.
LogicalResult verifyMmaWarps(function_ref<InFlightDiagnostic()> emitError, StringRef encoding,
                             ArrayRef<unsigned> warpsPerCTA, unsigned maxRank) {
  if (warpsPerCTA.size() < 2 || warpsPerCTA.size() > maxRank)
    return emitError() << encoding << " encoding must have warpsPerCTA of rank 2"
                       << (maxRank == 3 ? " or 3" : "") << "; got " << warpsPerCTA.size();
  if (failed(verifyPowersOfTwo(emitError, encoding, "warpsPerCTA", warpsPerCTA)))
    return failure();
  uint64_t numWarps = 1;
  for (unsigned warps : warpsPerCTA)
    numWarps *= warps;
  if (numWarps > kMaxMmaWarps)
    return emitError() << encoding << " encoding must have at most " << kMaxMmaWarps
                       << " warps; got " << numWarps;
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// NvidiaMmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  unsigned versionMajor = 0, versionMinor = 0;
  SmallVector<unsigned> warpsPerCTA, instrShape;
  if (failed(checkKeys(parser, loc, dict,
                       {"versionMajor", "versionMinor", "warpsPerCTA", "instrShape"})) ||
      failed(parseUnsigned(parser, loc, dict, "versionMajor", versionMajor)) ||
      failed(parseUnsigned(parser, loc, dict, "versionMinor", versionMinor, 0)) ||
      failed(parseUnsignedArray(parser, loc, dict, "warpsPerCTA", warpsPerCTA)) ||
      failed(parseUnsignedArray(parser, loc, dict, "instrShape", instrShape)))
    return {};
  return NvidiaMmaEncodingAttr::getChecked(
      [&] { return parser.emitError(loc); }, parser.getContext(), versionMajor, versionMinor,
      ArrayRef<unsigned>(warpsPerCTA), ArrayRef<unsigned>(instrShape));
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor() << ", versionMinor = " << getVersionMinor()
          << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult NvidiaMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                            unsigned versionMajor, unsigned versionMinor,
                                            ArrayRef<unsigned> warpsPerCTA,
                                            ArrayRef<unsigned> instrShape) {
  if (versionMajor != 2 && versionMajor != 3)
    return emitError() << "nvidia_mma encoding must have versionMajor 2 (mma.sync) or 3 "
                          "(wgmma); got "
                       << versionMajor;
  if (failed(verifyMmaWarps(emitError, "nvidia_mma", warpsPerCTA, versionMajor == 2 ? 3 : 2)))
    return failure();
  auto printShape = [&](InFlightDiagnostic diag) -> InFlightDiagnostic {
    diag << "[";
    llvm::interleaveComma(instrShape, diag);
    return std::move(diag << "]");
  };
  if (versionMajor == 2) {
    // One warp's 16x8 tile of mma.sync; a batch dimension has tiles of one matrix.
    SmallVector<unsigned> expected(warpsPerCTA.size() - 2, 1);
    expected.append({16, 8});
    if (instrShape != ArrayRef<unsigned>(expected))
      return printShape(emitError() << "nvidia_mma encoding of version 2 must have instrShape "
                                       "[16, 8] ([1, 16, 8] with a batch dimension); got ");
    return success();
  }
  // wgmma.m64nNkK, of which each of the four warps of a warpgroup holds 16 rows.
  if (instrShape.size() != 3 || instrShape[0] != 16 || !llvm::isPowerOf2_32(instrShape[1]) ||
      instrShape[1] < 8 || instrShape[1] > 256 ||
      (instrShape[2] != 8 && instrShape[2] != 16 && instrShape[2] != 32))
    return printShape(emitError() << "nvidia_mma encoding of version 3 must have instrShape "
                                     "[16, N, K], N a power of two from 8 to 256 and K 8, 16 "
                                     "or 32; got ");
  if (warpsPerCTA[0] % 4 != 0)
    return emitError() << "nvidia_mma encoding of version 3 must have warpsPerCTA[0] a multiple "
                          "of 4 (a warpgroup spans 64 rows); got "
                       << warpsPerCTA[0];
  return success();
}

unsigned NvidiaMmaEncodingAttr::getRank() const { return getWarpsPerCTA().size(); }

LogicalResult
NvidiaMmaEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                      function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}

//===----------------------------------------------------------------------===//
// AmdMfmaEncodingAttr
//===----------------------------------------------------------------------===//

Attribute AmdMfmaEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  unsigned version = 0;
  bool isTransposed = false;
  SmallVector<unsigned> warpsPerCTA, instrShape;
  if (failed(
          checkKeys(parser, loc, dict, {"version", "warpsPerCTA", "instrShape", "isTransposed"})) ||
      failed(parseUnsigned(parser, loc, dict, "version", version)) ||
      failed(parseUnsignedArray(parser, loc, dict, "warpsPerCTA", warpsPerCTA)) ||
      failed(parseUnsignedArray(parser, loc, dict, "instrShape", instrShape)) ||
      failed(parseBool(parser, loc, dict, "isTransposed", isTransposed)))
    return {};
  return AmdMfmaEncodingAttr::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                         version, ArrayRef<unsigned>(warpsPerCTA),
                                         ArrayRef<unsigned>(instrShape), isTransposed);
}

void AmdMfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false") << "}>";
}

LogicalResult AmdMfmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                          unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                          ArrayRef<unsigned> instrShape, bool) {
  if (version < 1 || version > 4)
    return emitError() << "amd_mfma encoding must have version 1 to 4 (gfx908, gfx90a, gfx942, "
                          "gfx950); got "
                       << version;
  if (failed(verifyMmaWarps(emitError, "amd_mfma", warpsPerCTA, 3)))
    return failure();
  if (instrShape != ArrayRef<unsigned>{32, 32} && instrShape != ArrayRef<unsigned>{16, 16}) {
    InFlightDiagnostic diag = emitError()
                              << "amd_mfma encoding must have instrShape [32, 32] or [16, 16]; "
                                 "got [";
    llvm::interleaveComma(instrShape, diag);
    return diag << "]";
  }
  return success();
}

unsigned AmdMfmaEncodingAttr::getRank() const { return getWarpsPerCTA().size(); }

LogicalResult
AmdMfmaEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}

//===----------------------------------------------------------------------===//
// DotOperandEncodingAttr
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  unsigned opIdx = 0, kWidth = 0;
  if (failed(checkKeys(parser, loc, dict, {"opIdx", "parent", "kWidth"})) ||
      failed(parseUnsigned(parser, loc, dict, "opIdx", opIdx)) ||
      failed(parseUnsigned(parser, loc, dict, "kWidth", kWidth, 0)))
    return {};
  auto parent = dyn_cast_or_null<DistributedEncodingAttrInterface>(dict.get("parent"));
  if (!parent) {
    parser.emitError(loc) << "expects 'parent', a distributed encoding such as #ttg.nvidia_mma";
    return {};
  }
  return DotOperandEncodingAttr::getChecked([&] { return parser.emitError(loc); },
                                            parser.getContext(), opIdx, parent, kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = ";
  printer.printAttribute(getParent());
  if (getKWidth() != 0)
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                             unsigned opIdx,
                                             DistributedEncodingAttrInterface parent,
                                             unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "dot_op encoding must have opIdx 0 (A) or 1 (B); got " << opIdx;
  if (!isa<BlockedEncodingAttr, NvidiaMmaEncodingAttr, AmdMfmaEncodingAttr>(parent))
    return emitError() << "dot_op encoding must have a blocked, nvidia_mma or amd_mfma parent";
  if (parent.getRank() != 2 && parent.getRank() != 3)
    return emitError() << "dot_op encoding must have a parent of rank 2 or 3; got "
                       << parent.getRank();
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "dot_op encoding with a blocked parent must not have kWidth";
    return success();
  }
  if (!llvm::isPowerOf2_32(kWidth) || kWidth > kMaxKWidth)
    return emitError() << "dot_op encoding with an nvidia_mma or amd_mfma parent must have "
                          "kWidth, a power of two from 1 to "
                       << kMaxKWidth << "; got " << kWidth;
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent);
      mma && mma.getVersionMajor() == 3 && opIdx != 0)
    return emitError() << "dot_op encoding with a version 3 nvidia_mma parent must have opIdx 0: "
                          "wgmma reads B from shared memory";
  return success();
}

unsigned DotOperandEncodingAttr::getRank() const { return getParent().getRank(); }

LogicalResult
DotOperandEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                       function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}
