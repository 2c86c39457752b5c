"""tl.dot on NVIDIA tensor cores: f16, bf16 and fp8 operands, and f32 ones in tf32 (the NVIDIA
backend's default input precision), into an f32 accumulator, and int8 ones into int32. On sm_90,
where a warpgroup's 64 rows fill the result, nvidia-assign-mma-layouts makes them
`wgmma.mma_async` of operands in shared memory (m64nNk16, k32 for int8 and fp8, whose operands
are written K-major; f32 ones in tf32 stay on mma.sync); elsewhere it
gives them mma.sync's layouts and the lowering computes with `mma.sync.aligned.m16n8k16`
(m16n8k8 for tf32, m16n8k32 for int8, and for fp8 from sm_89, whose fp8 operands are f16
before; sm_80 and newer). int8 results are exact, checked against numpy in int64.

On a GPU (skipped, with the backend's reason, where none runs): kernels through @jit on torch
CUDA tensors, the outputs poisoned first, against torch.matmul of the same operands in float64
on the CPU: single blocks from 16 x 16 x 16 to 128 x 128 x 64, an accumulator carried over a
loop along K, and the tutorial's matmul with masks on every edge (ragged M, N and K), with 1, 4
and 8 warps. The operands are f16 or bf16 values, or f32 ones that the reference rounds to
tf32 as the backend does (to nearest, ties away from zero: docs/semantics.md), whose products
are exact in f32, so the only error is the f32 accumulation's: the dot tolerance of the
conformance suite (docs/semantics.md),
(K + 1) * 2^-24 * sum_k |a[i][k] b[k][j]| per element, plus (K + 1) * 2^-24 * |c| where an
accumulator is added.

Without a GPU: the same kernels compile for cuda:80 and cuda:90 to PTX with mma.sync or wgmma,
which ptxas assembles where the CUDA toolkit is installed."""

import functools
import re
import sys
from pathlib import Path

import numpy as np

import pytest

import nereid
import nereid.language as tl
from nereid.compiler.errors import CompilationError

# `kernels` lives in test/python, next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels.tutorials import attention_fwd_kernel  # noqa: E402

F32_EPS = 2.0 ** -24
# Per product, the error of an fp8 dot on the tensor cores of sm_90: each wgmma adds its 32
# products into an accumulator of about 13 mantissa bits, truncating (upstream leaves it so on
# sm_90, where max_num_imprecise_acc defaults to all of K): (K / 32) 2^-13 sum |a b| at most,
# doubled for the instruction's own sum, (K + 1) 2^-17 sum |a b|. On an H100 the worst error
# of test_dot_of_operands_in_either_order's fp8 cases was 61 (K + 1) 2^-24 sum |a b|.
FP8_ACCUMULATION_EPS = 2.0 ** -17


