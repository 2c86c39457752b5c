/* The CPU runtime of Nereid (libnereid_cpu_runtime.so): schedulers for the per-program entry
 * point `K_program` that the CPU backend generates for every kernel `K`, and the timing of
 * instructions that the compiler chooses between on the host. Plain C, so that ctypes and C
 * programs call it alike. */
#ifndef NEREID_CPU_RUNTIME_H
#define NEREID_CPU_RUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* `K_program`: runs the program (pid_x, pid_y, pid_z) of a grid_x x grid_y x grid_z grid;
 * `args[i]` points at the value of the kernel's i-th parameter. */
typedef void (*NereidCpuProgramFn)(void **args, int32_t pid_x, int32_t pid_y, int32_t pid_z,
                                   int32_t grid_x, int32_t grid_y, int32_t grid_z);

/* Runs `program` for every program of `grid` with a oneTBB parallel_for, in a task arena of
 * `num_threads` threads (0: oneTBB's default, the cores available to the process; 1: a plain
 * loop on the calling thread, x fastest, then y, then z). Returns when every program has run.
 * Returns 0, or -1 when a grid size or `num_threads` is negative. */
__attribute__((visibility("default"))) int32_t
nereid_cpu_launch_tbb(NereidCpuProgramFn program, void **args, const int32_t grid[3],
                      int32_t num_threads);

/* How long one 512-bit AVX-512 BF16 `vdpbf16ps` takes on the calling thread's core, in f32
 * FMAs of 512 bits, run back to back without dependences (timed, a few milliseconds); 0 where
 * the CPU lacks AVX-512 BF16. A vdpbf16ps does the products and sums of two such FMAs, so bf16
 * dots multiply faster in pairs of K with it where this is below 2. */
__attribute__((visibility("default"))) double nereid_cpu_bf16_pair_cost(void);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_CPU_RUNTIME_H */
