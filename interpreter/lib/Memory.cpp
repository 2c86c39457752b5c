// tt.load and tt.store. Masked-out elements touch no memory: a load gives `other` there (zero
// without it), a store leaves memory alone. Every masked-in element is checked first.

#include "Executor.h"
#include "Handlers.h"
#include "HostVectorLoops.h"
#include "MemoryAccess.h"

#include <type_traits>

namespace mlir::nereid::interpreter {
namespace {

/// The mask of a memory op, read as bytes (an i1 tensor holds one byte per element); a scalar
/// mask applies to every element, and no mask selects every element.
struct MaskView {
  const uint8_t *bits = nullptr;
  size_t stride = 1;

  explicit MaskView(const Tensor *mask) {
    if (mask) {
      bits = mask->data<uint8_t>();
      stride = mask->isScalar() ? 0 : 1;
    }
  }
  bool isMaskedIn(int64_t index) const { return !bits || bits[index * stride] != 0; }
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
  // Every element is read or takes `other`, except masked-out ones without `other`: those are 0.
  Tensor result = mask.bits && !other ? Tensor::zeros(element.kind, pointers.shape())
                                      : Tensor::uninitialized(element.kind, pointers.shape());
  int64_t count = result.numElements();
  int64_t invalid =
      findInvalidAccess(buffers, addresses, count, mask.bits, mask.stride, element.size);
  if (invalid >= 0)
    return reportInvalidAccess(op, frame, "tt.load", "reads", addresses[invalid], element.size,
                               pointers.shape(), invalid);

  if (isPlain(element)) {
    visitStorageType(element.size, [&](auto tag) {
      using T = decltype(tag);
      T *out = result.mutableData<T>();
      const T *otherData = other ? other->data<T>() : nullptr;
      size_t otherStride = other && other->isScalar() ? 0 : 1;
      if constexpr (std::is_same_v<T, uint32_t>) {
        if (mask.stride == 1) {
          // Masked-out elements first get `other` (or keep their zero), then the gather
          // overwrites the rest.
          if (mask.bits && otherData)
            for (int64_t i = 0; i < count; ++i)
              out[i] = otherData[i * otherStride];
          hostVectorLoops().gather32(out, addresses, mask.bits, count);
          return;
        }
      }
      for (int64_t i = 0; i < count; ++i) {
        if (mask.isMaskedIn(i))
          std::memcpy(&out[i], reinterpret_cast<const void *>(addresses[i].address), sizeof(T));
        else if (otherData)
          out[i] = otherData[i * otherStride];
      }
    });
  } else {
    size_t size = getStorageSize(element.kind);
    for (int64_t i = 0; i < count; ++i) {
      if (mask.isMaskedIn(i))
        readElement(launch, reinterpret_cast<const uint8_t *>(addresses[i].address), element,
                    result, i);
      else if (other)
        std::memcpy(result.mutableBytes() + i * size,
                    other->bytes() + (other->isScalar() ? 0 : i) * size, size);
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
  int64_t invalid =
      findInvalidAccess(buffers, addresses, count, mask.bits, mask.stride, element.size);
  if (invalid >= 0)
    return reportInvalidAccess(op, frame, "tt.store", "writes", addresses[invalid], element.size,
                               pointers.shape(), invalid);
  if (isPlain(element)) {
    visitStorageType(element.size, [&](auto tag) {
      using T = decltype(tag);
      const T *in = values.data<T>();
      if constexpr (std::is_same_v<T, uint32_t>) {
        if (mask.stride == 1) {
          hostVectorLoops().scatter32(addresses, in, mask.bits, count);
          return;
        }
      }
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
