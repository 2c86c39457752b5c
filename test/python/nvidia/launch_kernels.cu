// Kernels in the NVIDIA kernel ABI that Nereid's compiler emits (docs/nvidia.md, "Runtime"):
// extern "C" entries whose parameters are the @jit function's non-constexpr arguments, for
// testing the runtime's loading and launching before the compiler lands. conftest.py builds
// them with `nvcc -cubin -gencode=arch=compute_90a,code=sm_90a`.

#include <cstdint>

// y = alpha * x + y over n elements, one element a thread.
extern "C" __global__ void axpy(const float *x, float *y, float alpha, int32_t n) {
  int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = alpha * x[i] + y[i];
}

// Each scalar parameter type, written back as the bits it arrived with.
extern "C" __global__ void scalars(uint64_t *out, bool flag, int8_t i8, int16_t i16, int32_t i32,
                                   int64_t i64, uint8_t u8, uint16_t u16, uint32_t u32,
                                   uint64_t u64, uint16_t f16_bits, uint16_t bf16_bits, float f32,
                                   double f64) {
  out[0] = flag;
  out[1] = uint64_t(int64_t(i8));
  out[2] = uint64_t(int64_t(i16));
  out[3] = uint64_t(int64_t(i32));
  out[4] = uint64_t(i64);
  out[5] = u8;
  out[6] = u16;
  out[7] = u32;
  out[8] = u64;
  out[9] = f16_bits;
  out[10] = bf16_bits;
  out[11] = __float_as_uint(f32);
  out[12] = uint64_t(__double_as_longlong(f64));
}

// Each block writes its (x, y, z) index at its linear position.
extern "C" __global__ void block_indices(int32_t *out) {
  if (threadIdx.x != 0)
    return;
  int64_t linear =
      blockIdx.x + int64_t(gridDim.x) * (blockIdx.y + int64_t(gridDim.y) * blockIdx.z);
  out[3 * linear + 0] = blockIdx.x;
  out[3 * linear + 1] = blockIdx.y;
  out[3 * linear + 2] = blockIdx.z;
}

// Each thread writes the block size and its index.
extern "C" __global__ void block_size(int32_t *out) {
  out[2 * threadIdx.x] = blockDim.x;
  out[2 * threadIdx.x + 1] = threadIdx.x;
}

// y = x reversed, through dynamic shared memory of n floats (more than 48 KiB for n > 12288).
extern "C" __global__ void reverse_in_shared(const float *x, float *y, int32_t n) {
  extern __shared__ float buffer[];
  for (int32_t i = threadIdx.x; i < n; i += blockDim.x)
    buffer[i] = x[i];
  __syncthreads();
  for (int32_t i = threadIdx.x; i < n; i += blockDim.x)
    y[i] = buffer[n - 1 - i];
}

// Nothing: what a launch costs (bench/gpu.py).
extern "C" __global__ void empty(float *x, int32_t n) {}
