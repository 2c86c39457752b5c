// The ttg types: !ttg.memdesc, a buffer in shared memory.

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::nereid::ttg;

#define GET_TYPEDEF_CLASSES
#include "nereid/Dialect/TritonGPU/IR/Types.cpp.inc"

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "nereid/Dialect/TritonGPU/IR/Types.cpp.inc"
      >();
}

Type MemDescType::parse(AsmParser &parser) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false, /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() || parser.parseAttribute(encoding))
    return {};
  bool mutableMemory = succeeded(parser.parseOptionalComma());
  if (mutableMemory && parser.parseKeyword("mutable"))
    return {};
  if (parser.parseGreater())
    return {};
  auto shared = dyn_cast<SharedEncodingAttrInterface>(encoding);
  if (!shared) {
    parser.emitError(loc) << "expects a shared encoding such as #ttg.swizzled_shared; got "
                          << encoding;
    return {};
  }
  return MemDescType::getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                                 ArrayRef<int64_t>(shape), elementType, shared, mutableMemory);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t size : getShape())
    printer << size << "x";
  printer << getElementType() << ", ";
  printer.printAttribute(getEncoding());
  if (getMutableMemory())
    printer << ", mutable";
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  SharedEncodingAttrInterface encoding, bool) {
  if (shape.empty())
    return emitError() << "memdesc must have rank at least 1";
  // The leading dimension of a stack of slices (getStackEncoding) may have any size.
  int64_t elementsLog2 = 0;
  for (auto [dim, size] : llvm::enumerate(shape)) {
    bool stack = dim == 0 && shape.size() > 1;
    if (size <= 0 || (!stack && !llvm::isPowerOf2_64(size)))
      return emitError() << "memdesc must have a static shape of powers of two (but for the "
                            "leading dimension of a stack of slices)";
    elementsLog2 += llvm::Log2_64_Ceil(size);
  }
  // The offsets are one dimension of a LinearLayout.
  if (elementsLog2 > nereid::LinearLayout::kMaxDimSizeLog2)
    return emitError() << "memdesc must have at most 2^" << nereid::LinearLayout::kMaxDimSizeLog2
                       << " elements";
  if (!elementType.isIntOrFloat())
    return emitError() << "memdesc must have an integer or floating-point element type; got "
                       << elementType;
  return encoding.verifyMemDesc(shape, elementType, emitError);
}

int64_t mlir::nereid::ttg::getBufferBytes(MemDescType type) {
  int64_t bytes = std::max(1u, type.getElementType().getIntOrFloatBitWidth() / 8);
  for (int64_t size : type.getShape())
    bytes *= size;
  return bytes;
}
