#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::nereid::tt;

#define GET_TYPEDEF_CLASSES
#include "nereid/Dialect/Triton/IR/Types.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "nereid/Dialect/Triton/IR/Types.cpp.inc"
      >();
}

/// The default address space: global memory.
static constexpr int kGlobalAddressSpace = 1;

Type PointerType::parse(AsmParser &parser) {
  Type pointeeType;
  int addressSpace = kGlobalAddressSpace;
  if (parser.parseLess() || parser.parseType(pointeeType))
    return Type();
  if (succeeded(parser.parseOptionalComma()) && parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<PointerType>(parser.getContext(), pointeeType, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError, Type pointeeType,
                                  int addressSpace) {
  if (!pointeeType.isIntOrFloat() && !isa<PointerType>(pointeeType))
    return emitError() << "pointee type must be an integer, a float or a pointer; got "
                       << pointeeType;
  if (addressSpace < 0)
    return emitError() << "address space must be non-negative; got " << addressSpace;
  return success();
}

LogicalResult TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                     RankedTensorType blockType) {
  if (blockType.getRank() < 1 || blockType.getRank() > 5)
    return emitError() << "tensor descriptor block must have rank 1 to 5; got "
                       << blockType.getRank();
  if (!blockType.getElementType().isIntOrFloat())
    return emitError() << "tensor descriptor block must hold integers or floats; got "
                       << blockType.getElementType();
  return success();
}

namespace mlir::nereid::tt {

Type getPointeeType(Type type) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return tensorType.clone(getPointeeType(tensorType.getElementType()));
  if (auto pointerType = dyn_cast<PointerType>(type))
    return pointerType.getPointeeType();
  return type;
}

Type getI1SameShape(Type type) {
  return getSameShapeWithElement(type, IntegerType::get(type.getContext(), 1));
}

Type getSameShapeWithElement(Type type, Type elementType) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return tensorType.clone(elementType);
  return elementType;
}

} // namespace mlir::nereid::tt
