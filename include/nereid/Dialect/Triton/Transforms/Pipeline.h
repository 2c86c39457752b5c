#ifndef NEREID_DIALECT_TRITON_TRANSFORMS_PIPELINE_H
#define NEREID_DIALECT_TRITON_TRANSFORMS_PIPELINE_H

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::nereid::tt {

/// tt IR as the frontend emits it to tt IR ready for layout assignment, the same for every
/// backend: inline (one kernel function, its callees inlined), tt-lower-tensor-descriptors
/// (the pointer fallback of descriptors, which a backend with a copy engine would run only for
/// the accesses its engine cannot take), canonicalize, cse and symbol-dce.
void buildTritonPipeline(OpPassManager &pm);

/// Registers buildTritonPipeline as `nereid-ttir-pipeline`.
void registerTritonPipeline();

} // namespace mlir::nereid::tt

#endif // NEREID_DIALECT_TRITON_TRANSFORMS_PIPELINE_H
