// The NVIDIA runtime's C API (include/nereid_nvidia_runtime.h): libcuda.so.1 opened with
// dlopen, and each driver call checked, its failure turned into a message naming the call.

#include "nereid_nvidia_runtime.h"

#include "CudaDriverApi.h"

#include <dlfcn.h>

#include <cstring>
#include <mutex>
#include <string>
#include <utility>

using namespace nereid::cuda;

namespace {

/// The driver's functions, resolved once from libcuda.so.1.
struct Driver {
  cuInit_t cuInit;
  cuDriverGetVersion_t cuDriverGetVersion;
  cuGetErrorName_t cuGetErrorName;
  cuGetErrorString_t cuGetErrorString;
  cuDeviceGetCount_t cuDeviceGetCount;
  cuDeviceGet_t cuDeviceGet;
  cuDeviceGetName_t cuDeviceGetName;
  cuDeviceGetAttribute_t cuDeviceGetAttribute;
  cuDevicePrimaryCtxRetain_t cuDevicePrimaryCtxRetain;
  cuCtxGetCurrent_t cuCtxGetCurrent;
  cuCtxSetCurrent_t cuCtxSetCurrent;
  cuModuleLoadData_t cuModuleLoadData;
  cuModuleUnload_t cuModuleUnload;
  cuModuleGetFunction_t cuModuleGetFunction;
  cuFuncGetAttribute_t cuFuncGetAttribute;
  cuFuncSetAttribute_t cuFuncSetAttribute;
  cuLaunchKernelEx_t cuLaunchKernelEx;
  // CUDA 12.0 on: null with an older driver, which then has no tensor maps.
  cuTensorMapEncodeTiled_t cuTensorMapEncodeTiled;
};

Driver driver;
std::once_flag initOnce;
int initStatus = 1;
std::string initError;

thread_local std::string lastError;

int fail(std::string message) {
  lastError = std::move(message);
  return 1;
}

/// Records the failure of the driver call `call` with `result`, in the driver's own words.
int failCall(const char *call, CUresult result) {
  const char *name = nullptr;
  const char *description = nullptr;
  if (driver.cuGetErrorName(result, &name) != CUDA_SUCCESS)
    name = nullptr;
  if (driver.cuGetErrorString(result, &description) != CUDA_SUCCESS)
    description = nullptr;
  std::string message = std::string(call) + ": ";
  message += name ? name : "CUresult " + std::to_string(result);
  if (description)
    message += std::string(" (") + description + ")";
  return fail(std::move(message));
}

#define NEREID_CUDA_CHECK(call, ...)                                                         \
  do {                                                                                       \
    CUresult result = driver.call(__VA_ARGS__);                                              \
    if (result != CUDA_SUCCESS)                                                              \
      return failCall(#call, result);                                                        \
  } while (0)

template <typename Function>
bool resolve(void *library, const char *name, Function &function) {
  function = reinterpret_cast<Function>(dlsym(library, name));
  if (!function)
    initError = std::string("libcuda.so.1 has no ") + name +
                ": the NVIDIA driver is older than CUDA 11.8, the oldest that Nereid launches on";
  return function != nullptr;
}

int initialize() {
  void *library = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    initError = std::string("cannot load libcuda.so.1, the NVIDIA driver's library (") +
                (reason ? reason : "unknown reason") +
                "): is the NVIDIA driver installed?";
    return 1;
  }
  // clang-format off
  if (!resolve(library, "cuInit", driver.cuInit) ||
      !resolve(library, "cuDriverGetVersion", driver.cuDriverGetVersion) ||
      !resolve(library, "cuGetErrorName", driver.cuGetErrorName) ||
      !resolve(library, "cuGetErrorString", driver.cuGetErrorString) ||
      !resolve(library, "cuDeviceGetCount", driver.cuDeviceGetCount) ||
      !resolve(library, "cuDeviceGet", driver.cuDeviceGet) ||
      !resolve(library, "cuDeviceGetName", driver.cuDeviceGetName) ||
      !resolve(library, "cuDeviceGetAttribute", driver.cuDeviceGetAttribute) ||
      !resolve(library, "cuDevicePrimaryCtxRetain", driver.cuDevicePrimaryCtxRetain) ||
      !resolve(library, "cuCtxGetCurrent", driver.cuCtxGetCurrent) ||
      !resolve(library, "cuCtxSetCurrent", driver.cuCtxSetCurrent) ||
      !resolve(library, "cuModuleLoadData", driver.cuModuleLoadData) ||
      !resolve(library, "cuModuleUnload", driver.cuModuleUnload) ||
      !resolve(library, "cuModuleGetFunction", driver.cuModuleGetFunction) ||
      !resolve(library, "cuFuncGetAttribute", driver.cuFuncGetAttribute) ||
      !resolve(library, "cuFuncSetAttribute", driver.cuFuncSetAttribute) ||
      !resolve(library, "cuLaunchKernelEx", driver.cuLaunchKernelEx))
    return 1;
  // clang-format on
  driver.cuTensorMapEncodeTiled =
      reinterpret_cast<cuTensorMapEncodeTiled_t>(dlsym(library, "cuTensorMapEncodeTiled"));
  if (CUresult result = driver.cuInit(0); result != CUDA_SUCCESS) {
    failCall("cuInit", result);
    initError = lastError;
    return 1;
  }
  return 0;
}

/// Fails with the initialization's message unless the driver is ready.
#define NEREID_CUDA_REQUIRE_INIT()                                                           \
  do {                                                                                       \
    if (nereid_cuda_init() != 0)                                                             \
      return 1;                                                                              \
  } while (0)

int deviceAttribute(CUdevice device, CUdevice_attribute attribute, int32_t &value) {
  int raw = 0;
  NEREID_CUDA_CHECK(cuDeviceGetAttribute, &raw, attribute, device);
  value = raw;
  return 0;
}

int functionAttribute(CUfunction function, CUfunction_attribute attribute, int32_t &value) {
  int raw = 0;
  NEREID_CUDA_CHECK(cuFuncGetAttribute, &raw, attribute, function);
  value = raw;
  return 0;
}

} // namespace

