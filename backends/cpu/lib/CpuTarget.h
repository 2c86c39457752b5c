#ifndef NEREID_CPU_LIB_CPUTARGET_H
#define NEREID_CPU_LIB_CPUTARGET_H

#include "nereid/CPU/CpuTargetInfo.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <memory>

namespace mlir::nereid::cpu {

/// The CPU that a CPU pass compiles `module` for: the pass's `target` option when it is set
/// ("cpu:x86_64:avx2"), else the module's `ttg.target`. When neither names a target, or it is
/// not a CPU, reports it at the module on behalf of `passName` and fails.
FailureOr<std::unique_ptr<CpuTargetInfo>> getCpuTarget(ModuleOp module, StringRef targetOption,
                                                       StringRef passName);

/// The chunk width of `cpu`: how many elements of a tile row one vector op handles, the f32
/// lanes of its vector registers, for every element type.
int64_t getChunkWidth(const CpuTargetInfo &cpu);

} // namespace mlir::nereid::cpu

#endif // NEREID_CPU_LIB_CPUTARGET_H
