"""The CUDA driver, through libnereid_nvidia_runtime.so (backends/nvidia/runtime), loaded with
ctypes: devices, their properties, cubins loaded as modules, and the launch function.

This module needs neither libnereid nor the CUDA toolkit: a GPU host loads and launches cubins
with the runtime library alone, which opens the driver's libcuda.so.1 itself. Every failure is a
`CudaError` whose message names the driver call (`nereid_nvidia_runtime.h`)."""

from __future__ import annotations

import ctypes
import functools
from dataclasses import dataclass
from pathlib import Path

from nereid import _capi

_RUNTIME_NAME = "libnereid_nvidia_runtime.so"

# The oldest driver the runtime can launch on: cuLaunchKernelEx came with CUDA 11.8.
MIN_DRIVER_VERSION = 11080


class CudaError(RuntimeError):
    """A CUDA driver call failed, or the driver could not be loaded."""


class _DeviceProperties(ctypes.Structure):
    """The C `NereidCudaDeviceProperties`."""

    _fields_ = [("name", ctypes.c_char * 256),
                ("compute_capability_major", ctypes.c_int32),
                ("compute_capability_minor", ctypes.c_int32),
                ("multiprocessor_count", ctypes.c_int32),
                ("max_threads_per_block", ctypes.c_int32),
                ("warp_size", ctypes.c_int32),
                ("max_shared_memory_per_block", ctypes.c_int32),
                ("max_shared_memory_per_block_optin", ctypes.c_int32),
                ("max_grid", ctypes.c_int32 * 3),
                ("max_registers_per_block", ctypes.c_int32),
                ("clock_rate_khz", ctypes.c_int32),
                ("memory_clock_rate_khz", ctypes.c_int32),
                ("memory_bus_width", ctypes.c_int32)]


class _FunctionResources(ctypes.Structure):
    """The C `NereidCudaFunctionResources`."""

    _fields_ = [("registers", ctypes.c_int32), ("local_bytes", ctypes.c_int32),
                ("static_shared_bytes", ctypes.c_int32),
                ("max_threads_per_block", ctypes.c_int32)]


class PreparedLaunch(ctypes.Structure):
    """The C `NereidCudaLaunch`: a kernel's launch on one device, prepared once. A launch
    writes `stream` and the grid, then calls `launch_prepared_function()` on its address."""

    _fields_ = [("function", ctypes.c_void_p), ("args", ctypes.c_void_p),
                ("stream", ctypes.c_void_p),
                ("grid_x", ctypes.c_uint32), ("grid_y", ctypes.c_uint32),
                ("grid_z", ctypes.c_uint32),
                ("max_grid_x", ctypes.c_uint32), ("max_grid_y", ctypes.c_uint32),
                ("max_grid_z", ctypes.c_uint32),
                ("block_x", ctypes.c_uint32), ("shared_bytes", ctypes.c_uint32)]


# What `nereid_cuda_launch_prepared` returns for a grid beyond the device's limits.
GRID_BEYOND_LIMITS = 2


@dataclass(frozen=True)
class DeviceProperties:
    """What compiling for and launching on a device needs to know of it."""

    name: str
    compute_capability: tuple[int, int]
    multiprocessor_count: int
    max_threads_per_block: int
    warp_size: int
    max_shared_memory_per_block: int
    max_shared_memory_per_block_optin: int
    max_grid: tuple[int, int, int]
    # What upstream's `get_device_properties` reports besides (0 for a device described by
    # hand, as tests do).
    max_registers_per_block: int = 0
    clock_rate_khz: int = 0
    memory_clock_rate_khz: int = 0
    memory_bus_width: int = 0


@dataclass(frozen=True)
class FunctionResources:
    """What a loaded kernel uses of its device (per thread: registers, local memory)."""

    registers: int
    local_bytes: int
    static_shared_bytes: int
    max_threads_per_block: int


def runtime_library_candidates() -> list[Path]:
    """Where the runtime library is looked for: beside libnereid in an installed wheel
    (nereid/_lib), then in a checkout's build tree (build/lib)."""
    return list(dict.fromkeys([_capi._PACKAGE_DIR / "_lib" / _RUNTIME_NAME,
                               _capi._REPO_ROOT / "build" / "lib" / _RUNTIME_NAME]))


@functools.lru_cache(maxsize=None)
def runtime() -> ctypes.CDLL:
    """The runtime library, loaded and declared once; CudaError when it is missing."""
    candidates = runtime_library_candidates()
    path = next((p for p in candidates if p.is_file()), None)
    if path is None:
        raise CudaError(f"the NVIDIA backend needs {_RUNTIME_NAME}; tried "
                        + ", ".join(str(p) for p in candidates))
    library = ctypes.CDLL(str(path))
    library.nereid_cuda_last_error.restype = ctypes.c_char_p
    library.nereid_cuda_last_error.argtypes = []
    signatures = {
        "nereid_cuda_init": [],
        "nereid_cuda_driver_version": [ctypes.POINTER(ctypes.c_int32)],
        "nereid_cuda_device_count": [ctypes.POINTER(ctypes.c_int32)],
        "nereid_cuda_device_properties": [ctypes.c_int32, ctypes.POINTER(_DeviceProperties)],
        "nereid_cuda_load_module": [ctypes.c_int32, ctypes.c_char_p, ctypes.c_size_t,
                                    ctypes.POINTER(ctypes.c_void_p)],
        "nereid_cuda_unload_module": [ctypes.c_void_p],
        "nereid_cuda_get_function": [ctypes.c_void_p, ctypes.c_char_p,
                                     ctypes.POINTER(ctypes.c_void_p)],
        "nereid_cuda_function_resources": [ctypes.c_void_p, ctypes.POINTER(_FunctionResources)],
        "nereid_cuda_set_max_dynamic_shared_memory": [ctypes.c_void_p, ctypes.c_int32],
        "nereid_cuda_launch": [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32,
                               ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32,
                               ctypes.c_void_p, ctypes.c_void_p],
        "nereid_cuda_launch_prepared": [ctypes.c_void_p],
        "nereid_cuda_encode_tensor_map": [ctypes.c_void_p, ctypes.c_int32, ctypes.c_int32,
                                          ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint64),
                                          ctypes.POINTER(ctypes.c_uint64),
                                          ctypes.POINTER(ctypes.c_uint32), ctypes.c_int32],
    }
    for name, argtypes in signatures.items():
        function = getattr(library, name)
        function.argtypes = argtypes
        function.restype = ctypes.c_int
    return library


