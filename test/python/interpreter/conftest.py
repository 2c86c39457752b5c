"""Fixtures of the interpreter tests: every test that launches kernels runs twice, once in the
interpreter (NEREID_INTERPRET=1) and once on the CPU backend (NEREID_BACKEND=cpu), each
asserting against its own numpy reference. On the CPU every launch is also shadowed: the
interpreter, the golden model, runs the same kernel on copies of the same arrays first, and
every array must conform afterwards (kernels/conformance.py: integers exactly, floats bit for
bit unless the test's `conforms` marker gives a tolerance, NaNs in the same places).

Markers:
- `interpreter_only(reason)`: the test is about the interpreter itself (its memory checker,
  its threads, its environment variables), so it has no CPU variant;
- `conforms(ulps=, rtol=, atol=, reason=)`: the float tolerance of the CPU's shadow
  comparison, for kernels whose ops have a documented tolerance;
- `conforms(compare=False, reason=)`: results that the interpreter does not determine,
  compared only against the test's own reference.
Kernels with atomics that run on several threads are not compared either: what each program
sees depends on the order in which programs run.

Tests draw fresh random inputs from a generator whose seed is printed, so that a failure can be
reproduced."""

import os
import sys
from pathlib import Path

import numpy as np
import pytest

# `kernels.tutorials` lives in test/python, next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kernels import conformance  # noqa: E402

BACKENDS = ["interpreter", "cpu"]


def pytest_generate_tests(metafunc):
    if "backend" not in metafunc.fixturenames:
        return
    only = metafunc.definition.get_closest_marker("interpreter_only")
    metafunc.parametrize("backend", ["interpreter"] if only else BACKENDS, indirect=True)


def _shadow_tolerance(node) -> "conformance.Tolerance | None":
    marker = node.get_closest_marker("conforms")
    if marker is None:
        return conformance.EXACT
    if not marker.kwargs.get("compare", True):
        return None
    return conformance.Tolerance(ulps=marker.kwargs.get("ulps", 0),
                                 rtol=marker.kwargs.get("rtol", 0.0),
                                 atol=marker.kwargs.get("atol", 0.0))


def pytest_collection_modifyitems(config, items):
    conformance.mark_backend_failures(items, Path(__file__).resolve().parent)


@pytest.fixture(autouse=True)
def backend(request, tmp_path, monkeypatch):
    """Runs launches in the interpreter, or on the CPU backend shadowed by the interpreter,
    with a kernel cache private to the test."""
    monkeypatch.delenv("NEREID_NUM_THREADS", raising=False)
    monkeypatch.delenv("TRITON_INTERPRET", raising=False)
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "nereid-cache"))
    name = getattr(request, "param", "interpreter")
    if name == "interpreter":
        monkeypatch.setenv("NEREID_INTERPRET", "1")
        monkeypatch.delenv("NEREID_BACKEND", raising=False)
        return name

    import nereid.backends
    from nereid.runtime import interpreter
    from nereid_cpu.kernel import resolve_num_threads

    monkeypatch.delenv("NEREID_INTERPRET", raising=False)
    monkeypatch.setenv("NEREID_BACKEND", "cpu")
    tolerance = _shadow_tolerance(request.node)
    cpu = nereid.backends.get("cpu")
    cpu_launch = cpu.launch

    def shadowed(jit_fn, kernel, bound, grid, options):
        # Atomics on several threads: what each program sees depends on the order in which
        # programs run, so only the test's own reference judges the result.
        ordered = resolve_num_threads(options) == 1 or "tt.atomic" not in kernel.asm["ttir"]
        conformance.shadow_launch(cpu_launch, interpreter.launch, jit_fn, kernel, bound, grid,
                                  options, tolerance if ordered else None)

    monkeypatch.setattr(cpu, "launch", shadowed)
    return name


@pytest.fixture
def rng():
    """A generator seeded from os.urandom; pytest shows the seed with a failing test's output.
    NEREID_TEST_SEED=<seed> replays a failure."""
    seed = int(os.environ.get("NEREID_TEST_SEED") or int.from_bytes(os.urandom(8), "little"))
    print(f"random inputs from seed {seed} (rerun with NEREID_TEST_SEED={seed})")
    return np.random.default_rng(seed)
