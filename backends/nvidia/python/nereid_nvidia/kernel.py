"""A compiled NVIDIA kernel: its cubin, loaded once per device, and its launch on torch's
current stream.

What the compiler hands over is the cubin, the name of its `.entry`, the kernel's signature (the
@jit function's non-constexpr parameters, in order: `marshal.py` says how each travels), its
`num_warps` (a block has num_warps * 32 threads), the dynamic shared memory it needs and the
tensor maps it takes after those parameters (`tensor_maps.py`)."""

from __future__ import annotations

import ctypes
import operator
import sys
import threading
from typing import Any, Callable, Mapping, Optional, Sequence

from nereid.language.dtypes import dtype

from . import driver
from .driver import CudaError
from .marshal import ArgumentMarshaller
from .tensor_maps import TensorMapParameter

WARP_SIZE = 32
# Shared memory a block gets without opting in (cuFuncSetAttribute).
DEFAULT_SHARED_MEMORY_LIMIT = 48 * 1024


def current_device_and_stream() -> tuple[int, int]:
    """The device and stream a launch runs on: torch's current ones when a program has
    imported torch and initialized CUDA, else device 0 and its default stream."""
    torch = sys.modules.get("torch")
    if torch is None or not torch.cuda.is_initialized():
        return 0, 0
    device = torch._C._cuda_getDevice()  # torch.cuda.current_device(), once CUDA is up
    return device, torch._C._cuda_getCurrentRawStream(device)


class CompiledNvidiaKernel:
    """A kernel for NVIDIA GPUs, launched as `launch(values, grid)`, or, for @jit's launches
    that match an earlier one, by its `relauncher`."""

    def __init__(self, name: str, cubin: bytes, signature: Mapping[str, dtype],
                 num_warps: int, shared_bytes: int,
                 tensor_maps: Sequence[TensorMapParameter] = ()) -> None:
        self.name = name
        self.cubin = cubin
        self.num_warps = num_warps
        self.shared_bytes = shared_bytes
        self.block = num_warps * WARP_SIZE
        self.tensor_maps = list(tensor_maps)
        self.marshaller = ArgumentMarshaller(name, signature, tensor_maps)
        # The first pointer parameter, which a launch on the wrong device names.
        self._pointer = next((name for name, ty in signature.items() if ty.is_ptr()), None)
        # The CUfunction on each device it has been loaded on, and its prepared launch.
        self._functions: dict[int, int] = {}
        self._prepared: dict[int, driver.PreparedLaunch] = {}
        # One launch at a time packs the argument slots and the prepared launch and calls the
        # driver, which copies the arguments (ctypes lets other threads run during the call).
        self._lock = threading.Lock()

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

    def prepared(self, device: int) -> driver.PreparedLaunch:
        """The kernel's launch on `device` (its function, arguments, block, shared memory and
        the device's grid limits), made once per device."""
        launch = self._prepared.get(device)
        if launch is None:
            function = self.function(device)
            max_x, max_y, max_z = driver.device_properties(device).max_grid
            launch = self._prepared[device] = driver.PreparedLaunch(
                function=function, args=self.marshaller.args_address, block_x=self.block,
                shared_bytes=self.shared_bytes, max_grid_x=max_x, max_grid_y=max_y,
                max_grid_z=max_z)
        return launch

    def resources(self) -> driver.FunctionResources:
        """What the kernel uses of the current device: registers, spills, shared memory,
        threads."""
        return driver.function_resources(self.function(current_device_and_stream()[0]))

    def launch(self, values: Sequence[Any], grid: Sequence[int]) -> None:
        """Runs the kernel on `values` (its parameters, in order) for every program of `grid`
        (one to three sizes), on the current device and stream."""
        device, stream = current_device_and_stream()
        prepared = self._prepared.get(device) or self.prepared(device)
        sizes = self._grid_sizes(device, grid)
        marshaller = self.marshaller
        with self._lock:
            marshaller.device = device
            marshaller.pack(values)
            prepared.stream = stream
            prepared.grid_x, prepared.grid_y, prepared.grid_z = sizes
            status = driver.launch_prepared_function()(ctypes.addressof(prepared))
        if status:
            raise self._launch_error(status, device, grid)

    def relauncher(self, positions: Sequence[int]) -> Optional[Callable[[Sequence[Any],
                                                                         Sequence[int]], None]]:
        """The launch that @jit repeats for launches whose key matched the last one made here:
        `relaunch(abi_values, grid)` (see `ArgumentMarshaller.packer`; `grid` is three sizes in
        [0, 2^31), as `nereid.runtime.launcher.resolve_grid` gives them). The key fixed the
        arguments' kinds, dtypes and devices: those of a launch on the current device, which
        each relaunch reads again with its stream from torch, and which must not have changed
        where the kernel takes pointers. None where torch has not initialized CUDA (a launch
        on no tensors): those launches take the full path."""
        torch = sys.modules.get("torch")
        if torch is None or not torch.cuda.is_initialized():
            return None
        get_device, get_stream = torch._C._cuda_getDevice, torch._C._cuda_getCurrentRawStream
        home = get_device() if self._pointer is not None else None
        pack = self.marshaller.packer(positions)
        launch_prepared = driver.launch_prepared_function()
        lock = self._lock
        # The prepared launch and its address, by device.
        launches: dict[int, tuple[driver.PreparedLaunch, int]] = {}

        def relaunch(abi_values: Sequence[Any], grid: Sequence[int]) -> None:
            device = get_device()
            if device != home and home is not None:
                raise self.marshaller.wrong_device_error(self._pointer, home, device)
            try:
                prepared, address = launches[device]
            except KeyError:
                prepared = self.prepared(device)
                prepared, address = launches[device] = prepared, ctypes.addressof(prepared)
            with lock:
                pack(abi_values)
                prepared.stream = get_stream(device)
                prepared.grid_x, prepared.grid_y, prepared.grid_z = grid
                status = launch_prepared(address)
            if status:
                raise self._launch_error(status, device, grid)

        return relaunch

    def _grid_sizes(self, device: int, grid: Sequence[int]) -> tuple[int, int, int]:
        """`grid` as three sizes that a prepared launch holds, each in [0, 2^32); the runtime
        checks them against the device's limits."""
        try:
            sizes = tuple(map(operator.index, grid))
        except TypeError:
            sizes = ()
        if not 1 <= len(sizes) <= 3 or not all(0 <= size < 2**32 for size in sizes):
            raise self._grid_error(device, grid)
        return sizes + (1,) * (3 - len(sizes))

    def _grid_error(self, device: int, grid: Sequence[int]) -> ValueError:
        limits = driver.device_properties(device).max_grid
        return ValueError(f"kernel `{self.name}`: the grid {tuple(grid)} is not 1 to 3 sizes "
                          f"within the device's limits {limits} (x, y, z)")

    def _launch_error(self, status: int, device: int, grid: Sequence[int]) -> Exception:
        if status == driver.GRID_BEYOND_LIMITS:
            return self._grid_error(device, grid)
        return CudaError(f"kernel `{self.name}`: {driver.last_error()}")
