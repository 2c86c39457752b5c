"""The tutorial kernels (test/python/kernels/tutorials.py) run in the interpreter and agree with
numpy on fresh random inputs, over sizes that are and are not multiples of the block.

Tolerances follow the precision of what the kernel computes, as the interpreter defines it
(interpreter/lib/Dot.cpp, Reduce.cpp):
- elementwise float32 arithmetic is correctly rounded, so a single op matches numpy exactly;
- `tl.dot` accumulates in float32 with one fused multiply-add per product, k = 0, 1, ...; with
  float32 operands and `input_precision="tf32"` (not the default, which is "ieee") it first
  rounds each operand to tf32 (10 mantissa bits, to nearest, ties away from zero); float16 and bfloat16 products are exact in
  float32;
- reductions and scans accumulate in the element type, so their error grows with the length.
"""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl
from kernels import tutorials
from kernels.precision import round_to_tf32

F32_EPS = 2.0 ** -24  # unit roundoff of float32

# Tolerances of the CPU's shadow comparison with the interpreter (conftest.py). The CPU backend
# approximates exp, exp2 and log within a few ULP, and adds the lanes of a long f32 tl.sum in
# another order than the interpreter's left to right (test/python/conformance/test_reductions.py
# holds the strict order as a known failure): a sum of up to 1000 terms may differ by about
# 1000 roundings, 2^-12 relative to the row's magnitude; where the result cancels to near zero,
# an absolute 2^-16 (layer norm's dx) or 2^-20; and one ULP of an f16 output that rounds the
# other way.
REORDERED_SUMS = dict(ulps=1, rtol=2.0**-12, atol=2.0**-20,
                      reason="exp approximated within ULPs; f32 sums added in another order")


def strides(array: np.ndarray) -> list[int]:
    return [s // array.itemsize for s in array.strides]


def ulp_bound(reference: np.ndarray, mantissa_bits: int) -> np.ndarray:
    """One unit in the last place, at each value of `reference`, of float16 (10 mantissa bits)
    or bfloat16 (7), subnormals included."""
    min_exponent = -14 if mantissa_bits == 10 else -126
    magnitude = np.maximum(np.abs(reference), 2.0 ** min_exponent)
    return 2.0 ** (np.floor(np.log2(magnitude)) - mantissa_bits)


# Vector add -------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 17, 1000, 1024, 4099, 98_765])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int32"])
def test_vector_add(rng, n, dtype):
    block = 1024
    if dtype == "int32":
        # The full range: the sum wraps around as numpy's int32 sum does.
        x = rng.integers(-2**31, 2**31, n, dtype=np.int32)
        y = rng.integers(-2**31, 2**31, n, dtype=np.int32)
    else:
        np_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)
        x = rng.standard_normal(n).astype(np_dtype)
        y = rng.standard_normal(n).astype(np_dtype)
    out = np.full_like(x, 7)
    tutorials.add_kernel[(nereid.cdiv(n, block),)](x, y, out, n, BLOCK_SIZE=block)
    # One correctly rounded addition: exact agreement (numpy computes bfloat16 in float32 and
    # rounds once, which is exact for a sum of two bfloat16 values).
    expected = (x.astype(np.float64) + y.astype(np.float64)).astype(x.dtype) \
        if dtype != "int32" else x + y
    np.testing.assert_array_equal(out.view(np.uint8), expected.view(np.uint8))


@pytest.mark.interpreter_only(reason="TRITON_INTERPRET=1 selects the interpreter")
def test_triton_interpret_selects_the_interpreter_too(rng, monkeypatch):
    monkeypatch.delenv("NEREID_INTERPRET")
    monkeypatch.setenv("TRITON_INTERPRET", "1")
    n = 3000
    x, y = (rng.standard_normal(n).astype(np.float32) for _ in range(2))
    out = np.zeros_like(x)
    tutorials.add_kernel[(nereid.cdiv(n, 1024),)](x, y, out, n, BLOCK_SIZE=1024)
    np.testing.assert_array_equal(out, x + y)


# Fused softmax -------------------------------------------------------------------------------

