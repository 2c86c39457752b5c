#include "HostVectorLoops.h"

namespace mlir::nereid::interpreter {

// The tables that the builds define, each in an object of its own ISA.
#if defined(__x86_64__)
extern const HostVectorLoops hostVectorLoopsAvx512;
extern const HostVectorLoops hostVectorLoopsAvx2;
extern const HostVectorLoops hostVectorLoopsSse2;
#elif defined(__aarch64__)
extern const HostVectorLoops hostVectorLoopsNeon;
#else
#error "the interpreter's vector loops are built for x86-64 and AArch64 hosts"
#endif

ArrayRef<HostVectorLoopsBuild> getHostVectorLoopsBuilds() {
#if defined(__x86_64__)
  // The AVX-512 build is compiled for the F, BW, DQ and VL subsets, as the CPU backend's math
  // library is; __builtin_cpu_supports also asks whether the OS saves the vector registers.
  static const HostVectorLoopsBuild builds[] = {
      {"avx512", &hostVectorLoopsAvx512,
       __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl")},
      {"avx2", &hostVectorLoopsAvx2, bool(__builtin_cpu_supports("avx2"))},
      {"sse2", &hostVectorLoopsSse2, true},
  };
#else
  static const HostVectorLoopsBuild builds[] = {{"neon", &hostVectorLoopsNeon, true}};
#endif
  return builds;
}

const HostVectorLoops &hostVectorLoops() {
  static const HostVectorLoops &best = *[] {
    for (const HostVectorLoopsBuild &build : getHostVectorLoopsBuilds())
      if (build.runsOnThisCpu)
        return build.loops;
    return getHostVectorLoopsBuilds().back().loops;
  }();
  return best;
}

} // namespace mlir::nereid::interpreter