@nereid.jit
def dot_block(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    """out (M x N, f32) = a (M x K) @ b (K x N), one block."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


@nereid.jit
def dot_block_in_layouts(a_ptr, b_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                         K: tl.constexpr, A_ROW_MAJOR: tl.constexpr, B_ROW_MAJOR: tl.constexpr):
    """out (M x N, f32) = a (M x K) @ b (K x N), one block, each operand stored row-major or
    column-major (its transpose row-major)."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    if A_ROW_MAJOR:
        a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    else:
        a = tl.load(a_ptr + rm[:, None] + rk[None, :] * M)
    if B_ROW_MAJOR:
        b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    else:
        b = tl.load(b_ptr + rk[:, None] + rn[None, :] * K)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


@nereid.jit
def dot_loop(a_ptr, b_ptr, c_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
             BLOCK_K: tl.constexpr):
    """out = c + a @ b, with a (M x K) and b (K x N) taken BLOCK_K along K at a time into an
    accumulator that starts as c (f32)."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, BLOCK_K)
    acc = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc)


@nereid.jit
def matmul_masked(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr,
                  BLOCK_SIZE_K: tl.constexpr, GROUP_SIZE_M: tl.constexpr):
    """Triton's tutorial matmul (03), grouped program order, with the loads masked on every edge
    (rows past M, columns past N, the last partial step of K) instead of wrapping rows around,
    and the f32 result stored as it is."""
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_am = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_bn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_SIZE_K)):
        k_left = K - k * BLOCK_SIZE_K
        a = tl.load(a_ptrs, mask=(offs_am[:, None] < M) & (offs_k[None, :] < k_left), other=0.0)
        b = tl.load(b_ptrs, mask=(offs_k[:, None] < k_left) & (offs_bn[None, :] < N), other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, accumulator, mask=c_mask)


DTYPES = ["float16", "bfloat16", "float32"]
FP8 = ["float8_e4m3fn", "float8_e5m2"]


def _operand(torch, rng, shape, dtype):
    """Random normal values rounded to `dtype`, on the GPU."""
    values = torch.from_numpy(rng.standard_normal(shape).astype(np.float32))
    return values.to(getattr(torch, dtype)).cuda()


def _poisoned(torch, shape):
    return torch.full(shape, float("nan"), dtype=torch.float32, device="cuda")


def _tf32(torch, x):
    """f32 values of `x` (a CPU tensor) rounded to tf32, to nearest with ties away from zero
    (cvt.rna.tf32.f32), as float64; other types as they are."""
    if x.dtype != torch.float32:
        return x.double()
    bits = x.numpy().view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x1000) & 0xFFFFE000).astype(np.uint32).view(np.float32)
    return torch.from_numpy(rounded.astype(np.float64))


def _check_dot(torch, out, a, b, c=None):
    """`out` against torch.matmul of the operands (f32 ones rounded to tf32) in float64 (exact
    products, the sum rounded once), within the dot tolerance of an f32 accumulator over K (of
    the tensor cores' fp8 accumulation for fp8 operands)."""
    a64, b64 = _tf32(torch, a.cpu()), _tf32(torch, b.cpu())
    want = torch.matmul(a64, b64)
    K = a.shape[1]
    eps = FP8_ACCUMULATION_EPS if a.dtype in (torch.float8_e4m3fn, torch.float8_e5m2) else F32_EPS
    bound = (K + 1) * eps * torch.matmul(a64.abs(), b64.abs())
    if c is not None:
        c64 = c.cpu().double()
        want = want + c64
        bound = bound + (K + 1) * F32_EPS * c64.abs()
    got = out.cpu().double()
    assert not torch.isnan(got).any(), "elements were not written"
    error = (got - want).abs()
    worst = int(torch.argmax(error - bound))
    assert bool((error <= bound).all()), (
        f"element {np.unravel_index(worst, tuple(got.shape))}: got {got.flatten()[worst]}, "
        f"want {want.flatten()[worst]} within {bound.flatten()[worst]}")


def _assert_fp8_dot_refused(launch):
    """An fp8 dot of K below 32, which neither wgmma nor mma.sync takes (their fp8 instructions
    read 32 elements of K) and multiply-adds do not either: refused, naming the op."""
    with pytest.raises(CompilationError, match="cannot lower 'tt.dot' yet: a dot of f8E"):
        launch()


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(16, 16, 16), (32, 32, 32), (64, 32, 16), (16, 128, 32),
                                   (128, 16, 64), (64, 64, 64), (128, 128, 64)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_dot_block(cuda, dtype, shape, warps):
    M, N, K = shape
    rng = np.random.default_rng([M, N, K, warps, DTYPES.index(dtype)])
    a, b = _operand(cuda, rng, (M, K), dtype), _operand(cuda, rng, (K, N), dtype)
    out = _poisoned(cuda, (M, N))
    dot_block[(1,)](a, b, out, M=M, N=N, K=K, num_warps=warps)
    _check_dot(cuda, out, a, b)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(32, 32, 256, 32), (64, 128, 512, 64), (128, 64, 128, 16)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_dot_accumulates_over_a_loop(cuda, dtype, shape, warps):
    M, N, K, block_k = shape
    rng = np.random.default_rng([M, N, K, block_k, warps, DTYPES.index(dtype)])
    a, b = _operand(cuda, rng, (M, K), dtype), _operand(cuda, rng, (K, N), dtype)
    c = cuda.from_numpy(rng.standard_normal((M, N)).astype(np.float32)).cuda()
    out = _poisoned(cuda, (M, N))
    dot_loop[(1,)](a, b, c, out, M=M, N=N, K=K, BLOCK_K=block_k, num_warps=warps)
    _check_dot(cuda, out, a, b, c)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [4, 8])
@pytest.mark.parametrize("shape", [(64, 64, 64), (128, 128, 64), (64, 256, 32), (256, 64, 16)])
@pytest.mark.parametrize("a_row_major,b_row_major",
                         [(True, True), (False, True), (True, False), (False, False)])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float8_e4m3fn",
                                   "float8_e5m2"])
