#ifndef NEREID_DIALECT_TRITONGPU_IR_DIALECT_H
#define NEREID_DIALECT_TRITONGPU_IR_DIALECT_H

#include "nereid/Dialect/Triton/IR/Dialect.h"
#include "nereid/Tools/LinearLayout.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "nereid/Dialect/TritonGPU/IR/AttrInterfaces.h.inc"
#include "nereid/Dialect/TritonGPU/IR/Dialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "nereid/Dialect/TritonGPU/IR/Attrs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "nereid/Dialect/TritonGPU/IR/Types.h.inc"

namespace mlir::nereid::ttg {

/// The on-chip memory that the warps of a program share (NVIDIA shared memory, AMD LDS): the
/// resource of the memory effects of the local_* ops.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

/// The state of the caches, which ttg.prefetch changes: its write effect, on a resource of its
/// own, keeps the hint from being erased as dead without ordering it against any memory access.
struct CacheState : public SideEffects::Resource::Base<CacheState> {
  StringRef getName() final { return "<CacheState>"; }
};

} // namespace mlir::nereid::ttg

#define GET_OP_CLASSES
#include "nereid/Dialect/TritonGPU/IR/Ops.h.inc"

namespace mlir::nereid::ttg {

/// The LinearLayout of a tensor type's encoding, or std::nullopt if the type has no
/// distributed encoding. The type must have passed the encoding's verifier.
std::optional<LinearLayout> toLinearLayout(RankedTensorType type);

/// The LinearLayout of a shared-memory buffer: from its offsets to the tensor's indices.
LinearLayout toLinearLayout(MemDescType type);

/// The bytes of a shared-memory buffer of `type` (an i1 takes a byte).
int64_t getBufferBytes(MemDescType type);

} // namespace mlir::nereid::ttg

#endif // NEREID_DIALECT_TRITONGPU_IR_DIALECT_H
