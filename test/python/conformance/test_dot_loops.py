"""`tl.dot` in every input type and precision, and loops that carry tiles.

The dot tolerance (docs/semantics.md): the interpreter adds the K products of each element in
order, one fused multiply-add at a time, in the accumulator's type. A backend that sums in
another order, or in blocks, differs within the dot tolerance: per element,
(K + 1) * eps * sum_k |a[i][k] b[k][j]| (eps = 2^-24 for an f32 accumulator), plus one ulp of
the output type when the result is rounded to f16 or bf16 afterwards. Integer dots
(i8 -> i32) wrap around and must match exactly."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl

from kernels.conformance import Tolerance

F32_EPS = 2.0 ** -24


@nereid.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
               PRECISION: tl.constexpr, ACC: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    if ACC:
        c = tl.load(c_ptr + rm[:, None] * N + rn[None, :])
        d = tl.dot(a, b, c, input_precision=PRECISION)
    elif PRECISION is None:
        d = tl.dot(a, b)
    else:
        d = tl.dot(a, b, input_precision=PRECISION)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], d.to(out_ptr.dtype.element_ty))


DOT_CASES = [
    # (operand dtype, output dtype, precision)
    ("float32", "float32", "ieee"),
    ("float32", "float32", None),  # the default: tf32
    ("float16", "float32", None),
    ("float16", "float16", None),
    ("bfloat16", "float32", None),
    ("bfloat16", "bfloat16", None),
    ("int8", "int32", None),
    ("float64", "float64", None),
]

NUMPY = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16,
         "int8": np.int8, "int32": np.int32, "float64": np.float64}


def dot_tolerance(a, b, out_dtype):
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    K = a.shape[1]
    eps = 2.0 ** -53 if out_dtype == "float64" else F32_EPS
    bound = (K + 1) * eps * (np.abs(a64) @ np.abs(b64))
    if out_dtype in ("float16", "bfloat16"):
        from kernels.conformance import ulp
        bound = bound + ulp(a64 @ b64, NUMPY[out_dtype])
    return Tolerance(atol=bound)


@pytest.mark.parametrize("shape", [(16, 16, 16), (32, 64, 32)])
@pytest.mark.parametrize("operand,output,precision", DOT_CASES)
def test_dot(conform, rng, shape, operand, output, precision):
    M, N, K = shape
    if operand == "int8":
        a = rng.integers(-128, 128, (M, K)).astype(np.int8)
        b = rng.integers(-128, 128, (K, N)).astype(np.int8)
        tolerance = Tolerance()
    else:
        a = rng.standard_normal((M, K)).astype(NUMPY[operand])
        b = rng.standard_normal((K, N)).astype(NUMPY[operand])
        tolerance = dot_tolerance(a, b, output)
    out = np.zeros((M, N), dtype=NUMPY[output])
    # `out` is both argument 2 (the accumulator, which ACC=False leaves unread) and 3.
    conform(dot_kernel, (1,), a, b, out, out, M=M, N=N, K=K, PRECISION=precision, ACC=False,
            tolerances={2: tolerance, 3: tolerance})


@pytest.mark.parametrize("operand", ["float32", "float16", "int8"])
def test_dot_with_accumulator(conform, rng, operand):
    M, N, K = 16, 32, 32
    acc_dtype = np.int32 if operand == "int8" else np.float32
    if operand == "int8":
        a = rng.integers(-128, 128, (M, K)).astype(np.int8)
        b = rng.integers(-128, 128, (K, N)).astype(np.int8)
        # The accumulator near the top of the range: the sum wraps around.
        c = rng.integers(2**31 - 2**20, 2**31 - 1, (M, N)).astype(np.int32)
        tolerance = Tolerance()
    else:
        a = rng.standard_normal((M, K)).astype(NUMPY[operand])
        b = rng.standard_normal((K, N)).astype(NUMPY[operand])
        c = rng.standard_normal((M, N)).astype(np.float32)
        base = dot_tolerance(a, b, "float32").atol
        tolerance = Tolerance(atol=base + (K + 1) * F32_EPS * np.abs(c))
    out = np.zeros((M, N), dtype=acc_dtype)
    conform(dot_kernel, (1,), a, b, c, out, M=M, N=N, K=K, PRECISION="ieee" if operand ==
            "float32" else None, ACC=True, tolerances={3: tolerance})


@nereid.jit
def batched_dot_kernel(a_ptr, b_ptr, c_ptr, out_ptr, B: tl.constexpr, M: tl.constexpr,
                       N: tl.constexpr, K: tl.constexpr, PRECISION: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    rk_columns = tl.arange(0, K)[None, None, :]
    rk_rows = tl.arange(0, K)[None, :, None]
    a = tl.load(a_ptr + rb * M * K + rm * K + rk_columns)
    b = tl.load(b_ptr + rb * K * N + rk_rows * N + rn)
    c = tl.load(c_ptr + rb * M * N + rm * N + rn)
    d = tl.dot(a, b, c, input_precision=PRECISION)
    tl.store(out_ptr + rb * M * N + rm * N + rn, d)


@pytest.mark.parametrize("operand", ["float32", "float16", "int8"])
@pytest.mark.parametrize("shape", [(2, 16, 32, 16), (4, 32, 16, 64)])
def test_batched_dot(conform, rng, shape, operand):
    B, M, N, K = shape
    if operand == "int8":
        a = rng.integers(-128, 128, (B, M, K)).astype(np.int8)
        b = rng.integers(-128, 128, (B, K, N)).astype(np.int8)
        c = rng.integers(-2**31, 2**31 - 1, (B, M, N)).astype(np.int32)
        tolerance = Tolerance()
    else:
        a = rng.standard_normal((B, M, K)).astype(NUMPY[operand])
        b = rng.standard_normal((B, K, N)).astype(NUMPY[operand])
        c = rng.standard_normal((B, M, N)).astype(np.float32)
        bound = np.stack([dot_tolerance(a[i], b[i], "float32").atol for i in range(B)])
        tolerance = Tolerance(atol=bound + (K + 1) * F32_EPS * np.abs(c))
    out = np.zeros_like(c)
    conform(batched_dot_kernel, (1,), a, b, c, out, B=B, M=M, N=N, K=K,
            PRECISION="ieee" if operand == "float32" else None, tolerances={3: tolerance})


# Loops with tile-carried values -------------------------------------------------------------

@nereid.jit
def loop_kernel(x_ptr, out_ptr, count_ptr, n_iters, limit, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    ints = tl.zeros([BLOCK], dtype=tl.int32) + offs
    for i in range(n_iters):
        # A tile and an integer tile carried across iterations, with a branch inside.
        acc = acc * 0.5 + x * i
        if i % 3 == 0:
            ints = ints * 3 + 1
        else:
            ints = ints ^ (ints >> 3)
    # A while loop whose trip count depends on the data, carried per lane.
    steps = tl.zeros([BLOCK], dtype=tl.int32)
    value = tl.abs(x) * 100
    while tl.max(value, axis=0) > limit:
        value = tl.where(value > limit, value * 0.5, value)
        steps += (value > limit).to(tl.int32)
    tl.store(out_ptr + offs, acc)
    tl.store(out_ptr + BLOCK + offs, value)
    tl.store(count_ptr + offs, ints)
    tl.store(count_ptr + BLOCK + offs, steps)


@pytest.mark.parametrize("n_iters", [0, 1, 7])
def test_loops_carry_tiles(conform, rng, n_iters):
    block = 64
    x = rng.standard_normal(block).astype(np.float32)
    out = np.zeros(2 * block, dtype=np.float32)
    counts = np.zeros(2 * block, dtype=np.int32)
    conform(loop_kernel, (1,), x, out, counts, n_iters, 3.0, BLOCK=block)


@nereid.jit
def nested_loop_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr,
                              BN: tl.constexpr, BK: tl.constexpr):
    # Programs loop over their output tiles (persistent), and over K inside.
    num_m = tl.cdiv(M, BM)
    num_tiles = num_m * tl.cdiv(N, BN)
    for tile in range(tl.program_id(0), num_tiles, tl.num_programs(0)):
        rm = (tile % num_m) * BM + tl.arange(0, BM)
        rn = (tile // num_m) * BN + tl.arange(0, BN)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            rk = k + tl.arange(0, BK)
            a = tl.load(a_ptr + rm[:, None] * K + rk[None, :],
                        mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
            b = tl.load(b_ptr + rk[:, None] * N + rn[None, :],
                        mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
            acc += tl.dot(a, b)
        tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


@pytest.mark.parametrize("operand", ["float16", "float32"])
@pytest.mark.parametrize("blocks", [(16, 16, 16), (32, 256, 64)])
def test_persistent_loop_matmul(conform, rng, operand, blocks):
    """With 256-wide blocks, the CPU lays B's buffer out in panels (64 or 16 columns) while
    its rows, masked by column, are wide enough for cpu-strip-mine-tiles to split."""
    M, N, K = 45, 300, 70
    a = rng.standard_normal((M, K)).astype(operand)
    b = rng.standard_normal((K, N)).astype(operand)
    c = np.zeros((M, N), dtype=np.float32)
    bm, bn, bk = blocks
    conform(nested_loop_matmul_kernel, (3,), a, b, c, M, N, K, BM=bm, BN=bn, BK=bk,
            tolerances={2: dot_tolerance(a, b, "float32")})


@nereid.jit
def added_dots_kernel(a_ptr, b_ptr, out_ptr, K, M: tl.constexpr, N: tl.constexpr,
                      BK: tl.constexpr):
    # `acc += tl.dot(a, b)`: backends fold the addition into the dot (tt-fold-dot-additions).
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    acc = tl.zeros((M, N), dtype=out_ptr.dtype.element_ty)
    for k in range(0, K, BK):
        rk = k + tl.arange(0, BK)
        acc += tl.dot(tl.load(a_ptr + rm[:, None] * K + rk[None, :]),
                      tl.load(b_ptr + rk[:, None] * N + rn[None, :]))
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], acc)


@pytest.mark.parametrize("operand", ["float32", "int8"])
def test_added_dots(conform, rng, operand):
    M, N, BK = 16, 32, 16
    K = BK * int(rng.integers(2, 6))
    if operand == "int8":
        a = rng.integers(-128, 128, (M, K)).astype(np.int8)
        b = rng.integers(-128, 128, (K, N)).astype(np.int8)
        out, tolerance = np.zeros((M, N), np.int32), Tolerance()  # exact in any order
    else:
        a = rng.standard_normal((M, K)).astype(np.float32)
        b = rng.standard_normal((K, N)).astype(np.float32)
        # Both round the operands to tf32 alike; the sums differ in order only.
        out, tolerance = np.zeros((M, N), np.float32), dot_tolerance(a, b, "float32")
    conform(added_dots_kernel, (1,), a, b, out, K, M=M, N=N, BK=BK, tolerances={2: tolerance})


@nereid.jit
def advancing_pointers_kernel(x_ptr, out_ptr, n_iters, step, BLOCK: tl.constexpr):
    # Pointer tiles that the loop advances by one offset in every element (the CPU backend
    # carries that offset as a scalar): forward by a runtime step, backward by a constant, and
    # a tile used after the loop, at the position the loop left it.
    rows = tl.arange(0, 4)
    cols = tl.arange(0, BLOCK)
    forward = x_ptr + step + rows[:, None] * BLOCK + cols[None, :]
    backward = x_ptr + n_iters * step + rows[:, None] * BLOCK + cols[None, :]
    total = tl.zeros((4, BLOCK), dtype=tl.float32)
    for i in range(n_iters):
        total += tl.load(forward) * (i + 1) - tl.load(backward)
        forward += step
        backward -= step
    tl.store(out_ptr + rows[:, None] * BLOCK + cols[None, :], total)
    # `forward` now points n_iters steps on: the tile after the last one read.
    tl.store(out_ptr + 4 * BLOCK + rows[:, None] * BLOCK + cols[None, :],
             tl.load(forward - step) + 1.0)


@pytest.mark.parametrize("n_iters", [0, 1, 5])
def test_loops_advance_pointer_tiles(conform, rng, n_iters):
    block, step = 16, 4 * 16
    x = rng.standard_normal((n_iters + 1) * step + 4 * block).astype(np.float32)
    out = np.full(8 * block, np.nan, dtype=np.float32)
    conform(advancing_pointers_kernel, (1,), x, out, n_iters, step, BLOCK=block,
            tolerance=Tolerance(rtol=8 * F32_EPS, atol=0))
