// tt.load and tt.store. Masked-out elements touch no memory: a load gives `other` there (zero
// without it), a store leaves memory alone. Every masked-in element is checked first.

#include "Executor.h"
#include "Handlers.h"
#include "MemoryAccess.h"

namespace mlir::nereid::interpreter {
namespace {

/// The mask of a memory op, read as bytes (an i1 tensor holds one byte per element); a scalar
/// mask applies to every element.
struct MaskView {
  const uint8_t *bits = nullptr;
  bool isScalar = false;

  explicit MaskView(const Tensor *mask) {
    if (mask) {
      bits = mask->data<uint8_t>();
      isScalar = mask->isScalar();
    }
  }
  bool isMaskedIn(int64_t index) const { return !bits || bits[isScalar ? 0 : index] != 0; }
};

/// Whether elements of `element` move as plain bits (not i1, which is normalized, nor pointers,
/// which gain provenance when read).
bool isPlain(MemoryElement element) {
  return element.kind != ElementKind::Pointer && element.kind != ElementKind::I1;
}

LogicalResult executeLoad(Operation *op, Frame &frame) {
  auto load = cast<tt::LoadOp>(op);
  const Tensor &pointers = frame.get(load.getPtr());
  MaskView mask(load.getMask() ? &frame.get(load.getMask()) : nullptr);
  const Tensor *other = load.getOther() ? &frame.get(load.getOther()) : nullptr;
  MemoryElement element = getPointeeElement(load.getPtr().getType());
  const LaunchContext &launch = frame.state.launch;
  ArrayRef<Buffer> buffers = launch.buffers;
  const Pointer *addresses = pointers.data<Pointer>();
  Tensor result = Tensor::zeros(element.kind, pointers.shape());
  int64_t count = result.numElements();
  auto report = [&](int64_t i) {
    return reportInvalidAccess(op, frame, "tt.load", "reads", addresses[i], element.size,
                               pointers.shape(), i);
  };

  if (isPlain(element)) {
    LogicalResult loaded = visitStorageType(element.size, [&](auto tag) -> LogicalResult {
      using T = decltype(tag);
      T *out = result.mutableData<T>();
      const T *otherData = other ? other->data<T>() : nullptr;
      bool otherIsScalar = other && other->isScalar();
      for (int64_t i = 0; i < count; ++i) {
        if (!mask.isMaskedIn(i)) {
          if (otherData)
            out[i] = otherData[otherIsScalar ? 0 : i];
          continue;
        }
        if (!isValidAccess(buffers, addresses[i], sizeof(T)))
          return report(i);
        std::memcpy(&out[i], reinterpret_cast<const void *>(addresses[i].address), sizeof(T));
      }
      return success();
    });
    if (failed(loaded))
      return failure();
  } else {
    size_t size = getStorageSize(element.kind);
    for (int64_t i = 0; i < count; ++i) {
      if (!mask.isMaskedIn(i)) {
        if (other)
          std::memcpy(result.mutableBytes() + i * size,
                      other->bytes() + (other->isScalar() ? 0 : i) * size, size);
        continue;
      }
      if (!isValidAccess(buffers, addresses[i], element.size))
        return report(i);
      readElement(launch, reinterpret_cast<const uint8_t *>(addresses[i].address), element, result,
                  i);
    }
  }
  frame.set(load.getResult(), std::move(result));
  return success();
}

LogicalResult executeStore(Operation *op, Frame &frame) {
  auto store = cast<tt::StoreOp>(op);
  const Tensor &pointers = frame.get(store.getPtr());
  const Tensor &values = frame.get(store.getValue());
  MaskView mask(store.getMask() ? &frame.get(store.getMask()) : nullptr);
  MemoryElement element = getPointeeElement(store.getPtr().getType());
  ArrayRef<Buffer> buffers = frame.state.launch.buffers;
  const Pointer *addresses = pointers.data<Pointer>();
  int64_t count = pointers.numElements();
  // Check every element before writing any, so that a failing store changes nothing.
  for (int64_t i = 0; i < count; ++i)
    if (mask.isMaskedIn(i) && !isValidAccess(buffers, addresses[i], element.size))
      return reportInvalidAccess(op, frame, "tt.store", "writes", addresses[i], element.size,
                                 pointers.shape(), i);
  if (isPlain(element)) {
    visitStorageType(element.size, [&](auto tag) {
      using T = decltype(tag);
      const T *in = values.data<T>();
      for (int64_t i = 0; i < count; ++i)
        if (mask.isMaskedIn(i))
          std::memcpy(reinterpret_cast<void *>(addresses[i].address), &in[i], sizeof(T));
    });
    return success();
  }
  for (int64_t i = 0; i < count; ++i)
    if (mask.isMaskedIn(i))
      writeElement(reinterpret_cast<uint8_t *>(addresses[i].address), element, values, i);
  return success();
}

} // namespace

void registerMemoryHandlers(HandlerTable &table) {
  table.add<tt::LoadOp>(executeLoad);
  table.add<tt::StoreOp>(executeStore);
}

} // namespace mlir::nereid::interpreter