extern "C" {

const char *nereid_cuda_last_error(void) { return lastError.c_str(); }

int nereid_cuda_init(void) {
  std::call_once(initOnce, [] { initStatus = initialize(); });
  if (initStatus != 0)
    return fail(initError);
  return 0;
}

int nereid_cuda_driver_version(int32_t *version) {
  NEREID_CUDA_REQUIRE_INIT();
  int raw = 0;
  NEREID_CUDA_CHECK(cuDriverGetVersion, &raw);
  *version = raw;
  return 0;
}

int nereid_cuda_device_count(int32_t *count) {
  NEREID_CUDA_REQUIRE_INIT();
  int raw = 0;
  NEREID_CUDA_CHECK(cuDeviceGetCount, &raw);
  *count = raw;
  return 0;
}

int nereid_cuda_device_properties(int32_t ordinal, NereidCudaDeviceProperties *properties) {
  NEREID_CUDA_REQUIRE_INIT();
  CUdevice device = 0;
  NEREID_CUDA_CHECK(cuDeviceGet, &device, ordinal);
  std::memset(properties, 0, sizeof(*properties));
  NEREID_CUDA_CHECK(cuDeviceGetName, properties->name, sizeof(properties->name) - 1, device);
  const std::pair<CUdevice_attribute, int32_t *> attributes[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &properties->compute_capability_major},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &properties->compute_capability_minor},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &properties->multiprocessor_count},
      {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, &properties->max_threads_per_block},
      {CU_DEVICE_ATTRIBUTE_WARP_SIZE, &properties->warp_size},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
       &properties->max_shared_memory_per_block},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
       &properties->max_shared_memory_per_block_optin},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, &properties->max_grid[0]},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, &properties->max_grid[1]},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, &properties->max_grid[2]},
      {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, &properties->max_registers_per_block},
      {CU_DEVICE_ATTRIBUTE_CLOCK_RATE, &properties->clock_rate_khz},
      {CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE, &properties->memory_clock_rate_khz},
      {CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH, &properties->memory_bus_width},
  };
  for (const auto &[attribute, value] : attributes)
    if (deviceAttribute(device, attribute, *value) != 0)
      return 1;
  return 0;
}

int nereid_cuda_load_module(int32_t ordinal, const void *image, size_t size, void **module) {
  NEREID_CUDA_REQUIRE_INIT();
  static constexpr char elfMagic[] = {'\x7f', 'E', 'L', 'F'};
  if (size < sizeof(elfMagic) || std::memcmp(image, elfMagic, sizeof(elfMagic)) != 0)
    return fail("cuModuleLoadData: the image is not a cubin (an ELF file)");
  CUcontext context = nullptr;
  NEREID_CUDA_CHECK(cuCtxGetCurrent, &context);
  if (!context) {
    CUdevice device = 0;
    NEREID_CUDA_CHECK(cuDeviceGet, &device, ordinal);
    NEREID_CUDA_CHECK(cuDevicePrimaryCtxRetain, &context, device);
    NEREID_CUDA_CHECK(cuCtxSetCurrent, context);
  }
  CUmodule loaded = nullptr;
  NEREID_CUDA_CHECK(cuModuleLoadData, &loaded, image);
  *module = loaded;
  return 0;
}

int nereid_cuda_unload_module(void *module) {
  NEREID_CUDA_REQUIRE_INIT();
  NEREID_CUDA_CHECK(cuModuleUnload, static_cast<CUmodule>(module));
  return 0;
}

int nereid_cuda_get_function(void *module, const char *name, void **function) {
  NEREID_CUDA_REQUIRE_INIT();
  CUfunction found = nullptr;
  CUresult result = driver.cuModuleGetFunction(&found, static_cast<CUmodule>(module), name);
  if (result != CUDA_SUCCESS) {
    failCall("cuModuleGetFunction", result);
    return fail(lastError + ": the cubin has no kernel '" + name + "'");
  }
  *function = found;
  return 0;
}

