"""Reductions and scans that Nereid compiles for the GPU (tt.reduce and tt.scan through the shared
GPU lowering: within a thread, across lanes by shuffles, across warps through shared memory).

On a GPU (skipped, with the backend's reason, where none runs): kernels through @jit on torch
CUDA tensors, the outputs poisoned first, against numpy on the same random inputs. Integers,
maxima, minima and their indices are bit-equal. Float sums and products combine in a tree whose
order differs from numpy's, so an fp32 sum of n terms may differ from the exact (float64) sum by
at most n * 2^-24 * sum(|x|) (the bound of any summation order), and a product of n factors by
n * 2^-24 of its magnitude; fp16 sums and products take inputs whose every partial result is
exact in fp16 (small integers, +-1), so they are bit-equal too.

Without a GPU: the same kernels compile for cuda:80 and cuda:90 to PTX, which ptxas assembles
where the CUDA toolkit is installed."""

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def reduce_1d(x_ptr, out_ptr, OP: tl.constexpr, BLOCK: tl.constexpr):
    """Every element of out gets the reduction of x: each thread stores what it holds of the
    result, so that a thread holding a wrong copy shows."""
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    if OP == "sum":
        r = tl.sum(x, axis=0)
    elif OP == "max":
        r = tl.max(x, axis=0)
    elif OP == "min":
        r = tl.min(x, axis=0)
    elif OP == "xor_sum":
        r = tl.xor_sum(x, axis=0)
    elif OP == "argmax":
        r = tl.argmax(x, axis=0)
    else:
        r = tl.argmin(x, axis=0)
    tl.store(out_ptr + offsets, tl.zeros([BLOCK], r.dtype) + r)


@nereid.jit
def reduce_2d(x_ptr, out_ptr, wide_ptr, OP: tl.constexpr, AXIS: tl.constexpr, BM: tl.constexpr,
              BN: tl.constexpr):
    """out gets the reduction along AXIS, wide the same broadcast back to BM x BN."""
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * BN + rn[None, :])
    if OP == "sum":
        r = tl.sum(x, axis=AXIS)
    elif OP == "max":
        r = tl.max(x, axis=AXIS)
    elif OP == "min":
        r = tl.min(x, axis=AXIS)
    elif OP == "xor_sum":
        r = tl.xor_sum(x, axis=AXIS)
    elif OP == "argmax":
        r = tl.argmax(x, axis=AXIS)
    else:
        r = tl.argmin(x, axis=AXIS)
    if AXIS == 0:
        tl.store(out_ptr + rn, r)
        tl.store(wide_ptr + rm[:, None] * BN + rn[None, :], tl.broadcast_to(r[None, :], (BM, BN)))
    else:
        tl.store(out_ptr + rm, r)
        tl.store(wide_ptr + rm[:, None] * BN + rn[None, :], tl.broadcast_to(r[:, None], (BM, BN)))


@nereid.jit
def sum_3d(x_ptr, out_ptr, AXIS: tl.constexpr, A: tl.constexpr, B: tl.constexpr,
           C: tl.constexpr):
    """The sum of an A x B x C block along AXIS, broadcast back to the block."""
    offsets = (tl.arange(0, A)[:, None, None] * B * C + tl.arange(0, B)[None, :, None] * C
               + tl.arange(0, C)[None, None, :])
    x = tl.load(x_ptr + offsets)
    s = tl.sum(x, axis=AXIS, keep_dims=True)
    tl.store(out_ptr + offsets, tl.broadcast_to(s, (A, B, C)))


@nereid.jit
def scan_2d(x_ptr, out_ptr, OP: tl.constexpr, AXIS: tl.constexpr, REVERSE: tl.constexpr,
            BM: tl.constexpr, BN: tl.constexpr):
    offsets = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    x = tl.load(x_ptr + offsets)
    if OP == "cumsum":
        y = tl.cumsum(x, axis=AXIS, reverse=REVERSE)
    else:
        y = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    tl.store(out_ptr + offsets, y)


