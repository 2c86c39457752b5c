"""Loading and launching cubins on the GPU through the runtime, with the kernels of
launch_kernels.cu (built by nvcc, in the ABI the compiler emits), checked against numpy. Skipped,
with the reason, where the nvidia backend cannot run."""

import numpy as np
import pytest

import nereid
import nereid._capi
import nereid.language as tl
from nereid.language import dtypes
from nereid_nvidia.driver import CudaError
from nereid_nvidia.kernel import CompiledNvidiaKernel, current_device_and_stream

pytestmark = pytest.mark.nvidia

rng = np.random.default_rng(2026)
f32_ptr, i32_ptr = dtypes.pointer_type(dtypes.float32), dtypes.pointer_type(dtypes.int32)


def _kernel(cubin, name, signature, num_warps=4, shared_bytes=0):
    return CompiledNvidiaKernel(name, cubin, signature, num_warps, shared_bytes)


class CudaArrayInterfaceOnly:
    def __init__(self, tensor):
        self.__cuda_array_interface__ = tensor.__cuda_array_interface__


class DLPackOnly:
    def __init__(self, tensor):
        self.tensor = tensor

    def __dlpack__(self, stream=None):
        return self.tensor.__dlpack__()

    def __dlpack_device__(self):
        return self.tensor.__dlpack_device__()


@pytest.mark.parametrize("wrap", [lambda t: t, CudaArrayInterfaceOnly, DLPackOnly],
                         ids=["torch", "cuda_array_interface", "dlpack"])
