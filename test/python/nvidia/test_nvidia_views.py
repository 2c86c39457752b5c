"""Shape ops that Nereid compiles for the GPU: tl.trans and tl.permute, tl.reshape, tl.join,
tl.split, tl.interleave and tl.cat (tt.trans, tt.reshape, tt.join, tt.split and tt.cat, each a
choice of registers within each thread in the layouts that layout assignment gives it, then a
layout conversion where the next op needs the elements elsewhere), and tl.sort and tl.topk,
which the language builds from tl.reshape, tl.gather and selects.

On a GPU (skipped, with the backend's reason, where none runs): kernels through @jit on torch
CUDA tensors, the outputs poisoned first, against numpy on random inputs, bit-equal: 1-D, 2-D
and 3-D tiles, every permutation of three dimensions, reshapes between ranks, joins and splits
of several shapes, concatenations of tiles smaller than a warp (whose second operand some lanes
pick at run time) and larger than the program, element types from int8 to int64 and float16 to
float32, 1, 4 and 8 warps.

Without a GPU: the same kernels compile for cuda:80 and cuda:90 to PTX, which ptxas assembles
where the CUDA toolkit is installed."""

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def trans_2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rn[:, None] * M + rm[None, :], tl.trans(x))


@nereid.jit
def permute_3d(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr,
               D0: tl.constexpr, D1: tl.constexpr, D2: tl.constexpr, S0: tl.constexpr,
               S1: tl.constexpr, S2: tl.constexpr):
    """out (S0 x S1 x S2, the permuted shape) = x (A x B x C) with its dimensions (D0, D1, D2)."""
    x = tl.load(x_ptr + tl.arange(0, A)[:, None, None] * B * C
                + tl.arange(0, B)[None, :, None] * C + tl.arange(0, C)[None, None, :])
    y = tl.permute(x, (D0, D1, D2))
    tl.store(out_ptr + tl.arange(0, S0)[:, None, None] * S1 * S2
             + tl.arange(0, S1)[None, :, None] * S2 + tl.arange(0, S2)[None, None, :], y)


@nereid.jit
def reshape_ranks(x_ptr, out3_ptr, out1_ptr, M: tl.constexpr, N: tl.constexpr,
                  P: tl.constexpr, Q: tl.constexpr, R: tl.constexpr):
    """x (M x N) reshaped to P x Q x R into out3, and that to one row into out1."""
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    y = tl.reshape(x, (P, Q, R))
    tl.store(out3_ptr + tl.arange(0, P)[:, None, None] * Q * R
             + tl.arange(0, Q)[None, :, None] * R + tl.arange(0, R)[None, None, :], y)
    tl.store(out1_ptr + tl.arange(0, M * N), tl.reshape(y, (M * N,)))


@nereid.jit
def join_2d(x_ptr, y_ptr, joined_ptr, interleaved_ptr, M: tl.constexpr, N: tl.constexpr):
    """joined (M x N x 2) = join(x, y); interleaved (M x 2N) = interleave(x, y)."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offsets = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    pair = tl.arange(0, 2)
    tl.store(joined_ptr + offsets[:, :, None] * 2 + pair[None, None, :], tl.join(x, y))
    tl.store(interleaved_ptr + rm[:, None] * 2 * N + tl.arange(0, 2 * N)[None, :],
             tl.interleave(x, y))


@nereid.jit
def split_2d(x_ptr, lo_ptr, hi_ptr, M: tl.constexpr, N: tl.constexpr):
    """lo, hi (M x N) = split(x), x being M x N x 2."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offsets = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offsets[:, :, None] * 2 + tl.arange(0, 2)[None, None, :])
    lo, hi = tl.split(x)
    tl.store(lo_ptr + offsets, lo)
    tl.store(hi_ptr + offsets, hi)


