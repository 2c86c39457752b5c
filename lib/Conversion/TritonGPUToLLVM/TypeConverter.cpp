#include "nereid/Conversion/TritonGPUToLLVM/TypeConverter.h"

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"

namespace mlir::nereid {

TritonGPUToLLVMTypeConverter::TritonGPUToLLVMTypeConverter(MLIRContext *context,
                                                           unsigned globalAddressSpace,
                                                           unsigned sharedAddressSpace)
    : LLVMTypeConverter(context), globalAddressSpace(globalAddressSpace) {
  addConversion([context, sharedAddressSpace](ttg::MemDescType) -> Type {
    return LLVM::LLVMPointerType::get(context, sharedAddressSpace);
  });
  // A descriptor that is a kernel parameter is an object that the launcher passes (the NVIDIA
  // backend's tensor map), which the kernel reads through its generic address.
  addConversion(
      [context](tt::TensorDescType) -> Type { return LLVM::LLVMPointerType::get(context); });
  addConversion([this](tt::PointerType) -> Type {
    return LLVM::LLVMPointerType::get(&getContext(), this->globalAddressSpace);
  });
  addConversion([this](RankedTensorType type) -> std::optional<Type> {
    std::optional<LinearLayout> layout = ttg::toLinearLayout(type);
    if (!layout)
      return std::nullopt; // No layout: not a tensor a thread holds registers of.
    Type element = convertElementType(type.getElementType());
    if (!element)
      return std::nullopt;
    SmallVector<Type> members(layout->getInDimSize(LinearLayout::kRegister), element);
    return LLVM::LLVMStructType::getLiteral(&getContext(), members);
  });
}

Type TritonGPUToLLVMTypeConverter::convertElementType(Type elementType) const {
  if (isa<tt::PointerType>(elementType))
    return LLVM::LLVMPointerType::get(&getContext(), globalAddressSpace);
  return convertType(elementType);
}

} // namespace mlir::nereid
