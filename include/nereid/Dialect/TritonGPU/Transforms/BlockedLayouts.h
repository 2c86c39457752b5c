#ifndef NEREID_DIALECT_TRITONGPU_TRANSFORMS_BLOCKEDLAYOUTS_H
#define NEREID_DIALECT_TRITONGPU_TRANSFORMS_BLOCKEDLAYOUTS_H

#include "nereid/Dialect/TritonGPU/IR/Dialect.h"
#include "nereid/Target/TargetInfo.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>

namespace mlir::nereid::ttg {

/// The blocked layout that spreads `numLanes` lanes and `numWarps` warps over a tensor of
/// `shape` whose lanes hold `sizePerThread` elements each: dimension by dimension in `order`
/// (fastest first), each takes as many lanes, then warps, as its elements need, and the last
/// one takes what remains. This is Triton's BlockedEncodingAttr::get; `numLanes` and
/// `numWarps` are powers of two.
BlockedEncodingAttr getBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                                       ArrayRef<unsigned> sizePerThread,
                                       ArrayRef<unsigned> order, unsigned numLanes,
                                       unsigned numWarps);

/// The lanes that a blocked layout of a tensor of `numElements` elements uses on `target`: the
/// threads of a warp on a GPU; on a CPU the SIMD lanes of one vector register of
/// `elementType`, but no more than the tensor has elements, since a CPU gains nothing from
/// lanes that repeat an element.
unsigned getNumLanesFor(const TargetInfo &target, Type elementType, int64_t numElements);

/// Whether the layout of `type` has the lanes that the ttg verifier allows on `target`: exactly
/// the threads of a warp on a GPU, at most one vector of its elements (of their pointee, for
/// pointers) on a CPU. Passes that move a value to another layout check this first.
bool fitsTargetLanes(const TargetInfo &target, RankedTensorType type);

/// The TargetInfo that the module attribute `ttg.target` of `module` names; emits an error at
/// the module and fails when it is missing or unknown.
FailureOr<std::unique_ptr<TargetInfo>> getModuleTargetInfo(ModuleOp module);

/// The module attribute `ttg.num-warps` of `module`, 1 when it is absent.
unsigned getModuleNumWarps(ModuleOp module);

} // namespace mlir::nereid::ttg

#endif // NEREID_DIALECT_TRITONGPU_TRANSFORMS_BLOCKEDLAYOUTS_H
