// Tensor descriptors: tt.make_tensor_descriptor, tt.descriptor_load, tt.descriptor_store. A
// block element outside the descriptor's shape reads as zero and is not written; one inside it
// is checked against the buffer of the descriptor's base pointer like any other access.

#include "Executor.h"
#include "Handlers.h"
#include "MemoryAccess.h"

namespace mlir::nereid::interpreter {
namespace {

LogicalResult executeMakeTensorDescriptor(Operation *op, Frame &frame) {
  auto make = cast<tt::MakeTensorDescOp>(op);
  TensorDescriptor descriptor;
  descriptor.base = frame.get(make.getBase()).getPointer(0);
  for (Value size : make.getShape())
    descriptor.shape.push_back(frame.get(size).getSigned(0));
  for (Value stride : make.getStrides())
    descriptor.strides.push_back(frame.get(stride).getSigned(0));
  frame.set(make.getResult(), Tensor::descriptor(std::move(descriptor)));
  return success();
}

/// The pointer to each element of a block at `indices`, or nothing where the element lies
/// outside the descriptor's shape.
struct BlockAccess {
  SmallVector<std::optional<Pointer>> pointers;
};

BlockAccess locateBlock(const TensorDescriptor &descriptor, ArrayRef<int64_t> blockShape,
                        ArrayRef<int64_t> indices, unsigned elementSize) {
  BlockAccess access;
  int64_t count = getNumElements(blockShape);
  access.pointers.reserve(count);
  SmallVector<int64_t, 4> position(blockShape.size(), 0);
  for (int64_t i = 0; i < count; ++i) {
    bool inside = true;
    int64_t offset = 0;
    for (size_t d = 0; d < blockShape.size(); ++d) {
      int64_t coordinate = indices[d] + position[d];
      inside &= coordinate >= 0 && coordinate < descriptor.shape[d];
      offset += coordinate * descriptor.strides[d];
    }
    if (inside)
      access.pointers.push_back(Pointer{descriptor.base.address + uint64_t(offset) * elementSize,
                                        descriptor.base.buffer});
    else
      access.pointers.push_back(std::nullopt);
    for (int64_t d = int64_t(blockShape.size()) - 1; d >= 0; --d) {
      if (++position[d] < blockShape[d])
        break;
      position[d] = 0;
    }
  }
  return access;
}

SmallVector<int64_t, 4> readIndices(Frame &frame, ValueRange values) {
  SmallVector<int64_t, 4> indices;
  for (Value value : values)
    indices.push_back(frame.get(value).getSigned(0));
  return indices;
}

LogicalResult executeDescriptorLoad(Operation *op, Frame &frame) {
  auto load = cast<tt::DescriptorLoadOp>(op);
  const TensorDescriptor &descriptor = *frame.get(load.getDesc()).getDescriptor();
  auto blockType = cast<RankedTensorType>(load.getType());
  MemoryElement element = *getMemoryElement(blockType.getElementType());
  BlockAccess access = locateBlock(descriptor, blockType.getShape(),
                                   readIndices(frame, load.getIndices()), element.size);
  Tensor result = Tensor::zeros(element.kind, blockType.getShape());
  for (auto [i, pointer] : llvm::enumerate(access.pointers)) {
    if (!pointer)
      continue;
    if (failed(checkAccess(op, frame, "tt.descriptor_load", "reads", *pointer, element.size,
                           blockType.getShape(), i)))
      return failure();
    readElement(frame.state.launch, reinterpret_cast<const uint8_t *>(pointer->address), element,
                result, i);
  }
  frame.set(load.getResult(), std::move(result));
  return success();
}

LogicalResult executeDescriptorStore(Operation *op, Frame &frame) {
  auto store = cast<tt::DescriptorStoreOp>(op);
  const TensorDescriptor &descriptor = *frame.get(store.getDesc()).getDescriptor();
  const Tensor &values = frame.get(store.getSrc());
  auto blockType = cast<RankedTensorType>(store.getSrc().getType());
  MemoryElement element = *getMemoryElement(blockType.getElementType());
  BlockAccess access = locateBlock(descriptor, blockType.getShape(),
                                   readIndices(frame, store.getIndices()), element.size);
  for (auto [i, pointer] : llvm::enumerate(access.pointers))
    if (pointer && failed(checkAccess(op, frame, "tt.descriptor_store", "writes", *pointer,
                                      element.size, blockType.getShape(), i)))
      return failure();
  for (auto [i, pointer] : llvm::enumerate(access.pointers))
    if (pointer)
      writeElement(reinterpret_cast<uint8_t *>(pointer->address), element, values, i);
  return success();
}

} // namespace

void registerDescriptorHandlers(HandlerTable &table) {
  table.add<tt::MakeTensorDescOp>(executeMakeTensorDescriptor);
  table.add<tt::DescriptorLoadOp>(executeDescriptorLoad);
  table.add<tt::DescriptorStoreOp>(executeDescriptorStore);
}

} // namespace mlir::nereid::interpreter
