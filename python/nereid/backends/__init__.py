"""`nereid.backends`: the targets that compile and run kernels, as peers.

Each backend is a `Backend` registered under the entry-point group `nereid.backends` (the
built-ins `cpu` and `interpreter` too). `list()` tells which can run here and why the others
cannot; `python -m nereid.backends` prints it. docs/backends.md describes how to add one."""

from .backend import Availability, Backend
from .devices import Memory, memory_of
from .registry import (BackendStatus, UnknownBackendError, get, names, register,
                       unregister)
from .registry import list_backends as list

__all__ = ["Availability", "Backend", "BackendStatus", "Memory", "UnknownBackendError", "get",
           "list", "memory_of", "names", "register", "unregister"]