@nereid.jit
def combine_recurrence(a1, b1, a2, b2):
    """(a1, b1) then (a2, b2) as maps h -> a * h + b: associative, not commutative."""
    return a1 * a2, b1 * a2 + b2


@nereid.jit
def recurrence(a_ptr, b_ptr, h_ptr, AXIS: tl.constexpr, REVERSE: tl.constexpr,
               BM: tl.constexpr, BN: tl.constexpr):
    """A two-operand tl.associative_scan with a user combiner, on int32 (wrapping)."""
    offsets = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    a = tl.load(a_ptr + offsets)
    b = tl.load(b_ptr + offsets)
    _, h = tl.associative_scan((a, b), AXIS, combine_recurrence, reverse=REVERSE)
    tl.store(h_ptr + offsets, h)


# References --------------------------------------------------------------------------------

REDUCTIONS = ["sum", "max", "min", "xor_sum", "argmax", "argmin"]
DTYPES = ["float32", "int32", "float16"]


def _random(rng, op, dtype, shape):
    """Inputs on which the comparison below is exact or bounded: fp16 sums and products of small
    integers stay exact; argmax and argmin on int32 see ties (the smallest index wins)."""
    if dtype == "float16" and op in ("sum", "cumsum"):
        return rng.integers(-1, 2, shape).astype(np.float16)
    if dtype == "float16" and op == "cumprod":
        return rng.choice(np.array([-1.0, 1.0], np.float16), shape)
    if dtype == "float32" and op == "cumprod":
        return rng.uniform(0.5, 1.5, shape).astype(np.float32)
    if dtype == "int32" and op in ("argmax", "argmin"):
        return rng.integers(-20, 21, shape).astype(np.int32)
    if dtype == "int32" and op == "cumprod":
        return rng.integers(-3, 4, shape).astype(np.int32)
    if dtype == "int32":
        return rng.integers(-2**31, 2**31, shape, dtype=np.int64).astype(np.int32)
    return rng.standard_normal(shape).astype(dtype)


def _reference(op, x, axis):
    if op == "sum":
        if x.dtype == np.int32:
            return np.sum(x, axis=axis, dtype=np.int32)  # wraps around, as int32 adds do
        return np.sum(x.astype(np.float64), axis=axis)
    if op == "max":
        return np.max(x, axis=axis)
    if op == "min":
        return np.min(x, axis=axis)
    if op == "xor_sum":
        return np.bitwise_xor.reduce(x, axis=axis)
    if op == "argmax":
        return np.argmax(x, axis=axis).astype(np.int32)  # the first of equal maxima
    return np.argmin(x, axis=axis).astype(np.int32)


def _scan_reference(op, x, axis, reverse):
    y = np.flip(x, axis) if reverse else x
    if op == "cumsum":
        y = np.cumsum(y, axis=axis, dtype=np.int32 if x.dtype == np.int32 else np.float64)
    else:
        y = np.cumprod(y, axis=axis, dtype=np.int32 if x.dtype == np.int32 else np.float64)
    return np.flip(y, axis) if reverse else y


def _scan_bound(op, x, axis, reverse):
    """What a float scan in another order may differ from the exact one by, elementwise."""
    n = x.shape[axis]
    if op == "cumsum":
        return n * 2.0**-24 * _scan_reference("cumsum", np.abs(x.astype(np.float64)), axis,
                                              reverse)
    return n * 2.0**-24 * np.abs(_scan_reference("cumprod", x, axis, reverse))


def _check_reduction(op, x, axis, got, want):
    """`got` against `want`, the exact reduction of `x` along `axis` (broadcast as `got` is)."""
    if op == "sum" and x.dtype == np.float32:
        absolute = np.sum(np.abs(x.astype(np.float64)), axis=axis, keepdims=True)
        bound = x.shape[axis] * 2.0**-24 * np.broadcast_to(
            absolute.reshape(absolute.shape if want.ndim == x.ndim else want.shape), want.shape)
        assert np.all(np.abs(got.astype(np.float64) - want) <= bound), (got, want)
    else:
        np.testing.assert_array_equal(got, want.astype(got.dtype))


