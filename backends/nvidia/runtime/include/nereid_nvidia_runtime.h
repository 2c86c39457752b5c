/* The NVIDIA backend's runtime: the few CUDA driver calls that loading and launching a compiled
 * kernel needs, behind a plain C API that Python calls through ctypes
 * (backends/nvidia/python/nereid_nvidia/driver.py).
 *
 * The library opens libcuda.so.1 with dlopen on first use, so that it loads, and reports why
 * not, on a machine without the NVIDIA driver; it needs no CUDA toolkit, at build time or at run
 * time.
 *
 * ERRORS. Every function returns 0 on success. On failure it returns non-zero and records a
 * message for the calling thread, which nereid_cuda_last_error returns: it names the driver
 * call that failed, the CUresult's name and the driver's description of it, e.g.
 *   "cuModuleLoadData: CUDA_ERROR_NO_BINARY_FOR_GPU (no kernel image is available for
 *    execution on the device)".
 *
 * HANDLES. Modules, functions and streams are the driver's CUmodule, CUfunction and CUstream,
 * passed as opaque pointers. A null stream is the legacy default stream. */

#ifndef NEREID_NVIDIA_RUNTIME_H
#define NEREID_NVIDIA_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library hides every other symbol. */
#define NEREID_CUDA_API __attribute__((visibility("default")))

/* What launches need to know of a device. */
typedef struct NereidCudaDeviceProperties {
  char name[256];
  int32_t compute_capability_major;
  int32_t compute_capability_minor;
  int32_t multiprocessor_count;
  int32_t max_threads_per_block;
  int32_t warp_size;
  /* Shared memory a block gets without opting in (48 KiB), and at most by opting in. */
  int32_t max_shared_memory_per_block;
  int32_t max_shared_memory_per_block_optin;
  int32_t max_grid[3];
  /* For upstream's `get_device_properties` (occupancy and bandwidth arithmetic of host code):
     32-bit registers a block may use, the SM and memory clocks in kHz, the memory bus width in
     bits. */
  int32_t max_registers_per_block;
  int32_t clock_rate_khz;
  int32_t memory_clock_rate_khz;
  int32_t memory_bus_width;
} NereidCudaDeviceProperties;

/* What a loaded kernel uses of the device, for upstream's occupancy arithmetic. */
typedef struct NereidCudaFunctionResources {
  int32_t registers;        /* per thread */
  int32_t local_bytes;      /* per thread: spilled registers and stack */
  int32_t static_shared_bytes;
  int32_t max_threads_per_block;
} NereidCudaFunctionResources;

/* The message of the calling thread's last failure ("" if none). */
NEREID_CUDA_API const char *nereid_cuda_last_error(void);

/* Opens libcuda.so.1, resolves the driver functions and calls cuInit(0), once per process;
 * later calls return the first one's result. Fails without libcuda, with a driver that lacks a
 * function used here, or when cuInit fails (no device). */
NEREID_CUDA_API int nereid_cuda_init(void);

/* The driver's CUDA version, 1000 * major + 10 * minor (12080 for 12.8). */
NEREID_CUDA_API int nereid_cuda_driver_version(int32_t *version);

NEREID_CUDA_API int nereid_cuda_device_count(int32_t *count);

NEREID_CUDA_API int nereid_cuda_device_properties(int32_t device,
                                                  NereidCudaDeviceProperties *properties);

/* Loads a cubin into the context that is current on this thread, or, when there is none, into
 * the device's primary context (the one torch uses), which it then makes current. */
NEREID_CUDA_API int nereid_cuda_load_module(int32_t device, const void *image, size_t size,
                                            void **module);

NEREID_CUDA_API int nereid_cuda_unload_module(void *module);

NEREID_CUDA_API int nereid_cuda_get_function(void *module, const char *name, void **function);

NEREID_CUDA_API int nereid_cuda_function_resources(void *function,
                                                   NereidCudaFunctionResources *resources);

/* Lets `function` take up to `bytes` of dynamic shared memory (needed above 48 KiB). */
NEREID_CUDA_API int nereid_cuda_set_max_dynamic_shared_memory(void *function, int32_t bytes);

/* Launches `function` with cuLaunchKernelEx on `stream`: a grid of grid_x * grid_y * grid_z
 * blocks of block_x threads, with `shared_bytes` of dynamic shared memory; args[i] points at the
 * value of parameter i. A grid with no blocks launches nothing, as upstream Triton does. The
 * caller checks the grid against the device's max_grid, whose excess the driver reports only as
 * CUDA_ERROR_INVALID_VALUE. */
NEREID_CUDA_API int nereid_cuda_launch(void *function, uint32_t grid_x, uint32_t grid_y,
                                       uint32_t grid_z, uint32_t block_x, uint32_t shared_bytes,
                                       void *stream, void **args);

/* A kernel's launch on one device, prepared once, so that a launch is one call with one
 * argument: the caller writes `stream` and the grid before each call, and the rest stays. */
typedef struct NereidCudaLaunch {
  void *function;
  void **args; /* args[i] points at the value of parameter i */
  void *stream;
  uint32_t grid_x, grid_y, grid_z;
  uint32_t max_grid_x, max_grid_y, max_grid_z; /* the device's limits */
  uint32_t block_x;
  uint32_t shared_bytes;
} NereidCudaLaunch;

/* What nereid_cuda_launch_prepared returns, without a message, for a grid beyond the limits. */
#define NEREID_CUDA_GRID_BEYOND_LIMITS 2

/* Launches `launch` as nereid_cuda_launch does, after checking its grid against its max_grid:
 * a size beyond its limit returns NEREID_CUDA_GRID_BEYOND_LIMITS and launches nothing (the
 * caller names the kernel and the grid). */
NEREID_CUDA_API int nereid_cuda_launch_prepared(const NereidCudaLaunch *launch);

/* Encodes a tensor map (cuTensorMapEncodeTiled, CUDA 12.0) into the 128 bytes at `map`: the
 * tensor at `address` of `rank` dimensions, slowest first, `shape` elements each, `strides`
 * elements apart (the last stride is 1), copied in boxes of `box` elements, swizzled by
 * `swizzle_bytes` (0, 32, 64 or 128), its elements of `element_bytes` (1, 2, 4, 8) taken as
 * unsigned integers, elements outside the tensor read as zero. */
NEREID_CUDA_API int nereid_cuda_encode_tensor_map(void *map, int32_t element_bytes, int32_t rank,
                                                  uint64_t address, const uint64_t *shape,
                                                  const uint64_t *strides, const uint32_t *box,
                                                  int32_t swizzle_bytes);

#ifdef __cplusplus
}
#endif

#endif /* NEREID_NVIDIA_RUNTIME_H */
