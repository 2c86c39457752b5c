#ifndef NEREID_NVIDIA_LIB_DOTOPTOMMAV2_H
#define NEREID_NVIDIA_LIB_DOTOPTOMMAV2_H

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/IR/PatternMatch.h"

#include <string>

namespace mlir::nereid::nvidia {

/// tt.dot in the layouts of nvidia-assign-mma-layouts (an #nvidia.mma result of version 2,
/// operands in #ttg.dot_op layouts of it) to `nvvm.mma.sync` m16n8k16 (f16, bf16) or m16n8k8
/// (f32 operands rounded to tf32) with an f32 accumulator: one instruction per 16x8 tile of a
/// warp's result and per 16 (8) along K.
void populateDotOpToMmaV2Patterns(const LLVMTypeConverter &typeConverter,
                                  RewritePatternSet &patterns);

/// Why the NVIDIA backend cannot lower `dot` on a GPU of `computeCapability`, or an empty
/// string when it can: a dot left in a blocked layout by nvidia-assign-mma-layouts goes to
/// multiply-adds (whyFmaDotNotLowered), one in an #nvidia.mma layout to mma.sync.
std::string whyDotNotLowered(tt::DotOp dot, unsigned computeCapability);

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_DOTOPTOMMAV2_H
