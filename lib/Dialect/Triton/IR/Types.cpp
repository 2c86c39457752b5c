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
  if (!isScalarElementType(pointeeType) && !isa<PointerType>(pointeeType))
    return emitError() << "pointee type must be a Triton scalar (i1 to i64, a float type of "
                          "Triton) or a pointer; got "
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
  if (!hasPositiveStaticShape(blockType))
    return emitError() << "tensor descriptor block must have a static, non-empty shape; got "
                       << blockType;
  if (!isScalarElementType(blockType.getElementType()))
    return emitError() << "tensor descriptor block must hold Triton integers or floats; got "
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

bool isScalarElementType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() && llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth());
  return isa<Float8E4M3FNType, Float8E5M2Type, Float8E4M3FNUZType, Float8E5M2FNUZType,
             Float8E4M3B11FNUZType, Float16Type, BFloat16Type, Float32Type, Float64Type>(type);
}

bool hasPositiveStaticShape(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  return tensorType && tensorType.getRank() >= 1 && llvm::all_of(tensorType.getShape(), [](int64_t dim) {
           return !ShapedType::isDynamic(dim) && dim >= 1;
         });
}

Type getSameShapeWithElement(Type type, Type elementType) {
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return tensorType.clone(elementType);
  return elementType;
}

} // namespace mlir::nereid::tt
