"""Choosing the backend of a launch: the data picks it (host memory: the CPU), NEREID_BACKEND or
the launch option `backend` overrides that, and the interpreter keeps priority."""

import sys
from pathlib import Path

import numpy as np
import pytest

import nereid.backends
import nereid_cpu
from nereid.runtime import backend_choice

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels.backends import RecordingBackend, registered  # noqa: E402
from kernels.tutorials import add_kernel  # noqa: E402

from conftest import ArrayInterfaceOnly, DLPackOnly  # noqa: E402


@pytest.fixture
def recording_backend(monkeypatch):
    """A backend called "recording" that only records its launches."""
    return registered(monkeypatch, RecordingBackend()).launches


def _add(**options):
    x, y = np.arange(10, dtype=np.float32), np.ones(10, np.float32)
    out = np.zeros(10, np.float32)
    add_kernel[(2,)](x, y, out, 10, BLOCK_SIZE=8, **options)
    return x + y, out


def test_host_memory_picks_the_cpu():
    assert backend_choice.select([np.zeros(3), 4, 1.5], {}) == "cpu"


def test_the_environment_and_the_option_override_the_data(monkeypatch, recording_backend):
    monkeypatch.setenv("NEREID_BACKEND", "recording")
    _add()
    monkeypatch.setenv("NEREID_BACKEND", "cpu")
    _add(backend="recording")
    assert [(kernel.name, grid) for kernel, _, grid, _ in recording_backend] == [
        ("add_kernel", (2, 1, 1)), ("add_kernel", (2, 1, 1))]
    assert recording_backend[1][3]["backend"] == "recording"


def test_an_unknown_backend_is_named(monkeypatch):
    monkeypatch.setenv("NEREID_BACKEND", "nonesuch")
    with pytest.raises(RuntimeError, match="cannot launch `add_kernel`: no backend is called "
                                           "'nonesuch'; the backends are cpu, "
                                           "interpreter"):
        _add()


def test_the_interpreter_keeps_priority(monkeypatch, recording_backend):
    monkeypatch.setenv("NEREID_INTERPRET", "1")
    expected, out = _add(backend="recording")
    np.testing.assert_array_equal(out, expected)
    assert recording_backend == []


@pytest.mark.parametrize("scheduler", ["openmp", "tbb"])
def test_a_jit_kernel_runs_on_the_cpu(scheduler):
    expected, out = _add(scheduler=scheduler, num_threads=2)
    np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("interpret", [False, True], ids=["cpu", "interpreter"])
@pytest.mark.parametrize("wrap", [ArrayInterfaceOnly, DLPackOnly])
def test_array_protocol_objects_run_through_jit(monkeypatch, interpret, wrap):
    if interpret:
        monkeypatch.setenv("NEREID_INTERPRET", "1")
    x, y = np.arange(10, dtype=np.float32), np.full(10, 0.5, np.float32)
    out = np.zeros(10, np.float32)
    add_kernel[(2,)](wrap(x), wrap(y), wrap(out), 10, BLOCK_SIZE=8)
    np.testing.assert_array_equal(out, x + y)


def test_a_jit_kernel_dumps_every_stage(tmp_path, monkeypatch):
    dump = tmp_path / "dump"
    monkeypatch.setenv("NEREID_DUMP_IR", str(dump))
    monkeypatch.setattr(nereid.backends.get("cpu"), "kernels", {})  # compile it afresh here
    _add(num_threads=1)
    stages = ["tt"] + [name for name, _ in nereid_cpu.STAGES] + ["ll", "s"]
    assert sorted(p.name for p in dump.iterdir()) == sorted(
        f"add_kernel.{stage}" for stage in stages)
    assert "tt.func public @add_kernel" in (dump / "add_kernel.tt").read_text()
    assert "llvm.func @add_kernel_grid" in (dump / f"add_kernel.{stages[-3]}").read_text()
    assert "add_kernel_grid:" in (dump / "add_kernel.s").read_text()


@pytest.mark.parametrize("interpret", [False, True], ids=["cpu", "interpreter"])
@pytest.mark.parametrize("n", [np.int32(10), np.int64(10), np.uint16(10)])
def test_numpy_scalars_are_scalars(monkeypatch, interpret, n):
    if interpret:
        monkeypatch.setenv("NEREID_INTERPRET", "1")
    x, y = np.arange(16, dtype=np.float32), np.full(16, 0.5, np.float32)
    out = np.zeros(16, np.float32)
    add_kernel[(2,)](x, y, out, n, BLOCK_SIZE=8)
    expected = np.where(np.arange(16) < 10, x + y, 0)
    np.testing.assert_array_equal(out, expected)
    _, signature = add_kernel.specialize((x, y, out, n), {"BLOCK_SIZE": 8})
    assert str(signature.types["n_elements"]) == "int32"