# On the GPU --------------------------------------------------------------------------------

def _poisoned(torch, shape, dtype):
    if dtype in ("float32", "float16"):
        return torch.full(shape, float("nan"), dtype=getattr(torch, dtype), device="cuda")
    return torch.full(shape, -12345, dtype=getattr(torch, dtype), device="cuda")


def _result_dtype(op, dtype):
    return "int32" if op in ("argmax", "argmin") else dtype


def _cases(ops, dtypes):
    return [(op, dtype) for op in ops for dtype in dtypes
            if not (op == "xor_sum" and dtype != "int32")]


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("block", [128, 2048])
@pytest.mark.parametrize("op,dtype", _cases(REDUCTIONS, DTYPES))
def test_reduce_1d(cuda, op, dtype, block, warps):
    x = _random(np.random.default_rng([block, warps]), op, dtype, (block,))
    out = _poisoned(cuda, (block,), _result_dtype(op, dtype))
    reduce_1d[(1,)](cuda.from_numpy(x).cuda(), out, OP=op, BLOCK=block, num_warps=warps)
    want = _reference(op, x, 0)
    _check_reduction(op, x, 0, out.cpu().numpy(), np.full(block, want))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(32, 64), (128, 16), (16, 256)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("op,dtype", _cases(REDUCTIONS, DTYPES))
def test_reduce_2d(cuda, op, dtype, axis, shape, warps):
    x = _random(np.random.default_rng([shape[0], shape[1], axis, warps]), op, dtype, shape)
    out = _poisoned(cuda, (shape[1 - axis],), _result_dtype(op, dtype))
    wide = _poisoned(cuda, shape, _result_dtype(op, dtype))
    reduce_2d[(1,)](cuda.from_numpy(x).cuda(), out, wide, OP=op, AXIS=axis, BM=shape[0],
                    BN=shape[1], num_warps=warps)
    want = _reference(op, x, axis)
    _check_reduction(op, x, axis, out.cpu().numpy(), want)
    _check_reduction(op, x, axis, wide.cpu().numpy(),
                     np.broadcast_to(np.expand_dims(want, axis), shape))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("axis", [0, 1, 2])
@pytest.mark.parametrize("dtype", ["int32", "float32"])
def test_sum_3d(cuda, dtype, axis, warps):
    shape = (8, 16, 32)
    x = _random(np.random.default_rng([axis, warps]), "sum", dtype, shape)
    out = _poisoned(cuda, shape, dtype)
    sum_3d[(1,)](cuda.from_numpy(x).cuda(), out, AXIS=axis, A=8, B=16, C=32, num_warps=warps)
    want = np.broadcast_to(np.expand_dims(_reference("sum", x, axis), axis), shape)
    _check_reduction("sum", x, axis, out.cpu().numpy(), want)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(1, 1024), (32, 64), (256, 8)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("op,dtype", _cases(["cumsum", "cumprod"], DTYPES))
def test_scan(cuda, op, dtype, reverse, axis, shape, warps):
    x = _random(np.random.default_rng([shape[0], shape[1], axis, warps]), op, dtype, shape)
    out = _poisoned(cuda, shape, dtype)
    scan_2d[(1,)](cuda.from_numpy(x).cuda(), out, OP=op, AXIS=axis, REVERSE=reverse,
                  BM=shape[0], BN=shape[1], num_warps=warps)
    got = out.cpu().numpy()
    want = _scan_reference(op, x, axis, reverse)
    if dtype == "float32":
        assert np.all(np.abs(got - want) <= _scan_bound(op, x, axis, reverse))
    else:
        np.testing.assert_array_equal(got, want.astype(got.dtype))