def softmax_reference(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


@pytest.mark.conforms(**REORDERED_SUMS)
@pytest.mark.parametrize("rows,cols", [(1, 1), (3, 5), (37, 200), (64, 256), (20, 1000)])
def test_fused_softmax(rng, rows, cols):
    block = nereid.next_power_of_2(cols)
    # A padded input row stride, and fewer programs than rows: each program loops over rows.
    storage = rng.standard_normal((rows, cols + 3)).astype(np.float32) * 4
    x = storage[:, :cols]
    out = np.full((rows, cols), np.nan, dtype=np.float32)
    programs = min(rows, 8)
    tutorials.softmax_kernel[(programs,)](out, x, storage.shape[1], cols, rows, cols,
                                          BLOCK_SIZE=block, num_stages=2)
    expected = softmax_reference(x)
    # exp and the division are within an ulp or two; the row sum adds at most cols roundings.
    rtol = 4 * F32_EPS * (cols + 4)
    np.testing.assert_allclose(out, expected, rtol=rtol, atol=1e-30)


# Layer norm -------------------------------------------------------------------------------

@pytest.mark.conforms(**REORDERED_SUMS)
@pytest.mark.parametrize("rows,cols", [(1, 1), (4, 64), (9, 300), (3, 1000)])
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_layer_norm_forward(rng, rows, cols, dtype):
    eps = 1e-5
    x = (rng.standard_normal((rows, cols)) * 2 + 0.5).astype(dtype)
    w = rng.standard_normal(cols).astype(dtype)
    b = rng.standard_normal(cols).astype(dtype)
    y = np.full_like(x, np.nan)
    mean = np.full(rows, np.nan, dtype=np.float32)
    rstd = np.full(rows, np.nan, dtype=np.float32)
    tutorials.layer_norm_fwd[(rows,)](x, y, w, b, mean, rstd, cols, cols, eps, BLOCK_SIZE=128)

    x64 = x.astype(np.float64)
    mean_ref = x64.mean(axis=1)
    rstd_ref = 1 / np.sqrt(x64.var(axis=1) + eps)
    xhat = (x64 - mean_ref[:, None]) * rstd_ref[:, None]
    w64, b64 = w.astype(np.float64), b.astype(np.float64)
    y_ref = xhat * w64 + b64
    # Each float32 sum adds one block-wide partial per block of 128, then the 128 lanes: at
    # most `depth` roundings on any path. Twice the first-order bounds:
    depth = nereid.cdiv(cols, 128) + 128
    mean_err = 2 * (depth + 1) * F32_EPS * np.abs(x64).mean(axis=1)
    rstd_rel = 2 * (0.5 * (depth + 4) + 2) * F32_EPS  # var: squares, sum, divide; then rsqrt
    np.testing.assert_array_less(np.abs(mean - mean_ref), mean_err + 1e-30)
    np.testing.assert_array_less(np.abs(rstd - rstd_ref), rstd_rel * rstd_ref)
    y_err = (np.abs(w64) * (mean_err[:, None] * rstd_ref[:, None] + np.abs(xhat) * rstd_rel)
             + 8 * F32_EPS * (np.abs(xhat * w64) + np.abs(b64)))
    if dtype == "float16":
        y_err = y_err + ulp_bound(y_ref, 10)  # the store rounds to float16
    np.testing.assert_array_less(np.abs(y.astype(np.float64) - y_ref), y_err + 1e-30)


@pytest.mark.conforms(**{**REORDERED_SUMS, "atol": 2.0**-16})
@pytest.mark.parametrize("rows,cols", [(1, 8), (5, 100), (16, 256), (7, 1000)])
def test_layer_norm_backward(rng, rows, cols):
    eps = 1e-5
    x = (rng.standard_normal((rows, cols)) * 2 - 0.3).astype(np.float32)
    w = rng.standard_normal(cols).astype(np.float32)
    dy = rng.standard_normal((rows, cols)).astype(np.float32)
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1).astype(np.float32)
    rstd = (1 / np.sqrt(x64.var(axis=1) + eps)).astype(np.float32)
    dx = np.full_like(x, np.nan)
    dw = np.full_like(x, np.nan)  # one row of partial sums per program
    db = np.full_like(x, np.nan)
    tutorials.layer_norm_bwd_dx[(rows,)](dx, dy, dw, db, x, w, mean, rstd, cols, cols,
                                         BLOCK_SIZE_N=nereid.next_power_of_2(cols))

    # The gradient of y = (x - mean(x)) * rstd(x) * w + b with respect to x, for an upstream
    # gradient dy: dx = rstd * (w*dy - mean(w*dy) - xhat * mean(w*dy * xhat)).
    xhat = (x64 - mean[:, None].astype(np.float64)) * rstd[:, None]
    wdy = w.astype(np.float64) * dy
    dx_ref = rstd[:, None] * (wdy - wdy.mean(axis=1, keepdims=True)
                              - xhat * (wdy * xhat).mean(axis=1, keepdims=True))
    scale = np.abs(rstd[:, None]) * np.abs(wdy).max(axis=1, keepdims=True) * (1 + np.abs(xhat))
    np.testing.assert_array_less(np.abs(dx - dx_ref), 8 * F32_EPS * (cols + 8) * scale + 1e-30)
    # The per-row partials of dw = sum(dy * xhat) and db = sum(dy) over rows.
    np.testing.assert_allclose(dw, dy * xhat, rtol=8 * F32_EPS, atol=1e-30)
    np.testing.assert_array_equal(db, dy)
    np.testing.assert_allclose(dw.astype(np.float64).sum(axis=0), (dy * xhat).sum(axis=0),
                               rtol=1e-5, atol=1e-5 * rows)


