#ifndef NEREID_INTERPRETER_LIB_STORAGEPOOL_H
#define NEREID_INTERPRETER_LIB_STORAGEPOOL_H

#include <cstddef>
#include <cstdint>
#include <memory>

namespace mlir::nereid::interpreter {

/// Storage of at least `bytes` bytes (contents unspecified; at least one byte, so that an
/// allocated tensor is never mistaken for an empty one) for a Tensor, from the calling
/// thread's pool of freed blocks. Every op makes fresh tensors of the same few sizes, program
/// after program; with plain new/delete, glibc returned each freed block of 64 KiB or more to
/// the kernel and faulted it in again, zeroed by the kernel (a 4096-element vector add spent
/// most of its time in page faults). Blocks come in power-of-two sizes and go back to the pool
/// of the thread that frees them.
std::shared_ptr<uint8_t[]> allocateStorage(size_t bytes);

} // namespace mlir::nereid::interpreter

#endif // NEREID_INTERPRETER_LIB_STORAGEPOOL_H
