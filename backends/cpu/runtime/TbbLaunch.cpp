// nereid_cpu_launch_tbb: the grid of a CPU kernel as one oneTBB parallel_for over the linear
// program index, for hosts whose other work already runs on oneTBB's workers.

#include "nereid-cpu/Runtime.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <atomic>
#include <map>
#include <memory>
#include <mutex>

namespace {

/// Makes this thread's non-temporal stores (a kernel's stores to a launch larger than the
/// cache, cpu-stream-large-stores) visible to other threads before what follows: x86's
/// ordinary fences do not order them.
void fenceStores() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_sfence();
#else
  std::atomic_thread_fence(std::memory_order_release);
#endif
}

/// Runs the programs whose linear indices (x fastest, then y, then z) lie in [begin, end), then
/// fences their stores.
void runPrograms(NereidCpuProgramFn program, void **args, const int32_t grid[3], int64_t begin,
                 int64_t end) {
  int64_t plane = static_cast<int64_t>(grid[0]) * grid[1];
  for (int64_t index = begin; index < end; ++index) {
    int64_t z = index / plane, rest = index % plane;
    program(args, static_cast<int32_t>(rest % grid[0]), static_cast<int32_t>(rest / grid[0]),
            static_cast<int32_t>(z), grid[0], grid[1], grid[2]);
  }
  fenceStores();
}

/// The arena of `numThreads` threads (0: oneTBB's default), made on first use and kept, so that
/// a launch does not pay for creating one. Arenas may run work from several threads at once.
tbb::task_arena &arenaFor(int32_t numThreads) {
  static std::mutex mutex;
  static std::map<int32_t, std::unique_ptr<tbb::task_arena>> arenas;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<tbb::task_arena> &arena = arenas[numThreads];
  if (!arena)
    // int(...): a copy, since oneTBB declares `automatic` without defining it, and binding
    // make_unique's reference to it fails to link unless the optimizer folds it (-O0, ASan).
    arena = std::make_unique<tbb::task_arena>(numThreads == 0 ? int(tbb::task_arena::automatic)
                                                              : numThreads);
  return *arena;
}

} // namespace

extern "C" int32_t nereid_cpu_launch_tbb(NereidCpuProgramFn program, void **args,
                                         const int32_t grid[3], int32_t num_threads) {
  if (grid[0] < 0 || grid[1] < 0 || grid[2] < 0 || num_threads < 0)
    return -1;
  int64_t total = static_cast<int64_t>(grid[0]) * grid[1] * grid[2];
  if (total == 0)
    return 0;
  if (num_threads == 1) {
    runPrograms(program, args, grid, 0, total);
    return 0;
  }
  arenaFor(num_threads).execute([&] {
    tbb::parallel_for(tbb::blocked_range<int64_t>(0, total),
                      [&](const tbb::blocked_range<int64_t> &range) {
                        runPrograms(program, args, grid, range.begin(), range.end());
                      });
  });
  return 0;
}