def test_dot_of_operands_in_either_order(cuda, dtype, a_row_major, b_row_major, shape, warps):
    # On sm_90, wgmma: a 16-bit operand whose contiguous dimension is K is read K-major, one
    # whose contiguous dimension is M or N transposed by the instruction; fp8 ones are written
    # K-major into shared memory whatever their order (the instruction transposes only 16-bit
    # operands); elsewhere, and for f32 in tf32, mma.sync.
    M, N, K = shape
    rng = np.random.default_rng([M, N, K, warps, a_row_major, b_row_major, len(dtype)])
    a, b = _operand(cuda, rng, (M, K), dtype), _operand(cuda, rng, (K, N), dtype)
    a_stored = a if a_row_major else a.t().contiguous()
    b_stored = b if b_row_major else b.t().contiguous()
    out = _poisoned(cuda, (M, N))
    launch = functools.partial(dot_block_in_layouts[(1,)], a_stored, b_stored, out, M=M, N=N, K=K,
                               A_ROW_MAJOR=a_row_major, B_ROW_MAJOR=b_row_major,
                               num_warps=warps)
    if dtype in FP8 and K < 32:
        _assert_fp8_dot_refused(launch)
        return
    launch()
    _check_dot(cuda, out, a, b)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [4, 8])
@pytest.mark.parametrize("a_row_major,b_row_major",
                         [(True, True), (False, True), (True, False), (False, False)])
def test_int8_dot_of_operands_in_either_order_is_exact(cuda, a_row_major, b_row_major, warps):
    # wgmma of s8 on sm_90, its operands written K-major into shared memory.
    M, N, K = 128, 128, 64
    rng = np.random.default_rng()
    a = rng.integers(-128, 128, (M, K), dtype=np.int8)
    b = rng.integers(-128, 128, (K, N), dtype=np.int8)
    a_stored = a if a_row_major else np.ascontiguousarray(a.T)
    b_stored = b if b_row_major else np.ascontiguousarray(b.T)
    out = cuda.full((M, N), -7, dtype=cuda.int32, device="cuda")
    dot_block_in_layouts[(1,)](cuda.from_numpy(a_stored).cuda(), cuda.from_numpy(b_stored).cuda(),
                               out, M=M, N=N, K=K, A_ROW_MAJOR=a_row_major,
                               B_ROW_MAJOR=b_row_major, num_warps=warps)
    want = a.astype(np.int64) @ b.astype(np.int64)
    np.testing.assert_array_equal(out.cpu().numpy(), want.astype(np.int32))


