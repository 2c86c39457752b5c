"""Blocks over long 1-D tiles, which the CPU backend computes in loops over strips
(cpu-strip-mine-tiles, docs/cpu.md): reductions that end a phase, tiles loaded again in a
later phase, in-place updates, a load that must see a whole earlier store, and scalar stores
between reductions. Ragged sizes leave the last strips partly or wholly masked."""

import numpy as np
import pytest

import nereid
import nereid.language as tl

from kernels.conformance import Tolerance

F32_EPS = 2.0 ** -24
SIZES = [1024, 1000, 777, 33]


@nereid.jit
def normalize_kernel(x_ptr, out_ptr, stats_ptr, n, BLOCK: tl.constexpr):
    # Three phases: the maximum, the sum of exponentials, then the quotients; `out_ptr` may be
    # `x_ptr` (in place). The statistics are stored after the last tile access.
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=-float("inf"))
    top = tl.max(x, axis=0)
    e = tl.exp(x - top)
    total = tl.sum(e, axis=0)
    tl.store(out_ptr + offsets, e / total, mask=mask)
    tl.store(stats_ptr, top)
    tl.store(stats_ptr + 1, total)


def softmax_tolerance(n: int) -> Tolerance:
    # exp to a few ULP and a sum of n terms added in another order than the interpreter's.
    return Tolerance(rtol=8 * F32_EPS + n * F32_EPS, atol=0)


