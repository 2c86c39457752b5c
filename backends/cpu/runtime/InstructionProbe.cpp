// nereid_cpu_bf16_pair_cost: how long AVX-512 BF16's vdpbf16ps takes on this core against an
// f32 FMA, timed, for the compiler's choice of how a bf16 dot multiplies (NEREID_CPU_BF16_DOT
// =auto). Scheduling models cannot be trusted with it: LLVM's gives Sapphire Rapids' vdpbf16ps
// two cycles, but the Ice Lake model that a guest reporting a Rocket Lake gets gives it an
// FMA's, where this guest's core runs it at half the FMA's rate.

#include "nereid-cpu/Runtime.h"

#include <algorithm>
#include <chrono>

#if defined(__x86_64__)
#include <immintrin.h>

namespace {

/// Independent accumulation chains per timed loop: more than latency x throughput of either
/// instruction on any core, so that the loop measures throughput.
constexpr int kChains = 12;
/// Instructions per chain per timing; a few milliseconds at most.
constexpr int kSteps = 20000;
/// Timings of each loop, of which the fastest counts.
constexpr int kTrials = 5;

using Clock = std::chrono::steady_clock;

/// The fastest of kTrials runs of `loop`, in seconds.
double bestSeconds(void (*loop)()) {
  double best = 1e30;
  for (int trial = 0; trial < kTrials; ++trial) {
    Clock::time_point start = Clock::now();
    loop();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
  }
  return best;
}

// Each loop keeps its accumulators opaque after every step (an empty asm that may change
// them), so that the compiler neither folds nor merges the instructions.

__attribute__((target("avx512f,avx512bf16"))) void runPairs() {
  __m512 acc[kChains];
  __m512bh a = (__m512bh)_mm512_set1_epi32(0x3f803f80), b = a;
  for (__m512 &value : acc)
    value = _mm512_setzero_ps();
  for (int step = 0; step < kSteps; ++step) {
    for (__m512 &value : acc)
      value = _mm512_dpbf16_ps(value, a, b);
    for (__m512 &value : acc)
      asm volatile("" : "+v"(value));
  }
}

__attribute__((target("avx512f"))) void runFmas() {
  __m512 acc[kChains];
  __m512 a = _mm512_set1_ps(1.0f), b = a;
  for (__m512 &value : acc)
    value = _mm512_setzero_ps();
  for (int step = 0; step < kSteps; ++step) {
    for (__m512 &value : acc)
      value = _mm512_fmadd_ps(a, b, value);
    for (__m512 &value : acc)
      asm volatile("" : "+v"(value));
  }
}

} // namespace

double nereid_cpu_bf16_pair_cost(void) {
  if (!__builtin_cpu_supports("avx512bf16"))
    return 0;
  runFmas(); // wakes the 512-bit units and the clock up, untimed
  return bestSeconds(runPairs) / bestSeconds(runFmas);
}

#else

double nereid_cpu_bf16_pair_cost(void) { return 0; }

#endif
