#ifndef NEREID_NVIDIA_LIB_DOTOPTOWGMMA_H
#define NEREID_NVIDIA_LIB_DOTOPTOWGMMA_H

#include "nereid/Conversion/TritonGPUToLLVM/Patterns.h"
#include "nereid/Nvidia/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::nereid::nvidia {

/// nvidia.warpgroup_dot to `wgmma.mma_async` m64nNkK (sm_90a): per warpgroup, one
/// instruction per 64 x N block of its result and per 32 bytes along K, A and B read through
/// shared-memory matrix descriptors of their #nvidia.mma_shared buffers, then one wait.
void populateDotOpToWgmmaPatterns(const LLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns, const GpuLoweringInfo &info);

/// Why the NVIDIA backend cannot lower `dot` on a GPU of `computeCapability`, or an empty
/// string when it can.
std::string whyWarpgroupDotNotLowered(WarpgroupDotOp dot, unsigned computeCapability);

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_DOTOPTOWGMMA_H
