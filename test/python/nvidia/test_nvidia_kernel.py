"""CompiledNvidiaKernel's load and launch without a device: the driver's functions stand in
recording their calls, so that what reaches cuLaunchKernelEx (grid, block, shared memory,
stream, arguments) and the checks before it are tested on any machine. test_nvidia_launch.py
runs the same on a GPU."""

import ctypes

import numpy as np
import pytest

from nereid.language import dtypes
from nereid_nvidia import driver, kernel as kernel_module
from nereid_nvidia.driver import CudaError, DeviceProperties, FunctionResources
from nereid_nvidia.kernel import CompiledNvidiaKernel

rng = np.random.default_rng(7)
H100 = DeviceProperties("NVIDIA H100 80GB HBM3", (9, 0), 132, 1024, 32, 48 * 1024,
                        227 * 1024, (2**31 - 1, 65535, 65535))


class CudaArray:
    def __init__(self, address):
        self.__cuda_array_interface__ = {"data": (address, False), "shape": (8,),
                                         "typestr": "<f4", "version": 3}


class StandInDriver:
    """The driver functions kernel.py calls, recording them."""

    def __init__(self, monkeypatch, static_shared=0, launch_status=0):
        self.loads, self.shared_opt_ins, self.launches = [], [], []
        self.static_shared, self.launch_status = static_shared, launch_status
        monkeypatch.setattr(driver, "init", lambda: None)
        monkeypatch.setattr(driver, "device_properties", lambda device: H100)
        monkeypatch.setattr(driver, "load_module", self.load_module)
        monkeypatch.setattr(driver, "get_function", lambda module, name: module + 1)
        monkeypatch.setattr(driver, "function_resources",
                            lambda function: FunctionResources(32, 0, self.static_shared, 1024))
        monkeypatch.setattr(driver, "set_max_dynamic_shared_memory",
                            lambda function, size: self.shared_opt_ins.append((function, size)))
        monkeypatch.setattr(driver, "launch_prepared_function", lambda: self.launch)
        monkeypatch.setattr(driver, "last_error", lambda: "cuLaunchKernelEx: CUDA_ERROR_X")
        monkeypatch.setattr(kernel_module, "current_device_and_stream", lambda: (0, 0x5000))

    def load_module(self, device, cubin):
        self.loads.append((device, cubin))
        return 0x1000 * len(self.loads)

    def launch(self, prepared_address):
        """`nereid_cuda_launch_prepared`, which checks the grid against the limits (the real
        one's check: test_nvidia_runtime.py) and records the launch."""
        launch = driver.PreparedLaunch.from_address(prepared_address)
        grid = (launch.grid_x, launch.grid_y, launch.grid_z)
        if any(size > limit for size, limit in zip(grid, (
                launch.max_grid_x, launch.max_grid_y, launch.max_grid_z))):
            return driver.GRID_BEYOND_LIMITS
        args = ctypes.cast(launch.args, ctypes.POINTER(ctypes.c_void_p))
        address = ctypes.cast(args[0], ctypes.POINTER(ctypes.c_uint64)).contents.value
        n = ctypes.cast(args[1], ctypes.POINTER(ctypes.c_int32)).contents.value
        self.launches.append((launch.function, grid, launch.block_x, launch.shared_bytes,
                              launch.stream, address, n))
        return self.launch_status


def _kernel(num_warps=4, shared_bytes=0):
    return CompiledNvidiaKernel("k", b"\x7fELF cubin", {
        "x": dtypes.pointer_type(dtypes.float32), "n": dtypes.int32}, num_warps, shared_bytes)


@pytest.mark.parametrize("grid,sizes", [((5,), (5, 1, 1)), ([7, 3], (7, 3, 1)),
                                        ((2**31 - 1, 65535, 65535), (2**31 - 1, 65535, 65535)),
                                        ((np.int64(9),), (9, 1, 1)), ((0,), (0, 1, 1))])
def test_what_reaches_the_launch(monkeypatch, grid, sizes):
    cuda = StandInDriver(monkeypatch)
    kernel = _kernel(num_warps=8)
    address, n = int(rng.integers(1, 2**40)) * 16, int(rng.integers(1, 2**31))
    kernel.launch([CudaArray(address), n], grid)
    assert cuda.launches == [(0x1001, sizes, 256, 0, 0x5000, address, n)]


def test_the_cubin_loads_once_per_device(monkeypatch):
    cuda = StandInDriver(monkeypatch)
    kernel = _kernel()
    for _ in range(3):
        kernel.launch([CudaArray(256), 1], (1,))
    assert cuda.loads == [(0, b"\x7fELF cubin")]
    assert len(cuda.launches) == 3


@pytest.mark.parametrize("grid", [(1, 65536), (1, 1, 65536), (2**31,), (-1,), (1, 2, 3, 4),
                                  (1.5,), ()])
def test_grids_beyond_the_limits(monkeypatch, grid):
    cuda = StandInDriver(monkeypatch)
    with pytest.raises(ValueError, match=r"kernel `k`: the grid .* is not 1 to 3 sizes within "
                                         r"the device's limits \(2147483647, 65535, 65535\)"):
        _kernel().launch([CudaArray(256), 1], grid)
    assert cuda.launches == []


def test_a_grid_list_is_checked_at_each_launch(monkeypatch):
    cuda = StandInDriver(monkeypatch)
    kernel, grid = _kernel(), [4]
    kernel.launch([CudaArray(256), 1], grid)
    grid[0] = 2**31
    with pytest.raises(ValueError, match=r"the grid \(2147483648,\) is not"):
        kernel.launch([CudaArray(256), 1], grid)
    assert len(cuda.launches) == 1


def test_shared_memory_above_48_kib_is_opted_in(monkeypatch):
    cuda = StandInDriver(monkeypatch, static_shared=1024)
    kernel = _kernel(shared_bytes=100 * 1024)
    kernel.launch([CudaArray(256), 1], (1,))
    assert cuda.shared_opt_ins == [(0x1001, 100 * 1024)]
    assert cuda.launches[0][3] == 100 * 1024


def test_shared_memory_at_48_kib_needs_no_opt_in(monkeypatch):
    cuda = StandInDriver(monkeypatch)
    _kernel(shared_bytes=48 * 1024).launch([CudaArray(256), 1], (1,))
    assert cuda.shared_opt_ins == []


def test_shared_memory_beyond_the_device(monkeypatch):
    StandInDriver(monkeypatch, static_shared=4096)
    with pytest.raises(CudaError, match="kernel `k` needs 229376 bytes of shared memory; NVIDIA "
                                        "H100 80GB HBM3 gives a block at most 228352 beside its "
                                        "4096 static bytes"):
        _kernel(shared_bytes=224 * 1024).launch([CudaArray(256), 1], (1,))


def test_too_many_warps(monkeypatch):
    cuda = StandInDriver(monkeypatch)
    with pytest.raises(CudaError, match="kernel `k`: num_warps=64 makes blocks of 2048 threads; "
                                        "NVIDIA H100 80GB HBM3 runs at most 1024"):
        _kernel(num_warps=64).launch([CudaArray(256), 1], (1,))
    assert cuda.loads == []


def test_a_failed_launch_names_the_kernel_and_the_call(monkeypatch):
    StandInDriver(monkeypatch, launch_status=1)
    with pytest.raises(CudaError, match="kernel `k`: cuLaunchKernelEx: CUDA_ERROR_X"):
        _kernel().launch([CudaArray(256), 1], (1,))
