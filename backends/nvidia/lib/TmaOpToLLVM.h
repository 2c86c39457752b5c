#ifndef NEREID_NVIDIA_LIB_TMAOPTOLLVM_H
#define NEREID_NVIDIA_LIB_TMAOPTOLLVM_H

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::nereid::nvidia {

/// nvidia.init_barrier, tma_load, wait_barrier and inval_barrier to inline PTX (sm_90):
/// `mbarrier.init`, `mbarrier.arrive.expect_tx` and `cp.async.bulk.tensor` from thread 0, a
/// `mbarrier.try_wait.parity` loop in every thread, `mbarrier.inval`.
void populateTmaOpToLLVMPatterns(const LLVMTypeConverter &typeConverter,
                                 RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// Gives `func`'s tensor map parameters (those with the `nvidia.tensor_map` attribute) the
/// kernel ABI's way to pass them: 128 bytes by value, 64-byte aligned, in the parameter space
/// whose generic address the copies take (`nvvm.grid_constant`).
void markTensorMapParameters(LLVM::LLVMFuncOp func);

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_TMAOPTOLLVM_H
