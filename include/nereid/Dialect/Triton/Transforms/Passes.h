#ifndef NEREID_DIALECT_TRITON_TRANSFORMS_PASSES_H
#define NEREID_DIALECT_TRITON_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace mlir::nereid::tt {

/// The declarations of the target-independent tt passes (Passes.td).
#define GEN_PASS_DECL
#include "nereid/Dialect/Triton/Transforms/Passes.h.inc"

/// registerTritonPasses(): makes every tt pass known to textual pipelines.
#define GEN_PASS_REGISTRATION
#include "nereid/Dialect/Triton/Transforms/Passes.h.inc"

} // namespace mlir::nereid::tt

#endif // NEREID_DIALECT_TRITON_TRANSFORMS_PASSES_H
