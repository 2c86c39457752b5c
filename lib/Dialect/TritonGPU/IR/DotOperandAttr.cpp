// The dot-operand encoding: its textual form and its verifier. Its conversion to LinearLayout
// lives in LinearLayoutConversions.cpp; a tensor-core parent's operand layouts are the
// backend's (TensorCoreEncodingAttrInterface).

#include "nereid/Dialect/TritonGPU/IR/AttrParsing.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid::ttg;
using namespace mlir::nereid::ttg::detail;

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
    parser.emitError(loc) << "expects 'parent', a distributed encoding such as #ttg.blocked";
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
  auto tensorCore = dyn_cast<TensorCoreEncodingAttrInterface>(parent);
  if (!isa<BlockedEncodingAttr>(parent) && !tensorCore)
    return emitError() << "dot_op encoding must have a blocked or tensor-core parent";
  if (parent.getRank() != 2 && parent.getRank() != 3)
    return emitError() << "dot_op encoding must have a parent of rank 2 or 3; got "
                       << parent.getRank();
  if (!tensorCore) {
    if (kWidth != 0)
      return emitError() << "dot_op encoding with a blocked parent must not have kWidth";
    return success();
  }
  if (!llvm::isPowerOf2_32(kWidth) || kWidth > kMaxDotOperandKWidth)
    return emitError() << "dot_op encoding with a tensor-core parent must have kWidth, a power "
                          "of two from 1 to "
                       << kMaxDotOperandKWidth << "; got " << kWidth;
  return tensorCore.verifyDotOperand(opIdx, kWidth, emitError);
}

unsigned DotOperandEncodingAttr::getRank() const { return getParent().getRank(); }

LogicalResult
DotOperandEncodingAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                                       function_ref<InFlightDiagnostic()> emitError) const {
  return verifyDistributedTensor(*this, shape, emitError);
}
