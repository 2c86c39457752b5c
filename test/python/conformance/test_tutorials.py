"""The tutorial kernels (test/python/kernels/tutorials.py) at ragged sizes, against the
interpreter on the same inputs. Tolerances follow what each kernel computes:
- vector add and dropout: one correctly rounded op per element (dropout's mask is integer
  philox arithmetic): exact;
- softmax: exp within 4 ULP, a row sum that a backend may add in another order (cols
  roundings of at most eps of the sum each), one division: rtol = (cols + 8) * 4 * eps;
- layer norm: sums of a row as softmax; forward mean within (cols + 2) * eps * mean |x|, rstd
  and y within (cols + 8) * 4 * eps relative to their magnitudes (plus one ulp when stored in
  f16); backward dx as the numpy test bounds it, the partials within 8 eps;
- matmul: the dot tolerance (test_dot_loops.py) over the whole K, plus one ulp of a narrow
  output;
- attention: the probabilities pass through f16 before the second dot, so an ulp of f16
  (2^-11 relative) in p may move the output by 2^-10 * max |v|, plus one ulp of the f16
  output."""

import ml_dtypes
import numpy as np
import pytest

import nereid
from kernels import tutorials
from kernels.conformance import ulp

from kernels.conformance import Tolerance

F32_EPS = 2.0 ** -24


def strides(array: np.ndarray) -> list[int]:
    return [s // array.itemsize for s in array.strides]


@pytest.mark.parametrize("n", [1, 1000, 4099])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16", "int32"])
def test_vector_add(conform, rng, n, dtype):
    np_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)
    if dtype == "int32":
        x, y = (rng.integers(-2**31, 2**31, n, dtype=np.int32) for _ in range(2))
    else:
        x, y = (rng.standard_normal(n).astype(np_dtype) for _ in range(2))
    out = np.full_like(x, 7)
    conform(tutorials.add_kernel, (nereid.cdiv(n, 1024),), x, y, out, n, BLOCK_SIZE=1024)


@pytest.mark.parametrize("rows,cols", [(3, 5), (37, 200), (9, 1000)])
def test_softmax(conform, rng, rows, cols):
    # Contiguous rows: test_memory.py holds padded (non-contiguous) views to account.
    x = rng.standard_normal((rows, cols)).astype(np.float32) * 4
    out = np.full((rows, cols), np.nan, dtype=np.float32)
    conform(tutorials.softmax_kernel, (min(rows, 4),), out, x, cols, cols, rows,
            cols, BLOCK_SIZE=nereid.next_power_of_2(cols), num_stages=2,
            tolerances={0: Tolerance(rtol=(cols + 8) * 4 * F32_EPS)})


@pytest.mark.parametrize("rows,cols", [(1, 1), (9, 300), (3, 1000)])
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_layer_norm_forward(conform, rng, rows, cols, dtype):
    eps = 1e-5
    x = (rng.standard_normal((rows, cols)) * 2 + 0.5).astype(dtype)
    w = rng.standard_normal(cols).astype(dtype)
    b = rng.standard_normal(cols).astype(dtype)
    y = np.full_like(x, np.nan)
    mean = np.full(rows, np.nan, dtype=np.float32)
    rstd = np.full(rows, np.nan, dtype=np.float32)
    x64, w64, b64 = (v.astype(np.float64) for v in (x, w, b))
    rel = (cols + 8) * 4 * F32_EPS
    rstd_ref = 1 / np.sqrt(x64.var(axis=1) + eps)
    xhat = (x64 - x64.mean(axis=1, keepdims=True)) * rstd_ref[:, None]
    y_bound = rel * (np.abs(xhat * w64) + np.abs(b64) + np.abs(w64)) * 2
    if dtype == "float16":
        y_bound = y_bound + ulp(xhat * w64 + b64, np.float16)
    tolerances = {1: Tolerance(atol=y_bound),
                  4: Tolerance(atol=(cols + 2) * F32_EPS * np.abs(x64).mean(axis=1) * 2),
                  5: Tolerance(rtol=rel)}
    conform(tutorials.layer_norm_fwd, (rows,), x, y, w, b, mean, rstd, cols, cols, eps,
            BLOCK_SIZE=128, tolerances=tolerances)


@pytest.mark.parametrize("rows,cols", [(1, 8), (5, 100), (7, 1000)])
def test_layer_norm_backward(conform, rng, rows, cols):
    eps = 1e-5
    x = (rng.standard_normal((rows, cols)) * 2 - 0.3).astype(np.float32)
    w = rng.standard_normal(cols).astype(np.float32)
    dy = rng.standard_normal((rows, cols)).astype(np.float32)
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=1).astype(np.float32)
    rstd = (1 / np.sqrt(x64.var(axis=1) + eps)).astype(np.float32)
    dx, dw, db = (np.full_like(x, np.nan) for _ in range(3))
    xhat = (x64 - mean[:, None]) * rstd[:, None]
    wdy = w.astype(np.float64) * dy
    scale = np.abs(rstd[:, None]) * np.abs(wdy).max(axis=1, keepdims=True) * (1 + np.abs(xhat))
    tolerances = {0: Tolerance(atol=8 * F32_EPS * (cols + 8) * scale),
                  2: Tolerance(rtol=8 * F32_EPS, atol=1e-30)}
    conform(tutorials.layer_norm_bwd_dx, (rows,), dx, dy, dw, db, x, w, mean, rstd, cols, cols,
            BLOCK_SIZE_N=nereid.next_power_of_2(cols), tolerances=tolerances)


