#ifndef NEREID_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H
#define NEREID_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

namespace mlir::nereid {

/// The types of a kernel as one GPU thread sees them: a tensor with a distributed layout becomes
/// an `!llvm.struct` of the elements the thread holds, one member per index of the layout's
/// `register` dimension (in that order); `!tt.ptr<T>` becomes an `!llvm.ptr` in global memory;
/// integers and floats are converted as LLVM's type converter converts them.
class TritonGPUToLLVMTypeConverter : public LLVMTypeConverter {
public:
  /// Pointers of tt are pointers of `globalAddressSpace`; a buffer in shared memory
  /// (`!ttg.memdesc`) is the address of its first byte, in `sharedAddressSpace`.
  TritonGPUToLLVMTypeConverter(MLIRContext *context, unsigned globalAddressSpace,
                               unsigned sharedAddressSpace);

  /// The LLVM type of one element of a tensor of `elementType`.
  Type convertElementType(Type elementType) const;

private:
  unsigned globalAddressSpace;
};

} // namespace mlir::nereid

#endif // NEREID_CONVERSION_TRITONGPUTOLLVM_TYPECONVERTER_H
