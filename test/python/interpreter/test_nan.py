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
    with np.errstate(divide="ignore", invalid="ignore"):
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
