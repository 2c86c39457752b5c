"""Launches that store more than the last-level cache holds use non-temporal stores
(cpu-stream-large-stores): NEREID_CPU_STREAMING_STORE_BYTES=1 makes every launch one, so
that small tests run the streaming copies of the tutorial kernels, on one thread, on OpenMP's
threads and on oneTBB's, against numpy; 0 turns them off. The setting is read when a kernel compiles, and
a process keeps the kernels it compiled: each test starts from new @jit functions and an empty
table of native kernels."""

import platform
import sys
from pathlib import Path

import numpy as np
import pytest

import nereid
import nereid.backends
from nereid_cpu import compiler as cpu_compiler

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels import tutorials  # noqa: E402

X86 = platform.machine() in ("x86_64", "AMD64")


@pytest.fixture(autouse=True)
def fresh_native_kernels(monkeypatch):
    monkeypatch.setattr(nereid.backends.get("cpu"), "kernels", {})


def make_add_kernel():
    return nereid.jit(tutorials.add_kernel.fn)


def make_softmax_kernel():
    return nereid.jit(tutorials.softmax_kernel.fn)


LAUNCHES = [pytest.param({"num_threads": 1}, id="one-thread"),
            pytest.param({"num_threads": 2}, id="openmp"),
            pytest.param({"num_threads": 2, "scheduler": "tbb"}, id="tbb")]


@pytest.mark.parametrize("launch", LAUNCHES)
def test_streamed_stores_match_numpy(launch, tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CPU_STREAMING_STORE_BYTES", "1")
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path))
    rng = np.random.default_rng()

    n = int(rng.integers(20_000, 40_000))  # ragged: the last block is partly masked
    x, y = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    out = np.full(n, np.nan, np.float32)
    make_add_kernel()[(nereid.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024, **launch)
    np.testing.assert_array_equal(out, x + y)

    # Rows of a ragged length in a matrix of 16-byte aligned rows: the non-temporal stores
    # need aligned addresses. Past each row's end, the result keeps its NaNs.
    rows, cols = int(rng.integers(30, 70)), int(rng.integers(600, 1024))
    matrix = rng.standard_normal((rows, 1024)).astype(np.float32)
    result = np.full_like(matrix, np.nan)
    make_softmax_kernel()[(rows,)](result, matrix, 1024, 1024, rows, cols, BLOCK_SIZE=1024,
                                   num_stages=1, **launch)
    used = matrix[:, :cols]
    expected = np.exp(used - used.max(axis=1, keepdims=True))
    expected /= expected.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(result[:, :cols], expected, rtol=2e-6, atol=1e-9)
    assert np.isnan(result[:, cols:]).all()

    # The tutorial's persistent form: two programs, each looping over every other row.
    result = np.full_like(matrix, np.nan)
    softmax = make_softmax_kernel()
    softmax[(2,)](result, matrix, 1024, 1024, rows, cols, BLOCK_SIZE=1024, num_stages=1,
                  **launch)
    np.testing.assert_allclose(result[:, :cols], expected, rtol=2e-6, atol=1e-9)
    assert np.isnan(result[:, cols:]).all()

    if X86:
        for kernel in ("add_kernel", "softmax_kernel"):
            assembly = (tmp_path / f"{kernel}.s").read_text()
            assert "movntps" in assembly, f"{kernel} has no non-temporal store"
            assert "sfence" in assembly, f"{kernel} does not fence its non-temporal stores"


def test_zero_turns_streaming_off(tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CPU_STREAMING_STORE_BYTES", "0")
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path))
    rng = np.random.default_rng()
    n = 5000
    x, y = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    out = np.full(n, np.nan, np.float32)
    make_add_kernel()[(nereid.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024)
    np.testing.assert_array_equal(out, x + y)
    assembly = (tmp_path / "add_kernel.s").read_text()
    assert "movnt" not in assembly and "sfence" not in assembly


def test_the_default_is_the_last_level_cache_at_most_the_cap(monkeypatch):
    monkeypatch.delenv("NEREID_CPU_STREAMING_STORE_BYTES", raising=False)
    expected = min(cpu_compiler.last_level_cache_bytes(), cpu_compiler.STREAMING_STORE_BYTES_CAP)
    assert cpu_compiler.streaming_store_bytes() == expected > 0


@pytest.mark.parametrize("value", ["lots", "-5", "1.5", str(2**63)])
def test_a_malformed_threshold_is_an_error(value, monkeypatch):
    monkeypatch.setenv("NEREID_CPU_STREAMING_STORE_BYTES", value)
    with pytest.raises(ValueError, match="NEREID_CPU_STREAMING_STORE_BYTES must be a number of "
                                         "bytes"):
        make_add_kernel()[(1,)](np.zeros(4, np.float32), np.zeros(4, np.float32),
                                np.zeros(4, np.float32), 4, BLOCK_SIZE=4)