@nereid.jit
def join_split_1d(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    """out = [x - y, x + y]: a join split again in registers, then each half used."""
    offsets = tl.arange(0, N)
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    a, b = tl.split(tl.join(x, y))
    tl.store(out_ptr + offsets, a - b)
    tl.store(out_ptr + N + offsets, a + b)


@nereid.jit
def cat_1d(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    offsets = tl.arange(0, N)
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    tl.store(out_ptr + tl.arange(0, 2 * N), tl.cat(x, y))


@nereid.jit
def cat_2d(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rn = tl.arange(0, N)
    offsets = tl.arange(0, M)[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    tl.store(out_ptr + tl.arange(0, 2 * M)[:, None] * N + rn[None, :], tl.cat(x, y))


@nereid.jit
def join_permute_reshape(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    """The conformance suite's chain: the pair dimension moved first, then flattened, so that
    out is x then y, each row-major."""
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    flat = tl.reshape(tl.permute(tl.join(x, y), (2, 0, 1)), [2 * M * N])
    tl.store(out_ptr + tl.arange(0, 2 * M * N), flat)


@nereid.jit
def sort_rows(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DESCENDING: tl.constexpr):
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(out_ptr + offsets, tl.sort(tl.load(x_ptr + offsets), descending=DESCENDING))


@nereid.jit
def topk_rows(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    tl.store(out_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :], tl.topk(x, K))


# References --------------------------------------------------------------------------------

def _random(rng, dtype, shape):
    """Random values of every bit pattern's magnitude (no NaN, so that bits compare)."""
    if dtype.startswith("int"):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=np.int64, endpoint=True).astype(dtype)
    return (rng.standard_normal(shape) * 100).astype(dtype)


def _same_bits(got, want):
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_array_equal(got.view(f"u{got.dtype.itemsize}"),
                                  want.view(f"u{want.dtype.itemsize}"))


# On the GPU --------------------------------------------------------------------------------

def _device(torch, array):
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def _poisoned(torch, shape, dtype):
    """An output the kernel must overwrite: NaN for floats, a fixed value for integers (the
    inputs are random, so that a value left there shows as a mismatch)."""
    if dtype.startswith("float"):
        return torch.full(shape, float("nan"), dtype=getattr(torch, dtype), device="cuda")
    return torch.full(shape, -77, dtype=getattr(torch, dtype), device="cuda")


DTYPES = ["float32", "int8", "float16", "int64"]


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(16, 64), (64, 16), (4, 8), (32, 32), (1, 128), (64, 128)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_trans(cuda, dtype, shape, warps):
    if dtype == "int64" and shape == (64, 128):
        shape = (64, 64)  # the layout conversion through shared memory stays within 48 KiB
    x = _random(np.random.default_rng([shape[0], shape[1], warps]), dtype, shape)
    out = _poisoned(cuda, shape[::-1], dtype)
    trans_2d[(1,)](_device(cuda, x), out, M=shape[0], N=shape[1], num_warps=warps)
    _same_bits(out.cpu().numpy(), x.T.copy())


PERMUTATIONS = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(4, 8, 16), (2, 32, 64), (16, 2, 8)])
@pytest.mark.parametrize("dims", PERMUTATIONS)
def test_permute(cuda, dims, shape, warps):
    x = _random(np.random.default_rng([*shape, *dims, warps]), "float32", shape)
    permuted = tuple(shape[d] for d in dims)
    out = _poisoned(cuda, permuted, "float32")
    permute_3d[(1,)](_device(cuda, x), out, A=shape[0], B=shape[1], C=shape[2], D0=dims[0],
                     D1=dims[1], D2=dims[2], S0=permuted[0], S1=permuted[1], S2=permuted[2],
                     num_warps=warps)
    _same_bits(out.cpu().numpy(), np.transpose(x, dims).copy())


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shapes", [((16, 64), (4, 16, 16)), ((4, 8), (2, 2, 8)),
                                    ((128, 32), (32, 8, 16)), ((1, 256), (256, 1, 1)),
                                    ((64, 64), (2, 1024, 2))])