def test_axpy(torch_cuda, cubin, wrap):
    n = int(rng.integers(100_000, 200_000))
    x, y = rng.standard_normal(n, np.float32), rng.standard_normal(n, np.float32)
    alpha = float(rng.standard_normal())
    x_gpu, y_gpu = torch_cuda.from_numpy(x).cuda(), torch_cuda.from_numpy(y).cuda()
    kernel = _kernel(cubin, "axpy", {"x": f32_ptr, "y": f32_ptr, "alpha": dtypes.float32,
                                     "n": dtypes.int32})
    kernel.launch([wrap(x_gpu), wrap(y_gpu), alpha, n], (-(-n // kernel.block),))
    expected = np.float32(alpha).astype(np.float64) * x + y
    np.testing.assert_allclose(y_gpu.cpu().numpy(), expected, rtol=1e-6, atol=1e-6)


def test_every_scalar_type_arrives_with_its_bits(torch_cuda, cubin):
    signature = {"out": dtypes.pointer_type(dtypes.uint64), "flag": dtypes.int1,
                 "i8": dtypes.int8, "i16": dtypes.int16, "i32": dtypes.int32,
                 "i64": dtypes.int64, "u8": dtypes.uint8, "u16": dtypes.uint16,
                 "u32": dtypes.uint32, "u64": dtypes.uint64, "h": dtypes.float16,
                 "b": dtypes.bfloat16, "f": dtypes.float32, "d": dtypes.float64}
    kernel = _kernel(cubin, "scalars", signature, num_warps=1)
    import ml_dtypes

    values = [True, int(rng.integers(-128, 128)), int(rng.integers(-2**15, 2**15)),
              int(rng.integers(-2**31, 2**31)), int(rng.integers(-2**63, 2**63)),
              int(rng.integers(0, 256)), int(rng.integers(0, 2**16)),
              int(rng.integers(0, 2**32)), int(rng.integers(0, 2**63)) * 2 + 1,
              *(float(v) for v in rng.standard_normal(4))]
    out = torch_cuda.zeros(13, dtype=torch_cuda.uint64, device="cuda")
    kernel.launch([out, *values], (1,))
    h, b, f, d = values[9:]
    expected = [1, *(v % 2**64 for v in values[1:9]),
                int(np.float16(h).view(np.uint16)),
                int(np.array(b, ml_dtypes.bfloat16).view(np.uint16)),
                int(np.float32(f).view(np.uint32)), int(np.float64(d).view(np.uint64))]
    assert [int(v) % 2**64 for v in out.cpu().tolist()] == expected


@pytest.mark.parametrize("grid", [(70_000,), (3, 65_535), (1, 2, 65_535)])
def test_grids_up_to_the_cuda_limits(torch_cuda, cubin, grid):
    kernel = _kernel(cubin, "block_indices", {"out": i32_ptr}, num_warps=1)
    full = tuple(grid) + (1,) * (3 - len(grid))
    out = torch_cuda.full((int(np.prod(full)) * 3,), -1, dtype=torch_cuda.int32, device="cuda")
    kernel.launch([out], grid)
    z, y, x = np.indices(full[::-1])
    expected = np.stack([x.ravel(), y.ravel(), z.ravel()], axis=1).ravel()
    np.testing.assert_array_equal(out.cpu().numpy(), expected)


@pytest.mark.parametrize("grid", [(1, 65_536), (1, 1, 65_536), (2**31,), (-1,), (1, 2, 3, 4)])
def test_grids_beyond_the_limits_are_errors(torch_cuda, cubin, grid):
    kernel = _kernel(cubin, "block_indices", {"out": i32_ptr}, num_warps=1)
    out = torch_cuda.zeros(3, dtype=torch_cuda.int32, device="cuda")
    with pytest.raises(ValueError, match=r"kernel `block_indices`: the grid .* is not 1 to 3 "
                                         r"sizes within the device's limits"):
        kernel.launch([out], grid)


@pytest.mark.parametrize("num_warps", [1, 4, 8, 32])
def test_a_block_has_num_warps_times_32_threads(torch_cuda, cubin, num_warps):
    kernel = _kernel(cubin, "block_size", {"out": i32_ptr}, num_warps=num_warps)
    out = torch_cuda.full((2 * 1024,), -1, dtype=torch_cuda.int32, device="cuda")
    kernel.launch([out], (1,))
    threads = num_warps * 32
    expected = np.full(2 * 1024, -1, np.int32)
    expected[0:2 * threads:2], expected[1:2 * threads:2] = threads, np.arange(threads)
    np.testing.assert_array_equal(out.cpu().numpy(), expected)


def test_too_many_warps_is_an_error(torch_cuda, cubin):
    kernel = _kernel(cubin, "block_size", {"out": i32_ptr}, num_warps=64)
    out = torch_cuda.zeros(1, dtype=torch_cuda.int32, device="cuda")
    with pytest.raises(CudaError, match="num_warps=64 makes blocks of 2048 threads"):
        kernel.launch([out], (1,))


def test_dynamic_shared_memory_above_48_kib(torch_cuda, cubin):
    n = 100 * 1024 // 4
    x = rng.standard_normal(n, np.float32)
    x_gpu, y_gpu = torch_cuda.from_numpy(x).cuda(), torch_cuda.empty(n, device="cuda")
    kernel = _kernel(cubin, "reverse_in_shared", {"x": f32_ptr, "y": f32_ptr,
                                                  "n": dtypes.int32}, shared_bytes=4 * n)
    kernel.launch([x_gpu, y_gpu, n], (1,))
    np.testing.assert_array_equal(y_gpu.cpu().numpy(), x[::-1])


def test_shared_memory_beyond_the_device_is_an_error(torch_cuda, cubin):
    n = 1024 * 1024 // 4
    kernel = _kernel(cubin, "reverse_in_shared", {"x": f32_ptr, "y": f32_ptr,
                                                  "n": dtypes.int32}, shared_bytes=4 * n)
    x = torch_cuda.zeros(1, device="cuda")
    with pytest.raises(CudaError, match=r"kernel `reverse_in_shared` needs 1048576 bytes of "
                                        r"shared memory; .* gives a block at most"):
        kernel.launch([x, x, n], (1,))


def test_launches_on_torchs_current_stream(torch_cuda, cubin):
    stream = torch_cuda.cuda.Stream()
    with torch_cuda.cuda.stream(stream):
        assert current_device_and_stream() == (torch_cuda.cuda.current_device(),
                                               stream.cuda_stream)
        n = 4096
        x = torch_cuda.from_numpy(rng.standard_normal(n, np.float32)).cuda()
        y = torch_cuda.zeros(n, device="cuda")
        kernel = _kernel(cubin, "axpy", {"x": f32_ptr, "y": f32_ptr, "alpha": dtypes.float32,
                                         "n": dtypes.int32})
        kernel.launch([x, y, 2.0, n], (n // kernel.block,))
    stream.synchronize()
    np.testing.assert_array_equal(y.cpu().numpy(), 2 * x.cpu().numpy())


def test_driver_errors_name_the_call(torch_cuda, cubin):
    with pytest.raises(CudaError, match="the image is not a cubin"):
        _kernel(b"not a cubin", "axpy", {}).launch([], (1,))
    with pytest.raises(CudaError, match="cuModuleGetFunction: CUDA_ERROR_NOT_FOUND .*: the "
                                        "cubin has no kernel 'missing'"):
        _kernel(cubin, "missing", {}).launch([], (1,))


def test_tensor_on_another_device_is_an_error(torch_cuda, cubin):
    if torch_cuda.cuda.device_count() < 2:
        pytest.skip("one GPU: no other device to put a tensor on")
    kernel = _kernel(cubin, "axpy", {"x": f32_ptr, "y": f32_ptr, "alpha": dtypes.float32,
                                     "n": dtypes.int32})
    x = torch_cuda.zeros(4, device="cuda:1")
    with pytest.raises(ValueError, match="argument `x` of kernel `axpy` is on CUDA device 1"):
        kernel.launch([x, x, 1.0, 4], (1,))


@nereid.jit
def _add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask)
             + tl.load(y_ptr + offsets, mask=mask), mask=mask)


def test_jit_launch_on_cuda_tensors(torch_cuda):
    try:
        nereid._capi.lib()
    except ImportError as error:  # a GPU run that carries the runtime alone (scripts/gpu)
        pytest.skip(f"the frontend needs libnereid: {error}")
    n = 10_000
    x, y = (torch_cuda.from_numpy(rng.standard_normal(n, np.float32)).cuda() for _ in range(2))
    out = torch_cuda.empty_like(x)
    _add[(-(-n // 1024),)](x, y, out, n, BLOCK=1024)
    np.testing.assert_array_equal(out.cpu().numpy(), (x + y).cpu().numpy())
