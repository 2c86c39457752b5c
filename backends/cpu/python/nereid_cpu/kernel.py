"""A compiled CPU kernel: its shared library, loaded with ctypes, and its launch.

The library defines, for kernel `K` (see the ABI in backends/cpu):
    void K_grid(void **args, int32 gridX, gridY, gridZ, int32 numThreads)   OpenMP grid loop
    void K_program(void **args, int32 pidX, pidY, pidZ, int32 gridX, gridY, gridZ)
"""

from __future__ import annotations

import ctypes
import functools
import os
import threading
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from nereid import _capi
from nereid.language.dtypes import dtype
from nereid.runtime import environment

from .marshal import ArgumentMarshaller

SCHEDULERS = ("openmp", "tbb")
_INT32_MAX = 2**31 - 1
_RUNTIME_NAME = "libnereid_cpu_runtime.so"


class KernelLoadError(RuntimeError):
    """A kernel's shared library could not be loaded or lacks its entry points."""


@functools.lru_cache(maxsize=None)
def _core_count() -> int:
    return os.cpu_count() or 1


def resolve_num_threads(options: Mapping[str, Any]) -> int:
    """The threads that run a launch's programs: the launch option `num_threads`, else
    NEREID_NUM_THREADS, else every core."""
    configured = options.get("num_threads") or environment.NEREID_NUM_THREADS.get()
    if not configured:
        return _core_count()
    try:
        count = int(configured)
    except ValueError:
        count = 0
    if count < 1:
        raise ValueError(f"num_threads (or NEREID_NUM_THREADS) must be a positive integer; got "
                         f"{configured!r}")
    return count


@functools.lru_cache(maxsize=None)
def runtime_library_path() -> Path:
    """libnereid_cpu_runtime.so, which lies beside libnereid.so (in the wheel and in the build
    tree): the oneTBB scheduler, and tt.print/tt.assert, which kernels link against."""
    candidates = list(dict.fromkeys([_capi.library_path().parent / _RUNTIME_NAME,
                                     _capi._REPO_ROOT / "build" / "lib" / _RUNTIME_NAME]))
    path = next((p for p in candidates if p.is_file()), None)
    if path is None:
        raise KernelLoadError("the CPU backend needs " + _RUNTIME_NAME + "; tried "
                              + ", ".join(str(p) for p in candidates))
    return path


@functools.lru_cache(maxsize=None)
def _runtime() -> ctypes.CDLL:
    return ctypes.CDLL(str(runtime_library_path()))


@functools.lru_cache(maxsize=None)
def host_bf16_pair_cost() -> float:
    """How long one 512-bit vdpbf16ps takes on this core, in f32 FMAs of 512 bits (the
    runtime's `nereid_cpu_bf16_pair_cost`, timed once per process, in a few milliseconds); 0
    where the CPU lacks AVX-512 BF16."""
    probe = _runtime().nereid_cpu_bf16_pair_cost
    probe.argtypes = []
    probe.restype = ctypes.c_double
    return float(probe())


@functools.lru_cache(maxsize=None)
def _failure_pending() -> ctypes.c_int32:
    """The runtime's flag that a kernel recorded a failed tt.assert."""
    return ctypes.c_int32.in_dll(_runtime(), "nereid_cpu_failure_pending")


def take_failure(kernel: str) -> Optional[Exception]:
    """The KernelError of the failed tt.assert that the runtime recorded, or None."""
    from nereid.ir import Diagnostic
    from nereid.runtime.interpreter import KernelError

    message = ctypes.create_string_buffer(4096)
    file = ctypes.create_string_buffer(4096)
    line, column = ctypes.c_int32(), ctypes.c_int32()
    take = _runtime().nereid_cpu_take_failure
    take.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t,
                     ctypes.POINTER(ctypes.c_int32), ctypes.POINTER(ctypes.c_int32)]
    take.restype = ctypes.c_int32
    if not take(message, len(message), file, len(file), ctypes.byref(line),
                ctypes.byref(column)):
        return None
    diagnostic = Diagnostic("error", message.value.decode(errors="replace"),
                            file.value.decode(errors="replace"), line.value, column.value)
    return KernelError(kernel, [diagnostic], where="the CPU backend")


