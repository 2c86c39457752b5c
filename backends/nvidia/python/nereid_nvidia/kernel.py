"""A compiled NVIDIA kernel: its cubin, loaded once per device, and its launch on torch's
current stream.

What the compiler hands over is the cubin, the name of its `.entry`, the kernel's signature (the
@jit function's non-constexpr parameters, in order: `marshal.py` says how each travels), its
`num_warps` (a block has num_warps * 32 threads) and the dynamic shared memory it needs."""

from __future__ import annotations

import operator
import sys
from typing import Any, Mapping, Sequence

from nereid.language.dtypes import dtype

from . import driver
from .driver import CudaError
from .marshal import ArgumentMarshaller

WARP_SIZE = 32
# Shared memory a block gets without opting in (cuFuncSetAttribute).
DEFAULT_SHARED_MEMORY_LIMIT = 48 * 1024


def current_device_and_stream() -> tuple[int, int]:
    """The device and stream a launch runs on: torch's current ones when a program has
    imported torch, else device 0 and its default stream."""
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_initialized():
        return 0, 0
    device = torch.cuda.current_device()
    return device, torch._C._cuda_getCurrentRawStream(device)


class CompiledNvidiaKernel:
    """A kernel for NVIDIA GPUs, launched as `launch(values, grid)`."""

    def __init__(self, name: str, cubin: bytes, signature: Mapping[str, dtype],
                 num_warps: int, shared_bytes: int) -> None:
        self.name = name
        self.cubin = cubin
        self.num_warps = num_warps
        self.shared_bytes = shared_bytes
        self.block = num_warps * WARP_SIZE
        self.marshaller = ArgumentMarshaller(name, signature)
        # The CUfunction on each device it has been loaded on.
        self._functions: dict[int, int] = {}

    def function(self, device: int) -> int:
        """The kernel's CUfunction on `device`, loading the cubin there on first use, and
        opting it in to its dynamic shared memory where that passes 48 KiB."""
        function = self._functions.get(device)
        if function is not None:
            return function
        driver.init()
        properties = driver.device_properties(device)
        if self.block > properties.max_threads_per_block:
            raise CudaError(f"kernel `{self.name}`: num_warps={self.num_warps} makes blocks of "
                            f"{self.block} threads; {properties.name} runs at most "
                            f"{properties.max_threads_per_block}")
        module = driver.load_module(device, self.cubin)
        function = driver.get_function(module, self.name)
        if self.shared_bytes > DEFAULT_SHARED_MEMORY_LIMIT:
            static = driver.function_resources(function).static_shared_bytes
            limit = properties.max_shared_memory_per_block_optin - static
            if self.shared_bytes > limit:
                raise CudaError(f"kernel `{self.name}` needs {self.shared_bytes} bytes of "
                                f"shared memory; {properties.name} gives a block at most "
                                f"{limit} beside its {static} static bytes")
            driver.set_max_dynamic_shared_memory(function, self.shared_bytes)
        self._functions[device] = function
        return function

    def resources(self) -> driver.FunctionResources:
        """What the kernel uses of the current device: registers, spills, shared memory,
        threads."""
        return driver.function_resources(self.function(current_device_and_stream()[0]))

    def launch(self, values: Sequence[Any], grid: Sequence[int]) -> None:
        """Runs the kernel on `values` (its parameters, in order) for every program of `grid`
        (one to three sizes), on the current device and stream."""
        device, stream = current_device_and_stream()
        function = self._functions.get(device) or self.function(device)
        grid_x, grid_y, grid_z = self._check_grid(device, grid)
        marshaller = self.marshaller
        marshaller.device = device
        marshaller.pack(values)
        if driver.launch_function()(function, grid_x, grid_y, grid_z, self.block,
                                    self.shared_bytes, stream, marshaller.args_address):
            raise CudaError(f"kernel `{self.name}`: {driver.last_error()}")

    def _check_grid(self, device: int, grid: Sequence[int]) -> tuple[int, int, int]:
        limits = driver.device_properties(device).max_grid
        try:
            sizes = tuple(map(operator.index, grid))
        except TypeError:
            sizes = ()
        if not 1 <= len(sizes) <= 3 or not all(
                0 <= size <= limit for size, limit in zip(sizes, limits)):
            raise ValueError(f"kernel `{self.name}`: the grid {tuple(grid)} is not 1 to 3 "
                             f"sizes within the device's limits {limits} (x, y, z)")
        return sizes + (1,) * (3 - len(sizes))
