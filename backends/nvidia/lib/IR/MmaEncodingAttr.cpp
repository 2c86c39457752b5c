// #nvidia.mma, the accumulator of mma.sync and wgmma: its textual form, its verifiers, and its
// LinearLayouts and those of its dot operands. The construction follows Triton's
// (lib/Dialect/TritonGPU/IR/LinearLayoutConversions.cpp), so that a layout prints with the
// same bases in both compilers.

#include "nereid/Dialect/TritonGPU/IR/AttrParsing.h"
#include "nereid/Dialect/TritonGPU/IR/LayoutBuilders.h"
#include "nereid/Nvidia/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid;
using namespace mlir::nereid::nvidia;
using namespace mlir::nereid::ttg;
using namespace mlir::nereid::ttg::detail;

using LL = LinearLayout;

Attribute MmaEncodingAttr::parse(AsmParser &parser, Type) {
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
  return MmaEncodingAttr::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                     versionMajor, versionMinor, ArrayRef<unsigned>(warpsPerCTA),
                                     ArrayRef<unsigned>(instrShape));
}

void MmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor() << ", versionMinor = " << getVersionMinor()
          << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult MmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                      unsigned versionMajor, unsigned,
                                      ArrayRef<unsigned> warpsPerCTA,
                                      ArrayRef<unsigned> instrShape) {
  if (versionMajor != 2 && versionMajor != 3)
    return emitError() << "nvidia.mma encoding must have versionMajor 2 (mma.sync) or 3 "
                          "(wgmma); got "
                       << versionMajor;
  if (failed(verifyTensorCoreWarps(emitError, "nvidia.mma", warpsPerCTA,
                                   versionMajor == 2 ? 3 : 2)))
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
      return printShape(emitError() << "nvidia.mma encoding of version 2 must have instrShape "
                                       "[16, 8] ([1, 16, 8] with a batch dimension); got ");
    return success();
  }
  // wgmma.m64nNkK, of which each of the four warps of a warpgroup holds 16 rows.
  if (instrShape.size() != 3 || instrShape[0] != 16 || !llvm::isPowerOf2_32(instrShape[1]) ||
      instrShape[1] < 8 || instrShape[1] > 256 ||
      (instrShape[2] != 8 && instrShape[2] != 16 && instrShape[2] != 32))
    return printShape(emitError() << "nvidia.mma encoding of version 3 must have instrShape "
                                     "[16, N, K], N a power of two from 8 to 256 and K 8, 16 "
                                     "or 32; got ");
  if (warpsPerCTA[0] % 4 != 0)
    return emitError() << "nvidia.mma encoding of version 3 must have warpsPerCTA[0] a multiple "
                          "of 4 (a warpgroup spans 64 rows); got "
                       << warpsPerCTA[0];
  return success();
}

unsigned MmaEncodingAttr::getRank() const { return getWarpsPerCTA().size(); }

LogicalResult MmaEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                              function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}

LogicalResult
MmaEncodingAttr::verifyDotOperand(unsigned opIdx, unsigned,
                                  function_ref<InFlightDiagnostic()> emitError) const {
  if (getVersionMajor() == 3 && opIdx != 0)
    return emitError() << "dot_op encoding with a version 3 nvidia.mma parent must have opIdx 0: "
                          "wgmma reads B from shared memory";
  return success();
}

/// Triton's nvidiaMmaTile: one warp's tile of an mma.sync-style layout of `tileShape`. Along
/// the fastest dimension of `order` (inner) a lane holds `kWidth` consecutive elements in
/// registers and 4 lanes follow each other; along the next one (outer) 8 lanes follow each
/// other and registers repeat that m / 8 times; then registers repeat along inner to fill n.
/// The output dimensions are listed in `repOrder`, the order in which fitTileToTensor repeats
/// the tile.
static LL mmaTile(ArrayRef<unsigned> tileShape, unsigned kWidth, ArrayRef<unsigned> order,
                  ArrayRef<unsigned> repOrder) {
  SmallVector<unsigned> ones(repOrder.size(), 1);
  std::string inner = outDimName(order[0]), outer = outDimName(order[1]);
  int32_t m = tileShape[order[1]], n = tileShape[order[0]];
  return identityND(LL::kRegister, ones, repOrder) * LL::identity1D(kWidth, LL::kRegister, inner) *
         LL::identity1D(4, LL::kLane, inner) * LL::identity1D(8, LL::kLane, outer) *
         LL::identity1D(m / 8, LL::kRegister, outer) *
         LL::identity1D(n / (kWidth * 4), LL::kRegister, inner);
}

LL MmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  unsigned rank = shape.size();
  bool isHopper = getVersionMajor() == 3;
  // Version 3's instrShape is [M, N, K]: one warp's tile is M x N.
  SmallVector<unsigned> tileShape(getInstrShape());
  if (isHopper)
    tileShape.pop_back();
  SmallVector<unsigned> order = matrixOrder(rank, /*rowMajor=*/true);
  // The accumulator holds 2 consecutive elements of a row per register pair.
  LL tile = mmaTile(tileShape, /*kWidth=*/2, order, order) *
            identityND(LL::kWarp, getWarpsPerCTA(), matrixOrder(rank, /*rowMajor=*/!isHopper));
  return fitTileToTensor(tile, shape);
}

LL MmaEncodingAttr::getDotOperandLayout(unsigned opIdx, unsigned kWidth,
                                        ArrayRef<int64_t> shape) const {
  // The fragments of mma.sync (A 16 x 8 kWidth, B 8 kWidth x 8 per warp), the warps broadcast
  // along K; registers repeat along K first.
  unsigned rank = shape.size();
  bool isA = opIdx == 0;
  SmallVector<unsigned> tileShape(rank, 1);
  tileShape[rank - 2] = isA ? 16 : kWidth * 8;
  tileShape[rank - 1] = isA ? kWidth * 8 : 8;
  SmallVector<unsigned> order = dotOperandOrder(opIdx, rank);
  LL tile = mmaTile(tileShape, kWidth, order, order) *
            broadcastND(LL::kWarp, getWarpsPerCTA(),
                        matrixOrder(rank, /*rowMajor=*/getVersionMajor() == 2),
                        isA ? rank - 1 : rank - 2);
  return fitTileToTensor(tile, shape);
}