def matmul_problem(rng, M: int, N: int, K: int, dtype: str):
    """Random A (M x K) and B (K x N) of `dtype`, C full of NaN, and the bound on C's error
    against the exact product: K + 1 f32 epsilons of |A| @ |B|, plus an ulp of a f16 or bf16
    result."""
    np_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)
    a = rng.standard_normal((M, K)).astype(np_dtype)
    b = rng.standard_normal((K, N)).astype(np_dtype)
    c = np.full((M, N), np.nan, dtype=np_dtype)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    bound = (K + 1) * F32_EPS * (np.abs(a64) @ np.abs(b64))
    if dtype != "float32":
        bound = bound + ulp(a64 @ b64, np_dtype)
    return a, b, c, bound


@pytest.mark.parametrize("M,N,K", [(33, 17, 5), (70, 50, 90)])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_matmul(conform, rng, M, N, K, dtype):
    a, b, c, bound = matmul_problem(rng, M, N, K, dtype)
    block = 32
    grid = (nereid.cdiv(M, block) * nereid.cdiv(N, block),)
    conform(tutorials.matmul_kernel, grid, a, b, c, M, N, K, *strides(a), *strides(b),
            *strides(c), BLOCK_SIZE_M=block, BLOCK_SIZE_N=block, BLOCK_SIZE_K=block,
            GROUP_SIZE_M=2, tolerances={2: Tolerance(atol=bound)})


@pytest.mark.parametrize("block_n", [128, 256])
@pytest.mark.parametrize("dtype", ["float32", "bfloat16"])
def test_matmul_wide_blocks(conform, rng, block_n, dtype):
    """Blocks of B wider than a block of the CPU dot's micro-kernel (64 columns with AVX-512,
    16 with AVX2): B's buffer is laid out in panels of that width. N ragged (the last block's
    columns wrap around), K two blocks of 64 and a ragged third."""
    M, N, K = 40, 300, 150
    a, b, c, bound = matmul_problem(rng, M, N, K, dtype)
    grid = (nereid.cdiv(M, 32) * nereid.cdiv(N, block_n),)
    conform(tutorials.matmul_kernel, grid, a, b, c, M, N, K, *strides(a), *strides(b),
            *strides(c), BLOCK_SIZE_M=32, BLOCK_SIZE_N=block_n, BLOCK_SIZE_K=64,
            GROUP_SIZE_M=2, tolerances={2: Tolerance(atol=bound)})


@pytest.mark.parametrize("M,N,K", [(64, 40, 150)])
@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_matmul_column_major_b(conform, rng, M, N, K, dtype):
    """B held column-major (stride_bk = 1, stride_bn = K), as `a @ b.T` reads torch's linear
    weights: the CPU loads B's tiles by columns and transposes them, several K iterations
    long, with the last one ragged and the last block's columns wrapping around (`% N`)."""
    a, b, c, bound = matmul_problem(rng, M, N, K, dtype)
    b_columns = np.ascontiguousarray(b.T)  # b[k][n] = b_columns[n][k]
    block = 32
    grid = (nereid.cdiv(M, block) * nereid.cdiv(N, block),)
    conform(tutorials.matmul_kernel, grid, a, b_columns, c, M, N, K, *strides(a), 1, K,
            *strides(c), BLOCK_SIZE_M=block, BLOCK_SIZE_N=block, BLOCK_SIZE_K=block,
            GROUP_SIZE_M=2, tolerances={2: Tolerance(atol=bound)})


@pytest.mark.parametrize("M,N,K", [(50, 64, 70)])
def test_matmul_column_major_a(conform, rng, M, N, K):
    """A held column-major (stride_am = 1, stride_ak = M). AxisInfo cannot prove its columns
    contiguous (the tutorial's `offs_am % M`), so the CPU loads its rows, as gathers."""
    a, b, c, bound = matmul_problem(rng, M, N, K, "float32")
    a_columns = np.ascontiguousarray(a.T)  # a[m][k] = a_columns[k][m]
    block = 32
    grid = (nereid.cdiv(M, block) * nereid.cdiv(N, block),)
    conform(tutorials.matmul_kernel, grid, a_columns, b, c, M, N, K, 1, M, *strides(b),
            *strides(c), BLOCK_SIZE_M=block, BLOCK_SIZE_N=block, BLOCK_SIZE_K=block,
            GROUP_SIZE_M=2, tolerances={2: Tolerance(atol=bound)})


@pytest.mark.parametrize("n", [4099])
@pytest.mark.parametrize("p", [0.1, 0.7])
def test_dropout(conform, rng, n, p):
    x = rng.standard_normal(n).astype(np.float32) + 3
    out = np.full_like(x, np.nan)
    seed = int(rng.integers(0, 2**31))
    conform(tutorials.dropout_kernel, (nereid.cdiv(n, 1024),), x, out, n, p, seed,
            BLOCK_SIZE=1024)


@pytest.mark.parametrize("n_ctx,head_dim", [(1, 16), (100, 32), (200, 16)])
def test_attention_forward(conform, rng, n_ctx, head_dim):
    q, k, v = (rng.standard_normal((n_ctx, head_dim)).astype(np.float16) for _ in range(3))
    out = np.full_like(q, np.nan)
    block = 32
    vmax = float(np.abs(v.astype(np.float64)).max())
    # The output's f16 ulp, at the interpreter's value (bounded by vmax).
    bound = 2.0 ** -10 * vmax + ulp(np.full(q.shape, vmax), np.float16)
    conform(tutorials.attention_fwd_kernel, (nereid.cdiv(n_ctx, block),), q, k, v,
            head_dim ** -0.5, out, head_dim, head_dim, head_dim, head_dim, n_ctx,
            BLOCK_M=block, BLOCK_N=block, HEAD_DIM=head_dim, tolerances={4: Tolerance(atol=bound)})