int nereid_cuda_function_resources(void *function, NereidCudaFunctionResources *resources) {
  NEREID_CUDA_REQUIRE_INIT();
  auto *cuFunction = static_cast<CUfunction>(function);
  if (functionAttribute(cuFunction, CU_FUNC_ATTRIBUTE_NUM_REGS, resources->registers) != 0 ||
      functionAttribute(cuFunction, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
                        resources->local_bytes) != 0 ||
      functionAttribute(cuFunction, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                        resources->static_shared_bytes) != 0 ||
      functionAttribute(cuFunction, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                        resources->max_threads_per_block) != 0)
    return 1;
  return 0;
}

int nereid_cuda_set_max_dynamic_shared_memory(void *function, int32_t bytes) {
  NEREID_CUDA_REQUIRE_INIT();
  NEREID_CUDA_CHECK(cuFuncSetAttribute, static_cast<CUfunction>(function),
                    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, bytes);
  return 0;
}

int nereid_cuda_launch(void *function, uint32_t grid_x, uint32_t grid_y, uint32_t grid_z,
                       uint32_t block_x, uint32_t shared_bytes, void *stream, void **args) {
  // Only a loaded function reaches here, so the driver is initialized.
  if (grid_x == 0 || grid_y == 0 || grid_z == 0)
    return 0;
  CUlaunchConfig config = {};
  config.gridDimX = grid_x;
  config.gridDimY = grid_y;
  config.gridDimZ = grid_z;
  config.blockDimX = block_x;
  config.blockDimY = 1;
  config.blockDimZ = 1;
  config.sharedMemBytes = shared_bytes;
  config.hStream = static_cast<CUstream>(stream);
  NEREID_CUDA_CHECK(cuLaunchKernelEx, &config, static_cast<CUfunction>(function), args,
                    nullptr);
  return 0;
}

int nereid_cuda_launch_prepared(const NereidCudaLaunch *launch) {
  if (launch->grid_x > launch->max_grid_x || launch->grid_y > launch->max_grid_y ||
      launch->grid_z > launch->max_grid_z)
    return NEREID_CUDA_GRID_BEYOND_LIMITS;
  return nereid_cuda_launch(launch->function, launch->grid_x, launch->grid_y, launch->grid_z,
                            launch->block_x, launch->shared_bytes, launch->stream, launch->args);
}

int nereid_cuda_encode_tensor_map(void *map, int32_t element_bytes, int32_t rank, uint64_t address,
                                  const uint64_t *shape, const uint64_t *strides,
                                  const uint32_t *box, int32_t swizzle_bytes) {
  NEREID_CUDA_REQUIRE_INIT();
  if (!driver.cuTensorMapEncodeTiled)
    return fail("libcuda.so.1 has no cuTensorMapEncodeTiled: tensor maps need a driver of "
                "CUDA 12.0 or later");
  // Elements are taken as unsigned integers of their bytes (a copy moves bits, and those
  // outside the tensor read as zero bits).
  CUtensorMapDataType type;
  switch (element_bytes) {
  // clang-format off
  case 1: type = CU_TENSOR_MAP_DATA_TYPE_UINT8; break;
  case 2: type = CU_TENSOR_MAP_DATA_TYPE_UINT16; break;
  case 4: type = CU_TENSOR_MAP_DATA_TYPE_UINT32; break;
  case 8: type = CU_TENSOR_MAP_DATA_TYPE_UINT64; break;
  // clang-format on
  default:
    return fail("a tensor map's elements have 1, 2, 4 or 8 bytes; got " +
                std::to_string(element_bytes));
  }
  CUtensorMapSwizzle swizzle;
  switch (swizzle_bytes) {
  // clang-format off
  case 0: swizzle = CU_TENSOR_MAP_SWIZZLE_NONE; break;
  case 32: swizzle = CU_TENSOR_MAP_SWIZZLE_32B; break;
  case 64: swizzle = CU_TENSOR_MAP_SWIZZLE_64B; break;
  case 128: swizzle = CU_TENSOR_MAP_SWIZZLE_128B; break;
  // clang-format on
  default:
    return fail("a tensor map swizzles 0, 32, 64 or 128 bytes; got " +
                std::to_string(swizzle_bytes));
  }
  if (rank < 1 || rank > 5)
    return fail("a tensor map has 1 to 5 dimensions; got " + std::to_string(rank));
  // The driver takes the dimensions fastest first, and the byte strides of all but the first.
  unsigned long long dims[5], byteStrides[4];
  unsigned int boxDims[5], elementStrides[5];
  for (int32_t d = 0; d < rank; ++d) {
    dims[d] = shape[rank - 1 - d];
    boxDims[d] = box[rank - 1 - d];
    elementStrides[d] = 1;
    if (d > 0)
      byteStrides[d - 1] = strides[rank - 1 - d] * uint64_t(element_bytes);
  }
  CUtensorMap encoded;
  NEREID_CUDA_CHECK(cuTensorMapEncodeTiled, &encoded, type, unsigned(rank),
                    reinterpret_cast<void *>(address), dims, byteStrides, boxDims, elementStrides,
                    CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                    CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  std::memcpy(map, &encoded, sizeof(encoded));
  return 0;
}

} // extern "C"
