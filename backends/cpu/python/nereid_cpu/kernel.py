"""A compiled CPU kernel: its shared library, loaded with ctypes, and its launch.

The library defines, for kernel `K` (see the ABI in backends/cpu):
    void K_grid(void **args, int32 gridX, gridY, gridZ, int32 numThreads)   OpenMP grid loop
    void K_program(void **args, int32 pidX, pidY, pidZ, int32 gridX, gridY, gridZ)
"""

from __future__ import annotations

import ctypes
import functools
import threading
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from nereid import _capi
from nereid.language.dtypes import dtype
from nereid.runtime import environment
from nereid.runtime.host import available_cores
from nereid.runtime.launcher import MAX_THREADS, SCHEDULERS, thread_count

from . import knobs
from .marshal import ArgumentMarshaller
from .stack import run_on_large_stack, stack_is_enough

# oneTBB: as fast as OpenMP on an idle machine, and it does not slow down 10 to 70 times when
# other processes keep the cores busy, as OpenMP's spinning workers do (bench/shared_machine.py,
# bench/RESULTS.md).
DEFAULT_SCHEDULER = "tbb"
_INT32_MAX = 2**31 - 1
_RUNTIME_NAME = "libnereid_cpu_runtime.so"


class KernelLoadError(RuntimeError):
    """A kernel's shared library could not be loaded or lacks its entry points."""


def resolve_num_threads(options: Mapping[str, Any]) -> int:
    """The threads that run a launch's programs: the launch option `num_threads`, else
    NEREID_NUM_THREADS, else OMP_NUM_THREADS (its first level; empty is unset), else every core
    available to the process (`available_cores`), each at most MAX_THREADS (more is an error).
    OMP_NUM_THREADS is checked even when another setting wins, because the OpenMP runtime
    reads it too, and aborts on a value it cannot parse."""
    omp_threads = knobs.OMP_NUM_THREADS.get()
    if omp_threads:
        omp_threads = thread_count(omp_threads.split(",")[0].strip(), "OMP_NUM_THREADS")
    configured = options.get("num_threads")
    if configured is not None:
        return thread_count(configured, "num_threads")
    configured = environment.NEREID_NUM_THREADS.get()
    if configured:
        return thread_count(configured, "NEREID_NUM_THREADS")
    return omp_threads or min(available_cores(), MAX_THREADS)


def resolve_scheduler(kernel_name: str, options: Mapping[str, Any]) -> str:
    """What runs a launch's programs on several threads: the launch option `scheduler`, else
    NEREID_CPU_SCHEDULER, else DEFAULT_SCHEDULER."""
    scheduler = options.get("scheduler") or knobs.NEREID_CPU_SCHEDULER.get() \
        or DEFAULT_SCHEDULER
    if scheduler not in SCHEDULERS:
        raise ValueError(f"kernel `{kernel_name}`: unknown scheduler {scheduler!r} (the "
                         f"option `scheduler` or NEREID_CPU_SCHEDULER); expected one of "
                         f"{', '.join(SCHEDULERS)}")
    return scheduler


@functools.lru_cache(maxsize=None)
def runtime_library_path() -> Path:
    """libnereid_cpu_runtime.so, which lies beside libnereid.so (in the wheel and in the build
    tree): the oneTBB scheduler, and tt.print/tt.assert, which kernels link against."""
    path = _capi.library_path().parent / _RUNTIME_NAME
    if not path.is_file():
        raise KernelLoadError(f"the CPU backend needs {_RUNTIME_NAME} beside libnereid.so, at "
                              f"{path}")
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
    """The runtime's count of kernel libraries with a failed tt.assert or out-of-bounds access
    recorded and not yet taken: non-zero after a launch, the launch asks for its own library's
    failure."""
    return ctypes.c_int32.in_dll(_runtime(), "nereid_cpu_failure_pending")


