"""Launching a compiled kernel: the grid, and the backend that follows the data."""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import backends
from .environment import interpret_mode


# What pads a grid of 1, 2 or 3 sizes to three.
_ONES = {1: (1, 1), 2: (1,), 3: ()}


def resolve_grid(grid: Any, meta: Callable[[], dict]) -> tuple[int, int, int]:
    """The grid as three positive sizes; `grid` is a tuple or a callable of the kernel's
    meta-parameters (its bound arguments), which `meta()` gives."""
    if type(grid) is tuple and 0 < len(grid) <= 3:
        # The common case first, with the fewest Python operations: a tuple of sizes.
        sizes = grid + _ONES[len(grid)]
        x, y, z = sizes
        if type(x) is int and type(y) is int and type(z) is int and min(sizes) >= 0:
            return sizes
    if callable(grid):
        grid = grid(meta())
    if isinstance(grid, int):
        grid = (grid,)
    grid = tuple(map(int, grid))
    if not 1 <= len(grid) <= 3:
        raise ValueError(f"a grid has 1 to 3 dimensions; got {grid}")
    if min(grid) < 0:
        raise ValueError(f"grid sizes must be non-negative; got {grid}")
    return grid + (1,) * (3 - len(grid))


# The name of the interpreter where a backend's name is expected (a compiled kernel's
# `metadata.backend`).
INTERPRETER = "interpreter"


def launch(jit_fn: Any, kernel: Any, bound: dict, grid: Any,
           options: dict) -> tuple[str, Optional[Callable]]:
    """Runs `kernel` on the interpreter (NEREID_INTERPRET=1) or on the backend that
    `backends.select` picks for its arguments. Returns the name of the backend that ran it and
    its relauncher for later launches with the same key, or None (the interpreter has none)."""
    grid = resolve_grid(grid, lambda: {**bound, **kernel.signature.constexprs})
    name = chosen_backend(bound.values(), options)
    if name == INTERPRETER:
        from . import interpreter

        interpreter.launch(jit_fn, kernel, bound, grid, options)
        return INTERPRETER, None
    try:
        backend = backends.load(name)
    except RuntimeError as error:
        raise RuntimeError(f"cannot launch `{jit_fn.__name__}`: {error}; set NEREID_INTERPRET=1 "
                           "to run it in the interpreter") from None
    return name, backend.launch(jit_fn, kernel, bound, grid, options)


def chosen_backend(values: Any, options: dict) -> str:
    """The backend a launch on `values` with `options` runs on: the interpreter under
    NEREID_INTERPRET=1, else what `backends.select` picks."""
    return INTERPRETER if interpret_mode() else backends.select(values, options)


def backend_occupancy(name: str, kernel: Any) -> dict:
    """What `kernel` uses of a device of backend `name`, for GPU occupancy arithmetic
    (`n_regs`, `n_spills`, `n_max_threads`, `shared`): the backend module's
    `occupancy(kernel)`; the interpreter runs on the host and answers as the CPU does."""
    module = backends.load("cpu" if name == INTERPRETER else name)
    occupancy = getattr(module, "occupancy", None)
    if occupancy is None:
        raise NotImplementedError(f"the {name} backend does not report a kernel's resources")
    return occupancy(kernel)


def describe_backend(name: str, kernel: Any) -> tuple[Optional[str], tuple,
                                                      Optional[Callable[[], dict]]]:
    """What backend `name` compiles `kernel` for: its target, the names of its stages after
    tt IR, and a function that compiles them (None where it has none): the backend module's
    `describe(kernel)`, where it has one."""
    if name == INTERPRETER:
        return INTERPRETER, (), None
    describe = getattr(backends.load(name), "describe", None)
    return describe(kernel) if describe is not None else (None, (), None)
