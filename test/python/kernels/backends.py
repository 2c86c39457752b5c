"""Backends for tests: `RecordingBackend` records its launches instead of running them, and
`registered` puts a backend in nereid.backends' registry for the length of a test."""

from __future__ import annotations

import functools
from typing import Any

import nereid.backends
from nereid.backends import Backend
from nereid.compiler.options import DOT_INPUT_PRECISIONS


class RecordingBackend(Backend):
    """Records each launch as (kernel, bound arguments, grid, options); returns no
    relauncher, so that every launch reaches it."""

    allowed_dot_input_precisions = DOT_INPUT_PRECISIONS

    def __init__(self, name: str = "recording") -> None:
        self.name = name
        self.launches: list[tuple[Any, dict, tuple, dict]] = []

    def launch(self, jit_fn: Any, kernel: Any, bound: dict, grid: tuple,
               options: dict) -> None:
        self.launches.append((kernel, dict(bound), grid, dict(options)))


def registered(monkeypatch: Any, backend: Backend) -> Backend:
    """Registers `backend` until the test ends (the registry as it was comes back then, with
    the host's backend it had found)."""
    from nereid.backends import registry

    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "host_backend",
                        functools.lru_cache(maxsize=None)(registry.host_backend.__wrapped__))
    nereid.backends.register(backend)
    return backend