@pytest.mark.parametrize("dtype", ["float32", "int8", "int64"])
def test_reshape(cuda, dtype, shapes, warps):
    (m, n), (p, q, r) = shapes
    x = _random(np.random.default_rng([m, n, p, warps]), dtype, (m, n))
    out3 = _poisoned(cuda, (p, q, r), dtype)
    out1 = _poisoned(cuda, (m * n,), dtype)
    reshape_ranks[(1,)](_device(cuda, x), out3, out1, M=m, N=n, P=p, Q=q, R=r, num_warps=warps)
    _same_bits(out3.cpu().numpy(), x.reshape(p, q, r))
    _same_bits(out1.cpu().numpy(), x.reshape(-1))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(16, 64), (1, 32), (4, 8), (64, 16), (2, 512)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_join_and_interleave(cuda, dtype, shape, warps):
    rng = np.random.default_rng([shape[0], shape[1], warps])
    x, y = _random(rng, dtype, shape), _random(rng, dtype, shape)
    joined = _poisoned(cuda, (*shape, 2), dtype)
    interleaved = _poisoned(cuda, (shape[0], 2 * shape[1]), dtype)
    join_2d[(1,)](_device(cuda, x), _device(cuda, y), joined, interleaved, M=shape[0],
                  N=shape[1], num_warps=warps)
    want = np.stack([x, y], axis=-1)
    _same_bits(joined.cpu().numpy(), want)
    _same_bits(interleaved.cpu().numpy(), want.reshape(shape[0], 2 * shape[1]))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(16, 64), (1, 32), (4, 8), (64, 16), (2, 512)])
@pytest.mark.parametrize("dtype", DTYPES)
def test_split(cuda, dtype, shape, warps):
    x = _random(np.random.default_rng([shape[0], shape[1], warps]), dtype, (*shape, 2))
    lo, hi = _poisoned(cuda, shape, dtype), _poisoned(cuda, shape, dtype)
    split_2d[(1,)](_device(cuda, x), lo, hi, M=shape[0], N=shape[1], num_warps=warps)
    _same_bits(lo.cpu().numpy(), x[..., 0].copy())
    _same_bits(hi.cpu().numpy(), x[..., 1].copy())


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("n", [8, 32, 128, 2048])
def test_join_then_split(cuda, n, warps):
    rng = np.random.default_rng([n, warps])
    x, y = _random(rng, "int32", (n,)), _random(rng, "int32", (n,))
    out = _poisoned(cuda, (2 * n,), "int32")
    join_split_1d[(1,)](_device(cuda, x), _device(cuda, y), out, N=n, num_warps=warps)
    with np.errstate(over="ignore"):
        want = np.concatenate([x - y, x + y])  # int32, wrapping as the kernel's
    _same_bits(out.cpu().numpy(), want)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("n", [1, 2, 16, 32, 64, 256, 2048])
@pytest.mark.parametrize("dtype", DTYPES)
def test_cat_1d(cuda, dtype, n, warps):
    """From 1 element (every lane and warp but one bit repeats it) to more than a program's
    threads (registers)."""
    if dtype == "int64" and n == 2048:
        n = 1024  # the layout conversions' shared memory stays within 48 KiB
    rng = np.random.default_rng([n, warps])
    x, y = _random(rng, dtype, (n,)), _random(rng, dtype, (n,))
    out = _poisoned(cuda, (2 * n,), dtype)
    cat_1d[(1,)](_device(cuda, x), _device(cuda, y), out, N=n, num_warps=warps)
    _same_bits(out.cpu().numpy(), np.concatenate([x, y]))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(1, 8), (4, 8), (16, 64), (2, 256), (64, 2)])
@pytest.mark.parametrize("dtype", ["float32", "int8", "int64"])
def test_cat_2d(cuda, dtype, shape, warps):
    rng = np.random.default_rng([shape[0], shape[1], warps])
    x, y = _random(rng, dtype, shape), _random(rng, dtype, shape)
    out = _poisoned(cuda, (2 * shape[0], shape[1]), dtype)
    cat_2d[(1,)](_device(cuda, x), _device(cuda, y), out, M=shape[0], N=shape[1],
                 num_warps=warps)
    _same_bits(out.cpu().numpy(), np.concatenate([x, y]))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("shape", [(4, 16), (1, 64), (32, 8)])
def test_join_permute_reshape(cuda, shape, warps):
    rng = np.random.default_rng([shape[0], shape[1], warps])
    x, y = _random(rng, "float32", shape), _random(rng, "float32", shape)
    out = _poisoned(cuda, (2 * x.size,), "float32")
    join_permute_reshape[(1,)](_device(cuda, x), _device(cuda, y), out, M=shape[0],
                               N=shape[1], num_warps=warps)
    _same_bits(out.cpu().numpy(), np.concatenate([x.reshape(-1), y.reshape(-1)]))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4])
