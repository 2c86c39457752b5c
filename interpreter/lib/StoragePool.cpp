#include "StoragePool.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>

namespace mlir::nereid::interpreter {
namespace {

/// The smallest block; smaller tensors (scalars, short rows) share it as a size class.
constexpr unsigned kMinSizeLog2 = 6;
/// Blocks above 2^kMaxSizeLog2 bytes are not pooled: a tensor that large costs far more to
/// compute than its page faults.
constexpr unsigned kMaxSizeLog2 = 26;
/// The most free blocks a thread keeps per size class: more than the values a program holds
/// at once in any kernel measured, few enough that a thread never keeps much memory.
constexpr size_t kMaxFreeBlocksPerClass = 64;

/// Set when the calling thread's pool is gone (the thread is exiting), so that a block freed
/// after that is deleted instead of pooled.
thread_local bool threadPoolDestroyed = false;

class ThreadPool {
public:
  ~ThreadPool() {
    threadPoolDestroyed = true;
    for (auto &blocks : freeBlocks)
      for (uint8_t *block : blocks)
        delete[] block;
  }

  uint8_t *take(unsigned sizeClass) {
    auto &blocks = freeBlocks[sizeClass - kMinSizeLog2];
    if (blocks.empty())
      return new uint8_t[size_t(1) << sizeClass];
    return blocks.pop_back_val();
  }

  void give(unsigned sizeClass, uint8_t *block) {
    auto &blocks = freeBlocks[sizeClass - kMinSizeLog2];
    if (blocks.size() >= kMaxFreeBlocksPerClass)
      delete[] block;
    else
      blocks.push_back(block);
  }

private:
  std::array<llvm::SmallVector<uint8_t *, 0>, kMaxSizeLog2 - kMinSizeLog2 + 1> freeBlocks;
};

ThreadPool &getThreadPool() {
  thread_local ThreadPool pool;
  return pool;
}

} // namespace

std::shared_ptr<uint8_t[]> allocateStorage(size_t bytes) {
  unsigned sizeClass = std::max(kMinSizeLog2, llvm::Log2_64_Ceil(std::max<size_t>(bytes, 1)));
  if (sizeClass > kMaxSizeLog2)
    return std::shared_ptr<uint8_t[]>(new uint8_t[bytes]);
  uint8_t *block = getThreadPool().take(sizeClass);
  return std::shared_ptr<uint8_t[]>(
      block, [sizeClass](uint8_t *freed) {
        if (threadPoolDestroyed)
          delete[] freed;
        else
          getThreadPool().give(sizeClass, freed);
      });
}

} // namespace mlir::nereid::interpreter