# Matmul -------------------------------------------------------------------------------------

def run_matmul(a, b, c, block=32):
    M, K = a.shape
    N = b.shape[1]
    grid = (nereid.cdiv(M, block) * nereid.cdiv(N, block),)
    tutorials.matmul_kernel[grid](a, b, c, M, N, K, *strides(a), *strides(b), *strides(c),
                                  BLOCK_SIZE_M=block, BLOCK_SIZE_N=block, BLOCK_SIZE_K=block,
                                  GROUP_SIZE_M=2)


MATMUL_SIZES = [(16, 16, 16), (33, 17, 5), (70, 50, 90), (128, 96, 64)]


@pytest.mark.parametrize("M,N,K", MATMUL_SIZES)
@pytest.mark.parametrize("b_order", ["row-major", "column-major"])
def test_matmul_fp32_is_ieee(rng, M, N, K, b_order, monkeypatch):
    """The default precision of the interpreter and the CPU: the float32 accumulation of K
    fused multiply-adds is all that differs from the exact product (|error| <= K * eps *
    sum |a||b|)."""
    monkeypatch.delenv("TRITON_F32_DEFAULT", raising=False)
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    if b_order == "column-major":
        b = np.asfortranarray(b)
    c = np.full((M, N), np.nan, dtype=np.float32)
    run_matmul(a, b, c)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    magnitude = np.abs(a64) @ np.abs(b64)
    np.testing.assert_array_less(np.abs(c - a64 @ b64), (K + 1) * F32_EPS * magnitude + 1e-30)


@pytest.mark.parametrize("M,N,K", MATMUL_SIZES)
@pytest.mark.parametrize("b_order", ["row-major", "column-major"])
def test_matmul_fp32_is_tf32_under_triton_f32_default(rng, M, N, K, b_order, monkeypatch):
    monkeypatch.setenv("TRITON_F32_DEFAULT", "tf32")
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    if b_order == "column-major":
        b = np.asfortranarray(b)
    c = np.full((M, N), np.nan, dtype=np.float32)
    run_matmul(a, b, c)
    # Against the product of the tf32-rounded operands: only the float32 accumulation of K
    # fused multiply-adds differs (|error| <= K * eps * sum |a||b|).
    at, bt = round_to_tf32(a).astype(np.float64), round_to_tf32(b).astype(np.float64)
    magnitude = np.abs(at) @ np.abs(bt)
    np.testing.assert_array_less(np.abs(c - at @ bt), (K + 1) * F32_EPS * magnitude + 1e-30)
    # Against the exact product: each operand is off by at most 2^-11 relative.
    exact = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_array_less(np.abs(c - exact),
                                 (2 * 2.0**-11 + (K + 1) * F32_EPS) * magnitude + 1e-30)


