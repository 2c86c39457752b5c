"""Fixtures of the conformance suite: each test runs one kernel source on the interpreter (the
golden model) and on a backend, on copies of the same fresh random inputs, and asserts that
the backend's results conform (kernels/conformance.py: integers exactly, floats within the
tolerance the test documents, NaNs in the same places).

`backend` is parameterized over the registered backends (nereid.backends), the interpreter
aside; one that this host cannot run (no such device) is skipped with the reason its
`available()` gives, never passed. While the interpreter runs a test's reference launch, it
stands in for that backend (NEREID_BACKEND names it): it computes with the backend's frontend
options, such as its default dot precision. Kernels compile into one cache for the whole
session, so that a kernel that several tests launch compiles once."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

# `kernels` lives in test/python, next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import nereid.backends  # noqa: E402
from kernels import conformance  # noqa: E402
from kernels.conformance import EXACT, Tolerance, on_interpreter  # noqa: E402

# The backends under test: every registered one but the golden model.
BACKENDS = [name for name in nereid.backends.names() if name != "interpreter"]


def pytest_collection_modifyitems(config, items):
    conformance.mark_backend_failures(items, Path(__file__).resolve().parent)


@pytest.fixture(scope="session")
def session_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("nereid-cache")


@pytest.fixture(params=BACKENDS)
def backend(request, session_cache, monkeypatch) -> str:
    """The backend under test; launches go to it unless `on_interpreter` says otherwise."""
    availability = nereid.backends.get(request.param).available()
    if not availability:
        pytest.skip(f"the {request.param} backend cannot run here: {availability.reason}")
    for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_NUM_THREADS", "NEREID_DUMP_IR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NEREID_BACKEND", request.param)
    monkeypatch.setenv("NEREID_CACHE_DIR", str(session_cache))
    return request.param


class Conformance:
    """Runs one launch on the interpreter and on the backend; see `__call__`."""

    def __init__(self, backend: str) -> None:
        self.backend = backend

    def __call__(self, kernel: Any, grid: Any, *args: Any, tolerance: Tolerance = EXACT,
                 tolerances: dict[int, Tolerance] | None = None, check: bool = True,
                 **kwargs: Any) -> tuple[list, list]:
        """Launches `kernel[grid](*args, **kwargs)` in the interpreter on copies of the arrays
        of `args`, then on the backend on the arrays themselves, and asserts that every array
        argument conforms: within `tolerances[i]` for argument i (None: not compared, for
        results that depend on the order of programs), else `tolerance`. Returns the
        arguments as the backend and the interpreter left them."""
        named = dict(enumerate(args))
        reference = conformance.copy_arrays(named)
        with on_interpreter():
            kernel[grid](*(reference[i] for i in range(len(args))), **kwargs)
        kernel[grid](*args, **kwargs)
        if check:
            tolerances = tolerances or {}
            for i, value in enumerate(args):
                chosen = tolerances.get(i, tolerance)
                if isinstance(value, np.ndarray) and value.size and chosen is not None:
                    conformance.assert_conforms(
                        value, reference[i], chosen,
                        name=f"argument {i} of `{kernel.__name__}` on {self.backend}")
        return list(args), [reference[i] for i in range(len(args))]


@pytest.fixture
def conform(backend) -> Conformance:
    return Conformance(backend)


@pytest.fixture
def rng():
    """A generator seeded from os.urandom; pytest shows the seed with a failing test's output.
    NEREID_TEST_SEED=<seed> replays a failure."""
    seed = int(os.environ.get("NEREID_TEST_SEED") or int.from_bytes(os.urandom(8), "little"))
    print(f"random inputs from seed {seed} (rerun with NEREID_TEST_SEED={seed})")
    return np.random.default_rng(seed)
