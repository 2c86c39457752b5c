// The part of the CUDA driver API (cuda.h) that the runtime calls, declared here so that
// building it needs no CUDA toolkit and running it needs only the driver's libcuda.so.1.
//
// The types, enumerator values, structure layouts and function signatures are those of the
// CUDA 13.0 driver API (CUDA_VERSION 13000). Each has been stable since the version named
// beside it, which is the oldest driver that the runtime can use: cuLaunchKernelEx and
// CUlaunchConfig came with CUDA 11.8.

#ifndef NEREID_NVIDIA_RUNTIME_CUDADRIVERAPI_H
#define NEREID_NVIDIA_RUNTIME_CUDADRIVERAPI_H

#include <cstddef>

namespace nereid::cuda {

/// CUresult: 0 is CUDA_SUCCESS; cuGetErrorName and cuGetErrorString describe the others.
using CUresult = int;
constexpr CUresult CUDA_SUCCESS = 0;

using CUdevice = int;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;

/// CUdevice_attribute (CUDA 2.0; MAX_SHARED_MEMORY_PER_BLOCK_OPTIN since 9.0).
enum CUdevice_attribute : int {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
  CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
  CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

/// CUfunction_attribute (CUDA 2.2; MAX_DYNAMIC_SHARED_SIZE_BYTES since 9.0).
enum CUfunction_attribute : int {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
};

/// CUlaunchAttribute (CUDA 11.8): only ever passed as a null list here, so left opaque.
struct CUlaunchAttribute;

/// CUlaunchConfig (CUDA 11.8), field for field.
struct CUlaunchConfig {
  unsigned int gridDimX;
  unsigned int gridDimY;
  unsigned int gridDimZ;
  unsigned int blockDimX;
  unsigned int blockDimY;
  unsigned int blockDimZ;
  unsigned int sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned int numAttrs;
};

/// CUtensorMap (CUDA 12.0): 128 opaque bytes, 64-byte aligned.
struct alignas(64) CUtensorMap {
  unsigned long long opaque[16];
};

/// The enumerations of cuTensorMapEncodeTiled's arguments (CUDA 12.0), the values used here.
enum CUtensorMapDataType : int {
  CU_TENSOR_MAP_DATA_TYPE_UINT8 = 0,
  CU_TENSOR_MAP_DATA_TYPE_UINT16 = 1,
  CU_TENSOR_MAP_DATA_TYPE_UINT32 = 2,
  CU_TENSOR_MAP_DATA_TYPE_UINT64 = 4,
};
enum CUtensorMapInterleave : int { CU_TENSOR_MAP_INTERLEAVE_NONE = 0 };
enum CUtensorMapSwizzle : int {
  CU_TENSOR_MAP_SWIZZLE_NONE = 0,
  CU_TENSOR_MAP_SWIZZLE_32B = 1,
  CU_TENSOR_MAP_SWIZZLE_64B = 2,
  CU_TENSOR_MAP_SWIZZLE_128B = 3,
};
enum CUtensorMapL2promotion : int { CU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2 };
enum CUtensorMapFloatOOBfill : int { CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0 };

/// The driver functions, by the names libcuda.so.1 exports them under.
using cuInit_t = CUresult (*)(unsigned int flags);
using cuDriverGetVersion_t = CUresult (*)(int *version);
using cuGetErrorName_t = CUresult (*)(CUresult error, const char **name);
using cuGetErrorString_t = CUresult (*)(CUresult error, const char **description);
using cuDeviceGetCount_t = CUresult (*)(int *count);
using cuDeviceGet_t = CUresult (*)(CUdevice *device, int ordinal);
using cuDeviceGetName_t = CUresult (*)(char *name, int length, CUdevice device);
using cuDeviceGetAttribute_t = CUresult (*)(int *value, CUdevice_attribute attribute,
                                            CUdevice device);
using cuDevicePrimaryCtxRetain_t = CUresult (*)(CUcontext *context, CUdevice device);
using cuCtxGetCurrent_t = CUresult (*)(CUcontext *context);
using cuCtxSetCurrent_t = CUresult (*)(CUcontext context);
using cuModuleLoadData_t = CUresult (*)(CUmodule *module, const void *image);
using cuModuleUnload_t = CUresult (*)(CUmodule module);
using cuModuleGetFunction_t = CUresult (*)(CUfunction *function, CUmodule module,
                                           const char *name);
using cuFuncGetAttribute_t = CUresult (*)(int *value, CUfunction_attribute attribute,
                                          CUfunction function);
using cuFuncSetAttribute_t = CUresult (*)(CUfunction function, CUfunction_attribute attribute,
                                          int value);
using cuLaunchKernelEx_t = CUresult (*)(const CUlaunchConfig *config, CUfunction function,
                                        void **kernelParams, void **extra);
using cuTensorMapEncodeTiled_t =
    CUresult (*)(CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType,
                 unsigned int tensorRank, void *globalAddress, const unsigned long long *globalDim,
                 const unsigned long long *globalStrides, const unsigned int *boxDim,
                 const unsigned int *elementStrides, CUtensorMapInterleave interleave,
                 CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
                 CUtensorMapFloatOOBfill oobFill);

} // namespace nereid::cuda

#endif // NEREID_NVIDIA_RUNTIME_CUDADRIVERAPI_H
