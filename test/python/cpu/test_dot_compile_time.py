"""Dots that no loop carries, of large tiles, on the CPU: the accumulator goes into a buffer
(cpu-accumulate-dots-in-memory) that a store reads by rows, instead of a result built in
registers and stored chunk by chunk in one basic block, which took 2.7 s to compile at
128 x 128 and 21 s at 256 x 256. Results against numpy on random inputs, and the compile time
of a 512 x 512 dot against a bound that the unrolled store missed by far."""

import time

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
               K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    d = tl.dot(a, b, c, input_precision="ieee")
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], d * 2)


@nereid.jit
def timed_dot_kernel(a_ptr, b_ptr, out_ptr, N: tl.constexpr):
    """dot_kernel's twin, so that its compilation is not cached by the tests above."""
    r = tl.arange(0, N)
    a = tl.load(a_ptr + r[:, None] * N + r[None, :])
    b = tl.load(b_ptr + r[:, None] * N + r[None, :])
    tl.store(out_ptr + r[:, None] * N + r[None, :], tl.dot(a, b, input_precision="ieee"))


@pytest.mark.parametrize("m, n, k", [(128, 128, 32), (64, 256, 16), (256, 128, 64),
                                     (32, 32, 32)])
def test_dots_of_large_tiles(m, n, k):
    rng = np.random.default_rng(m + n + k)
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = rng.standard_normal((m, n)).astype(np.float32)
    out = np.zeros((m, n), np.float32)
    dot_kernel[(1,)](a, b, c, out, M=m, N=n, K=k)
    expected = (a.astype(np.float64) @ b + c) * 2
    np.testing.assert_allclose(out, expected, rtol=1e-5, atol=1e-4)


def test_large_dot_compiles_quickly():
    n = 512
    rng = np.random.default_rng(2)
    a = rng.standard_normal((n, n)).astype(np.float32)
    b = rng.standard_normal((n, n)).astype(np.float32)
    out = np.zeros((n, n), np.float32)
    start = time.perf_counter()
    timed_dot_kernel[(1,)](a, b, out, N=n)
    elapsed = time.perf_counter() - start
    np.testing.assert_allclose(out, a.astype(np.float64) @ b, rtol=1e-4, atol=1e-3)
    # Stored from registers, 256 x 256 took 21 s and 512 x 512 more than 60 s; now about 1 s.
    assert elapsed < 30, f"a 512 x 512 dot compiled in {elapsed:.1f} s"
