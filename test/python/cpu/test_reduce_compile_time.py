"""Reductions of large 2-D tiles and 2-D copies on the CPU: loops over the rows of the tile
(cpu-reduce-tiles-by-rows, cpu-store-tiles-by-rows) instead of one unrolled access per
register chunk, on which LLVM spent 8 s for a 256 x 256 row sum and 10 s for a 256 x 256 copy.
Each result is checked against numpy on random inputs, and the compile time of 512 x 512
kernels against a generous bound that the unrolled code missed by far."""

import time

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def reduce_kernel(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
                  OP: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    if OP == "sum":
        y = tl.sum(x, axis=AXIS)
    elif OP == "max":
        y = tl.max(x, axis=AXIS)
    else:
        y = tl.argmax(x, axis=AXIS)
    length: tl.constexpr = N if AXIS == 0 else M
    tl.store(y_ptr + tl.arange(0, length), y)


@nereid.jit
def reduce_computed_kernel(x_ptr, y_ptr, z_ptr, M: tl.constexpr, N: tl.constexpr):
    """Reductions of a tile that is not a load and that is also stored: both reductions read
    the rows of one buffer."""
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offsets)
    x = tl.where(x > 0, x, x * 0.5)
    tl.store(x_ptr + offsets, x)
    tl.store(y_ptr + tl.arange(0, M), tl.sum(x * x, axis=1))
    tl.store(z_ptr + tl.arange(0, N), tl.min(x, axis=0))


@nereid.jit
def masked_copy_kernel(x_ptr, y_ptr, M, N, BLOCK: tl.constexpr):
    rows = tl.arange(0, BLOCK)[:, None]
    columns = tl.arange(0, BLOCK)[None, :]
    mask = (rows < M) & (columns < N)
    x = tl.load(x_ptr + rows * N + columns, mask=mask, other=0.0)
    tl.store(y_ptr + rows * N + columns, x * 3 + 1, mask=mask)


@nereid.jit
def timed_kernel(x_ptr, y_ptr, z_ptr, i_ptr, N: tl.constexpr):
    """A kernel of its own, so that its compilation is not cached by the tests above. argmax
    is two reductions of the loaded tile (the maximum with its index, and the first NaN's
    index): the second's rows were not loaded again after the first's loop, which writes stack
    buffers, so its tile was computed whole (70 s to compile at 256 x 256)."""
    offsets = tl.arange(0, N)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets) + 1)
    tl.store(z_ptr + tl.arange(0, N), tl.sum(tl.load(x_ptr + offsets), axis=1))
    tl.store(i_ptr + tl.arange(0, N), tl.argmax(tl.load(x_ptr + offsets), axis=1))


@pytest.mark.parametrize("shape", [(128, 64), (64, 256), (256, 256)])
@pytest.mark.parametrize("op", ["sum", "max", "argmax"])
@pytest.mark.parametrize("axis", [0, 1])
def test_reductions_of_large_tiles(shape, axis, op):
    rng = np.random.default_rng(shape[0] * 7 + shape[1] + axis)
    x = rng.standard_normal(shape).astype(np.float32)
    expected = {"sum": np.sum, "max": np.max, "argmax": np.argmax}[op](
        x.astype(np.float64), axis=axis)
    y = np.zeros(expected.shape, np.int32 if op == "argmax" else np.float32)
    reduce_kernel[(1,)](x, y, M=shape[0], N=shape[1], AXIS=axis, OP=op)
    if op == "sum":
        np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-3)
    else:
        np.testing.assert_array_equal(y, expected.astype(y.dtype))


def test_integer_sum_of_a_large_tile():
    x = np.random.default_rng(3).integers(-1000, 1000, (128, 128)).astype(np.int32)
    for axis in (0, 1):
        y = np.zeros(128, np.int32)
        reduce_kernel[(1,)](x, y, M=128, N=128, AXIS=axis, OP="sum")
        np.testing.assert_array_equal(y, x.sum(axis=axis))


def test_reductions_of_a_computed_tile():
    rng = np.random.default_rng(5)
    x = rng.standard_normal((128, 64)).astype(np.float32)
    expected = np.where(x > 0, x, x * np.float32(0.5))
    y = np.zeros(128, np.float32)
    z = np.zeros(64, np.float32)
    reduce_computed_kernel[(1,)](x, y, z, M=128, N=64)
    np.testing.assert_array_equal(x, expected)
    np.testing.assert_allclose(y, (expected.astype(np.float64) ** 2).sum(axis=1), rtol=1e-5)
    np.testing.assert_array_equal(z, expected.min(axis=0))


def test_masked_copy_of_a_large_tile():
    x = np.random.default_rng(9).standard_normal((100, 200)).astype(np.float32)
    y = np.full_like(x, -7.0)
    masked_copy_kernel[(1,)](x, y, 100, 200, BLOCK=256)
    np.testing.assert_array_equal(y, x * np.float32(3) + np.float32(1))


def test_large_copies_and_reductions_compile_quickly():
    n = 512
    x = np.random.default_rng(1).standard_normal((n, n)).astype(np.float32)
    y = np.zeros_like(x)
    x[7, 100] = np.nan  # argmax's index of a row with a NaN is the NaN's
    z = np.zeros(n, np.float32)
    i = np.zeros(n, np.int32)
    start = time.perf_counter()
    timed_kernel[(1,)](x, y, z, i, N=n)
    elapsed = time.perf_counter() - start
    np.testing.assert_array_equal(y, x + np.float32(1))
    finite = ~np.isnan(x).any(axis=1)
    np.testing.assert_allclose(z[finite], x[finite].astype(np.float64).sum(axis=1), rtol=1e-4,
                               atol=1e-3)
    np.testing.assert_array_equal(i, np.argmax(x, axis=1))
    # Unrolled, a 256 x 256 copy took 10 s, a row sum 8 s and an argmax 70 s; by rows all
    # three at 512 x 512 take about 2 s.
    assert elapsed < 30, f"a 512 x 512 copy, row sum and argmax compiled in {elapsed:.1f} s"
