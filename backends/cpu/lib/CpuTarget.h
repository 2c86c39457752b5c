#ifndef NEREID_CPU_LIB_CPUTARGET_H
#define NEREID_CPU_LIB_CPUTARGET_H

#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <memory>

namespace mlir::nereid::cpu {

/// The CPU that a pass's `target` option names ("cpu:x86_64:avx2"). When the string names no
/// target, or one that is not a CPU, reports it at `op` on behalf of `passName` and fails.
FailureOr<std::unique_ptr<CpuTargetInfo>> parseCpuTarget(Operation *op, StringRef target,
                                                         StringRef passName);

/// The chunk width of `cpu`: how many elements of a tile row one vector op handles, the f32
/// lanes of its vector registers, for every element type.
int64_t getChunkWidth(const CpuTargetInfo &cpu);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_CPUTARGET_H
