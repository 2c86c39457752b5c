"""NaN and infinity positions match numpy's IEEE arithmetic."""

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def divide_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x / y, mask=mask)


def with_zeros(rng, n, dtype, fraction=0.3):
    values = rng.standard_normal(n).astype(dtype)
    values[rng.random(n) < fraction] = 0
    values[rng.random(n) < fraction / 3] = -0.0
    return values


@pytest.mark.parametrize("n", [1, 1000, 3333])
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
def test_division_by_zero(rng, n, dtype):
    x = with_zeros(rng, n, dtype)
    x[rng.random(n) < 0.05] = np.inf
    x[rng.random(n) < 0.05] = np.nan
    y = with_zeros(rng, n, dtype)
    y[rng.random(n) < 0.05] = -np.inf
    out = np.zeros_like(x)
    divide_kernel[(nereid.cdiv(n, 512),)](x, y, out, n, BLOCK=512)
    # A float16 quotient of random operands may overflow to infinity, as it should.
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        expected = x / y
    assert np.count_nonzero(np.isnan(expected)) > 0 or n == 1
    np.testing.assert_array_equal(np.isnan(out), np.isnan(expected))
    # Everywhere else the correctly rounded quotient, infinities and signed zeros included.
    finite = ~np.isnan(expected)
    np.testing.assert_array_equal(out[finite], expected[finite])
    np.testing.assert_array_equal(np.signbit(out[finite]), np.signbit(expected[finite]))


@nereid.jit
def math_kernel(x_ptr, y_ptr, sqrt_ptr, log_ptr, max_ptr, max_all_ptr, min_ptr, n,
                BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(sqrt_ptr + offs, tl.sqrt(x), mask=mask)
    tl.store(log_ptr + offs, tl.log(x), mask=mask)
    tl.store(max_ptr + offs, tl.maximum(x, y), mask=mask)
    tl.store(max_all_ptr + offs, tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL), mask=mask)
    tl.store(min_ptr + offs, tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL), mask=mask)


@pytest.mark.conforms(ulps=4, atol=2.0**-24,
                      reason="log is a polynomial approximation on the CPU, within 4 ULP")
def test_nan_from_math_and_min_max(rng):
    n = 2000
    x = rng.standard_normal(n).astype(np.float32)
    x[rng.random(n) < 0.1] = np.nan
    x[rng.random(n) < 0.05] = 0
    y = rng.standard_normal(n).astype(np.float32)
    y[rng.random(n) < 0.1] = np.nan
    outputs = [np.zeros_like(x) for _ in range(5)]
    math_kernel[(nereid.cdiv(n, 256),)](x, y, *outputs, n, BLOCK=256)
    sqrt, log, maximum, maximum_all, minimum_all = outputs
    with np.errstate(divide="ignore", invalid="ignore"):
        expected_sqrt = np.sqrt(x)
        expected_log = np.log(x)
    np.testing.assert_array_equal(np.isnan(sqrt), np.isnan(expected_sqrt))
    np.testing.assert_array_equal(np.isnan(log), np.isnan(expected_log))
    np.testing.assert_array_equal(np.isneginf(log), np.isneginf(expected_log))
    np.testing.assert_allclose(sqrt, expected_sqrt, rtol=2**-23)  # NaNs compare equal here
    np.testing.assert_allclose(log, expected_log, rtol=2**-22, atol=2**-24)
    # propagate_nan=ALL: NaN wins (numpy's maximum); the default NONE returns the other operand
    # (numpy's fmax), as the interpreter defines it (arith.maxnumf).
    np.testing.assert_array_equal(maximum_all, np.maximum(x, y))
    np.testing.assert_array_equal(minimum_all, np.minimum(x, y))
    np.testing.assert_array_equal(maximum, np.fmax(x, y))


@nereid.jit
def nan_propagating_max(a, b):
    return tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)


@nereid.jit
def row_max_kernel(x_ptr, max_ptr, min_ptr, max_all_ptr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * BLOCK + tl.arange(0, BLOCK))
    tl.store(max_ptr + row, tl.max(x, axis=0))
    tl.store(min_ptr + row, tl.min(x, axis=0))
    tl.store(max_all_ptr + row, tl.reduce(x, 0, nan_propagating_max))


@pytest.mark.interpreter_only("which NaN a reduction returns is the interpreter's in-order "
                              "definition (docs/semantics.md); the CPU may return another NaN")
@pytest.mark.parametrize("block", [8, 64, 1024])
def test_row_max_and_min_in_any_order_match_the_in_order_result(rng, block):
    # Rows of ordinary values with NaNs and signed zeros mixed in, and rows of NaNs only, each
    # with its own payload: max and min (maxnumf, minnumf, and maximumf, which returns the
    # first NaN) reduce long rows in several independent chains, and must still give the
    # in-order result bit for bit.
    rows = 6
    x = rng.standard_normal((rows, block)).astype(np.float32)
    x[1, rng.random(block) < 0.5] = np.nan
    x[2, :] = rng.choice(np.array([0.0, -0.0], np.float32), block)
    payloads = rng.integers(1, 2**22, (3, block), dtype=np.uint32)
    x[3:].view(np.uint32)[:] = np.uint32(0x7FC00000) | payloads  # quiet NaNs, distinct bits
    x[4, rng.random(block) < 0.5] = 1.0
    maxima, minima, maxima_all = (np.zeros(rows, np.float32) for _ in range(3))
    row_max_kernel[(rows,)](x, maxima, minima, maxima_all, BLOCK=block)

    def in_order(row, pick):
        acc = row[0]
        for value in row[1:]:
            acc = value if np.isnan(acc) else acc if np.isnan(value) else pick(acc, value)
        return acc

    def larger(a, b):
        return b if a == b and not np.signbit(b) else a if a >= b else b

    def smaller(a, b):
        return b if a == b and np.signbit(b) else a if a <= b else b

    def first_nan(row):
        nans = np.flatnonzero(np.isnan(row))
        return row[nans[0]] if nans.size else in_order(row, larger)

    for r in range(rows):
        np.testing.assert_array_equal(maxima_all[r:r + 1].view(np.uint32),
                                      np.array([first_nan(x[r])]).view(np.uint32))
        np.testing.assert_array_equal(maxima[r:r + 1].view(np.uint32),
                                      np.array([in_order(x[r], larger)]).view(np.uint32))
        np.testing.assert_array_equal(minima[r:r + 1].view(np.uint32),
                                      np.array([in_order(x[r], smaller)]).view(np.uint32))
