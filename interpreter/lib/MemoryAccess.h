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

/// Whether `size` bytes at `pointer` lie within the argument buffer the pointer derives from,
/// and are aligned to `size`. Otherwise records a report on `op` naming `opName`, `verb`
/// ("reads", "writes", "updates") and the element `index` of a tensor of `shape`.
LogicalResult checkAccess(Operation *op, Frame &frame, StringRef opName, StringRef verb,
                          const Pointer &pointer, unsigned size, ArrayRef<int64_t> shape,
                          int64_t index);

/// Reads the element at `address` into element `index` of `destination`. An i1 is true when its
/// byte is not zero; a pointer gets the provenance of the buffer that holds its address.
void readElement(const LaunchContext &launch, const uint8_t *address, MemoryElement element,
                 Tensor &destination, int64_t index);

/// Writes element `index` of `source` to `address`.
void writeElement(uint8_t *address, MemoryElement element, const Tensor &source, int64_t index);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_MEMORYACCESS_H
