// Builders of blocked layouts from a shape and a target, shared by layout assignment
// (convert-tt-to-ttg) and coalescing.

#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace mlir::nereid::ttg {

BlockedEncodingAttr getBlockedEncoding(MLIRContext *context, ArrayRef<int64_t> shape,
                                       ArrayRef<unsigned> sizePerThread,
                                       ArrayRef<unsigned> order, unsigned numLanes,
                                       unsigned numWarps) {
  unsigned rank = shape.size();
  SmallVector<unsigned> threadsPerWarp(rank, 1), warpsPerCTA(rank, 1);
  unsigned remainingLanes = numLanes, remainingWarps = numWarps;
  unsigned remainingThreads = numLanes * numWarps;
  unsigned usedLanes = 1, usedWarps = 1;
  for (unsigned d = 0; d + 1 < rank; ++d) {
    unsigned dim = order[d];
    unsigned elementsPerLane = std::max<int64_t>(1, shape[dim] / sizePerThread[dim]);
    unsigned threads = std::clamp<unsigned>(remainingThreads, 1, elementsPerLane);
    threadsPerWarp[dim] = std::clamp<unsigned>(threads, 1, remainingLanes);
    warpsPerCTA[dim] = std::clamp<unsigned>(threads / threadsPerWarp[dim], 1, remainingWarps);
    remainingLanes /= threadsPerWarp[dim];
    remainingWarps /= warpsPerCTA[dim];
    remainingThreads /= threads;
    usedLanes *= threadsPerWarp[dim];
    usedWarps *= warpsPerCTA[dim];
  }
  // The slowest dimension takes the lanes and warps that remain.
  threadsPerWarp[order[rank - 1]] = numLanes / usedLanes;
  warpsPerCTA[order[rank - 1]] = numWarps / usedWarps;
  return BlockedEncodingAttr::get(context, sizePerThread, threadsPerWarp, warpsPerCTA, order);
}

unsigned getNumLanesFor(const TargetInfo &target, Type elementType, int64_t numElements) {
  unsigned lanes = target.getNumLanes(elementType);
  if (target.getLaneModel() != LaneModel::VectorElement)
    return lanes;
  return std::max<unsigned>(1, std::min<uint64_t>(lanes, llvm::PowerOf2Ceil(numElements)));
}

bool fitsTargetLanes(const TargetInfo &target, RankedTensorType type) {
  std::optional<LinearLayout> layout = toLinearLayout(type);
  if (!layout)
    return true;
  int64_t lanes = layout->getInDimSize(LinearLayout::kLane);
  int64_t targetLanes = target.getNumLanes(tt::getPointeeType(type.getElementType()));
  return target.getLaneModel() == LaneModel::VectorElement ? lanes <= targetLanes
                                                           : lanes == targetLanes;
}

FailureOr<std::unique_ptr<TargetInfo>> getModuleTargetInfo(ModuleOp module) {
  auto target = module->getAttrOfType<StringAttr>(TritonGPUDialect::kTargetAttrName);
  if (!target)
    return module.emitError() << "expects the module attribute '"
                              << TritonGPUDialect::kTargetAttrName
                              << "' that names the target; run convert-tt-to-ttg first";
  llvm::Expected<std::unique_ptr<TargetInfo>> info = createTargetInfo(target.getValue());
  if (!info)
    return module.emitError() << llvm::toString(info.takeError());
  return std::move(*info);
}

unsigned getModuleNumWarps(ModuleOp module) {
  if (auto numWarps = module->getAttrOfType<IntegerAttr>(TritonGPUDialect::kNumWarpsAttrName))
    return numWarps.getInt();
  return 1;
}

} // namespace mlir::nereid::ttg
