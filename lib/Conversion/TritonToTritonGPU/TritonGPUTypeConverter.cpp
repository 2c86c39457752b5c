#include "TritonGPUTypeConverter.h"

#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>

namespace mlir::nereid {

/// A ttg.convert_layout of the single tensor in `inputs` to `type`, or null when the
/// conversion is not between tensors.
static Value materializeLayoutConversion(OpBuilder &builder, Type type, ValueRange inputs,
                                         Location loc) {
  if (inputs.size() != 1 || !isa<RankedTensorType>(type) ||
      !isa<RankedTensorType>(inputs.front().getType()))
    return {};
  return ttg::ConvertLayoutOp::create(builder, loc, type, inputs.front());
}

TritonGPUTypeConverter::TritonGPUTypeConverter(MLIRContext *context, const TargetInfo &target,
                                               unsigned numWarps, Type cpuLaneType)
    : context(context), target(target), numWarps(numWarps), cpuLaneType(cpuLaneType) {
  addConversion([](Type type) { return type; });
  addConversion([this](RankedTensorType type) -> Type {
    if (type.getEncoding())
      return type;
    return type.cloneWithEncoding(getDefaultEncoding(type.getShape()));
  });
  addTargetMaterialization(materializeLayoutConversion);
  addSourceMaterialization(materializeLayoutConversion);
}

ttg::BlockedEncodingAttr
TritonGPUTypeConverter::getDefaultEncoding(ArrayRef<int64_t> shape) const {
  unsigned rank = shape.size();
  SmallVector<unsigned> sizePerThread(rank, 1);
  SmallVector<unsigned> order = llvm::to_vector(llvm::reverse(llvm::seq<unsigned>(0, rank)));
  // Saturating: only whether it exceeds the lanes matters, and a tensor too large for a layout
  // (which the pass then rejects) may have more than 2^63 elements.
  uint64_t numElements = 1;
  for (int64_t size : shape)
    numElements = llvm::SaturatingMultiply(numElements, static_cast<uint64_t>(size));
  unsigned numLanes = ttg::getNumLanesFor(
      target, cpuLaneType,
      static_cast<int64_t>(std::min<uint64_t>(numElements, std::numeric_limits<int64_t>::max())));
  return ttg::getBlockedEncoding(context, shape, sizePerThread, order, numLanes, numWarps);
}

} // namespace mlir::nereid
