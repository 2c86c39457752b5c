#ifndef NEREID_INTERPRETER_LIB_MEMORYACCESS_H
#define NEREID_INTERPRETER_LIB_MEMORYACCESS_H

#include "Launch.h"

namespace mlir::nereid::interpreter {

/// How one element of a pointee type lives in memory: its kind once read, and its size there.
/// An i1 takes one byte; a pointer takes 8 (its address; provenance is not stored in memory).
struct MemoryElement {
  ElementKind kind;
  unsigned size;
};

/// The memory layout of `pointeeType`, or none for a type no memory op can read (f80, i128).
std::optional<MemoryElement> getMemoryElement(Type pointeeType);

/// The memory element that a pointer (or tensor of pointers) type points at. Launch checks
/// every memory op's pointer type first, so that this is valid while programs run.
MemoryElement getPointeeElement(Type pointerLike);

/// Whether `size` bytes at `pointer` lie within the argument buffer (of the launch's `buffers`)
/// that the pointer derives from, and are aligned to `size`: the test every access passes, kept
/// inline for speed. Loops pass the buffers as a local ArrayRef, which stays in registers where
/// the launch's vector would be read again after every store. `size` is a power of two (every
/// MemoryElement's is), so alignment is a test of the low bits, not a division.
inline bool isValidAccess(ArrayRef<Buffer> buffers, const Pointer &pointer, unsigned size) {
  if (pointer.buffer < 0 || pointer.buffer >= int64_t(buffers.size()))
    return false;
  const Buffer &buffer = buffers[pointer.buffer];
  uint64_t offset = pointer.address - buffer.base;
  return pointer.address >= buffer.base && offset <= buffer.size && size <= buffer.size - offset &&
         (pointer.address & (size - 1)) == 0;
}

/// The index of the first element of `pointers` whose access of `size` bytes is not valid
/// (isValidAccess), among those that `mask` selects (one byte per element, `maskStride` 0
/// reading one byte for all; a null mask selects every element); -1 when all are valid. The
/// common case, every selected pointer in the buffer of the first, takes one pass without
/// branches.
int64_t findInvalidAccess(ArrayRef<Buffer> buffers, const Pointer *pointers, int64_t count,
                          const uint8_t *mask, size_t maskStride, unsigned size);

/// Records the report of an access that isValidAccess rejected, on `op`, naming `opName`,
/// `verb` ("reads", "writes", "updates") and the element `index` of a tensor of `shape`, and
/// returns failure().
LogicalResult reportInvalidAccess(Operation *op, Frame &frame, StringRef opName, StringRef verb,
                                  const Pointer &pointer, unsigned size, ArrayRef<int64_t> shape,
                                  int64_t index);

/// Succeeds when the access is valid; otherwise reports it, as reportInvalidAccess.
inline LogicalResult checkAccess(Operation *op, Frame &frame, StringRef opName, StringRef verb,
                                 const Pointer &pointer, unsigned size, ArrayRef<int64_t> shape,
                                 int64_t index) {
  if (isValidAccess(frame.state.launch.buffers, pointer, size))
    return success();
  return reportInvalidAccess(op, frame, opName, verb, pointer, size, shape, index);
}

/// Reads the element at `address` into element `index` of `destination`. An i1 is true when its
/// byte is not zero; a pointer gets the provenance of the buffer that holds its address.
void readElement(const LaunchContext &launch, const uint8_t *address, MemoryElement element,
                 Tensor &destination, int64_t index);

/// Writes element `index` of `source` to `address`.
void writeElement(uint8_t *address, MemoryElement element, const Tensor &source, int64_t index);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_MEMORYACCESS_H
