#ifndef NEREID_INTERPRETER_LIB_POINTER_H
#define NEREID_INTERPRETER_LIB_POINTER_H

// The interpreter's pointer element, in a header of its own: the loops compiled once per vector
// ISA (HostVectorLoops/HostVectorLoopsForIsa.cpp) read it, and should include little.

#include <cstdint>

namespace mlir::nereid::interpreter {

/// The buffer number of a pointer that was derived from no argument buffer.
constexpr int64_t kNoBuffer = -1;

/// A pointer as the interpreter holds it: the host address, and the argument buffer it was
/// derived from (its provenance), which every memory access is checked against.
struct Pointer {
  uint64_t address;
  int64_t buffer;
};

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_POINTER_H
