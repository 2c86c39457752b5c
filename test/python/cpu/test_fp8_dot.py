"""tl.dot of fp8 operands on the CPU backend: the operands are extended to f32 exactly (through
the runtime's conversion, as fp_to_fp converts fp8) and the products summed in f32, plain and
transposed (upstream's fused attention, tutorial 06, computes `tl.dot(q, k.T)` on fp8), in a
loop over K as well. The reference is numpy's float64 product of the decoded values."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl

_rng = np.random.default_rng()

FORMATS = {"float8e5": ml_dtypes.float8_e5m2, "float8e4nv": ml_dtypes.float8_e4m3fn}


@nereid.jit
def fp8_dot_kernel(a_ptr, b_ptr, out_ptr, K, M: tl.constexpr, N: tl.constexpr,
                   BLOCK_K: tl.constexpr, B_TRANSPOSED: tl.constexpr):
    rows = tl.arange(0, M)
    cols = tl.arange(0, N)
    depth = tl.arange(0, BLOCK_K)
    acc = tl.zeros((M, N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rows[:, None] * K + (k + depth)[None, :])
        if B_TRANSPOSED:  # b is N x K
            b = tl.load(b_ptr + cols[:, None] * K + (k + depth)[None, :]).T
        else:  # b is K x N
            b = tl.load(b_ptr + (k + depth)[:, None] * N + cols[None, :])
        acc += tl.dot(a, b)
    tl.store(out_ptr + rows[:, None] * N + cols[None, :], acc)


@pytest.mark.parametrize("transposed", [False, True], ids=["b", "b.T"])
@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("M,N,K,BLOCK_K", [(16, 16, 32, 32), (64, 32, 128, 64)])
def test_fp8_dot_matches_numpy(fmt, transposed, M, N, K, BLOCK_K):
    dtype = FORMATS[fmt]
    a = (_rng.standard_normal((M, K)) * 2).astype(dtype)
    b = (_rng.standard_normal((K, N)) * 2).astype(dtype)
    b_arg = np.ascontiguousarray(b.T) if transposed else b
    out = np.zeros((M, N), np.float32)
    fp8_dot_kernel[(1,)](a, b_arg, out, K, M=M, N=N, BLOCK_K=BLOCK_K, B_TRANSPOSED=transposed)
    expected = a.astype(np.float64) @ b.astype(np.float64)
    # fp8 products are exact in f32; only the f32 sums round.
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-4 * np.abs(expected).max())


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_fp8_value_extends_exactly(fmt):
    """Each of the 256 codes (NaNs and infinities included) alone in a row of A, times the
    identity: its row of the result is its value where the identity has 1, and 0 (NaN for a NaN
    or an infinity) elsewhere, as numpy computes it in float64."""
    dtype = FORMATS[fmt]
    codes = np.arange(256, dtype=np.uint8).view(dtype)
    a = np.zeros((256, 16), dtype)
    a[np.arange(256), np.arange(256) % 16] = codes
    identity = np.eye(16).astype(dtype)
    out = np.zeros((256, 16), np.float32)
    fp8_dot_kernel[(1,)](a, identity, out, 16, M=256, N=16, BLOCK_K=16, B_TRANSPOSED=False)
    with np.errstate(invalid="ignore"):
        expected = a.astype(np.float64) @ identity.astype(np.float64)
    np.testing.assert_array_equal(out, expected.astype(np.float32))
    assert np.isnan(out[np.arange(256), np.arange(256) % 16]).sum() == np.isnan(
        codes.astype(np.float32)).sum() > 0