@nereid.jit
def dot_precision_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                         K: tl.constexpr, PRECISION: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b, input_precision=PRECISION))


@pytest.mark.parametrize("precision", ["ieee", "tf32"])
def test_dot_input_precision(rng, precision):
    M, N, K = 32, 16, 64
    a = rng.standard_normal((M, K), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    c = np.full((M, N), np.nan, dtype=np.float32)
    dot_precision_kernel[(1,)](a, b, c, M=M, N=N, K=K, PRECISION=precision)
    if precision == "tf32":
        a, b = round_to_tf32(a), round_to_tf32(b)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    bound = (K + 1) * F32_EPS * (np.abs(a64) @ np.abs(b64))
    np.testing.assert_array_less(np.abs(c - a64 @ b64), bound + 1e-30)


@pytest.mark.parametrize("M,N,K", MATMUL_SIZES)
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_matmul_half_precision(rng, M, N, K, dtype):
    np_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.float16
    mantissa = 7 if dtype == "bfloat16" else 10
    a = rng.standard_normal((M, K)).astype(np_dtype)
    b = rng.standard_normal((K, N)).astype(np_dtype)
    c = np.full((M, N), np.nan, dtype=np_dtype)
    run_matmul(a, b, c)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    exact = a64 @ b64
    # Exact products, a float32 accumulation, then one rounding to the output type (a result
    # next to a rounding boundary may round either way: one ulp).
    bound = (K + 1) * F32_EPS * (np.abs(a64) @ np.abs(b64)) + ulp_bound(exact, mantissa)
    np.testing.assert_array_less(np.abs(c.astype(np.float64) - exact), bound)


# Low-memory dropout: in test_random.py, against a numpy philox. -------------------------------

# Flash attention ------------------------------------------------------------------------------

@pytest.mark.conforms(ulps=1, atol=2.0**-8,
                      reason="exp2 approximated within ULPs on the CPU: a probability may round "
                      "the other way in float16 (2^-11 of it) before the second dot, which moves "
                      "an output by up to 2^-10 * max|v| (v is standard normal here)")
@pytest.mark.parametrize("n_ctx,head_dim", [(1, 16), (100, 32), (128, 64), (200, 16)])
def test_flash_attention_forward(rng, n_ctx, head_dim):
    q, k, v = (rng.standard_normal((n_ctx, head_dim)).astype(np.float16) for _ in range(3))
    out = np.full_like(q, np.nan)
    scale = head_dim ** -0.5
    block = 32
    tutorials.attention_fwd_kernel[(nereid.cdiv(n_ctx, block),)](
        q, k, v, scale, out, head_dim, head_dim, head_dim, head_dim, n_ctx,
        BLOCK_M=block, BLOCK_N=block, HEAD_DIM=head_dim)
    scores = q.astype(np.float64) @ k.astype(np.float64).T * scale
    p = np.exp(scores - scores.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    expected = p @ v.astype(np.float64)
    # The probabilities pass through float16 (2^-11 relative) before the second dot, and the
    # output is rounded to float16.
    vmax = np.abs(v.astype(np.float64)).max()
    bound = 2.0**-10 * vmax + ulp_bound(expected, 10)
    np.testing.assert_array_less(np.abs(out.astype(np.float64) - expected), bound)


# Scans, reductions and sort -------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 100, 128, 1000])
def test_cumsum_int32_wraps_around(rng, n):
    x = rng.integers(-2**31, 2**31, n, dtype=np.int32)
    out = np.zeros_like(x)
    tutorials.cumsum_kernel[(1,)](x, out, n, BLOCK=nereid.next_power_of_2(n))
    np.testing.assert_array_equal(out, np.cumsum(x, dtype=np.int32))


@pytest.mark.parametrize("n", [1, 100, 128, 1000])
def test_cumsum_float32(rng, n):
    x = rng.standard_normal(n).astype(np.float32)
    out = np.full_like(x, np.nan)
    tutorials.cumsum_kernel[(1,)](x, out, n, BLOCK=nereid.next_power_of_2(n))
    expected = np.cumsum(x.astype(np.float64))
    # Each prefix is a float32 sum of at most i + 1 terms.
    bound = (np.arange(n) + 2) * F32_EPS * np.cumsum(np.abs(x.astype(np.float64)))
    np.testing.assert_array_less(np.abs(out - expected), bound + 1e-30)


@pytest.mark.parametrize("rows,cols", [(1, 1), (7, 50), (16, 128), (5, 1000)])
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_argmax_first_of_ties(rng, rows, cols, dtype):
    # Few distinct values: most rows hold their maximum several times.
    x = rng.integers(-3, 3, (rows, cols)).astype(dtype)
    out = np.full(rows, -1, dtype=np.int32)
    tutorials.argmax_kernel[(rows,)](x, out, cols, BLOCK=nereid.next_power_of_2(cols))
    np.testing.assert_array_equal(out, np.argmax(x, axis=1))  # numpy: the first index


def sort_input(rng, n, dtype):
    if dtype == "int32":
        # Duplicates and the extremes of the range.
        values = rng.integers(-50, 50, n).astype(np.int32)
        values[rng.integers(0, n, 2)] = [np.iinfo(np.int32).min, np.iinfo(np.int32).max]
        return values
    values = rng.standard_normal(n).astype(np.float32)
    values[rng.integers(0, n, n // 4)] = 0.5  # ties
    return values


@pytest.mark.parametrize("n", [16, 128, 1024])
@pytest.mark.parametrize("dtype", ["float32", "int32"])
@pytest.mark.parametrize("descending", [False, True])
def test_sort(rng, n, dtype, descending):
    x = sort_input(rng, n, dtype)
    out = np.zeros_like(x)
    tutorials.sort_kernel[(1,)](x, out, BLOCK=n, DESCENDING=descending)
    expected = np.sort(x)
    np.testing.assert_array_equal(out, expected[::-1] if descending else expected)


@pytest.mark.parametrize("dtype", ["float32", "float16"])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_keeps_signed_zeros_and_infinities(rng, dtype, descending):
    # The bitonic network swaps values through their bits: every bit pattern must come out
    # exactly once (a float sum of the pair would turn -0.0 into +0.0 and inf * 0 into NaN).
    n = 128
    x = rng.standard_normal(n).astype(dtype)
    special = np.array([-0.0, 0.0, np.inf, -np.inf, -0.0, np.inf], dtype=dtype)
    x[rng.choice(n, special.size, replace=False)] = special
    out = np.zeros_like(x)
    tutorials.sort_kernel[(1,)](x, out, BLOCK=n, DESCENDING=descending)
    expected = np.sort(x)
    np.testing.assert_array_equal(out, expected[::-1] if descending else expected)
    bits = np.uint32 if dtype == "float32" else np.uint16
    np.testing.assert_array_equal(np.sort(out.view(bits)), np.sort(x.view(bits)))


@nereid.jit
def sort_ragged_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, DESCENDING: tl.constexpr,
                       PAD: tl.constexpr):
    # Lanes past n hold PAD, which sorts after every value.
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=PAD)
    tl.store(out_ptr + offs, tl.sort(x, descending=DESCENDING), mask=offs < n)


@pytest.mark.parametrize("n", [1, 100, 1000])
@pytest.mark.parametrize("dtype", ["float32", "int32"])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_ragged(rng, n, dtype, descending):
    x = sort_input(rng, n, dtype)
    out = np.zeros_like(x)
    if dtype == "int32":
        pad = np.iinfo(np.int32).min if descending else np.iinfo(np.int32).max
    else:
        pad = -float("inf") if descending else float("inf")
    sort_ragged_kernel[(1,)](x, out, n, BLOCK=nereid.next_power_of_2(n), DESCENDING=descending,
                             PAD=pad)
    expected = np.sort(x)
    np.testing.assert_array_equal(out, expected[::-1] if descending else expected)


@nereid.jit
def topk_rows_kernel(x_ptr, out_ptr, ROWS: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rows = tl.arange(0, ROWS)[:, None]
    x = tl.load(x_ptr + rows * N + tl.arange(0, N)[None, :])
    tl.store(out_ptr + rows * K + tl.arange(0, K)[None, :], x.topk(K))


@nereid.jit
def topk_kernel(x_ptr, out_ptr, N: tl.constexpr, K: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, K), tl.topk(tl.load(x_ptr + tl.arange(0, N)), K))


@pytest.mark.parametrize("n,k", [(16, 1), (128, 8), (1024, 16), (64, 64)])
@pytest.mark.parametrize("dtype", ["float32", "int32"])
def test_topk(rng, n, k, dtype):
    x = sort_input(rng, n, dtype)
    out = np.zeros(k, dtype=x.dtype)
    topk_kernel[(1,)](x, out, N=n, K=k)
    np.testing.assert_array_equal(out, np.sort(x)[::-1][:k])


def test_topk_of_each_row(rng):
    rows, n, k = 4, 256, 8
    x = np.stack([sort_input(rng, n, "float32") for _ in range(rows)])
    out = np.zeros((rows, k), dtype=np.float32)
    topk_rows_kernel[(1,)](x, out, ROWS=rows, N=n, K=k)
    np.testing.assert_array_equal(out, np.sort(x, axis=1)[:, ::-1][:, :k])


# Histogram ----------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [1, 100, 1000, 1024])
@pytest.mark.parametrize("bins", [8, 64])
def test_histogram(rng, n, bins):
    x = rng.integers(0, bins, n, dtype=np.int32)
    out = np.full(bins, -1, dtype=np.int32)
    tutorials.histogram_kernel[(1,)](x, out, n, BLOCK=nereid.next_power_of_2(n), BINS=bins)
    np.testing.assert_array_equal(out, np.bincount(x, minlength=bins))


@nereid.jit
def histogram_masked_kernel(x_ptr, keep_ptr, out_ptr, BLOCK: tl.constexpr, BINS: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    keep = tl.load(keep_ptr + offs) != 0
    tl.store(out_ptr + tl.arange(0, BINS), tl.histogram(x, BINS, mask=keep))


@pytest.mark.parametrize("n", [16, 256])
def test_histogram_with_a_mask(rng, n):
    bins = 16
    x = rng.integers(0, bins, n, dtype=np.int32)
    keep = rng.integers(0, 2, n, dtype=np.int8)
    out = np.full(bins, -1, dtype=np.int32)
    histogram_masked_kernel[(1,)](x, keep, out, BLOCK=n, BINS=bins)
    np.testing.assert_array_equal(out, np.bincount(x[keep != 0], minlength=bins))


# Atomics with contention ----------------------------------------------------------------------

@pytest.mark.parametrize("n", [64, 1000, 10_000])
def test_atomic_add_contention_int32(rng, n):
    block = 64
    x = rng.integers(-2**31, 2**31, n, dtype=np.int32)  # the sums wrap around
    out = np.zeros(block, dtype=np.int32)
    tutorials.atomic_add_kernel[(nereid.cdiv(n, block),)](x, out, n, BLOCK=block)
    padded = np.zeros(nereid.cdiv(n, block) * block, dtype=np.int32)
    padded[:n] = x
    np.testing.assert_array_equal(out, padded.reshape(-1, block).sum(axis=0, dtype=np.int32))


@pytest.mark.parametrize("n", [64, 1000, 10_000])
def test_atomic_add_contention_float32(rng, n):
    block = 64
    x = rng.standard_normal(n).astype(np.float32)
    out = np.zeros(block, dtype=np.float32)
    programs = nereid.cdiv(n, block)
    tutorials.atomic_add_kernel[(programs,)](x, out, n, BLOCK=block)
    padded = np.zeros(programs * block, dtype=np.float64)
    padded[:n] = x
    terms = padded.reshape(-1, block)
    # `programs` float32 additions into each counter, in whatever order they happen.
    bound = (programs + 1) * F32_EPS * np.abs(terms).sum(axis=0)
    np.testing.assert_array_less(np.abs(out - terms.sum(axis=0)), bound + 1e-30)
