"""The shared memory of NVIDIA kernels: one dynamic buffer per kernel, which every op that goes
through shared memory (layout conversions, reductions and scans across warps, gathers, atomics'
old values) uses at offset 0 in turn, a barrier keeping each op's writes from overtaking the
reads of the op before; its size, the largest op's, is given at launch, with the opt-in above
48 KiB.

On a GPU (skipped, with the backend's reason, where none runs): a tl.cat of two loaded 4096- and
8192-element f32 tiles (whose three conversions needed 64 and 128 KiB of static shared memory
together), a reduction across warps, a gather through shared memory and a transposed store's
conversion in sequence, and a loop whose body reduces and scans across warps, each against
numpy on random inputs, and the kernel's `metadata.shared`.

Without a GPU: the same kernels compile for cuda:80 and cuda:90 through ptxas, whose PTX
declares no static shared memory, only the extern dynamic array, with the size and barriers
that the allocation gives them."""

import re
import subprocess

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid_nvidia.toolkit import find_tool


@nereid.jit
def cat_tiles(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    """out (2N) = x (N) then y (N)."""
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r)
    y = tl.load(y_ptr + r)
    tl.store(out_ptr + tl.arange(0, 2 * N), tl.cat(x, y, can_reorder=False))


@nereid.jit
def reduce_gather_convert(x_ptr, index_ptr, sums_ptr, out_ptr, M: tl.constexpr,
                          N: tl.constexpr):
    """sums (N) = x (M x N) summed along dim 0, across the warps that hold its rows; out (N x M)
    = the transpose of x gathered along dim 0 at index (M x N), plus sums: the reduction, the
    gather and the transposed store's layout conversion each go through shared memory."""
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    offsets = rm[:, None] * N + rn[None, :]
    x = tl.load(x_ptr + offsets)
    sums = tl.sum(x, axis=0)
    gathered = tl.gather(x, tl.load(index_ptr + offsets), axis=0) + sums[None, :]
    tl.store(out_ptr + rn[:, None] * M + rm[None, :], tl.trans(gathered))
    tl.store(sums_ptr + rn, sums)


@nereid.jit
def loop_reduce_scan(x_ptr, sums_ptr, scans_ptr, iters, M: tl.constexpr, N: tl.constexpr):
    """For each of `iters` tiles (M x N) of x: its cumulative sum along dim 0 into scans, and
    the sum of all tiles along dim 0 into sums (N); both across the warps that hold rows."""
    offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    total = tl.zeros([N], tl.int32)
    for i in range(iters):
        x = tl.load(x_ptr + i * M * N + offsets)
        total += tl.sum(x, axis=0)
        tl.store(scans_ptr + i * M * N + offsets, tl.cumsum(x, axis=0))
    tl.store(sums_ptr + tl.arange(0, N), total)


def _ints(rng, shape):
    """Random int32 values small enough that no sum here overflows."""
    return rng.integers(-1000, 1000, shape, dtype=np.int32)


# On the GPU --------------------------------------------------------------------------------


def _device(torch, array):
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def _poisoned(torch, shape, dtype):
    """An output the kernel must overwrite (NaN for floats, -77 for integers)."""
    if dtype == "float32":
        return torch.full(shape, float("nan"), dtype=torch.float32, device="cuda")
    return torch.full(shape, -77, dtype=getattr(torch, dtype), device="cuda")


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("n", [4096, 8192])
def test_cat_of_two_large_tiles(cuda, n, warps):
    rng = np.random.default_rng([n, warps])
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    out = _poisoned(cuda, (2 * n,), "float32")
    cat_tiles[(1,)](_device(cuda, x), _device(cuda, y), out, N=n, num_warps=warps)
    np.testing.assert_array_equal(out.cpu().numpy().view(np.uint32),
                                  np.concatenate([x, y]).view(np.uint32))


@pytest.mark.nvidia
def test_metadata_shared_reports_the_dynamic_shared_memory(cuda):
    # Two 8192-element tiles: the 16384-element result's conversion needs 64 KiB (its three
    # conversions needed 128 KiB of static shared memory together), above the 48 KiB that a
    # block gets without the opt-in.
    x = _device(cuda, np.arange(16384, dtype=np.float32))
    kernel = cat_tiles.warmup(x, x, x, N=8192, grid=(1,), backend="nvidia", num_warps=4)
    native = nereid.backends.get("nvidia").compile(kernel)
    assert native.shared_bytes == 16384 * 4
    kernel._init_handles()
    assert kernel.metadata.shared == native.shared_bytes


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [2, 4, 8])
@pytest.mark.parametrize("shape", [(64, 32), (16, 128), (128, 16)])
def test_reduction_gather_and_conversion_in_sequence(cuda, shape, warps):
    m, n = shape
    rng = np.random.default_rng([m, n, warps])
    x = _ints(rng, shape)
    index = rng.integers(0, m, shape, dtype=np.int32)
    sums = _poisoned(cuda, (n,), "int32")
    out = _poisoned(cuda, (n, m), "int32")
    reduce_gather_convert[(1,)](_device(cuda, x), _device(cuda, index), sums, out, M=m, N=n,
                                num_warps=warps)
    want_sums = x.sum(axis=0, dtype=np.int32)
    np.testing.assert_array_equal(sums.cpu().numpy(), want_sums)
    gathered = np.take_along_axis(x, index, axis=0) + want_sums[None, :]
    np.testing.assert_array_equal(out.cpu().numpy(), gathered.T)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [4, 8])
