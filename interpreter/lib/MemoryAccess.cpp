// The memory checker: every masked-in element of every load, store, atomic and descriptor
// access goes through checkAccess before memory is touched.

#include "MemoryAccess.h"

#include "HostVectorLoops.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::nereid::interpreter {

std::optional<MemoryElement> getMemoryElement(Type pointeeType) {
  std::optional<ElementKind> kind = getElementKind(pointeeType);
  if (!kind || *kind == ElementKind::Descriptor || isa<IndexType>(pointeeType))
    return std::nullopt;
  if (*kind == ElementKind::Pointer)
    return MemoryElement{*kind, 8};
  return MemoryElement{*kind, unsigned(getStorageSize(*kind))};
}

MemoryElement getPointeeElement(Type pointerLike) {
  auto pointer = cast<tt::PointerType>(getElementTypeOrSelf(pointerLike));
  return getMemoryElement(pointer.getPointeeType()).value_or(MemoryElement{ElementKind::I8, 1});
}

int64_t findInvalidAccess(ArrayRef<Buffer> buffers, const Pointer *pointers, int64_t count,
                          const uint8_t *mask, size_t maskStride, unsigned size) {
  if (count == 0)
    return -1;
  int64_t first = pointers[0].buffer;
  if (first >= 0 && first < int64_t(buffers.size()) &&
      hostVectorLoops().areAllWithinBuffer(pointers, count, mask, maskStride, first,
                                           buffers[first].base, buffers[first].size, size))
    return -1;
  for (int64_t i = 0; i < count; ++i)
    if ((!mask || mask[i * maskStride]) && !isValidAccess(buffers, pointers[i], size))
      return i;
  return -1;
}

LogicalResult reportInvalidAccess(Operation *op, Frame &frame, StringRef opName, StringRef verb,
                                  const Pointer &pointer, unsigned size, ArrayRef<int64_t> shape,
                                  int64_t index) {
  const LaunchContext &launch = frame.state.launch;
  std::string detail;
  llvm::raw_string_ostream stream(detail);
  stream << describeElement(shape, index) << " " << verb << " ";
  if (pointer.buffer == kNoBuffer || pointer.buffer >= int64_t(launch.buffers.size())) {
    stream << size << " bytes at address " << llvm::format_hex(pointer.address, 2)
           << ", which derives from no argument buffer";
    return frame.fail(op, "invalid " + opName, detail);
  }
  const Buffer &buffer = launch.buffers[pointer.buffer];
  int64_t offset = int64_t(pointer.address - buffer.base);
  int64_t end = offset + int64_t(size);
  if (offset < 0 || end > int64_t(buffer.size)) {
    stream << "bytes [" << offset << ", " << end << ") of argument " << buffer.argument
           << ", a buffer of " << buffer.size << " bytes: ";
    if (offset < 0)
      stream << -offset << " bytes before its start";
    else
      stream << end - int64_t(buffer.size) << " bytes past its end";
    return frame.fail(op, "out-of-bounds " + opName, detail);
  }
  if (pointer.address % size != 0) {
    stream << size << " bytes at offset " << offset << " of argument " << buffer.argument
           << " (address " << llvm::format_hex(pointer.address, 2)
           << "), which is not a multiple of " << size;
    return frame.fail(op, "misaligned " + opName, detail);
  }
  return frame.fail(op, "internal error", "a valid access was reported");
}

void readElement(const LaunchContext &launch, const uint8_t *address, MemoryElement element,
                 Tensor &destination, int64_t index) {
  switch (element.kind) {
  case ElementKind::Pointer: {
    uint64_t value;
    std::memcpy(&value, address, sizeof(value));
    destination.mutableData<Pointer>()[index] = Pointer{value, launch.findBuffer(value)};
    return;
  }
  case ElementKind::I1:
    destination.mutableData<uint8_t>()[index] = *address != 0;
    return;
  default:
    std::memcpy(destination.mutableBytes() + index * element.size, address, element.size);
    return;
  }
}

void writeElement(uint8_t *address, MemoryElement element, const Tensor &source, int64_t index) {
  if (element.kind == ElementKind::Pointer) {
    uint64_t value = source.data<Pointer>()[index].address;
    std::memcpy(address, &value, sizeof(value));
    return;
  }
  std::memcpy(address, source.bytes() + index * element.size, element.size);
}

} // namespace mlir::nereid::interpreter
