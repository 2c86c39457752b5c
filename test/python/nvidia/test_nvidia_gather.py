"""tl.gather and tl.histogram that Nereid compiles for the GPU (tt.gather by indexed shuffles within
a warp where each warp holds what its indices select, else through shared memory; tt.histogram
by shared-memory atomics).

On a GPU (skipped, with the backend's reason, where none runs): kernels through @jit on torch
CUDA tensors, the outputs poisoned first, against numpy on random inputs (np.take_along_axis
and np.bincount, bit-equal): 1-D, 2-D and 3-D tiles, every axis, indices fewer, as many and more
than the source along the axis, 1, 4 and 8 warps, element types from bool to f64 and index
types from uint8 to int64; gathers and histograms repeated in a loop (the shared buffer reused);
tl.flip, which is a gather. An index outside the source stops the kernel with a device-side
assert that names the op (in a child process, as the CUDA context is lost). Histograms count
values in [0, bins) read as signed, as the interpreter does, and leave out masked elements.

Without a GPU: the same kernels compile for cuda:80 and cuda:90 to PTX, which ptxas assembles
where the CUDA toolkit is installed; one warp gathering along its lanes shuffles
(shfl.sync.idx.b32) and the histogram counts with atom.shared.add."""

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def gather_1d(x_ptr, index_ptr, out_ptr, N: tl.constexpr, K: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    offsets = tl.arange(0, K)
    tl.store(out_ptr + offsets, tl.gather(x, tl.load(index_ptr + offsets), 0))


@nereid.jit
def gather_2d(x_ptr, index_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, IM: tl.constexpr,
              IN: tl.constexpr, AXIS: tl.constexpr):
    """x is M x N; the indices and the result are IM x IN, which differs from x along AXIS."""
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    offsets = tl.arange(0, IM)[:, None] * IN + tl.arange(0, IN)[None, :]
    tl.store(out_ptr + offsets, tl.gather(x, tl.load(index_ptr + offsets), AXIS))


@nereid.jit
def gather_3d(x_ptr, index_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr,
              IA: tl.constexpr, IB: tl.constexpr, IC: tl.constexpr, AXIS: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, A)[:, None, None] * B * C
                + tl.arange(0, B)[None, :, None] * C + tl.arange(0, C)[None, None, :])
    offsets = (tl.arange(0, IA)[:, None, None] * IB * IC + tl.arange(0, IB)[None, :, None] * IC
               + tl.arange(0, IC)[None, None, :])
    tl.store(out_ptr + offsets, tl.gather(x, tl.load(index_ptr + offsets), AXIS))


@nereid.jit
def gather_in_a_loop(x_ptr, index_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                     TILES: tl.constexpr):
    """TILES tiles of M x N, each gathered along dim 0 by the same indices: one shared buffer
    (or one set of shuffles) per tile, in turn."""
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    index = tl.load(index_ptr + offsets)
    for t in range(TILES):
        x = tl.load(x_ptr + t * M * N + offsets)
        tl.store(out_ptr + t * M * N + offsets, tl.gather(x, index, 0))


@nereid.jit
def flip_2d(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr, DIM: tl.constexpr):
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.store(out_ptr + offsets, tl.flip(tl.load(x_ptr + offsets), DIM))


@nereid.jit
def histogram(x_ptr, out_ptr, n, BLOCK: tl.constexpr, BINS: tl.constexpr,
              MASKED: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    if MASKED:
        counts = tl.histogram(x, BINS, mask=offsets < n)
    else:
        counts = tl.histogram(x, BINS)
    tl.store(out_ptr + tl.arange(0, BINS), counts)


@nereid.jit
def histogram_in_a_loop(x_ptr, out_ptr, n, BLOCK: tl.constexpr, BINS: tl.constexpr):
    """The histogram of the first n values, BLOCK at a time, added up."""
    total = tl.zeros([BINS], tl.int32)
    for start in range(0, n, BLOCK):
        offsets = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offsets, mask=offsets < n, other=0)
        total += tl.histogram(x, BINS, mask=offsets < n)
    tl.store(out_ptr + tl.arange(0, BINS), total)


# References --------------------------------------------------------------------------------

def _random(rng, dtype, shape):
    if dtype == "bool":
        return rng.integers(0, 2, shape).astype(np.bool_)
    if dtype in ("int8", "int32", "int64"):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=np.int64, endpoint=True).astype(dtype)
    return (rng.standard_normal(shape) * 1000).astype(dtype)