# (M, N, K, BLOCK_M, BLOCK_N, BLOCK_K, GROUP_M): ragged sizes, so that the last block of each
# dimension is partial and the masks cut it.
MATMULS = [(100, 70, 50, 32, 32, 32, 2), (257, 129, 95, 64, 64, 32, 4),
           (512, 512, 512, 128, 128, 64, 8), (33, 200, 300, 16, 64, 64, 1),
           (1000, 24, 40, 128, 16, 16, 8)]


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("sizes", MATMULS)
@pytest.mark.parametrize("dtype", DTYPES + FP8)
def test_tutorial_matmul_with_masks(cuda, dtype, sizes, warps):
    M, N, K, block_m, block_n, block_k, group_m = sizes
    rng = np.random.default_rng([M, N, K, block_m, warps, len(dtype)])
    a, b = _operand(cuda, rng, (M, K), dtype), _operand(cuda, rng, (K, N), dtype)
    c = _poisoned(cuda, (M, N))
    grid = (-(-M // block_m) * -(-N // block_n),)
    launch = functools.partial(
        matmul_masked[grid], a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
        c.stride(0), c.stride(1), BLOCK_SIZE_M=block_m, BLOCK_SIZE_N=block_n,
        BLOCK_SIZE_K=block_k, GROUP_SIZE_M=group_m, num_warps=warps)
    if dtype in FP8 and block_k < 32:
        _assert_fp8_dot_refused(launch)
        return
    launch()
    _check_dot(cuda, c, a, b)


# (M, N, K, BLOCK_M, BLOCK_N, BLOCK_K): loops of many iterations (K ragged, so that the masks
# along K cannot be proven constant over a vector and the copies of A go element by element),
# of fewer iterations than the pipeline has stages, and of K divisible by 16 (cp.async of 16
# bytes, masked off past the end along M and N).
PIPELINED = [(300, 200, 1000, 128, 128, 64), (70, 90, 40, 64, 64, 32),
             (257, 129, 512, 128, 64, 64)]


@pytest.mark.nvidia
@pytest.mark.parametrize("num_stages", [2, 3, 4])
@pytest.mark.parametrize("sizes", PIPELINED)
@pytest.mark.parametrize("dtype", ["float16", "float32"])
def test_matmul_pipelined_through_shared_memory(cuda, dtype, sizes, num_stages):
    # The tiles of every iteration but the first num_stages - 1 are copied while earlier ones
    # are computed on (ttg-pipeline-async-copies); on sm_90 fp16's wgmma runs on into the next
    # iteration (nvidia-pipeline-warpgroup-dots). f32's 128 x 128 x 64 blocks at num_stages 4
    # would need 256 KiB of buffers: they get the 3 stages that fit. (sm_80's code, which does
    # not run on newer GPUs, is compiled without one: test_tutorial_matmul_copies_tiles_ahead.)
    M, N, K, block_m, block_n, block_k = sizes
    rng = np.random.default_rng([M, N, K, num_stages, DTYPES.index(dtype)])
    a, b = _operand(cuda, rng, (M, K), dtype), _operand(cuda, rng, (K, N), dtype)
    c = _poisoned(cuda, (M, N))
    grid = (-(-M // block_m) * -(-N // block_n),)
    matmul_masked[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1), BLOCK_SIZE_M=block_m, BLOCK_SIZE_N=block_n,
                        BLOCK_SIZE_K=block_k, GROUP_SIZE_M=4, num_warps=8,
                        num_stages=num_stages)
    _check_dot(cuda, c, a, b)



@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(32, 32, 32), (64, 64, 64), (128, 128, 64)])
@pytest.mark.parametrize("dtype", FP8)
def test_fp8_dot_block(cuda, dtype, shape, warps):
    # fp8 into f32: mma.sync m16n8k32 of e4m3 or e5m2 from sm_89, f16's after an exact
    # conversion before. fp8 products are exact in f32, so the tolerance is the accumulation's.
    M, N, K = shape
    rng = np.random.default_rng([M, N, K, warps, FP8.index(dtype)])
    a, b = _operand(cuda, rng, (M, K), dtype), _operand(cuda, rng, (K, N), dtype)
    out = _poisoned(cuda, (M, N))
    dot_block[(1,)](a, b, out, M=M, N=N, K=K, num_warps=warps)
    _check_dot(cuda, out, a, b)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(32, 32, 64, 32), (64, 128, 512, 64)])
def test_int8_dot_is_exact(cuda, shape, warps):
    # int8 into int32 on mma.sync m16n8k32: exact products and sums, as numpy's in int64 (the
    # sums here stay within int32).
    M, N, K, BLOCK_K = shape
    rng = np.random.default_rng()
    a = rng.integers(-128, 128, (M, K), dtype=np.int8)
    b = rng.integers(-128, 128, (K, N), dtype=np.int8)
    c = rng.integers(-2**20, 2**20, (M, N), dtype=np.int32)
    out = cuda.full((M, N), -7, dtype=cuda.int32, device="cuda")
    dot_loop[(1,)](*(cuda.from_numpy(x).cuda() for x in (a, b, c)), out, M=M, N=N, K=K,
                   BLOCK_K=BLOCK_K, num_warps=warps)
    want = c.astype(np.int64) + a.astype(np.int64) @ b.astype(np.int64)
    np.testing.assert_array_equal(out.cpu().numpy(), want.astype(np.int32))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [4, 8])
