#ifndef NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::nereid::ttg {

/// The declarations of the ttg passes (Passes.td).
#define GEN_PASS_DECL
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

/// registerTritonGPUPasses(): makes every ttg pass known to textual pipelines.
#define GEN_PASS_REGISTRATION
#include "nereid/Dialect/TritonGPU/Transforms/Passes.h.inc"

} // namespace mlir::nereid::ttg

#endif // NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
