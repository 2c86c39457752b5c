"""Scans of large tiles on the CPU: a loop over the slices along the axis, in stack buffers
(cpu-scan-tiles-in-memory), instead of one unrolled step per position, which took 10 s to
compile a 64 x 64 cumsum along the rows and more than 60 s at 128 x 128. Each result is checked
against numpy on random inputs, and the compile time of a 512 x 512 scan along the rows against
a generous bound that the unrolled code missed by far."""

import time

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def scan_2d_kernel(x_ptr, y_ptr, M: tl.constexpr, N: tl.constexpr, AXIS: tl.constexpr,
                   REVERSE: tl.constexpr, PRODUCT: tl.constexpr):
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offsets)
    if PRODUCT:
        y = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    else:
        y = tl.cumsum(x, axis=AXIS, reverse=REVERSE)
    tl.store(y_ptr + offsets, y)


@nereid.jit
def scan_1d_kernel(x_ptr, y_ptr, N: tl.constexpr, REVERSE: tl.constexpr):
    """A scan whose source is not a load and whose result is not only stored: the whole tiles
    go through the buffers."""
    r = tl.arange(0, N)
    y = tl.cumsum(tl.load(x_ptr + r) * 2, axis=0, reverse=REVERSE)
    tl.store(y_ptr + r, y + r)


@nereid.jit
def scan_transposed_source_kernel(x_ptr, y_ptr, N: tl.constexpr):
    """A source loaded by columns (its pointers are consecutive down the columns), scanned
    along the axis of its rows."""
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[None, :] * N + r[:, None])
    tl.store(y_ptr + r[:, None] * N + r[None, :], tl.cumsum(x, axis=0))


@nereid.jit
def combine_recurrence(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@nereid.jit
def recurrence_kernel(a_ptr, b_ptr, h_ptr, M: tl.constexpr, N: tl.constexpr):
    """h[i, j] = a[i, j] * h[i, j - 1] + b[i, j] along each row, by a two-operand
    tl.associative_scan with a user combiner."""
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    a = tl.load(a_ptr + offsets)
    b = tl.load(b_ptr + offsets)
    _, h = tl.associative_scan((a, b), 1, combine_recurrence)
    tl.store(h_ptr + offsets, h)


@nereid.jit
def timed_scan_kernel(x_ptr, y_ptr, N: tl.constexpr):
    """scan_2d_kernel's twin, so that its compilation is not cached by the tests above."""
    offsets = tl.arange(0, N)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(y_ptr + offsets, tl.cumsum(tl.load(x_ptr + offsets), axis=1))


def reference_scan(x, axis, reverse, product):
    op = np.cumprod if product else np.cumsum
    if reverse:
        return np.flip(op(np.flip(x, axis), axis=axis), axis)
    return op(x, axis=axis)


@pytest.mark.parametrize("shape", [(32, 64), (64, 32), (128, 128)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("dtype", [np.float32, np.int32])
def test_sum_scans_of_large_tiles(shape, axis, reverse, dtype):
    rng = np.random.default_rng(sum(shape) + axis)
    x = (rng.standard_normal(shape) * 4).astype(dtype)
    y = np.zeros_like(x)
    scan_2d_kernel[(1,)](x, y, M=shape[0], N=shape[1], AXIS=axis, REVERSE=reverse,
                         PRODUCT=False)
    expected = reference_scan(x.astype(np.float64), axis, reverse, False)
    if dtype == np.int32:
        np.testing.assert_array_equal(y, expected.astype(np.int32))
    else:
        np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-3)


@pytest.mark.parametrize("axis", [0, 1])
def test_product_scan_of_a_large_tile(axis):
    rng = np.random.default_rng(axis)
    x = rng.uniform(0.9, 1.1, (64, 64)).astype(np.float32)
    y = np.zeros_like(x)
    scan_2d_kernel[(1,)](x, y, M=64, N=64, AXIS=axis, REVERSE=False, PRODUCT=True)
    np.testing.assert_allclose(y, reference_scan(x.astype(np.float64), axis, False, True),
                               rtol=1e-5)


@pytest.mark.parametrize("n", [512, 1024])
@pytest.mark.parametrize("reverse", [False, True])
def test_long_1d_scans(n, reverse):
    x = np.random.default_rng(n).standard_normal(n).astype(np.float32)
    y = np.zeros_like(x)
    scan_1d_kernel[(1,)](x, y, N=n, REVERSE=reverse)
    expected = reference_scan(x.astype(np.float64) * 2, 0, reverse, False) + np.arange(n)
    np.testing.assert_allclose(y, expected, rtol=1e-5, atol=1e-3)


def test_scan_of_a_tile_loaded_by_columns():
    x = np.random.default_rng(7).standard_normal((64, 64)).astype(np.float32)
    y = np.zeros_like(x)
    scan_transposed_source_kernel[(1,)](x, y, N=64)
    np.testing.assert_allclose(y, np.cumsum(x.T.astype(np.float64), axis=0), rtol=1e-5,
                               atol=1e-4)


@pytest.mark.parametrize("shape", [(4, 1024), (64, 64)])
def test_linear_recurrence_by_associative_scan(shape):
    rng = np.random.default_rng(shape[0])
    a = rng.uniform(0.5, 1.0, shape).astype(np.float32)
    b = rng.standard_normal(shape).astype(np.float32)
    h = np.zeros_like(a)
    recurrence_kernel[(1,)](a, b, h, M=shape[0], N=shape[1])
    expected = np.zeros(shape)
    state = np.zeros(shape[0])
    for j in range(shape[1]):
        state = a[:, j] * state + b[:, j]
        expected[:, j] = state
    np.testing.assert_allclose(h, expected, rtol=1e-4, atol=1e-4)


def test_large_scan_compiles_quickly():
    n = 512
    x = np.random.default_rng(1).standard_normal((n, n)).astype(np.float32)
    y = np.zeros_like(x)
    start = time.perf_counter()
    timed_scan_kernel[(1,)](x, y, N=n)
    elapsed = time.perf_counter() - start
    np.testing.assert_allclose(y, np.cumsum(x.astype(np.float64), axis=1), rtol=1e-4,
                               atol=1e-2)
    # Unrolled, 128 x 128 did not compile in 60 s; in memory 512 x 512 takes about a second.
    assert elapsed < 30, f"a 512 x 512 cumsum compiled in {elapsed:.1f} s"
