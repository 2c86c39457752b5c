"""Launching a compiled kernel: the grid, and the backend that follows the data."""

from __future__ import annotations

import operator
from typing import Any, Callable, Optional

import numpy as np

from .. import backends
from ..backends.interpreter import NAME as INTERPRETER
from . import environment
from .backend_choice import select
from .arguments import check_array_argument, read_only_error
from .environment import interpret_mode


# What pads a grid of 1, 2 or 3 sizes to three.
_ONES = {1: (1, 1), 2: (1,), 3: ()}
# The largest grid size of every dimension: the CPU's ABI passes each as an int32. (NVIDIA
# GPUs allow as many programs along x, and 65535 along y and z.)
MAX_GRID_SIZE = 2**31 - 1


def resolve_grid(grid: Any, meta: Callable[[], dict]) -> tuple[int, int, int]:
    """The grid as three sizes in [0, MAX_GRID_SIZE] (a size of 0 launches nothing); `grid`
    is a tuple (or list) of 1 to 3 integers (Python's or numpy's; not bools or floats), an
    integer, or a callable of the kernel's meta-parameters (its bound arguments, which `meta()`
    gives) that returns one of those."""
    if type(grid) is tuple and 0 < len(grid) <= 3:
        # The common case first, with the fewest Python operations: a tuple of sizes.
        sizes = grid + _ONES[len(grid)]
        x, y, z = sizes
        if type(x) is int and type(y) is int and type(z) is int and 0 <= x <= MAX_GRID_SIZE \
                and 0 <= y <= MAX_GRID_SIZE and 0 <= z <= MAX_GRID_SIZE:
            return sizes
    given = grid
    if callable(grid):
        grid = grid(meta())
    if isinstance(grid, np.ndarray) and grid.ndim == 1:
        grid = tuple(grid)
    elif not isinstance(grid, (tuple, list)):
        grid = (grid,)
    if not 1 <= len(grid) <= 3:
        raise ValueError(f"a grid has 1 to 3 dimensions; got {given!r}")
    sizes = []
    for size in grid:
        try:
            if isinstance(size, (bool, np.bool_)):
                raise TypeError
            size = operator.index(size)
        except TypeError:
            raise TypeError(f"grid sizes must be integers; got {type(size).__name__} {size!r} "
                            f"in the grid {given!r}") from None
        if not 0 <= size <= MAX_GRID_SIZE:
            raise ValueError(f"grid sizes must lie in [0, 2^31); got {size} in the grid "
                             f"{given!r}")
        sizes.append(size)
    return tuple(sizes) + _ONES[len(sizes)]


# The most threads a launch may run its programs on (the option `num_threads`,
# NEREID_NUM_THREADS): far more than any host's cores, and far fewer than the threads that
# make a runtime abort.
MAX_THREADS = 1024
# The CPU backend's schedulers (the option `scheduler`, NEREID_CPU_SCHEDULER).
SCHEDULERS = ("openmp", "tbb")


def thread_count(value: Any, name: str) -> int:
    """`value` (of the option or variable `name`) as a thread count in [1, MAX_THREADS]."""
    try:
        if isinstance(value, (bool, np.bool_)):
            raise TypeError
        count = operator.index(value) if not isinstance(value, str) else int(value)
    except (TypeError, ValueError):
        count = 0
    if count < 1:
        raise ValueError(f"{name} must be a positive integer; got {value!r}")
    if count > MAX_THREADS:
        raise ValueError(f"{name} must be at most {MAX_THREADS} (threads beyond the cores "
                         f"only slow a launch down); got {value!r}")
    return count


