"""tl.dot on NVIDIA GPUs where the tensor cores do not take it (yet): f32 operands in ieee
precision, f64, int8 into int32 with K = 16, and batched (3-D) dots of f16 operands and of f32
ones in ieee and tf32 precision. nvidia-assign-mma-layouts leaves them in blocked layouts, and
the lowering computes each result element with multiply-adds in order of k, in the
accumulator's type (lib/Conversion/TritonGPUToLLVM/DotOpToFMA.cpp), which is how the
interpreter defines a dot (docs/semantics.md, "tt.dot"): the results are bit-equal to the
interpreter's.

On a GPU (skipped, with the backend's reason, where none runs): kernels through @jit on torch
CUDA tensors, the outputs poisoned first, against the interpreter on the same random operands,
with 1, 4 and 8 warps. Without a GPU: the same kernels compile for cuda:80 and cuda:90 to PTX
with fused multiply-adds (multiplies and adds for int8) and no mma.sync, which ptxas assembles
where the CUDA toolkit is installed."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def dot_block(a_ptr, b_ptr, c_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
              PRECISION: tl.constexpr):
    """out (M x N) = c + a (M x K) @ b (K x N), one block, in `PRECISION`."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rm[:, None] * N + rn[None, :],
             tl.dot(a, b, c, input_precision=PRECISION))


@nereid.jit
def dot_batched(a_ptr, b_ptr, out_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
                K: tl.constexpr, PRECISION: tl.constexpr):
    """out (B x M x N, f32) = a (B x M x K) @ b (B x K x N), each batch on its own."""
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rb * M * K + rm[None, :, None] * K + rk[None, None, :])
    b = tl.load(b_ptr + rb * K * N + rk[None, :, None] * N + rn[None, None, :])
    tl.store(out_ptr + rb * M * N + rm[None, :, None] * N + rn[None, None, :],
             tl.dot(a, b, input_precision=PRECISION))


# (operand dtype, accumulator dtype, input precision, M, N, K): what the tensor cores do not
# take by type (f32 in ieee precision, and in tf32x3, which the backend computes as ieee; f64)
# or by shape (int8 with K below mma.sync's 32).
BLOCKS = [
    ("float32", "float32", "ieee", 32, 32, 32),
    ("float32", "float32", "ieee", 64, 16, 64),
    ("float32", "float32", "tf32x3", 16, 16, 16),
    ("float64", "float64", "ieee", 32, 16, 16),
    ("int8", "int32", "ieee", 32, 32, 16),
]


def _random(rng, shape, dtype):
    """Random operands of `dtype`: integers over int8's range, floats from a normal
    distribution, rounded to the dtype."""
    if dtype == "int8":
        return rng.integers(-128, 128, shape, dtype=np.int8)
    if dtype == "int32":
        return rng.integers(-2**20, 2**20, shape, dtype=np.int32)
    numpy_dtype = ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)
    return rng.standard_normal(shape).astype(numpy_dtype)


def _on_gpu(torch, array):
    if array.dtype == ml_dtypes.bfloat16:
        return torch.from_numpy(array.view(np.uint16)).cuda().view(torch.bfloat16)
    return torch.from_numpy(array).cuda()


def _poisoned(torch, shape, dtype):
    out = torch.empty(shape, dtype=getattr(torch, dtype), device="cuda")
    return out.fill_(-7 if dtype.startswith("int") else float("nan"))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("operand,accumulator,precision,M,N,K", BLOCKS)
def test_dot_block_equals_the_interpreter(cuda, operand, accumulator, precision, M, N, K,
                                          warps):
    rng = np.random.default_rng()
    a, b = _random(rng, (M, K), operand), _random(rng, (K, N), operand)
    c = _random(rng, (M, N), accumulator)
    expected = np.zeros((M, N), np.dtype(accumulator))
    dot_block[(1,)](a, b, c, expected, M=M, N=N, K=K, PRECISION=precision,
                    backend="interpreter")
    out = _poisoned(cuda, (M, N), accumulator)
    dot_block[(1,)](_on_gpu(cuda, a), _on_gpu(cuda, b), _on_gpu(cuda, c), out, M=M, N=N, K=K,
                    PRECISION=precision, num_warps=warps)
    np.testing.assert_array_equal(out.cpu().numpy(), expected)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("operand,precision", [("float16", "ieee"), ("float32", "ieee"),
                                               ("float32", "tf32")])
@pytest.mark.parametrize("B,M,N,K", [(2, 16, 16, 16), (4, 32, 16, 32)])
def test_batched_dot_equals_the_interpreter(cuda, operand, precision, B, M, N, K, warps):
    rng = np.random.default_rng()
    a, b = _random(rng, (B, M, K), operand), _random(rng, (B, K, N), operand)
    expected = np.zeros((B, M, N), np.float32)
    dot_batched[(1,)](a, b, expected, B=B, M=M, N=N, K=K, PRECISION=precision,
                      backend="interpreter")
    out = _poisoned(cuda, (B, M, N), "float32")
    dot_batched[(1,)](_on_gpu(cuda, a), _on_gpu(cuda, b), out, B=B, M=M, N=N, K=K,
                      PRECISION=precision, num_warps=warps)
    np.testing.assert_array_equal(out.cpu().numpy(), expected)


# Ahead of time, without a GPU ------------------------------------------------------------------

def _compiled_blocks(target, warps):
    for operand, accumulator, precision, M, N, K in BLOCKS:
        zeros = (np.zeros(M * K, _numpy(operand)), np.zeros(K * N, _numpy(operand)),
                 np.zeros(M * N, _numpy(accumulator)), np.zeros(M * N, _numpy(accumulator)))
        yield dot_block.warmup(*zeros, M=M, N=N, K=K, PRECISION=precision, grid=(1,),
                               backend="nvidia", target=target, num_warps=warps)
    yield dot_batched.warmup(np.zeros(2 * 16 * 16, np.float32), np.zeros(2 * 16 * 16, np.float32),
                             np.zeros(2 * 16 * 16, np.float32), B=2, M=16, N=16, K=16,
                             PRECISION="ieee", grid=(1,), backend="nvidia", target=target,
                             num_warps=warps)


def _numpy(dtype):
    return ml_dtypes.bfloat16 if dtype == "bfloat16" else np.dtype(dtype)


@pytest.mark.parametrize("warps", [1, 4])
@pytest.mark.parametrize("target", ["cuda:80", "cuda:90"])
def test_compiles_to_multiply_adds(target, warps, compile_ptx):
    for kernel in _compiled_blocks(target, warps):
        ptx = compile_ptx(kernel)
        assert "mma.sync" not in ptx
        # Integer products of sign-extended int8 are 16-bit multiplies widened to 32 bits.
    assert "fma.rn." in ptx or "mul.wide.s16" in ptx, kernel.name
