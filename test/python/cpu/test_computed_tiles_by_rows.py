"""Large 2-D tiles of transcendental functions, and dot operands computed from buffers, on the
CPU: computed a row at a time into buffers (cpu-compute-costly-tiles-by-rows, and
cpu-load-dot-operands-by-rows for a computed operand), not one unrolled copy of the function
per register chunk. Flash attention's forward loop with 128 x 64 blocks (upstream tutorial 06's
shape) had 2,080 exponentials' worth of unrolled code; the results are checked against numpy
in float64 on random inputs, and the unrolled code is counted in the vector IR."""

import sys
from pathlib import Path

import numpy as np
import pytest

import nereid
import nereid.language as tl

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from triton_kernels import attention_fwd_kernel  # noqa: E402


@nereid.jit
def softmax_dot_kernel(s_ptr, v_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                       D: tl.constexpr):
    """out = exp(s - max(s)) / sum(...) @ v: the exponentials are a 2-D tile that a
    reduction and, rounded to f16, a dot read."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rd = tl.arange(0, D)
    s = tl.load(s_ptr + rm[:, None] * N + rn[None, :])
    p = tl.exp(s - tl.max(s, 1)[:, None])
    v = tl.load(v_ptr + rn[:, None] * D + rd[None, :])
    out = tl.dot(p.to(tl.float16), v) / tl.sum(p, 1)[:, None]
    tl.store(out_ptr + rm[:, None] * D + rd[None, :], out)


def _attention_reference(q, k, v):
    scores = q.astype(np.float64) @ k.astype(np.float64).T * q.shape[1] ** -0.5
    p = np.exp(scores - scores.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True) @ v.astype(np.float64)


@pytest.mark.parametrize("block_m, block_n", [(128, 64), (64, 128), (64, 64)])
def test_attention_blocks(block_m, block_n, tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path))
    n, d = 256, 64
    rng = np.random.default_rng(block_m + block_n)
    q, k, v = (rng.standard_normal((n, d)).astype(np.float16) for _ in range(3))
    out = np.full((n, d), np.nan, np.float16)
    attention_fwd_kernel[(n // block_m, 1)](q, k, v, out, d ** -0.5, n, BLOCK_M=block_m,
                                           BLOCK_N=block_n, HEAD_DIM=d)
    # The probabilities and the output are rounded to f16 (2^-11 each, relative).
    np.testing.assert_allclose(out, _attention_reference(q, k, v), rtol=0,
                               atol=2.0 ** -9 * np.abs(v.astype(np.float64)).max())
    vector = (tmp_path / "attention_fwd_kernel.vector").read_text()
    if block_m * block_n > 64 * 64:
        # The exponentials of the scores' blocks in loops over their rows: a few register
        # chunks of code each, where the unrolled block took one per chunk (1,024 on AVX2).
        assert vector.count("math.exp2") < 200, vector.count("math.exp2")


def test_softmax_into_a_dot():
    m, n, d = 128, 128, 32
    rng = np.random.default_rng(7)
    s = rng.standard_normal((m, n)).astype(np.float32) * 4
    v = rng.standard_normal((n, d)).astype(np.float16)
    out = np.full((m, d), np.nan, np.float32)
    softmax_dot_kernel[(1,)](s, v, out, M=m, N=n, D=d)
    p = np.exp(s.astype(np.float64) - s.max(axis=1, keepdims=True))
    expected = p.astype(np.float16).astype(np.float64) @ v.astype(np.float64) / p.sum(
        axis=1, keepdims=True)
    np.testing.assert_allclose(out, expected, rtol=2.0 ** -10, atol=1e-5)
