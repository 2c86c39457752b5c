"""Kernels that Nereid compiles for the GPU, run through @jit on torch CUDA tensors and compared
with torch on random data, the output poisoned first (skipped, with the backend's reason, where
no NVIDIA GPU runs): 1-D and 2-D masked accesses, broadcasts, layout conversions through shared
memory, bools stored as bytes."""

import pytest

import nereid
import nereid.language as tl


@nereid.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask)
             + tl.load(y_ptr + offsets, mask=mask), mask=mask)


@nereid.jit
def outer_add(x_ptr, y_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    x = tl.load(x_ptr + rm, mask=rm < M, other=0.0)
    y = tl.load(y_ptr + rn, mask=rn < N, other=0.0)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], x[:, None] * 2.0 + y[None, :], mask=mask)


@nereid.jit
def leaky(x_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + offsets, tl.where(x > 0, x, alpha * x), mask=mask)


@nereid.jit
def positive(x_ptr, flags_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(flags_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) > 0, mask=mask)


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("n", [1, 1000, 98432, 1 << 22])
def test_vector_add(cuda, n, warps):
    x, y = cuda.randn(n, device="cuda"), cuda.randn(n, device="cuda")
    out = cuda.full_like(x, float("nan"))
    add[((n + 1023) // 1024,)](x, y, out, n, BLOCK=1024, num_warps=warps)
    assert cuda.equal(out, x + y)


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(1, 1), (100, 37), (513, 1030)])
def test_outer_sum_through_a_layout_conversion(cuda, shape, warps):
    M, N = shape
    x, y = cuda.randn(M, device="cuda"), cuda.randn(N, device="cuda")
    out = cuda.full((M, N), float("nan"), device="cuda")
    outer_add[((M + 63) // 64, (N + 127) // 128)](x, y, out, M, N, BM=64, BN=128,
                                                   num_warps=warps)
    assert cuda.equal(out, x[:, None] * 2.0 + y[None, :])


def test_masked_where(cuda):
    x = cuda.randn(5000, device="cuda")
    out = cuda.full_like(x, float("nan"))
    leaky[(5,)](x, out, 0.1, 5000, BLOCK=1024)
    assert cuda.equal(out, cuda.where(x > 0, x, 0.1 * x))


def test_bools_are_stored_as_bytes(cuda):
    x = cuda.randn(3000, device="cuda")
    flags = cuda.zeros(3000, dtype=cuda.bool, device="cuda")
    positive[(3,)](x, flags, 3000, BLOCK=1024)
    assert cuda.equal(flags, x > 0)