@functools.lru_cache(maxsize=None)
def _tbb_launch() -> Any:
    """`nereid_cpu_launch_tbb` of libnereid_cpu_runtime.so."""
    function = _runtime().nereid_cpu_launch_tbb
    function.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int32),
                         ctypes.c_int32]
    function.restype = ctypes.c_int32
    return function


class CompiledCpuKernel:
    """Kernel `name` loaded from the shared library at `path`, for parameters `signature`
    (name -> dtype, in order)."""

    def __init__(self, name: str, path: Path, signature: Mapping[str, dtype], key: str) -> None:
        self.name = name
        self.path = path
        self.key = key
        try:
            self._library = ctypes.CDLL(str(path))
            grid_fn = getattr(self._library, f"{name}_grid")
            program_fn = getattr(self._library, f"{name}_program")
        except (OSError, AttributeError) as error:
            raise KernelLoadError(f"cannot load the CPU code of kernel `{name}` from {path}: "
                                  f"{error}") from None
        grid_fn.argtypes = [ctypes.c_void_p] + [ctypes.c_int32] * 4
        grid_fn.restype = None
        self._grid_fn = grid_fn
        self._program_address = ctypes.cast(program_fn, ctypes.c_void_p).value
        self._marshaller = ArgumentMarshaller(name, signature)
        self._grid_sizes = (ctypes.c_int32 * 3)()
        self._failure_pending = _failure_pending()
        # One launch at a time packs the argument slots and the grid, and runs on them.
        self._lock = threading.Lock()

    def __repr__(self) -> str:
        return f"CompiledCpuKernel({self.name}, {self.path})"

    def launch(self, values: Sequence[Any], grid: Sequence[int],
               num_threads: Optional[int] = None, scheduler: str = "openmp") -> None:
        """Runs every program of the 3-D `grid` on `values`, the arguments in parameter order,
        on `num_threads` threads (None: see `resolve_num_threads`)."""
        self._check_scheduler(scheduler)
        if num_threads is None:
            num_threads = resolve_num_threads({})
        with self._lock:
            self._marshaller.pack(values)
            self._run(grid, num_threads, scheduler)

    def relauncher(self, positions: Sequence[int],
                   options: Mapping[str, Any]) -> Callable[[Sequence[Any], Sequence[int]], None]:
        """The launch that @jit repeats for launches with the same key:
        `relaunch(abi_values, grid)` (see `ArgumentMarshaller.packer`) with the launch options
        `options`. Without a `num_threads` option it reads NEREID_NUM_THREADS on every call,
        which may change between launches."""
        scheduler = options.get("scheduler") or "openmp"
        self._check_scheduler(scheduler)
        fixed_threads = resolve_num_threads(options) if options.get("num_threads") else None
        pack = self._marshaller.packer(positions)

        def relaunch(abi_values: Sequence[Any], grid: Sequence[int]) -> None:
            num_threads = fixed_threads or resolve_num_threads(options)
            with self._lock:
                pack(abi_values)
                self._run(grid, num_threads, scheduler)

        return relaunch

    def _check_scheduler(self, scheduler: str) -> None:
        if scheduler not in SCHEDULERS:
            raise ValueError(f"kernel `{self.name}`: unknown scheduler {scheduler!r}; "
                             f"expected one of {', '.join(SCHEDULERS)}")

    def _run(self, grid: Sequence[int], num_threads: int, scheduler: str) -> None:
        """Runs the grid on the packed arguments; the caller holds the lock."""
        grid_x, grid_y, grid_z = grid
        if not (0 <= grid_x <= _INT32_MAX and 0 <= grid_y <= _INT32_MAX
                and 0 <= grid_z <= _INT32_MAX):
            raise ValueError(f"kernel `{self.name}`: grid sizes must lie in [0, 2^31); got "
                             f"{tuple(grid)}")
        if grid_x == 0 or grid_y == 0 or grid_z == 0:
            return
        if scheduler == "openmp":
            self._grid_fn(self._marshaller.args_address, grid_x, grid_y, grid_z, num_threads)
        else:
            sizes = self._grid_sizes
            sizes[0], sizes[1], sizes[2] = grid_x, grid_y, grid_z
            _tbb_launch()(self._program_address, self._marshaller.args_address, sizes,
                          num_threads)
        if self._failure_pending.value:
            failure = take_failure(self.name)
            if failure is not None:
                raise failure
