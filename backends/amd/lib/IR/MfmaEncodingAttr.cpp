// #amd.mfma, the accumulator of the MFMA instructions: its textual form, its verifiers, and
// its LinearLayouts and those of its dot operands. The construction follows Triton's
// (lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp), so that a layout prints with the
// same bases in both compilers.

#include "nereid/Amd/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/AttrParsing.h"
#include "nereid/Dialect/TritonGPU/IR/LayoutBuilders.h"

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::amd;
using namespace mlir::nereid::ttg;
using namespace mlir::nereid::ttg::detail;

using LL = LinearLayout;

Attribute MfmaEncodingAttr::parse(AsmParser &parser, Type) {
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
  return MfmaEncodingAttr::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                      version, ArrayRef<unsigned>(warpsPerCTA),
                                      ArrayRef<unsigned>(instrShape), isTransposed);
}

void MfmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{version = " << getVersion() << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << ", isTransposed = " << (getIsTransposed() ? "true" : "false") << "}>";
}

LogicalResult MfmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                       unsigned version, ArrayRef<unsigned> warpsPerCTA,
                                       ArrayRef<unsigned> instrShape, bool) {
  if (version < 1 || version > 4)
    return emitError() << "amd.mfma encoding must have version 1 to 4 (gfx908, gfx90a, gfx942, "
                          "gfx950); got "
                       << version;
  if (failed(verifyTensorCoreWarps(emitError, "amd.mfma", warpsPerCTA, 3)))
    return failure();
  if (instrShape != ArrayRef<unsigned>{32, 32} && instrShape != ArrayRef<unsigned>{16, 16}) {
    InFlightDiagnostic diag = emitError()
                              << "amd.mfma encoding must have instrShape [32, 32] or [16, 16]; "
                                 "got [";
    llvm::interleaveComma(instrShape, diag);
    return diag << "]";
  }
  return success();
}

unsigned MfmaEncodingAttr::getRank() const { return getWarpsPerCTA().size(); }

LogicalResult
MfmaEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                 function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}

LogicalResult MfmaEncodingAttr::verifyDotOperand(unsigned, unsigned,
                                                 function_ref<InFlightDiagnostic()>) const {
  // MFMA reads both operands from registers, with any kWidth.
  return success();
}

/// Adds a size-1 batch dimension (dim0) to a 2-D `tile` of a rank-3 tensor.
static LL withBatch(LL tile, unsigned rank) {
  if (rank == 3)
    tile *= LL::identity1D(1, LL::kRegister, outDimName(0)) *
            LL::identity1D(1, LL::kLane, outDimName(0));
  return tile;
}

LL MfmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
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
  LL tile =
      withBatch(fromBases({registers, lanes}, {outDimName(order[0]), outDimName(order[1])}), rank);
  return fitTileToTensor(tile * identityND(LL::kWarp, getWarpsPerCTA(), order), shape);
}

LL MfmaEncodingAttr::getDotOperandLayout(unsigned opIdx, unsigned kWidthArg,
                                         ArrayRef<int64_t> shape) const {
  // Each lane holds kWidth consecutive elements along K, the lanes walk the non-K dimension of
  // the instruction and then K, and registers repeat along K until they cover the tensor's K,
  // so that the warps only reach past K (and broadcast).
  unsigned rank = shape.size();
  int32_t kWidth = kWidthArg;
  unsigned kDim = rank - (opIdx == 0 ? 1 : 2);
  int64_t kSize = shape[kDim];
  unsigned nonKSize = getInstrShape()[0];
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

  SmallVector<unsigned> order = dotOperandOrder(opIdx, rank);
  LL tile =
      withBatch(fromBases({registers, lanes}, {outDimName(order[0]), outDimName(order[1])}), rank);
  SmallVector<std::string> names;
  for (unsigned dim = 0; dim < rank; ++dim)
    names.push_back(outDimName(dim));
  SmallVector<StringRef> standard(names.begin(), names.end());
  LL warps = identityND(LL::kWarp, getWarpsPerCTA(), matrixOrder(rank, /*rowMajor=*/true));
  return fitTileToTensor(tile.transposeOuts(standard) * warps.transposeOuts(standard), shape);
}
