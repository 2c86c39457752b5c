#ifndef NEREID_NVIDIA_LIB_MMALAYOUTS_H
#define NEREID_NVIDIA_LIB_MMALAYOUTS_H

#include "nereid/Dialect/Triton/IR/Dialect.h"

#include <string>

namespace mlir::nereid::nvidia {

/// Why the tensor cores of a GPU of `computeCapability` cannot compute `dot` with `mma.sync`
/// (nvidia-assign-mma-layouts leaves it in its blocked layout, and the NVIDIA lowering refuses
/// it with this reason), or an empty string when they can: a 2-D dot into f32 of f16 or bf16
/// operands, or of f32 ones in tf32 precision, on sm_80 or newer, M a multiple of 16, N of 8
/// and K of 16 (8 for tf32).
std::string whyNotMmaV2(tt::DotOp dot, unsigned computeCapability);

} // namespace mlir::nereid::nvidia

#endif // NEREID_NVIDIA_LIB_MMALAYOUTS_H
