"""Kernels compiled for NVIDIA GPUs on a machine without one (ahead of time, `warmup` with
`backend="nvidia"` and a `target`): libnereid lowers them to PTX, and ptxas, where the CUDA
toolkit is installed (CI has it), assembles a cubin for each chip. What the GPU computes is
checked on the GPU machine (test_nvidia_launch.py, scripts/gpu)."""

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.compiler.errors import CompilationError
from nereid_nvidia import compiler
from nereid_nvidia.toolkit import find_tool

CHIPS = [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")]


@nereid.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask)
             + tl.load(y_ptr + offsets, mask=mask), mask=mask)


@nereid.jit
def saxpy_grid_2d(x_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    pid = tl.program_id(1) * tl.num_programs(0) + tl.program_id(0)
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + offsets, tl.where(x > 0, alpha * x, x), mask=mask)


@nereid.jit
def flags_kernel(x_ptr, flags_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(flags_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) > 0, mask=mask)


@nereid.jit
def outer_add(x_ptr, y_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    x = tl.load(x_ptr + rm, mask=rm < M, other=0.0)
    y = tl.load(y_ptr + rn, mask=rn < N, other=0.0)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], x[:, None] * 2.0 + y[None, :], mask=mask)


@nereid.jit
def math_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    tl.store(out_ptr + offsets, tl.sqrt(tl.abs(x)) + tl.fma(x, x, 1.0) + tl.floor(x))


@nereid.jit
def exp_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.exp(tl.load(x_ptr + offsets)))


@nereid.jit
def sum_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(out_ptr, tl.sum(tl.load(x_ptr + offsets)))


def _f32(n):
    return np.zeros(n, np.float32)


KERNELS = {
    "add": lambda target, warps: add_kernel.warmup(
        _f32(4), _f32(4), _f32(4), 4, BLOCK=1024, grid=(1,), backend="nvidia", target=target,
        num_warps=warps),
    "saxpy": lambda target, warps: saxpy_grid_2d.warmup(
        _f32(4), _f32(4), 2.0, 4, BLOCK=256, grid=(1, 1), backend="nvidia", target=target,
        num_warps=warps),
    "outer_add": lambda target, warps: outer_add.warmup(
        _f32(4), _f32(4), _f32(16), 4, 4, BM=32, BN=64, grid=(1, 1), backend="nvidia",
        target=target, num_warps=warps),
    "math": lambda target, warps: math_kernel.warmup(
        _f32(128), _f32(128), BLOCK=128, grid=(1,), backend="nvidia", target=target,
        num_warps=warps),
    "flags": lambda target, warps: flags_kernel.warmup(
        _f32(4), np.zeros(4, np.bool_), 4, BLOCK=64, grid=(1,), backend="nvidia",
        target=target, num_warps=warps),
}


@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("target,chip", CHIPS)
@pytest.mark.parametrize("name", sorted(KERNELS))
def test_kernel_compiles_to_ptx_for_the_chip(name, target, chip, warps, monkeypatch, tmp_path):
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path / "dump"))
    kernel = KERNELS[name](target, warps)
    assert kernel.metadata.backend == "nvidia"
    native = nereid.backends.get("nvidia").compile(kernel)
    ptx = (tmp_path / "dump" / f"{kernel.name}.ptx").read_text()
    assert f".target {chip}" in ptx
    assert f".reqntid {32 * warps}, 1, 1" in ptx
    assert f".visible .entry {kernel.name}(" in ptx
    assert native.num_warps == warps and native.block == 32 * warps
    if find_tool("ptxas") is None:
        assert native.cubin == ptx.encode() + b"\0"  # for the driver to compile
    else:
        assert native.cubin[:4] == b"\x7fELF"


@pytest.mark.skipif(find_tool("ptxas") is None, reason="ptxas (the CUDA toolkit) is not here")
def test_the_cubin_is_cached(monkeypatch, tmp_path):
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path))
    ttir = KERNELS["add"]("cuda:90", 4).asm["ttir"]
    first = compiler.compile(ttir, "add_kernel", {}, {"target": "cuda:90"})
    calls = []
    monkeypatch.setattr(compiler, "assemble", lambda *args: calls.append(args))
    second = compiler.compile(ttir, "add_kernel", {}, {"target": "cuda:90"})
    assert second.cubin == first.cubin and not calls


def test_an_op_not_lowered_yet_names_itself_the_backend_and_the_line():
    kernel = sum_kernel.warmup(_f32(128), _f32(1), BLOCK=128, grid=(1,), backend="nvidia",
                               target="cuda:90")
    with pytest.raises(CompilationError) as error:
        nereid.backends.get("nvidia").compile(kernel)
    message = str(error.value)
    assert "the NVIDIA backend cannot lower 'tt.reduce' yet" in message
    assert "tl.store(out_ptr, tl.sum(tl.load(x_ptr + offsets)))" in message
    assert "tt.reduce.return" not in message


def test_math_that_needs_libdevice_is_a_clear_error():
    """LLVM's NVPTX code generator has no instruction for exp: without this check, the process
    exited in LLVM ("no libcall available for fexp")."""
    kernel = exp_kernel.warmup(_f32(128), _f32(128), BLOCK=128, grid=(1,), backend="nvidia",
                               target="cuda:90")
    with pytest.raises(CompilationError, match="the NVIDIA backend cannot lower 'math.exp' yet: "
                                               "it needs libdevice"):
        nereid.backends.get("nvidia").compile(kernel)


@pytest.mark.parametrize("target", ["cuda:75", "cuda:sm_90", "hip:gfx942", 120])
def test_a_gpu_nereid_does_not_compile_for_is_an_error(target):
    with pytest.raises(ValueError, match="Nereid compiles for compute capabilities 80, 86, 89, "
                                         "90"):
        compiler.resolve_target("k", {"target": target})
