#ifndef NEREID_NVIDIA_LIB_MATHOPTOLLVM_H
#define NEREID_NVIDIA_LIB_MATHOPTOLLVM_H

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::nereid::nvidia {

/// Scalar math ops to LLVM for NVIDIA GPUs: libdevice's `__nv_*` functions for what PTX has no
/// instruction for (f16 and bf16 through f32), f32 exp as `ex2.approx.f32` of x * log2(e) as
/// upstream Triton does, and scalar tt.extern_elementwise ops as calls of the function they
/// name. The ops with a native instruction (abs, sqrt, fma, floor, ceil, copysign, trunc, the
/// bit counts) are left to MLIR's math-to-LLVM patterns. Tensor ops come split into scalar
/// ones by the shared elementwise pattern.
void populateMathOpToLLVMPatterns(const LLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns);

/// The math ops that populateMathOpToLLVMPatterns and MLIR's math-to-LLVM patterns lower to
/// something NVPTX can select; any other math op (math.ipowi) is refused before conversion.
llvm::DenseSet<OperationName> getLoweredMathOps(MLIRContext *context);

/// Whether `symbol`, the function a tt.extern_elementwise calls, is libdevice's (`__nv_*`),
/// the one library that NVIDIA kernels link.
bool isLibdeviceFunction(StringRef symbol);

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_MATHOPTOLLVM_H
