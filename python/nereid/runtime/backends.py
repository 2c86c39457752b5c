"""The backends that launch compiled kernels, by name, and the choice of one for a launch.

A backend is a Python module with `launch(jit_fn, kernel, bound, grid, options)`, which may
return a relauncher: `relaunch(abi_values, grid)` runs the same compiled kernel with the same
options on a later launch with the same key, whose arguments come as the kernel ABI passes
them (each numpy array's address, each number itself) in the @jit function's parameter order
(see `JITFunction._launch_key`), so that @jit's repeated launches on host data skip binding,
checks and the backend's choice.
It is imported on first use, so that `import nereid` loads no backend. The data picks the backend
(host memory: "cpu"); NEREID_BACKEND, or the launch option `backend`, overrides that."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Iterable

import numpy as np

from . import environment
from .arguments import is_array, on_gpu

# Types of launch arguments that are always in host memory, checked first for speed.
_HOST_TYPES = (bool, int, float, type(None), np.ndarray)

# Backend name -> the module that implements it.
_MODULES: dict[str, str] = {"cpu": "nereid_cpu"}


# The backend modules imported so far, by name.
_LOADED: dict[str, ModuleType] = {}


def register(name: str, module: str) -> None:
    """Makes `module` (an importable name) the backend called `name`."""
    _MODULES[name] = module
    _LOADED.pop(name, None)


def names() -> list[str]:
    return sorted(_MODULES)


def load(name: str) -> ModuleType:
    """The backend module called `name`; raises RuntimeError when it is unknown or cannot be
    imported."""
    loaded = _LOADED.get(name)
    if loaded is not None:
        return loaded
    module = _MODULES.get(name)
    if module is None:
        raise RuntimeError(f"no backend is called {name!r}; the backends are "
                           f"{', '.join(names())}")
    try:
        loaded = _LOADED[name] = importlib.import_module(module)
        return loaded
    except ImportError as error:
        raise RuntimeError(f"the {name} backend ({module}) cannot be loaded: {error}") from error


def select(values: Iterable[Any], options: dict) -> str:
    """The backend for a launch on `values`: the option `backend`, else NEREID_BACKEND, else
    the one the arrays' memory belongs to."""
    explicit = options.get("backend") or environment.NEREID_BACKEND.get()
    if explicit:
        return str(explicit)
    for value in values:
        if type(value) not in _HOST_TYPES and is_array(value) and on_gpu(value):
            return "cuda"
    return "cpu"
