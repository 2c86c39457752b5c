#ifndef NEREID_DIALECT_TRITON_TRANSFORMS_PIPELINE_H
#define NEREID_DIALECT_TRITON_TRANSFORMS_PIPELINE_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::nereid::tt {

/// tt IR as the frontend emits it to tt IR ready for layout assignment: inline (one kernel
/// function, its callees inlined), tt-lower-tensor-descriptors (the pointer fallback of
/// descriptors), canonicalize, cse and symbol-dce. A backend with a tensor copy engine adds,
/// with `addDescriptorPasses`, the passes that give the accesses its engine takes descriptors
/// that are kernel parameters (the NVIDIA backend's tensor maps), between the inliner and the
/// fallback, which then leaves those accesses to the backend.
void buildTritonPipeline(OpPassManager &pm,
                         llvm::function_ref<void(OpPassManager &)> addDescriptorPasses = {});

/// Registers buildTritonPipeline as `nereid-ttir-pipeline`.
void registerTritonPipeline();

} // namespace mlir::nereid::tt

#endif // NEREID_DIALECT_TRITON_TRANSFORMS_PIPELINE_H
