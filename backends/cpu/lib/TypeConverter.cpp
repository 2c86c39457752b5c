#include "nereid/CPU/TypeConverter.h"

#include "nereid/Dialect/Triton/IR/Types.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::nereid::cpu {

static Type convertElementType(Type type) {
  if (isa<tt::PointerType>(type))
    return LLVM::LLVMPointerType::get(type.getContext());
  return type;
}

CpuTypeConverter::CpuTypeConverter(MLIRContext *context) {
  addConversion([](Type type) -> std::optional<Type> {
    if (isa<tt::PointerType>(type))
      return convertElementType(type);
    if (isa<RankedTensorType, tt::TensorDescType>(type))
      return std::nullopt;
    return type;
  });
  addConversion([](RankedTensorType type) -> Type {
    return VectorType::get(type.getShape(), convertElementType(type.getElementType()));
  });
  auto castMaterialization = [](OpBuilder &builder, Type type, ValueRange inputs,
                                Location loc) -> Value {
    return UnrealizedConversionCastOp::create(builder, loc, type, inputs).getResult(0);
  };
  addSourceMaterialization(castMaterialization);
  addTargetMaterialization(castMaterialization);
}

Type getMemoryElementType(Type elementType) {
  if (elementType.isInteger(1))
    return IntegerType::get(elementType.getContext(), 8);
  return elementType;
}

} // namespace mlir::nereid::cpu