def _recurrence_reference(a, b, axis, reverse):
    """h = b at the first element along the scan's order, then h = a * h + b (int32, wrapping)."""
    a, b = np.moveaxis(a, axis, -1).astype(np.int64), np.moveaxis(b, axis, -1).astype(np.int64)
    h = np.empty_like(b)
    order = range(b.shape[-1] - 1, -1, -1) if reverse else range(b.shape[-1])
    previous = None
    for i in order:
        h[..., i] = b[..., i] if previous is None else a[..., i] * h[..., previous] + b[..., i]
        h[..., i] = (h[..., i] + 2**31) % 2**32 - 2**31
        previous = i
    return np.moveaxis(h, -1, axis).astype(np.int32)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(1, 512), (64, 32)])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("reverse", [False, True])
def test_associative_scan_with_a_user_combiner(cuda, reverse, axis, shape, warps):
    """The combiner is not commutative: the order of its arguments shows in every element."""
    rng = np.random.default_rng([shape[0], shape[1], axis, warps, reverse])
    a = rng.integers(-2**31, 2**31, shape, dtype=np.int64).astype(np.int32)
    b = rng.integers(-2**31, 2**31, shape, dtype=np.int64).astype(np.int32)
    h = _poisoned(cuda, shape, "int32")
    recurrence[(1,)](cuda.from_numpy(a).cuda(), cuda.from_numpy(b).cuda(), h, AXIS=axis,
                     REVERSE=reverse, BM=shape[0], BN=shape[1], num_warps=warps)
    np.testing.assert_array_equal(h.cpu().numpy(), _recurrence_reference(a, b, axis, reverse))


# Ahead of time, without a GPU ------------------------------------------------------------------

def _np(dtype, n):
    return np.zeros(n, dtype)


COMPILED = {
    **{f"reduce_1d-{op}-{dtype}": (lambda op, dtype: lambda target, warps: reduce_1d.warmup(
        _np(dtype, 4), _np(_result_dtype(op, dtype), 4), OP=op, BLOCK=1024, grid=(1,),
        backend="nvidia", target=target, num_warps=warps))(op, dtype)
       for op, dtype in _cases(REDUCTIONS, DTYPES)},
    **{f"reduce_2d-{op}-axis{axis}": (lambda op, axis: lambda target, warps: reduce_2d.warmup(
        _np("float32", 4), _np(_result_dtype(op, "float32"), 4),
        _np(_result_dtype(op, "float32"), 4), OP=op, AXIS=axis, BM=32, BN=64, grid=(1,),
        backend="nvidia", target=target, num_warps=warps))(op, axis)
       for op in ("sum", "argmax") for axis in (0, 1)},
    **{f"scan-{op}-axis{axis}-{'reverse' if reverse else 'forward'}":
       (lambda op, axis, reverse: lambda target, warps: scan_2d.warmup(
           _np("float32", 4), _np("float32", 4), OP=op, AXIS=axis, REVERSE=reverse, BM=32,
           BN=64, grid=(1,), backend="nvidia", target=target, num_warps=warps))(op, axis, reverse)
       for op in ("cumsum", "cumprod") for axis in (0, 1) for reverse in (False, True)},
    **{f"sum_3d-axis{axis}": (lambda axis: lambda target, warps: sum_3d.warmup(
        _np("float32", 4), _np("float32", 4), AXIS=axis, A=8, B=16, C=32, grid=(1,),
        backend="nvidia", target=target, num_warps=warps))(axis) for axis in (0, 1, 2)},
    "recurrence": lambda target, warps: recurrence.warmup(
        _np("int32", 4), _np("int32", 4), _np("int32", 4), AXIS=1, REVERSE=False, BM=64, BN=32,
        grid=(1,), backend="nvidia", target=target, num_warps=warps),
}


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
@pytest.mark.parametrize("name", sorted(COMPILED))
def test_compiles_to_ptx_for_the_chip(name, target, chip, warps, compile_ptx):
    ptx = compile_ptx(COMPILED[name](target, warps))
    assert f".target {chip}" in ptx
    if name.startswith("reduce_1d"):  # 1024 elements: lanes, and warps, along the one axis
        assert "shfl.sync.bfly.b32" in ptx
        assert "bar.sync" in ptx or warps == 1
