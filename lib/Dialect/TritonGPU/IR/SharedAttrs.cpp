// The shared-memory encodings of ttg (swizzled_shared, panel_shared): their textual form and
// their verifiers. Their conversion to LinearLayout lives in LinearLayoutConversions.cpp.

#include "nereid/Dialect/TritonGPU/IR/AttrParsing.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid::ttg;
using namespace mlir::nereid::ttg::detail;


//===----------------------------------------------------------------------===//
// SwizzledSharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  unsigned vec = 0, perPhase = 0, maxPhase = 0;
  SmallVector<unsigned> order;
  if (failed(checkKeys(parser, loc, dict, {"vec", "perPhase", "maxPhase", "order"})) ||
      failed(parseUnsigned(parser, loc, dict, "vec", vec)) ||
      failed(parseUnsigned(parser, loc, dict, "perPhase", perPhase)) ||
      failed(parseUnsigned(parser, loc, dict, "maxPhase", maxPhase)) ||
      failed(parseUnsignedArray(parser, loc, dict, "order", order)))
    return {};
  return SwizzledSharedEncodingAttr::getChecked([&] { return parser.emitError(loc); },
                                                parser.getContext(), vec, perPhase, maxPhase,
                                                ArrayRef<unsigned>(order));
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = ";
  printArray(printer, getOrder());
  printer << "}>";
}

LogicalResult SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                                 unsigned vec, unsigned perPhase, unsigned maxPhase,
                                                 ArrayRef<unsigned> order) {
  if (failed(verifyPowersOfTwo(emitError, "swizzled_shared", "vec, perPhase and maxPhase",
                               {vec, perPhase, maxPhase})))
    return failure();
  if (order.empty())
    return emitError() << "swizzled_shared encoding must have rank at least 1";
  SmallVector<bool> seen(order.size(), false);
  for (unsigned dim : order) {
    if (dim >= order.size() || seen[dim])
      return emitError() << "swizzled_shared encoding must have an order that is a permutation "
                            "of [0, "
                         << order.size() << ")";
    seen[dim] = true;
  }
  return success();
}

LogicalResult
SwizzledSharedEncodingAttr::verifyMemDesc(ArrayRef<int64_t> shape, Type,
                                          function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != getOrder().size())
    return emitError() << "swizzled_shared encoding of rank " << getOrder().size()
                       << " on a memdesc of rank " << shape.size();
  return success();
}

SharedEncodingAttrInterface SwizzledSharedEncodingAttr::getStackEncoding(unsigned rank) const {
  // The stack's dimension is the slowest.
  SmallVector<unsigned> order(getOrder());
  order.push_back(rank);
  return SwizzledSharedEncodingAttr::get(getContext(), getVec(), getPerPhase(), getMaxPhase(),
                                         order);
}

LogicalResult
SwizzledSharedEncodingAttr::verifyEncoding(ArrayRef<int64_t>, Type,
                                           function_ref<InFlightDiagnostic()> emitError) const {
  return rejectTensor(*this, emitError);
}

//===----------------------------------------------------------------------===//
// PanelSharedEncodingAttr
//===----------------------------------------------------------------------===//

Attribute PanelSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  unsigned width = 0, rows = 0;
  if (failed(checkKeys(parser, loc, dict, {"width", "rows"})) ||
      failed(parseUnsigned(parser, loc, dict, "width", width)) ||
      failed(parseUnsigned(parser, loc, dict, "rows", rows)))
    return {};
  return PanelSharedEncodingAttr::getChecked([&] { return parser.emitError(loc); },
                                             parser.getContext(), width, rows);
}

void PanelSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{width = " << getWidth() << ", rows = " << getRows() << "}>";
}

LogicalResult PanelSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                              unsigned width, unsigned rows) {
  return verifyPowersOfTwo(emitError, "panel_shared", "width and rows", {width, rows});
}

LogicalResult
PanelSharedEncodingAttr::verifyMemDesc(ArrayRef<int64_t> shape, Type,
                                       function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() != 1 && shape.size() != 2)
    return emitError() << "panel_shared encoding lays out a matrix or one of its rows; got a "
                          "memdesc of rank "
                       << shape.size();
  if (shape.size() == 2 && shape[0] != getRows())
    return emitError() << "panel_shared encoding of " << getRows() << " rows on a memdesc of "
                       << shape[0];
  if (shape.back() % getWidth() != 0)
    return emitError() << "panel_shared encoding of width " << getWidth() << " on "
                       << shape.back() << " columns, not a multiple of it";
  return success();
}

LogicalResult
PanelSharedEncodingAttr::verifyEncoding(ArrayRef<int64_t>, Type,
                                        function_ref<InFlightDiagnostic()> emitError) const {
  return rejectTensor(*this, emitError);
}