@pytest.mark.parametrize("n_ctx, head_dim", [(256, 64), (1000, 128), (130, 128)])
def test_fused_attention(cuda, n_ctx, head_dim, warps):
    # The flash-attention forward of one head (test/python/kernels/tutorials.py), whose softmax
    # runs in the first dot's accumulator layout and whose accumulator is carried in the
    # second's (test/Nvidia/attention-layouts.mlir), masked where n_ctx is ragged, against the
    # softmax of the scaled scores times v in float64. The probabilities are rounded to f16
    # before the second dot and the result to f16: within 1e-2 of the reference, whose values
    # lie within [-4, 4].
    rng = np.random.default_rng([n_ctx, head_dim, warps])
    q, k, v = (_operand(cuda, rng, (n_ctx, head_dim), "float16") for _ in range(3))
    out = cuda.full((n_ctx, head_dim), float("nan"), dtype=cuda.float16, device="cuda")
    scale = head_dim ** -0.5
    attention_fwd_kernel[(-(-n_ctx // 128),)](q, k, v, scale, out, head_dim, head_dim, head_dim,
                                              head_dim, n_ctx, BLOCK_M=128, BLOCK_N=64,
                                              HEAD_DIM=head_dim, num_warps=warps)
    q64, k64, v64 = (x.double().cpu() for x in (q, k, v))
    want = cuda.softmax(q64 @ k64.T * scale, dim=1) @ v64
    got = out.double().cpu()
    assert not cuda.isnan(got).any(), "elements were not written"
    assert float((got - want).abs().max()) <= 1e-2


# Ahead of time, without a GPU ------------------------------------------------------------------

def _np(dtype, n=4):
    import ml_dtypes
    return np.zeros(n, ml_dtypes.bfloat16 if dtype == "bfloat16" else dtype)


# The instruction that each operand type's dots become.
MMA = {"float16": "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
       "bfloat16": "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
       "float32": "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"}

COMPILED = {
    "block-16x16x16": lambda dtype, target, warps: dot_block.warmup(
        _np(dtype), _np(dtype), _np("float32"), M=16, N=16, K=16, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
    "block-128x128x64": lambda dtype, target, warps: dot_block.warmup(
        _np(dtype), _np(dtype), _np("float32"), M=128, N=128, K=64, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    "loop": lambda dtype, target, warps: dot_loop.warmup(
        _np(dtype), _np(dtype), _np("float32"), _np("float32"), M=64, N=128, K=512,
        BLOCK_K=64, grid=(1,), backend="nvidia", target=target, num_warps=warps),
    "matmul": lambda dtype, target, warps: matmul_masked.warmup(
        _np(dtype), _np(dtype), _np("float32"), 257, 129, 95, 95, 1, 129, 1, 129, 1,
        BLOCK_SIZE_M=64, BLOCK_SIZE_N=64, BLOCK_SIZE_K=32, GROUP_SIZE_M=4, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
}


# The N of the wgmma that each kernel of COMPILED becomes on sm_90 with 4 and 8 warps: the
# largest power of two up to 256 that divides a warpgroup's columns (the warpgroups stack along
# M while it has 64 rows for each); None where M has fewer than 64 rows (mma.sync).
WGMMA_N = {"block-16x16x16": {4: None, 8: None}, "block-128x128x64": {4: 128, 8: 128},
           "loop": {4: 128, 8: 64}, "matmul": {4: 64, 8: 32}}

# Each operand type's wgmma: its PTX type and the K of one instruction (32 bytes).
WGMMA_TYPES = {"float16": ("f16", 16), "bfloat16": ("bf16", 16), "float8_e4m3fn": ("e4m3", 32),
               "float8_e5m2": ("e5m2", 32), "int8": ("s8", 32)}


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(COMPILED))
def test_compiles_to_tensor_core_instructions(name, dtype, target, chip, warps, compile_ptx):
    ptx = compile_ptx(COMPILED[name](dtype, target, warps))
    assert f".target {chip}" in ptx
    # f32 operands in tf32 stay on mma.sync (getWgmmaTypes).
    n = WGMMA_N[name].get(warps) if target == "cuda:90" and dtype != "float32" else None
    if n is None:
        assert MMA[dtype] in ptx and "wgmma" not in ptx
    else:
        ptx_type, k = WGMMA_TYPES[dtype]
        assert f"wgmma.mma_async.sync.aligned.m64n{n}k{k}.f32.{ptx_type}.{ptx_type}" in ptx
        assert "mma.sync" not in ptx
        # The operands written to shared memory by the threads are made visible to wgmma,
        # and its results are waited for.
        assert "fence.proxy.async.shared::cta" in ptx
        assert "wgmma.wait_group.sync.aligned 0" in ptx


@pytest.mark.parametrize("warps", [4, 8])
@pytest.mark.parametrize("a_row_major,b_row_major",
                         [(True, True), (False, True), (True, False), (False, False)])
@pytest.mark.parametrize("dtype", sorted(WGMMA_TYPES))
def test_compiles_operands_in_either_order_to_wgmma(dtype, a_row_major, b_row_major, warps,
                                                   compile_ptx):
    # 4 warps: one warpgroup, two 64-row blocks of 128 columns; 8: a warpgroup for each
    # 64-row block of 256 columns (128 accumulator registers per thread either way).
    import ml_dtypes

    n = 128 * warps // 4
    operand = np.zeros(4, getattr(ml_dtypes, dtype, dtype))
    out = _np("int32" if dtype == "int8" else "float32")
    kernel = dot_block_in_layouts.warmup(
        operand, operand, out, M=128, N=n, K=64, A_ROW_MAJOR=a_row_major,
        B_ROW_MAJOR=b_row_major, grid=(1,), backend="nvidia", target="cuda:90", num_warps=warps)
    ptx = compile_ptx(kernel)
    ptx_type, k = WGMMA_TYPES[dtype]
    accumulator = "s32" if dtype == "int8" else "f32"
    assert f"wgmma.mma_async.sync.aligned.m64n{n}k{k}.{accumulator}.{ptx_type}.{ptx_type}" in ptx
    if k == 16:
        # The transposes (imm-trans-a, imm-trans-b) are the last two immediates.
        assert f"1, 1, {int(not a_row_major)}, {int(b_row_major)};" in ptx
    else:
        # The others are K-major in shared memory, and take no transposes; integers take no
        # operand scales either.
        assert (", d;" if dtype == "int8" else ", d, 1, 1;") in ptx


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
def test_int8_compiles_to_tensor_cores(target, chip, warps, compile_ptx):
    # mma.sync; on sm_90, wgmma where a warpgroup has 64 rows (4 and 8 warps here).
    kernel = dot_loop.warmup(_np("int8"), _np("int8"), _np("int32"), _np("int32"), M=64, N=128,
                             K=512, BLOCK_K=64, grid=(1,), backend="nvidia", target=target,
                             num_warps=warps)
    ptx = compile_ptx(kernel)
    assert f".target {chip}" in ptx
    if target == "cuda:90" and warps > 1:
        assert "wgmma.mma_async.sync.aligned.m64n" in ptx and ".s32.s8.s8" in ptx
    else:
        assert "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32" in ptx


@pytest.mark.parametrize("target,instruction", [
    ("cuda:80", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"),
    ("cuda:89", "mma.sync.aligned.m16n8k32.row.col.f32.{0}.{0}.f32"),
    ("cuda:90", "wgmma.mma_async.sync.aligned.m64n64k32.f32.{0}.{0}")])
@pytest.mark.parametrize("dtype,ptx_type", [("float8_e4m3fn", "e4m3"), ("float8_e5m2", "e5m2")])
def test_fp8_compiles_to_tensor_cores(dtype, ptx_type, target, instruction, compile_ptx):
    import ml_dtypes

    operand = np.zeros(64 * 64, getattr(ml_dtypes, dtype))
    kernel = dot_block.warmup(operand, operand, _np("float32", 64 * 64), M=64, N=64, K=64,
                              grid=(1,), backend="nvidia", target=target, num_warps=4)
    assert instruction.format(ptx_type) in compile_ptx(kernel)


@pytest.mark.parametrize("warps", [4, 8])
def test_fused_attention_compiles_to_wgmma_in_accumulator_layouts(warps, compile_ptx, tmp_path):
    # Its loop converts nothing through shared memory: the softmax and the accumulator stay in
    # the dots' layouts, and the probabilities are the second dot's A in registers. Both
    # operands that the loop loads (k by cp.async, v by the tensor copies of implicit TMA) are
    # copied two iterations ahead.
    kernel = attention_fwd_kernel.warmup(
        _np("float16"), _np("float16"), _np("float16"), 0.125, _np("float16"), 128, 128, 128,
        128, 4096, BLOCK_M=128, BLOCK_N=64, HEAD_DIM=128, grid=(1,), backend="nvidia",
        target="cuda:90", num_warps=warps, num_stages=3)
    ptx = compile_ptx(kernel)
    assert "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16" in ptx
    second = re.findall(r"wgmma\.mma_async\.sync\.aligned\.m64n128k16\.f32\.f16\.f16 "
                        r"\{[^}]*\}, (\S+)", ptx)
    assert second and all(a.startswith("{%r") for a in second), "A of the second dot from registers"
    ttg = (tmp_path / "dump" / "attention_fwd_kernel.ttg").read_text()
    loop = ttg[ttg.index("scf.for"):ttg.index("scf.yield")]
    # The rows' scale between the dots' slices, and the probabilities into the operand layout,
    # which moves nothing between registers.
    assert loop.count("ttg.convert_layout") == 2
    assert loop.count("-> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0") == 1
    assert loop.count("ttg.local_alloc") == 0
    assert "nvidia.init_barrier" not in loop and loop.count("nvidia.tma_load") == 1
    assert loop.count("ttg.async_copy_global_to_local") == 1


@pytest.mark.parametrize("target", ["cuda:80", "cuda:89", "cuda:90"])
@pytest.mark.parametrize("dtype", FP8)
def test_masked_fp8_matmul_compiles(dtype, target, compile_ptx):
    # The loads' zero `other` is a constant tensor of fp8, which LLVM holds as integers of its
    # bits (its lowering failed before: llvm.insertvalue of an fp8 value).
    import ml_dtypes

    operand = np.zeros(64, getattr(ml_dtypes, dtype))
    kernel = matmul_masked.warmup(
        operand, operand, _np("float32"), 257, 129, 95, 95, 1, 129, 1, 129, 1,
        BLOCK_SIZE_M=64, BLOCK_SIZE_N=64, BLOCK_SIZE_K=32, GROUP_SIZE_M=4, grid=(1,),
        backend="nvidia", target=target, num_warps=4)
    ptx = compile_ptx(kernel)
    assert ("wgmma.mma_async" in ptx) == (target == "cuda:90")


@pytest.mark.parametrize("target", ["cuda:80", "cuda:90"])
@pytest.mark.parametrize("num_stages", [1, 2, 3, 4])
def test_tutorial_matmul_copies_tiles_ahead(num_stages, target, compile_ptx, monkeypatch):
    # From num_stages 2 on: num_stages - 1 groups of copies before the loop, a wait in it for
    # all but num_stages - 2 of them; on sm_90, the wgmma of each iteration waited for in the
    # next one, and ptxas serializes none (compile_ptx fails on its advisories). On sm_90 the
    # tiles are tensor copies unless implicit TMA is off (test_nvidia_tensor_maps.py): off.
    monkeypatch.setenv("NEREID_IMPLICIT_TMA", "0")
    kernel = matmul_masked.warmup(
        _np("float16"), _np("float16"), _np("float32"), 8192, 8192, 8192, 8192, 1, 8192, 1,
        8192, 1, BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=64, GROUP_SIZE_M=8,
        grid=(1,), backend="nvidia", target=target, num_warps=8, num_stages=num_stages)
    ptx = compile_ptx(kernel)
    if num_stages == 1:
        assert "cp.async" not in ptx and "wgmma.wait_group.sync.aligned 1" not in ptx
        return
    before, loop = ptx.split(f"cp.async.wait_group \t{num_stages - 2};", 1)
    assert before.count("cp.async.commit_group") == num_stages - 1
    assert "cp.async.cg.shared.global" in loop
    assert ("wgmma.wait_group.sync.aligned 1" in loop) == (target == "cuda:90")
