"""The backends by name: found through the entry-point group `nereid.backends`, loaded on first
use, and the one that owns a launch's data.

Every backend, the built-in `cpu` and `interpreter` included, is an entry point of that group
whose value names a `Backend` subclass (or instance):

    [project.entry-points."nereid.backends"]
    cpu = "nereid_cpu.backend:CpuBackend"

Only the names are read when the registry is first asked; a backend's module is imported when
it is first used, so that `import nereid` imports no backend. `register` adds one without a
distribution (tests, notebooks)."""

from __future__ import annotations

import functools
import importlib.metadata
from dataclasses import dataclass
from typing import Any, Iterable, Union

from .backend import Availability, Backend

GROUP = "nereid.backends"


class UnknownBackendError(RuntimeError):
    """No backend is registered under a name."""


@dataclass(frozen=True)
class BackendStatus:
    """What `list_backends` reports of one backend: its name, where it comes from (the entry
    point's value, or "registered" for `register`), and whether it can run here and why not."""

    name: str
    origin: str
    availability: Availability

    @property
    def usable(self) -> bool:
        return self.availability.usable

    def __str__(self) -> str:
        state = "usable" if self.usable else f"not usable: {self.availability.reason}"
        return f"{self.name} ({self.origin}): {state}"


# Entry points by backend name, read once; the backends loaded from them so far; and those
# `register` made, which take precedence.
_entry_points: dict[str, importlib.metadata.EntryPoint] = {}
_entry_points_read = False
_loaded: dict[str, Backend] = {}
_registered: dict[str, Backend] = {}


def _declared() -> dict[str, importlib.metadata.EntryPoint]:
    """The group's entry points by name. Where two distributions declare one name (an
    installed wheel and a development tree on one path), the first on sys.path wins, as
    imports do."""
    global _entry_points_read
    if not _entry_points_read:
        found = importlib.metadata.entry_points()
        group = found.select(group=GROUP) if hasattr(found, "select") else found.get(GROUP, ())
        for entry_point in group:
            _entry_points.setdefault(entry_point.name, entry_point)
        _entry_points_read = True
    return _entry_points


def names() -> list[str]:
    """The names of the registered backends, usable here or not, sorted."""
    return sorted(set(_declared()) | set(_registered))


def _known() -> str:
    known = names()
    if not known:
        return ("no backend is registered (entry-point group nereid.backends): install "
                "nereid-triton, or in a checkout run `make deps`, which registers the source "
                "tree's")
    return f"the backends are {', '.join(known)}"


def get(name: str) -> Backend:
    """The backend called `name`, loaded on first use. Raises UnknownBackendError when there is
    none, RuntimeError when its entry point cannot be loaded."""
    backend = _registered.get(name) or _loaded.get(name)
    if backend is not None:
        return backend
    entry_point = _declared().get(name)
    if entry_point is None:
        raise UnknownBackendError(f"no backend is called {name!r}; {_known()}")
    try:
        loaded = entry_point.load()
    except Exception as error:  # an entry point runs arbitrary import-time code
        raise RuntimeError(f"the {name} backend ({entry_point.value}) cannot be loaded: "
                           f"{type(error).__name__}: {error}") from error
    backend = loaded() if isinstance(loaded, type) else loaded
    if not isinstance(backend, Backend):
        raise RuntimeError(f"the entry point {name} = {entry_point.value!r} of group {GROUP} is "
                           f"not a nereid.backends.Backend (got {type(backend).__name__})")
    if backend.name != name:
        raise RuntimeError(f"the entry point {name} = {entry_point.value!r} of group {GROUP} "
                           f"names a backend called {backend.name!r}")
    _loaded[name] = backend
    return backend


def register(backend: Union[Backend, type]) -> Backend:
    """Makes `backend` (a Backend, or a subclass to instantiate) the backend of its name,
    in place of any other of that name; returns it."""
    if isinstance(backend, type):
        backend = backend()
    if not isinstance(backend, Backend) or not backend.name:
        raise TypeError(f"register takes a nereid.backends.Backend with a name; got "
                        f"{backend!r}")
    _registered[backend.name] = backend
    host_backend.cache_clear()
    return backend


def unregister(name: str) -> None:
    """Forgets the backend `register` made under `name` (an entry point of that name, if any,
    is loaded afresh on the next use)."""
    _registered.pop(name, None)
    host_backend.cache_clear()


def list_backends() -> list[BackendStatus]:
    """Every registered backend and whether it can run here, with the reason where it cannot
    (a backend that fails to load is reported, not raised)."""
    statuses = []
    for name in names():
        entry_point = _declared().get(name)
        origin = "registered" if name in _registered or entry_point is None \
            else entry_point.value
        try:
            availability = get(name).available()
        except Exception as error:
            availability = Availability(False, str(error))
        statuses.append(BackendStatus(name, origin, availability))
    return statuses


def _usable(loaded: Iterable[str]) -> Iterable[Backend]:
    for name in loaded:
        try:
            backend = get(name)
        except RuntimeError:
            continue
        if backend.available():
            yield backend


@functools.lru_cache(maxsize=None)
def host_backend() -> str:
    """The usable backend that owns host memory, for launches on host data. Raises
    RuntimeError when none does."""
    import numpy as np

    for backend in _usable(names()):
        if backend.owns(np.empty(0)):
            return backend.name
    raise RuntimeError(f"no usable backend runs on host memory; {_describe_usability()}. "
                       "Set NEREID_INTERPRET=1 to run kernels in the interpreter")


def owner(value: Any, memory: Any) -> str:
    """The usable backend that owns `value` (an array in `memory`, not the host's). Raises
    RuntimeError naming the device when none does."""
    for backend in _usable(names()):
        if backend.owns(value):
            return backend.name
    raise RuntimeError(f"no usable backend runs on data in {memory} memory "
                       f"({type(value).__module__}.{type(value).__name__}); "
                       f"{_describe_usability()}. Pass backend='interpreter' to run the kernel "
                       "in the interpreter on a host copy")


def _describe_usability() -> str:
    statuses = list_backends()
    if not statuses:
        return _known()
    return "the backends: " + "; ".join(str(status) for status in statuses)