@pytest.mark.parametrize("iters", [1, 3, 7])
def test_loop_with_reduction_and_scan_inside(cuda, iters, warps):
    m, n = 64, 32
    rng = np.random.default_rng([iters, warps])
    x = _ints(rng, (iters, m, n))
    sums = _poisoned(cuda, (n,), "int32")
    scans = _poisoned(cuda, (iters, m, n), "int32")
    loop_reduce_scan[(1,)](_device(cuda, x), sums, scans, iters, M=m, N=n, num_warps=warps)
    np.testing.assert_array_equal(sums.cpu().numpy(), x.sum(axis=(0, 1), dtype=np.int32))
    np.testing.assert_array_equal(scans.cpu().numpy(), np.cumsum(x, axis=1, dtype=np.int32))


# Without a GPU -----------------------------------------------------------------------------


def _np(dtype, n=1):
    return np.zeros(n, dtype)


# Each kernel warmed up for a target and warps, with the shared memory it needs: its largest
# buffer, as the ops' own sizes give it (every buffer starts at offset 0).
COMPILED = {
    # The 2N-element result's conversion (f32), larger than each operand's.
    **{f"cat-{n}": (lambda n: (lambda target, warps: cat_tiles.warmup(
        _np("float32"), _np("float32"), _np("float32"), N=n, grid=(1,), backend="nvidia",
        target=target, num_warps=warps), 2 * n * 4))(n) for n in (4096, 8192)},
    # The gather's source and the transpose's conversion: 64 x 32 i32 each.
    "reduce-gather-convert": (lambda target, warps: reduce_gather_convert.warmup(
        _np("int32"), _np("int32"), _np("int32"), _np("int32"), M=64, N=32, grid=(1,),
        backend="nvidia", target=target, num_warps=warps), 64 * 32 * 4),
    # The loaded tile's conversion to the layout whose warps hold rows, and the scan's back:
    # 64 x 32 i32 each, more than the reduction's and the scan's exchanges.
    "loop-reduce-scan": (lambda target, warps: loop_reduce_scan.warmup(
        _np("int32"), _np("int32"), _np("int32"), 3, M=64, N=32, grid=(1,),
        backend="nvidia", target=target, num_warps=warps), 64 * 32 * 4),
}

_SHARED_DECLARATION = re.compile(r"^\s*\.(?:extern\s+)?\.shared\b.*$", re.MULTILINE)


@pytest.mark.parametrize("warps", [4, 8])
@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
@pytest.mark.parametrize("name", sorted(COMPILED))
def test_compiles_with_one_dynamic_shared_buffer(name, target, chip, warps, compile_ptx,
                                                tmp_path):
    warmup, expected = COMPILED[name]
    kernel = warmup(target, warps)
    ptx = compile_ptx(kernel)
    assert f".target {chip}" in ptx
    # ptxas sees no static shared memory, only the array whose size the launch gives.
    assert _SHARED_DECLARATION.findall(ptx) == [
        ".extern .shared .align 1024 .b8 nereid_shared[];"]
    assert nereid.backends.get("nvidia").compile(kernel).shared_bytes == expected
    ptxas = find_tool("ptxas")
    if ptxas is not None:  # its resource report names static shared memory ("N bytes smem")
        (tmp_path / "k.ptx").write_text(ptx)
        report = subprocess.run([str(ptxas), "-v", f"-arch={chip}", str(tmp_path / "k.ptx"),
                                 "-o", str(tmp_path / "k.cubin")], capture_output=True,
                                text=True, check=True)
        assert "Used" in report.stderr and "smem" not in report.stderr


def test_the_kernel_cache_keeps_the_shared_memory_size(monkeypatch, tmp_path):
    """A cubin from the disk cache comes with the dynamic shared memory it was compiled with."""
    from nereid_nvidia import compiler

    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("NEREID_DUMP_IR", raising=False)
    kernel = COMPILED["cat-8192"][0]("cuda:90", 2)

    def compile():
        return compiler.compile(kernel.asm["ttir"], kernel.name, kernel.signature.types,
                                kernel.options)

    compiled = compile()

    def not_lowered_again(*args, **kwargs):
        raise AssertionError("the second compilation lowered the kernel instead of reading the "
                             "cache")

    monkeypatch.setattr(compiler, "lower", not_lowered_again)
    cached = compile()
    assert cached.cubin == compiled.cubin
    assert cached.shared_bytes == compiled.shared_bytes == 16384 * 4


def test_buffers_in_sequence_are_separated_by_barriers(compile_ptx):
    """Five ops go through the same bytes: the loaded tile's conversion to the layout whose
    warps hold rows (the kernel's first access to shared memory: no barrier before its writes,
    one after), the reduction, the indices' conversion, the gather and the transpose's
    conversion (a barrier before their writes and one after each): nine barriers; and two
    that keep the program's global accesses in order (ttg-order-global-memory), before the
    first store (after the loads) and before the second (after the first)."""
    # Two warps: the compile-only test above compiles the kernel for 4 and 8 in this process.
    ptx = compile_ptx(COMPILED["reduce-gather-convert"][0]("cuda:90", 2))
    assert ptx.count("bar.sync") == 9 + 2