def last_error() -> str:
    """The runtime's message for this thread's last failed call."""
    return runtime().nereid_cuda_last_error().decode(errors="replace")


def _check(status: int) -> None:
    if status != 0:
        raise CudaError(last_error())


def init() -> None:
    """Opens the driver and calls cuInit, once; CudaError (with the reason) when it cannot."""
    _check(runtime().nereid_cuda_init())


def driver_version() -> int:
    """The driver's CUDA version, 1000 * major + 10 * minor."""
    version = ctypes.c_int32()
    _check(runtime().nereid_cuda_driver_version(ctypes.byref(version)))
    return version.value


def format_version(version: int) -> str:
    """A driver version as CUDA writes it: 12080 is "12.8"."""
    return f"{version // 1000}.{version % 1000 // 10}"


def device_count() -> int:
    count = ctypes.c_int32()
    _check(runtime().nereid_cuda_device_count(ctypes.byref(count)))
    return count.value


@functools.lru_cache(maxsize=None)
def device_properties(device: int) -> DeviceProperties:
    """The properties of the device with this ordinal, read once."""
    raw = _DeviceProperties()
    _check(runtime().nereid_cuda_device_properties(device, ctypes.byref(raw)))
    return DeviceProperties(
        raw.name.decode(errors="replace"),
        (raw.compute_capability_major, raw.compute_capability_minor),
        raw.multiprocessor_count, raw.max_threads_per_block, raw.warp_size,
        raw.max_shared_memory_per_block, raw.max_shared_memory_per_block_optin,
        tuple(raw.max_grid), raw.max_registers_per_block, raw.clock_rate_khz,
        raw.memory_clock_rate_khz, raw.memory_bus_width)


def load_module(device: int, cubin: bytes) -> int:
    """Loads `cubin` into the current context, or the device's primary one; its CUmodule."""
    module = ctypes.c_void_p()
    _check(runtime().nereid_cuda_load_module(device, cubin, len(cubin), ctypes.byref(module)))
    return module.value


def unload_module(module: int) -> None:
    _check(runtime().nereid_cuda_unload_module(module))


def get_function(module: int, name: str) -> int:
    """The CUfunction of the kernel `name` in `module`."""
    function = ctypes.c_void_p()
    _check(runtime().nereid_cuda_get_function(module, name.encode(), ctypes.byref(function)))
    return function.value


def function_resources(function: int) -> FunctionResources:
    raw = _FunctionResources()
    _check(runtime().nereid_cuda_function_resources(function, ctypes.byref(raw)))
    return FunctionResources(raw.registers, raw.local_bytes, raw.static_shared_bytes,
                             raw.max_threads_per_block)


def set_max_dynamic_shared_memory(function: int, size: int) -> None:
    """Lets `function` take `size` bytes of dynamic shared memory (an opt-in above 48 KiB)."""
    _check(runtime().nereid_cuda_set_max_dynamic_shared_memory(function, size))


def launch_function() -> ctypes._CFuncPtr:
    """The runtime's `nereid_cuda_launch(function, gx, gy, gz, block, shared, stream, args)`,
    for a kernel's launch to call directly; a non-zero result means `last_error()`."""
    return runtime().nereid_cuda_launch


def launch_prepared_function() -> ctypes._CFuncPtr:
    """The runtime's `nereid_cuda_launch_prepared(launch)`, which takes the address of a
    `PreparedLaunch`: 0 when launched, GRID_BEYOND_LIMITS where the grid passes the device's
    limits, else a failure that `last_error()` describes."""
    return runtime().nereid_cuda_launch_prepared


def encode_tensor_map(map_address: int, element_bytes: int, address: int,
                      shape: "list[int]", strides: "list[int]", box: "list[int]",
                      swizzle_bytes: int) -> None:
    """Encodes the tensor map of the tensor at `address` (`shape` and `strides` in elements,
    slowest dimension first) into the 128 bytes at `map_address` (cuTensorMapEncodeTiled)."""
    rank = len(shape)
    _check(runtime().nereid_cuda_encode_tensor_map(
        map_address, element_bytes, rank, address, (ctypes.c_uint64 * rank)(*shape),
        (ctypes.c_uint64 * rank)(*strides), (ctypes.c_uint32 * rank)(*box), swizzle_bytes))
