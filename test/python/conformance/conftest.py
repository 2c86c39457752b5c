"""Fixtures of the conformance suite: each test runs one kernel source on the interpreter (the
golden model) and on a backend, on copies of the same fresh random inputs, and asserts that
the backend's results conform (kernels/conformance.py: integers exactly, floats within the
tolerance the test documents, NaNs in the same places).

`backend` is parameterized over the registered backends (nereid.backends), the interpreter
aside; one that this host cannot run (no such device) is skipped with the reason its
`available()` gives, never passed. A further variant, `nvidia-ptxas`, runs on any machine with
the CUDA toolkit's ptxas: its launches run in the interpreter, and every kernel launched is
first compiled for sm_80 and sm_90a through ptxas (kernels/nvidia_compile.py, which lists the
ops that the NVIDIA backend is expected to refuse). A backend that runs on device memory gets
the arrays on its device for the launch and back (`Conformance.launch`). While the interpreter
runs a test's reference launch, it stands in for that backend (NEREID_BACKEND names it): it
computes with the backend's frontend options, such as its default dot precision. Kernels
compile into one cache for the whole session, so that a kernel that several tests launch
compiles once."""

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
from kernels.nvidia_compile import compile_for_nvidia, xfail_if_listed_refusal  # noqa: E402
from nereid.compiler.errors import CompilationError  # noqa: E402

# The variant that compiles every kernel for NVIDIA GPUs and runs it in the interpreter.
NVIDIA_PTXAS = "nvidia-ptxas"
# The backends under test: every registered one but the golden model, and the compile-only
# NVIDIA variant.
BACKENDS = [name for name in nereid.backends.names() if name != "interpreter"] + [NVIDIA_PTXAS]


def pytest_collection_modifyitems(config, items):
    conformance.mark_backend_failures(items, Path(__file__).resolve().parent)


@pytest.fixture(scope="session")
def session_cache(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("nereid-cache")


@pytest.fixture(scope="session")
def nvidia_dumps(tmp_path_factory) -> Path:
    """Where the nvidia-ptxas variant's compilations write their stages, a folder for each
    kernel and target."""
    return tmp_path_factory.mktemp("nvidia-ir")


@pytest.fixture(params=BACKENDS)
def backend(request, session_cache, nvidia_dumps, monkeypatch) -> str:
    """The backend under test; launches go to it unless `on_interpreter` says otherwise."""
    if request.param == NVIDIA_PTXAS:
        _compile_launches_for_nvidia(monkeypatch, nvidia_dumps)
    else:
        availability = nereid.backends.get(request.param).available()
        if not availability:
            pytest.skip(f"the {request.param} backend cannot run here: {availability.reason}")
    for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_NUM_THREADS", "NEREID_DUMP_IR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NEREID_BACKEND", "interpreter" if request.param == NVIDIA_PTXAS
                       else request.param)
    monkeypatch.setenv("NEREID_CACHE_DIR", str(session_cache))
    return request.param


def _compile_launches_for_nvidia(monkeypatch, dumps: Path) -> None:
    """Makes every launch in the interpreter compile its kernel for the NVIDIA GPUs first
    (`compile_for_nvidia`, the stages dumped under `dumps`); skips without ptxas, which the
    variant exists to run."""
    from nereid_nvidia.toolkit import find_tool

    if find_tool("ptxas") is None:
        pytest.skip("ptxas (the CUDA toolkit) is not installed: the nvidia-ptxas variant "
                    "checks that it accepts every kernel's PTX")
    interpreter = nereid.backends.get("interpreter")
    run_in_interpreter = interpreter.launch

    def compile_then_run(jit_fn, kernel, bound, grid, options):
        compile_for_nvidia(jit_fn, kernel, options, dumps)
        return run_in_interpreter(jit_fn, kernel, bound, grid, options)

    monkeypatch.setattr(interpreter, "launch", compile_then_run)


class Conformance:
    """Runs one launch on the interpreter and on the backend; see `__call__`."""

    def __init__(self, backend: str) -> None:
        self.backend = backend
        # The torch device of the memory the backend runs on, where that is not host memory.
        self.device = None
        if backend != NVIDIA_PTXAS and "cpu" not in nereid.backends.get(backend).owned_memory:
            self.device = "cuda"  # torch's name for NVIDIA's memory, and for AMD's
        # Whether the backend runs programs one after another with one thread and combines a
        # reduction's or a scan's elements in the interpreter's order (docs/semantics.md), as
        # the host backends do. A GPU backend runs programs at once and combines across its
        # threads in a tree: results that depend on either order differ there.
        self.in_order = self.device is None

    def launch(self, kernel: Any, grid: Any, *args: Any, **kwargs: Any) -> None:
        """`kernel[grid](*args, **kwargs)` on the backend. For a backend on device memory, the
        numpy arrays of `args` go to the device for the launch and come back into the arrays
        (kernels/conformance.py's `on_device`); an op that such a backend is listed to refuse
        (kernels/nvidia_compile.py's REFUSED_OPS) ends the test as an expected failure."""
        if self.device is None:
            kernel[grid](*args, **kwargs)
            return
        moved, copy_back = conformance.on_device(dict(enumerate(args)), self.device)
        try:
            kernel[grid](*(moved[i] for i in range(len(args))), **kwargs)
        except CompilationError as error:
            xfail_if_listed_refusal(error, f"`{kernel.__name__}` on {self.backend}")
            raise
        copy_back()

    def __call__(self, kernel: Any, grid: Any, *args: Any, tolerance: Tolerance = EXACT,
                 tolerances: dict[int, Tolerance] | None = None, check: bool = True,
                 **kwargs: Any) -> tuple[list, list]:
        """Launches `kernel[grid](*args, **kwargs)` in the interpreter on copies of the arrays
        of `args`, then on the backend (`launch`) on the arrays themselves, and asserts that
        every array argument conforms: within `tolerances[i]` for argument i (None: not
        compared, for results that depend on the order of programs), else `tolerance`.
        Returns the arguments as the backend and the interpreter left them."""
        named = dict(enumerate(args))
        reference = conformance.copy_arrays(named)
        with on_interpreter():
            kernel[grid](*(reference[i] for i in range(len(args))), **kwargs)
        self.launch(kernel, grid, *args, **kwargs)
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