def check_options(kernel_name: str, options: dict) -> None:
    """Raises ValueError for a launch option that no backend accepts, whichever runs the
    kernel: `num_threads` (an integer from 1 to MAX_THREADS) or NEREID_NUM_THREADS, and
    `scheduler` (one of SCHEDULERS); RuntimeError, as `nereid.backends.get` does, for a
    `backend` or NEREID_BACKEND that names no registered backend."""
    threads = options.get("num_threads")
    if threads is not None:
        thread_count(threads, f"num_threads of kernel `{kernel_name}`")
    threads = environment.NEREID_NUM_THREADS.get()
    if threads:
        thread_count(threads, "NEREID_NUM_THREADS")
    scheduler = options.get("scheduler")
    if scheduler is not None and scheduler not in SCHEDULERS:
        raise ValueError(f"kernel `{kernel_name}`: unknown scheduler {scheduler!r}; expected "
                         f"one of {', '.join(SCHEDULERS)}")
    for backend, where in ((options.get("backend"), "the option `backend`"),
                           (environment.NEREID_BACKEND.get(), "NEREID_BACKEND")):
        if backend and backend not in backends.names():
            raise RuntimeError(f"cannot launch `{kernel_name}`: no backend is called "
                               f"{backend!r}; the backends are {', '.join(backends.names())} "
                               f"({where})")


def check_arguments(kernel: Any, bound: dict) -> None:
    """Raises ValueError for an array argument that `kernel` cannot take: a view with a
    negative or zero stride, or a read-only array that the kernel stores through."""
    for name, ty in kernel.signature.types.items():
        if ty.is_ptr():
            if check_array_argument(kernel.name, name, bound[name]) and \
                    name in kernel.stored_arguments:
                raise read_only_error(kernel.name, name)


def launch(jit_fn: Any, kernel: Any, bound: dict, grid: Any, options: dict,
           backend_name: str) -> Optional[Callable]:
    """Runs `kernel` on the backend called `backend_name` (`chosen_backend`). Returns its
    relauncher for later launches with the same key, or None. Options and arrays that no
    backend accepts are errors (`check_options`, `check_arguments`), and so is a backend that
    cannot run here."""
    grid = resolve_grid(grid, lambda: {**bound, **kernel.signature.constexprs})
    check_options(kernel.name, options)
    check_arguments(kernel, bound)
    backend = backend_named(jit_fn.__name__, backend_name)
    check_extern_libs(kernel.name, options, backend)
    availability = backend.available()
    if not availability:
        raise RuntimeError(f"cannot launch `{jit_fn.__name__}` on the {backend_name} backend: "
                           f"{availability.reason}; set NEREID_INTERPRET=1 to run it in the "
                           "interpreter")
    return backend.launch(jit_fn, kernel, bound, grid, options)


def check_extern_libs(kernel_name: str, options: dict, backend: backends.Backend) -> None:
    """Raises ValueError where the launch option `extern_libs` (upstream's {name: path of
    bitcode}) names a library that `backend` does not link (`Backend.extern_libraries`)."""
    libraries = options.get("extern_libs")
    if not libraries:
        return
    unknown = [name for name in dict(libraries) if name not in backend.extern_libraries]
    if unknown:
        linked = (f"it links {', '.join(sorted(backend.extern_libraries))} only"
                  if backend.extern_libraries else "it links no bitcode libraries: its math "
                  "functions are its own")
        raise ValueError(f"kernel `{kernel_name}`: extern_libs names {', '.join(unknown)}, "
                         f"which the {backend.name} backend does not link; {linked}")


def backend_named(kernel_name: str, name: str) -> backends.Backend:
    """The backend called `name`, for a launch of `kernel_name`; RuntimeError when there is
    none, or when it cannot be loaded."""
    try:
        return backends.get(name)
    except RuntimeError as error:
        raise RuntimeError(f"cannot launch `{kernel_name}`: {error}") from None


def chosen_backend(values: Any, options: dict) -> str:
    """The name of the backend a launch on `values` with `options` runs on: the interpreter
    under NEREID_INTERPRET=1, else what `select` picks."""
    return INTERPRETER if interpret_mode() else select(values, options)
