"""Tiles that a loop accumulates and reduces after it (cpu-reduce-loop-accumulators): the
pattern of the layer-norm tutorial's backward kernel `_layer_norm_bwd_dwdb`, whose two
accumulators once failed to compile on the CPU ("operand #4 does not dominate this use").
Results against numpy on random inputs."""

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def column_sums_kernel(a_ptr, b_ptr, a_out, b_out, M, N, BLOCK_M: tl.constexpr,
                       BLOCK_N: tl.constexpr):
    columns = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    a = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    b = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for start in range(0, M, BLOCK_M):
        rows = start + tl.arange(0, BLOCK_M)
        mask = (rows[:, None] < M) & (columns[None, :] < N)
        offsets = rows[:, None] * N + columns[None, :]
        a += tl.load(a_ptr + offsets, mask=mask, other=0.0)
        b += tl.load(b_ptr + offsets, mask=mask, other=0.0)
    tl.store(a_out + columns, tl.sum(a, axis=0), mask=columns < N)
    tl.store(b_out + columns, tl.sum(b, axis=0), mask=columns < N)


@pytest.mark.parametrize("m, n", [(100, 300), (256, 128), (7, 1000)])
def test_two_accumulators_summed_after_the_loop(m, n):
    rng = np.random.default_rng(m + n)
    a = rng.standard_normal((m, n)).astype(np.float32)
    b = rng.standard_normal((m, n)).astype(np.float32)
    a_sums = np.zeros(n, np.float32)
    b_sums = np.zeros(n, np.float32)
    column_sums_kernel[(nereid.cdiv(n, 128),)](a, b, a_sums, b_sums, m, n, BLOCK_M=32,
                                               BLOCK_N=128)
    np.testing.assert_allclose(a_sums, a.astype(np.float64).sum(axis=0), rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(b_sums, b.astype(np.float64).sum(axis=0), rtol=1e-5, atol=1e-4)