def _indices(rng, size, shape, dtype):
    return rng.integers(0, size, shape).astype(dtype)


def _gathered(x, index, axis):
    return np.take_along_axis(x, index.astype(np.int64), axis)


def _counts(x, n, bins, masked):
    """np.bincount of the values in [0, bins), read as signed, of x (its first n if masked)."""
    values = x.view(np.int8) if x.dtype == np.uint8 else x
    values = values[:n] if masked else values
    values = values[(values >= 0) & (values < bins)].astype(np.int64)
    return np.bincount(values, minlength=bins).astype(np.int32)


# On the GPU --------------------------------------------------------------------------------

def _device(torch, array):
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def _poisoned(torch, shape, dtype):
    """An output the kernel must overwrite: NaN for floats, a value no gather of the tests'
    integers gives (they are random) for the others."""
    if dtype in ("float16", "float32", "float64"):
        return torch.full(shape, float("nan"), dtype=getattr(torch, dtype), device="cuda")
    if dtype == "bool":
        return torch.full(shape, True, dtype=torch.bool, device="cuda")
    return torch.full(shape, -123, dtype=getattr(torch, dtype), device="cuda")


def _same_bits(got, want):
    """Bit-equal (NaN is not in the inputs, and -0.0 must stay -0.0)."""
    assert got.dtype == want.dtype and got.shape == want.shape
    if got.dtype == np.bool_:
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_array_equal(got.view(f"u{got.dtype.itemsize}"),
                                      want.view(f"u{want.dtype.itemsize}"))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("n,k", [(32, 32), (64, 64), (256, 128), (1024, 1024), (16, 512)])
@pytest.mark.parametrize("dtype,index_dtype", [("float32", "int32"), ("int8", "int64"),
                                               ("float64", "int16")])
def test_gather_1d(cuda, dtype, index_dtype, n, k, warps):
    rng = np.random.default_rng([n, k, warps])
    x = _random(rng, dtype, (n,))
    index = _indices(rng, n, (k,), index_dtype)
    out = _poisoned(cuda, (k,), dtype)
    gather_1d[(1,)](_device(cuda, x), _device(cuda, index), out, N=n, K=k, num_warps=warps)
    _same_bits(out.cpu().numpy(), _gathered(x, index, 0))


SHAPES_2D = [(8, 16), (32, 32), (4, 64), (64, 8), (16, 128), (2, 256)]


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("scale", [0.5, 1, 2])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("shape", SHAPES_2D)
def test_gather_2d(cuda, shape, axis, scale, warps):
    """Indices half, as many and twice as many as the source has along the axis."""
    rng = np.random.default_rng([shape[0], shape[1], axis, int(scale * 2), warps])
    index_shape = list(shape)
    index_shape[axis] = max(1, int(shape[axis] * scale))
    x = _random(rng, "float32", shape)
    index = _indices(rng, shape[axis], index_shape, "int32")
    out = _poisoned(cuda, index_shape, "float32")
    gather_2d[(1,)](_device(cuda, x), _device(cuda, index), out, M=shape[0], N=shape[1],
                    IM=index_shape[0], IN=index_shape[1], AXIS=axis, num_warps=warps)
    _same_bits(out.cpu().numpy(), _gathered(x, index, axis))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4])
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("dtype,index_dtype", [("float16", "int64"), ("int8", "int16"),
                                               ("bool", "int32"), ("float64", "uint8"),
                                               ("int64", "int8")])
def test_gather_2d_types(cuda, dtype, index_dtype, axis, warps):
    shape, index_shape = (16, 32), [16, 32]
    index_shape[axis] *= 2
    rng = np.random.default_rng([axis, warps])
    x = _random(rng, dtype, shape)
    index = _indices(rng, shape[axis], index_shape, index_dtype)
    out = _poisoned(cuda, index_shape, dtype)
    gather_2d[(1,)](_device(cuda, x), _device(cuda, index), out, M=shape[0], N=shape[1],
                    IM=index_shape[0], IN=index_shape[1], AXIS=axis, num_warps=warps)
    _same_bits(out.cpu().numpy(), _gathered(x, index, axis))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_gather_3d(cuda, axis, warps):
    shape = (4, 8, 16)
    index_shape = list(shape)
    index_shape[axis] *= 2
    rng = np.random.default_rng([axis, warps])
    x = _random(rng, "int32", shape)
    index = _indices(rng, shape[axis], index_shape, "int32")
    out = _poisoned(cuda, index_shape, "int32")
    gather_3d[(1,)](_device(cuda, x), _device(cuda, index), out, A=4, B=8, C=16,
                    IA=index_shape[0], IB=index_shape[1], IC=index_shape[2], AXIS=axis,
                    num_warps=warps)
    _same_bits(out.cpu().numpy(), _gathered(x, index, axis))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4])
