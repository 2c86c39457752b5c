// tt.load and tt.store. Masked-out elements touch no memory: a load gives `other` there (zero
// without it), a store leaves memory alone. Every masked-in element is checked first.

#include "Executor.h"
#include "Handlers.h"
#include "MemoryAccess.h"

namespace mlir::nereid::interpreter {
namespace {

bool isMaskedIn(const Tensor *mask, int64_t index) {
  return !mask || mask->getBits(mask->isScalar() ? 0 : index) != 0;
}

LogicalResult executeLoad(Operation *op, Frame &frame) {
  auto load = cast<tt::LoadOp>(op);
  const Tensor &pointers = frame.get(load.getPtr());
  const Tensor *mask = load.getMask() ? &frame.get(load.getMask()) : nullptr;
  const Tensor *other = load.getOther() ? &frame.get(load.getOther()) : nullptr;
  MemoryElement element = getPointeeElement(load.getPtr().getType());
  Tensor result = Tensor::zeros(element.kind, pointers.shape());
  size_t size = getStorageSize(element.kind);
  for (int64_t i = 0, e = result.numElements(); i < e; ++i) {
    if (!isMaskedIn(mask, i)) {
      if (other)
        std::memcpy(result.mutableBytes() + i * size,
                    other->bytes() + (other->isScalar() ? 0 : i) * size, size);
      continue;
    }
    Pointer pointer = pointers.getPointer(i);
    if (failed(
            checkAccess(op, frame, "tt.load", "reads", pointer, element.size, pointers.shape(), i)))
      return failure();
    readElement(frame.state.launch, reinterpret_cast<const uint8_t *>(pointer.address), element,
                result, i);
  }
  frame.set(load.getResult(), std::move(result));
  return success();
}

LogicalResult executeStore(Operation *op, Frame &frame) {
  auto store = cast<tt::StoreOp>(op);
  const Tensor &pointers = frame.get(store.getPtr());
  const Tensor &values = frame.get(store.getValue());
  const Tensor *mask = store.getMask() ? &frame.get(store.getMask()) : nullptr;
  MemoryElement element = getPointeeElement(store.getPtr().getType());
  // Check every element before writing any, so that a failing store changes nothing.
  for (int64_t i = 0, e = pointers.numElements(); i < e; ++i)
    if (isMaskedIn(mask, i) &&
        failed(checkAccess(op, frame, "tt.store", "writes", pointers.getPointer(i), element.size,
                           pointers.shape(), i)))
      return failure();
  for (int64_t i = 0, e = pointers.numElements(); i < e; ++i)
    if (isMaskedIn(mask, i))
      writeElement(reinterpret_cast<uint8_t *>(pointers.getPointer(i).address), element, values, i);
  return success();
}

} // namespace

void registerMemoryHandlers(HandlerTable &table) {
  table.add<tt::LoadOp>(executeLoad);
  table.add<tt::StoreOp>(executeStore);
}

} // namespace mlir::nereid::interpreter
