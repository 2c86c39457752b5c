#include "TritonGPUTypeConverter.h"

#include "nereid/Dialect/TritonGPU/Transforms/BlockedLayouts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

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
  int64_t numElements = 1;
  for (int64_t size : shape)
    numElements *= size;
  unsigned numLanes = ttg::getNumLanesFor(target, cpuLaneType, numElements);
  return ttg::getBlockedEncoding(context, shape, sizePerThread, order, numLanes, numWarps);
}

} // namespace mlir::nereid