@pytest.mark.parametrize("shape", [(8, 16), (64, 8)])
def test_gather_in_a_loop(cuda, shape, warps):
    tiles = 5
    rng = np.random.default_rng([shape[0], warps])
    x = _random(rng, "float32", (tiles, *shape))
    index = _indices(rng, shape[0], shape, "int32")
    out = _poisoned(cuda, (tiles, *shape), "float32")
    gather_in_a_loop[(1,)](_device(cuda, x), _device(cuda, index), out, M=shape[0],
                           N=shape[1], TILES=tiles, num_warps=warps)
    want = np.stack([_gathered(x[t], index, 0) for t in range(tiles)])
    _same_bits(out.cpu().numpy(), want)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4])
@pytest.mark.parametrize("dim", [0, 1])
def test_flip(cuda, dim, warps):
    rng = np.random.default_rng([dim, warps])
    x = _random(rng, "float32", (16, 64))
    out = _poisoned(cuda, (16, 64), "float32")
    flip_2d[(1,)](_device(cuda, x), out, M=16, N=64, DIM=dim, num_warps=warps)
    _same_bits(out.cpu().numpy(), np.flip(x, dim).copy())


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("masked", [False, True])
@pytest.mark.parametrize("dtype", ["int32", "int8", "int64", "uint8"])
@pytest.mark.parametrize("block,bins", [(128, 32), (16, 64), (1024, 8), (256, 256), (64, 1),
                                        (2048, 1024)])
def test_histogram(cuda, block, bins, dtype, masked, warps):
    """Values from -bins to 2 bins (those outside [0, bins) are not counted; an uint8 from 128
    on reads as negative), the first n of them where masked."""
    rng = np.random.default_rng([block, bins, masked, warps])
    info = np.iinfo(dtype)
    x = rng.integers(max(info.min, -bins), min(info.max, 2 * bins) + 1, block).astype(dtype)
    n = int(rng.integers(0, block + 1))
    out = _poisoned(cuda, (bins,), "int32")
    histogram[(1,)](_device(cuda, x), out, n, BLOCK=block, BINS=bins, MASKED=masked,
                    num_warps=warps)
    np.testing.assert_array_equal(out.cpu().numpy(), _counts(x, n, bins, masked))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4])
def test_histogram_in_a_loop(cuda, warps):
    rng = np.random.default_rng(warps)
    n, bins = 10_000, 64
    x = rng.integers(-8, bins + 8, n).astype(np.int32)
    out = _poisoned(cuda, (bins,), "int32")
    histogram_in_a_loop[(1,)](_device(cuda, x), out, n, BLOCK=512, BINS=bins, num_warps=warps)
    np.testing.assert_array_equal(out.cpu().numpy(), _counts(x, n, bins, False))


OUT_OF_RANGE = textwrap.dedent('''\
    import torch
    import nereid
    import nereid.language as tl


    @nereid.jit
    def gather_kernel(x_ptr, index_ptr, out_ptr, N: tl.constexpr):
        offsets = tl.arange(0, N)
        x = tl.load(x_ptr + offsets)
        tl.store(out_ptr + offsets, tl.gather(x, tl.load(index_ptr + offsets), 0))


    x = torch.arange(16, dtype=torch.float32, device="cuda")
    index = torch.randint(0, 16, (16,), dtype=torch.int32, device="cuda")
    out = torch.empty(16, device="cuda")
    gather_kernel[(1,)](x, index, out, N=16)
    torch.cuda.synchronize()
    assert torch.equal(out, x[index.long()])
    print("passed within the source")
    index[5] = 16
    try:
        gather_kernel[(1,)](x, index, out, N=16)
        torch.cuda.synchronize()
    except RuntimeError as error:
        print("launch failed:", error)
    ''')