def take_failure(kernel: str, code_address: int) -> Optional[Exception]:
    """The KernelError of the failed tt.assert or out-of-bounds access that the runtime recorded
    for the kernel library holding `code_address` (the kernel's program function), or None.
    Failures of other libraries, launched at the same time by other threads, stay for their
    own launches."""
    from nereid.ir import Diagnostic
    from nereid.runtime.interpreter import KernelError

    message = ctypes.create_string_buffer(4096)
    file = ctypes.create_string_buffer(4096)
    line, column = ctypes.c_int32(), ctypes.c_int32()
    take = _runtime().nereid_cpu_take_failure
    take.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                     ctypes.c_size_t, ctypes.POINTER(ctypes.c_int32),
                     ctypes.POINTER(ctypes.c_int32)]
    take.restype = ctypes.c_int32
    if not take(code_address, message, len(message), file, len(file), ctypes.byref(line),
                ctypes.byref(column)):
        return None
    diagnostic = Diagnostic("error", message.value.decode(errors="replace"),
                            file.value.decode(errors="replace"), line.value, column.value)
    return KernelError(kernel, [diagnostic], where="the CPU backend")


# The lock of each loaded kernel library, by its dlopen handle. The runtime keeps failures per
# library (KernelDebug.cpp), so launches of one library must not overlap, even from two
# CompiledCpuKernel objects that loaded the same file (dlopen returns the same handle).
_library_locks: dict[int, threading.Lock] = {}
_library_locks_guard = threading.Lock()


def _library_lock(handle: int) -> threading.Lock:
    with _library_locks_guard:
        return _library_locks.setdefault(handle, threading.Lock())


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
    (name -> dtype, in order); `check_bounds` when it was compiled bounds-checked, and takes
    its pointer parameters' extents after them."""

    def __init__(self, name: str, path: Path, signature: Mapping[str, dtype], key: str,
                 check_bounds: bool = False) -> None:
        self.name = name
        self.path = path
        self.key = key
        self.check_bounds = check_bounds
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
        self._marshaller = ArgumentMarshaller(name, signature, check_bounds)
        self._grid_sizes = (ctypes.c_int32 * 3)()
        self._failure_pending = _failure_pending()
        # One launch of the library at a time packs the argument slots and the grid, runs on
        # them and takes the library's failure.
        self._lock = _library_lock(self._library._handle)

    def __repr__(self) -> str:
        return f"CompiledCpuKernel({self.name}, {self.path})"

    def launch(self, values: Sequence[Any], grid: Sequence[int],
               num_threads: Optional[int] = None, scheduler: Optional[str] = None) -> None:
        """Runs every program of the 3-D `grid` on `values`, the arguments in parameter order,
        on `num_threads` threads with `scheduler` (None: see `resolve_num_threads` and
        `resolve_scheduler`)."""
        options = {"scheduler": scheduler}
        scheduler = resolve_scheduler(self.name, options)
        if num_threads is None:
            num_threads = resolve_num_threads({})
        with self._lock:
            self._marshaller.pack(values)
            self._run(grid, num_threads, scheduler)

    def relauncher(self, positions: Sequence[int], options: Mapping[str, Any]
                   ) -> Optional[Callable[[Sequence[Any], Sequence[int]], None]]:
        """The launch that @jit repeats for launches with the same key:
        `relaunch(abi_values, grid)` (see `ArgumentMarshaller.packer`) with the launch options
        `options`. Without a `num_threads` or `scheduler` option it reads NEREID_NUM_THREADS
        (and OMP_NUM_THREADS) or NEREID_CPU_SCHEDULER on every call, which may change between
        launches. None for a bounds-checked kernel, which needs each array's extent, not only
        its address: every launch goes through `launch`."""
        if self.check_bounds:
            return None
        fixed_scheduler = resolve_scheduler(self.name, options) \
            if options.get("scheduler") else None
        fixed_threads = resolve_num_threads(options) \
            if options.get("num_threads") is not None else None
        pack = self._marshaller.packer(positions)

        def relaunch(abi_values: Sequence[Any], grid: Sequence[int]) -> None:
            num_threads = fixed_threads or resolve_num_threads(options)
            scheduler = fixed_scheduler or resolve_scheduler(self.name, options)
            with self._lock:
                pack(abi_values)
                self._run(grid, num_threads, scheduler)

        return relaunch

    def _run(self, grid: Sequence[int], num_threads: int, scheduler: str) -> None:
        """Runs the grid on the packed arguments; the caller holds the lock. From a thread whose
        stack may not hold a program's frame, on a thread whose stack does (stack.py)."""
        if not stack_is_enough():
            run_on_large_stack(self._run_here, grid, num_threads, scheduler)
            return
        self._run_here(grid, num_threads, scheduler)

    def _run_here(self, grid: Sequence[int], num_threads: int, scheduler: str) -> None:
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
            failure = take_failure(self.name, self._program_address)
            if failure is not None:
                raise failure