@pytest.mark.parametrize("n", SIZES)
def test_normalize(conform, rng, n):
    x = rng.standard_normal(n).astype(np.float32) * 4
    out = np.full(n, np.nan, np.float32)
    stats = np.zeros(2, np.float32)
    conform(normalize_kernel, (1,), x, out, stats, n, BLOCK=1024,
            tolerances={1: softmax_tolerance(n), 2: softmax_tolerance(n)})
    e = np.exp(x.astype(np.float64) - x.max())
    np.testing.assert_allclose(out, e / e.sum(), rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("n", SIZES)
def test_normalize_in_place(conform, rng, n):
    x = rng.standard_normal(n).astype(np.float32) * 4
    expected = np.exp(x.astype(np.float64) - x.max())
    expected /= expected.sum()
    stats = np.zeros(2, np.float32)
    conform(normalize_kernel, (1,), x, x, stats, n, BLOCK=1024,
            tolerances={0: softmax_tolerance(n), 1: softmax_tolerance(n),
                        2: softmax_tolerance(n)})
    np.testing.assert_allclose(x, expected, rtol=1e-5, atol=1e-7)


@nereid.jit
def integer_stats_kernel(x_ptr, out_ptr, stats_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0)
    total = tl.sum(x, axis=0)
    low = tl.min(tl.where(mask, x, 2147483647), axis=0)
    bits = tl.xor_sum(x, axis=0)
    tl.store(out_ptr + offsets, x * 3 - total + low, mask=mask)
    tl.store(stats_ptr, total)
    tl.store(stats_ptr + 1, low)
    tl.store(stats_ptr + 2, bits)


@pytest.mark.parametrize("n", SIZES)
def test_integer_reductions_exact(conform, rng, n):
    x = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    out = np.zeros(n, np.int32)
    stats = np.zeros(3, np.int32)
    conform(integer_stats_kernel, (1,), x, out, stats, n, BLOCK=1024)
    with np.errstate(over="ignore"):
        total = x.sum(dtype=np.int32)
        assert stats[0] == total and stats[1] == x.min()
        assert stats[2] == np.bitwise_xor.reduce(x)
        np.testing.assert_array_equal(out, x * np.int32(3) - total + x.min())


@nereid.jit
def rotate_kernel(buffer_ptr, x_ptr, out_ptr, BLOCK: tl.constexpr):
    # The load reads elements that other positions of the store wrote: it must see the whole
    # store, as in the interpreter.
    offsets = tl.arange(0, BLOCK)
    tl.store(buffer_ptr + offsets, tl.load(x_ptr + offsets) * 2)
    rotated = tl.load(buffer_ptr + (offsets + 100) % BLOCK)
    tl.store(out_ptr + offsets, rotated + 1)


def test_load_sees_whole_store(conform, rng):
    x = rng.standard_normal(1024).astype(np.float32)
    buffer = np.zeros(1024, np.float32)
    out = np.zeros(1024, np.float32)
    conform(rotate_kernel, (1,), buffer, x, out, BLOCK=1024)
    np.testing.assert_array_equal(out, np.roll(x * 2, -100) + 1)


@nereid.jit
def center_kernel(x_ptr, y_ptr, mean_ptr, n, BLOCK: tl.constexpr):
    # The store of the mean comes between the reduction and the tile's reuse, and could alias
    # it: the tile is not loaded again.
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n
    tl.store(mean_ptr, mean)
    tl.store(y_ptr + offsets, x - mean, mask=mask)


@pytest.mark.parametrize("n", SIZES)
def test_store_between_reduction_and_use(conform, rng, n):
    x = rng.standard_normal(n).astype(np.float32)
    y = np.zeros(n, np.float32)
    mean = np.zeros(1, np.float32)
    sum_tolerance = Tolerance(atol=n * F32_EPS * float(np.abs(x).sum()))
    conform(center_kernel, (1,), x, y, mean, n, BLOCK=1024,
            tolerances={1: sum_tolerance, 2: sum_tolerance})
    np.testing.assert_allclose(y, x - x.mean(), atol=1e-5)


@pytest.mark.parametrize("n", SIZES)
def test_store_into_the_tile_between_reduction_and_use(conform, rng, n):
    # The mean overwrites the first element of x between the reduction and the tile's reuse:
    # the reuse sees the values loaded before it (the CPU backend keeps the loaded tile in a
    # buffer). Against numpy, since the interpreter's copies of the arguments do not alias.
    x = rng.standard_normal(n).astype(np.float32)
    original = x.copy()
    y = np.zeros(n, np.float32)
    conform.launch(center_kernel, (1,), x, y, x, n, BLOCK=1024)
    mean = original.astype(np.float64).mean()
    np.testing.assert_allclose(x[0], mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(x[1:], original[1:])
    np.testing.assert_allclose(y, original - mean, atol=1e-5)


@nereid.jit
def column_stats_kernel(x_ptr, out_ptr, stats_ptr, rows, n, BLOCK: tl.constexpr):
    # Loops that carry long tiles (the CPU backend keeps them in buffers, and runs the first
    # iteration apart): a sum and a maximum of rows, a running total whose reduction each
    # iteration also stores, and a scalar carried beside them.
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    total = tl.zeros([BLOCK], dtype=tl.float32)
    top = tl.full([BLOCK], -float("inf"), tl.float32)
    count = 0
    for row in range(0, rows):
        x = tl.load(x_ptr + row * n + offsets, mask=mask, other=0.0)
        total += x
        top = tl.maximum(top, x)
        count += 2
        tl.store(stats_ptr + row, tl.sum(total, axis=0))
    tl.store(out_ptr + offsets, total * 2 + top + count, mask=mask)


@pytest.mark.parametrize("rows", [0, 1, 5])
@pytest.mark.parametrize("n", SIZES)
def test_loops_carry_long_tiles(conform, rng, n, rows):
    x = rng.standard_normal((max(rows, 1), n)).astype(np.float32)
    out = np.full(n, np.nan, np.float32)
    stats = np.zeros(max(rows, 1), np.float32)
    sum_tolerance = Tolerance(atol=max(rows, 1) * n * F32_EPS * float(np.abs(x).sum()))
    conform(column_stats_kernel, (1,), x, out, stats, rows, n, BLOCK=1024,
            tolerances={2: sum_tolerance})
    used = x[:rows]
    expected = (used.sum(axis=0) * 2 + used.max(axis=0, initial=-np.inf) + 2 * rows
                if rows else np.full(n, -np.inf, np.float32))
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(stats[:rows], np.cumsum(used.sum(axis=1)), rtol=1e-4, atol=1e-3)


@nereid.jit
def mark_below_kernel(out_ptr, start, n, BLOCK: tl.constexpr):
    # A store masked by `start + offsets < n`; near the top of i32 the sum wraps around to
    # negative values, which are below n (the CPU backend's full-strip test must see that).
    offsets = tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, offsets + 1, mask=start + offsets < n)


@pytest.mark.parametrize("start, n", [(0, 777), (-300, 500), (2**31 - 600, 2**31 - 1),
                                      (2**31 - 600, 2**31 - 700), (-(2**31), -(2**31) + 40)])
def test_mask_of_shifted_range(conform, start, n):
    out = np.zeros(1024, np.int32)
    conform(mark_below_kernel, (1,), out, start, n, BLOCK=1024)
    with np.errstate(over="ignore"):
        values = (np.int32(start) + np.arange(1024, dtype=np.int32))
    np.testing.assert_array_equal(out, np.where(values < n, np.arange(1, 1025), 0))