@pytest.mark.nvidia
def test_an_out_of_range_index_stops_the_kernel_with_its_line(cuda, tmp_path):
    script = tmp_path / "out_of_range.py"
    script.write_text(OUT_OF_RANGE)
    line = OUT_OF_RANGE.splitlines().index(
        "    tl.store(out_ptr + offsets, tl.gather(x, tl.load(index_ptr + offsets), 0))") + 1
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            timeout=300)
    assert "passed within the source" in result.stdout, result.stderr
    assert "launch failed:" in result.stdout and "device-side assert" in result.stdout, (
        result.stdout, result.stderr)
    report = [text for text in result.stderr.splitlines() if "Assertion" in text]
    assert report, result.stderr
    assert report[0].startswith(f"{script}:{line}: gather_kernel: block: [0,0,0]"), report
    assert ("Assertion `out-of-range tt.gather index: an index outside [0, 16) along axis 0` "
            "failed.") in report[0], report


# Ahead of time, without a GPU ------------------------------------------------------------------

def _np(dtype, n=4):
    return np.zeros(n, dtype)


COMPILED = {
    "gather_1d-lanes": lambda target, warps: gather_1d.warmup(
        _np("float32"), _np("int32"), _np("float32"), N=32, K=32, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
    "gather_1d-wide": lambda target, warps: gather_1d.warmup(
        _np("float64"), _np("int64"), _np("float64"), N=1024, K=512, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    **{f"gather_2d-axis{axis}": (lambda axis: lambda target, warps: gather_2d.warmup(
        _np("float16"), _np("int16"), _np("float16"), M=16, N=64, IM=32 if axis == 0 else 16,
        IN=64 if axis == 0 else 128, AXIS=axis, grid=(1,), backend="nvidia", target=target,
        num_warps=warps))(axis) for axis in (0, 1)},
    "gather_2d-bool": lambda target, warps: gather_2d.warmup(
        _np("bool"), _np("uint8"), _np("bool"), M=8, N=16, IM=8, IN=32, AXIS=1, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    **{f"gather_3d-axis{axis}": (lambda axis: lambda target, warps: gather_3d.warmup(
        _np("int32"), _np("int32"), _np("int32"), A=4, B=8, C=16, IA=4, IB=8, IC=16, AXIS=axis,
        grid=(1,), backend="nvidia", target=target, num_warps=warps))(axis)
       for axis in (0, 1, 2)},
    "gather_in_a_loop": lambda target, warps: gather_in_a_loop.warmup(
        _np("float32"), _np("int32"), _np("float32"), M=64, N=8, TILES=5, grid=(1,),
        backend="nvidia", target=target, num_warps=warps),
    "flip": lambda target, warps: flip_2d.warmup(
        _np("float32"), _np("float32"), M=16, N=64, DIM=1, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
    **{f"histogram-{dtype}-{'masked' if masked else 'all'}":
       (lambda dtype, masked: lambda target, warps: histogram.warmup(
           _np(dtype), _np("int32"), 7, BLOCK=1024, BINS=256, MASKED=masked, grid=(1,),
           backend="nvidia", target=target, num_warps=warps))(dtype, masked)
       for dtype in ("int32", "int8", "int64") for masked in (False, True)},
    "histogram_in_a_loop": lambda target, warps: histogram_in_a_loop.warmup(
        _np("int32"), _np("int32"), 10_000, BLOCK=512, BINS=64, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
}


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
@pytest.mark.parametrize("name", sorted(COMPILED))
def test_compiles_to_ptx_for_the_chip(name, target, chip, warps, compile_ptx):
    ptx = compile_ptx(COMPILED[name](target, warps))
    assert f".target {chip}" in ptx
    if name.startswith("gather"):
        assert "__assertfail" in ptx
    if name == "flip":  # its indices, n - 1 - arange(n), are in range: LLVM drops the check
        assert "__assertfail" not in ptx
    if name == "gather_1d-lanes" and warps == 1:  # 32 elements on the 32 lanes of one warp
        assert "shfl.sync.idx.b32" in ptx and ".shared" not in ptx
    if name == "gather_2d-axis0" and warps > 1:  # rows on several warps: shared memory
        assert "ld.shared" in ptx and "bar.sync" in ptx
    if name.startswith("histogram"):
        assert "atom.shared.add" in ptx
