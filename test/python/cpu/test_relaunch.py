"""@jit's repeated launches on host data take the CPU backend's relauncher, which skips
binding and backend choice: each launch must still pack its own values, and a later change of
the environment (NEREID_INTERPRET, NEREID_BACKEND, NEREID_NUM_THREADS, and the compile settings
NEREID_DUMP_IR and NEREID_CPU_STREAMING_STORE_BYTES) must still decide."""

import sys
from pathlib import Path

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.runtime import interpreter

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels.backends import RecordingBackend, registered  # noqa: E402


@nereid.jit
def scale_kernel(x_ptr, out_ptr, n, factor, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) * factor, mask=mask)


def _launch(rng, n, factor, **options):
    x = rng.standard_normal(n).astype(np.float32)
    out = np.full(n, np.nan, np.float32)
    scale_kernel[(nereid.cdiv(n, 64),)](x, out, n, factor, BLOCK=64, **options)
    return x * np.float32(factor), out


def test_each_launch_packs_its_own_values():
    rng = np.random.default_rng()
    # One key (sizes neither 1 nor multiples of 16): every launch after the first relaunches.
    for n, factor in [(100, 2.0), (37, -0.5), (100, 3.0), (250, 1.5), (37, 0.25)]:
        expected, out = _launch(rng, n, factor, num_threads=1)
        np.testing.assert_array_equal(out, expected)
    # A view at another alignment is another key, and still right.
    x = rng.standard_normal(65).astype(np.float32)
    out = np.full(64, np.nan, np.float32)
    scale_kernel[(1,)](x[1:], out, 64, 2.0, BLOCK=64, num_threads=1)
    np.testing.assert_array_equal(out, x[1:] * np.float32(2.0))


def test_the_environment_decides_after_repeated_launches(monkeypatch):
    rng = np.random.default_rng()
    for _ in range(3):
        _launch(rng, 100, 2.0)
    monkeypatch.setenv("NEREID_NUM_THREADS", "0")
    with pytest.raises(ValueError, match="NEREID_NUM_THREADS"):
        _launch(rng, 100, 2.0)
    monkeypatch.delenv("NEREID_NUM_THREADS")

    interpreted = []
    monkeypatch.setattr(interpreter, "launch", lambda *args: interpreted.append(args[1].name))
    monkeypatch.setenv("NEREID_INTERPRET", "1")
    _launch(rng, 100, 2.0)
    assert interpreted == ["scale_kernel"]
    monkeypatch.delenv("NEREID_INTERPRET")

    recorded = registered(monkeypatch, RecordingBackend()).launches
    monkeypatch.setenv("NEREID_BACKEND", "recording")
    _launch(rng, 100, 2.0)
    assert [grid for _, _, grid, _ in recorded] == [(2, 1, 1)]
    monkeypatch.delenv("NEREID_BACKEND")
    expected, out = _launch(rng, 100, 2.0)
    np.testing.assert_array_equal(out, expected)


def test_a_changed_compile_setting_compiles_again(tmp_path, monkeypatch):
    """NEREID_DUMP_IR and NEREID_CPU_STREAMING_STORE_BYTES set after a kernel's launches apply
    to the next launch, which compiles the kernel again under them."""
    kernel = nereid.jit(scale_kernel.fn)
    rng = np.random.default_rng()

    def launch():
        n, factor = 100, float(rng.standard_normal())
        x = rng.standard_normal(n).astype(np.float32)
        out = np.full(n, np.nan, np.float32)
        kernel[(2,)](x, out, n, factor, BLOCK=64, num_threads=1)
        np.testing.assert_array_equal(out, x * np.float32(factor))

    for _ in range(3):
        launch()
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path / "dumped"))
    launch()
    monkeypatch.setenv("NEREID_CPU_STREAMING_STORE_BYTES", "1")
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path / "streamed"))
    launch()
    launch()
    # The threshold is a constant of the vector-level IR: each dump has its own.
    dumped, streamed = ((tmp_path / name / "scale_kernel.vector").read_text()
                        for name in ("dumped", "streamed"))
    assert dumped != streamed
