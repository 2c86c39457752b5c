#include "nereid/CPU/TypeConverter.h"

#include "nereid/Dialect/Triton/IR/Types.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

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
    if (isa<RankedTensorType, tt::TensorDescType, ttg::MemDescType>(type))
      return std::nullopt;
    return type;
  });
  addConversion([](RankedTensorType type) -> Type {
    return VectorType::get(type.getShape(), convertElementType(type.getElementType()));
  });
  // A local-memory buffer (of numbers) is a row-major memref (LocalMemoryOpToVector.cpp),
  // which may be a slice of a larger one: its offset is dynamic. A matrix in panels
  // (#ttg.panel_shared) is a [rows, panels, width] memref whose panels are rows * width
  // elements apart, and a row of it the [panels, width] slice.
  addConversion([](ttg::MemDescType type) -> Type {
    MLIRContext *context = type.getContext();
    if (auto panels = dyn_cast<ttg::PanelSharedEncodingAttr>(type.getEncoding())) {
      int64_t width = panels.getWidth(), panelStride = int64_t(panels.getRows()) * width;
      SmallVector<int64_t> shape{type.getShape().back() / width, width};
      SmallVector<int64_t> strides{panelStride, 1};
      if (type.getRank() == 2) {
        shape.insert(shape.begin(), type.getDimSize(0));
        strides.insert(strides.begin(), width);
      }
      return MemRefType::get(shape, type.getElementType(),
                             StridedLayoutAttr::get(context, ShapedType::kDynamic, strides));
    }
    SmallVector<int64_t> strides(type.getRank(), 1);
    for (int64_t dim = type.getRank() - 1; dim > 0; --dim)
      strides[dim - 1] = strides[dim] * type.getShape()[dim];
    return MemRefType::get(type.getShape(), type.getElementType(),
                           StridedLayoutAttr::get(context, ShapedType::kDynamic, strides));
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
  auto floatType = dyn_cast<FloatType>(elementType);
  if (floatType && !(floatType.isF16() || floatType.isF32() || floatType.isF64()))
    return IntegerType::get(elementType.getContext(), floatType.getWidth());
  return elementType;
}

Value toMemoryType(OpBuilder &builder, Location loc, Value value, Type memoryType) {
  if (value.getType() == memoryType)
    return value;
  if (getElementTypeOrSelf(value.getType()).isInteger(1))
    return arith::ExtUIOp::create(builder, loc, memoryType, value);
  return arith::BitcastOp::create(builder, loc, memoryType, value);
}

Value fromMemoryType(OpBuilder &builder, Location loc, Value value, Type registerType) {
  if (value.getType() == registerType)
    return value;
  if (getElementTypeOrSelf(registerType).isInteger(1)) {
    Value zero = arith::ConstantOp::create(builder, loc, builder.getZeroAttr(value.getType()));
    return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value, zero);
  }
  return arith::BitcastOp::create(builder, loc, registerType, value);
}

} // namespace mlir::nereid::cpu