@pytest.mark.parametrize("descending", [False, True])
@pytest.mark.parametrize("shape", [(4, 16), (1, 128), (16, 32)])
@pytest.mark.parametrize("dtype", ["float32", "int32", "int8"])
def test_sort(cuda, dtype, shape, descending, warps):
    x = _random(np.random.default_rng([shape[0], shape[1], warps, descending]), dtype, shape)
    out = _poisoned(cuda, shape, dtype)
    sort_rows[(1,)](_device(cuda, x), out, M=shape[0], N=shape[1], DESCENDING=descending,
                    num_warps=warps)
    want = np.sort(x, axis=1)
    _same_bits(out.cpu().numpy(), want[:, ::-1].copy() if descending else want)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4])
@pytest.mark.parametrize("shape,k", [((4, 16), 4), ((1, 128), 16), ((16, 32), 32)])
def test_topk(cuda, shape, k, warps):
    x = _random(np.random.default_rng([shape[0], shape[1], k, warps]), "float32", shape)
    out = _poisoned(cuda, (shape[0], k), "float32")
    topk_rows[(1,)](_device(cuda, x), out, M=shape[0], N=shape[1], K=k, num_warps=warps)
    _same_bits(out.cpu().numpy(), np.sort(x, axis=1)[:, ::-1][:, :k].copy())


# Ahead of time, without a GPU ------------------------------------------------------------------

def _np(dtype, n=4):
    return np.zeros(n, dtype)


COMPILED = {
    "trans": lambda target, warps: trans_2d.warmup(
        _np("float16"), _np("float16"), M=32, N=64, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
    **{f"permute-{''.join(map(str, dims))}": (lambda dims: lambda target, warps:
       permute_3d.warmup(_np("float32"), _np("float32"), A=2, B=32, C=64, D0=dims[0],
                         D1=dims[1], D2=dims[2], S0=(2, 32, 64)[dims[0]],
                         S1=(2, 32, 64)[dims[1]], S2=(2, 32, 64)[dims[2]], grid=(1,),
                         backend="nvidia", target=target, num_warps=warps))(dims)
       for dims in PERMUTATIONS},
    "reshape": lambda target, warps: reshape_ranks.warmup(
        _np("int8"), _np("int8"), _np("int8"), M=64, N=64, P=2, Q=1024, R=2, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    "join-interleave": lambda target, warps: join_2d.warmup(
        _np("int64"), _np("int64"), _np("int64"), _np("int64"), M=16, N=64, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    "split": lambda target, warps: split_2d.warmup(
        _np("float16"), _np("float16"), _np("float16"), M=2, N=512, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    "join-split": lambda target, warps: join_split_1d.warmup(
        _np("int32"), _np("int32"), _np("int32"), N=2048, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
    **{f"cat_1d-{n}": (lambda n: lambda target, warps: cat_1d.warmup(
        _np("float32"), _np("float32"), _np("float32"), N=n, grid=(1,), backend="nvidia",
        target=target, num_warps=warps))(n) for n in (1, 16, 2048)},
    "cat_2d": lambda target, warps: cat_2d.warmup(
        _np("int8"), _np("int8"), _np("int8"), M=4, N=8, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
    "join-permute-reshape": lambda target, warps: join_permute_reshape.warmup(
        _np("float32"), _np("float32"), _np("float32"), M=4, N=16, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    "sort": lambda target, warps: sort_rows.warmup(
        _np("float32"), _np("float32"), M=16, N=32, DESCENDING=True, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    "topk": lambda target, warps: topk_rows.warmup(
        _np("float32"), _np("float32"), M=4, N=16, K=4, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
}


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
@pytest.mark.parametrize("name", sorted(COMPILED))
def test_compiles_to_ptx_for_the_chip(name, target, chip, warps, compile_ptx):
    ptx = compile_ptx(COMPILED[name](target, warps))
    assert f".target {chip}" in ptx
