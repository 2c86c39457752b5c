"""The choice of a backend for a launch (the backends themselves are `nereid.backends`).

The option `backend`, else NEREID_BACKEND, names it; else the data picks it: the usable
backend that owns the arrays' memory (`Backend.owns`), and for host data the one that owns
host memory (the CPU). GPU data that no usable backend owns is an error naming its device.
NEREID_INTERPRET=1 sends launches to the interpreter before any of this
(`launcher.chosen_backend`)."""

from __future__ import annotations

from typing import Any, Iterable

import numpy as np

from .. import backends
from . import environment
from .arguments import is_array

# Types of launch arguments that are always in host memory, checked first for speed.
_HOST_TYPES = (bool, int, float, type(None), np.ndarray)


def select(values: Iterable[Any], options: dict) -> str:
    """The name of the backend for a launch on `values`: the option `backend`, else
    NEREID_BACKEND, else the one the arrays' memory belongs to."""
    explicit = options.get("backend") or environment.NEREID_BACKEND.get()
    if explicit:
        return str(explicit)
    for value in values:
        if type(value) not in _HOST_TYPES and is_array(value):
            memory = backends.memory_of(value)
            if memory is not None and memory.kind != "cpu":
                return backends.registry.owner(value, memory)
    return backends.registry.host_backend()
