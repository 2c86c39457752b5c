//===- ceilings.cpp - This machine's memory and compute ceilings --------------===//
//
// The ceilings that bench/cpu.py measures in the same run as the kernels it compares to them,
// called through ctypes from libnereid_bench_ceilings.so:
//   - a STREAM triad, a[i] = b[i] + s * c[i], over arrays much larger than the last-level cache,
//     in GB/s as STREAM counts them (24 bytes per element of doubles, no write-allocate);
//   - an FMA peak: independent chains of fused multiply-adds in vector registers, in GFLOP/s
//     of fp32 (an FMA counts as two);
//   - a no-op with the signature of a kernel's K_grid entry, the floor of a ctypes call.
// Both loops are OpenMP parallel over the given thread count and report the best of `reps`.
// The file is compiled with -march=native, so the FMA loop uses the widest vectors the host has.
//
//===----------------------------------------------------------------------------===//

#include <omp.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>

#if defined(__AVX512F__) || defined(__AVX2__)
#include <immintrin.h>
#endif

namespace {

double seconds() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

/// A vector of fp32 lanes and the fused multiply-add on it, as wide as the build flags allow.
#if defined(__AVX512F__)
using Vec = __m512;
constexpr int kLanes = 16;
constexpr const char *kIsa = "AVX-512 (16 fp32 lanes)";
inline Vec splat(float v) { return _mm512_set1_ps(v); }
inline Vec fma(Vec a, Vec b, Vec c) { return _mm512_fmadd_ps(a, b, c); }
inline float lane0(Vec v) { return _mm512_cvtss_f32(v); }
#elif defined(__AVX2__) && defined(__FMA__)
using Vec = __m256;
constexpr int kLanes = 8;
constexpr const char *kIsa = "AVX2 (8 fp32 lanes)";
inline Vec splat(float v) { return _mm256_set1_ps(v); }
inline Vec fma(Vec a, Vec b, Vec c) { return _mm256_fmadd_ps(a, b, c); }
inline float lane0(Vec v) { return _mm256_cvtss_f32(v); }
#else
// Elsewhere (AArch64 NEON, plain x86-64): the compiler's vectors, which it contracts to FMAs.
typedef float Vec __attribute__((vector_size(16)));
constexpr int kLanes = 4;
constexpr const char *kIsa = "generic 128-bit vectors (4 fp32 lanes)";
inline Vec splat(float v) { return Vec{v, v, v, v}; }
inline Vec fma(Vec a, Vec b, Vec c) { return a * b + c; }
inline float lane0(Vec v) { return v[0]; }
#endif

/// Independent accumulators: more than FMA latency times FMA ports (4 x 2 on current x86
/// cores), so that the chains keep every FMA unit busy.
constexpr int kChains = 12;

/// `iterations` rounds of one FMA on each of kChains accumulators; returns a value that depends
/// on all of them, so that the loop cannot be removed.
float fmaChains(int64_t iterations, float seed) {
  Vec acc[kChains];
  for (int j = 0; j < kChains; ++j)
    acc[j] = splat(seed + 0.001f * static_cast<float>(j));
  // acc * m + a converges to a / (1 - m): finite, and never denormal.
  const Vec m = splat(0.999999f), a = splat(1e-7f);
  for (int64_t i = 0; i < iterations; ++i) {
#pragma clang loop unroll(full)
    for (int j = 0; j < kChains; ++j)
      acc[j] = fma(acc[j], m, a);
  }
  float sum = 0.f;
  for (int j = 0; j < kChains; ++j)
    sum += lane0(acc[j]);
  return sum;
}

volatile double sink;

/// The size of a transparent huge page on x86-64 and AArch64 Linux with 4 KiB base pages.
constexpr size_t kHugePage = 2u << 20;

} // namespace

extern "C" {

/// The vector ISA that the FMA-peak loop was built for, in words.
const char *nereid_bench_isa() { return kIsa; }

/// The best of `reps` STREAM triads over three arrays of `n` doubles, on `threads` threads, in
/// GB/s (24 bytes per element). The arrays are kept for the next call with the same `n`, so that
/// the ceiling can be measured often in a run at little cost. Returns a negative value when the
/// arrays cannot be allocated.
double nereid_bench_triad_gbps(int64_t n, int32_t threads, int32_t reps) {
  static char *blocks[3] = {nullptr, nullptr, nullptr};
  static int64_t allocated = 0;
  if (n != allocated) {
    std::free(blocks[0]), std::free(blocks[1]), std::free(blocks[2]);
    blocks[0] = blocks[1] = blocks[2] = nullptr;
    allocated = 0;
    // Backed by huge pages where the kernel allows it, as numpy's large arrays are (numpy asks
    // for them too); the arrays start at different offsets within a page.
    const size_t size = (static_cast<size_t>(n) * sizeof(double) + 4096 + kHugePage - 1) /
                        kHugePage * kHugePage;
    for (char *&block : blocks) {
      block = static_cast<char *>(std::aligned_alloc(kHugePage, size));
#ifdef MADV_HUGEPAGE
      if (block)
        madvise(block, size, MADV_HUGEPAGE);
#endif
    }
    if (!blocks[0] || !blocks[1] || !blocks[2])
      return -1.0;
    allocated = n;
  }
  auto *a = reinterpret_cast<double *>(blocks[0]);
  auto *b = reinterpret_cast<double *>(blocks[1] + 1024 + 64);
  auto *c = reinterpret_cast<double *>(blocks[2] + 2048 + 128);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t i = 0; i < n; ++i) {
    a[i] = 0.0;
    b[i] = 1.0;
    c[i] = 2.0;
  }
  const double s = 3.0;
  double best = 1e30;
  for (int32_t r = 0; r < reps; ++r) {
    const double start = seconds();
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int64_t i = 0; i < n; ++i)
      a[i] = b[i] + s * c[i];
    best = std::min(best, seconds() - start);
  }
  sink = a[0] + a[n / 2] + a[n - 1];
  return 24.0 * static_cast<double>(n) / best / 1e9;
}

/// The best of `reps` runs of `iterations` FMA rounds per thread on `threads` threads, in fp32
/// GFLOP/s (kChains x kLanes x 2 flops per round and thread).
double nereid_bench_fma_gflops(int64_t iterations, int32_t threads, int32_t reps) {
  double best = 1e30;
  for (int32_t r = 0; r < reps; ++r) {
    double total = 0.0;
    const double start = seconds();
#pragma omp parallel num_threads(threads) reduction(+ : total)
    total += fmaChains(iterations, 1.0f + static_cast<float>(omp_get_thread_num()));
    best = std::min(best, seconds() - start);
    sink = total;
  }
  const double flops = 2.0 * kChains * kLanes * static_cast<double>(iterations) * threads;
  return flops / best / 1e9;
}

/// Does nothing, with the signature of a CPU kernel's `K_grid(void **args, gridX, gridY, gridZ,
/// numThreads)`: a ctypes call of it is the floor of a kernel launch from Python.
void nereid_bench_noop(void **, int32_t, int32_t, int32_t, int32_t) {}

} // extern "C"
