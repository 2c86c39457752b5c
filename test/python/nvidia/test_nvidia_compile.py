"""Kernels compiled for NVIDIA GPUs on a machine without one (ahead of time, `warmup` with
`backend="nvidia"` and a `target`): libnereid lowers them to PTX, and ptxas, where the CUDA
toolkit is installed (CI has it), assembles a cubin for each chip. What the GPU computes is
checked on the GPU machine (test_nvidia_launch.py, scripts/gpu)."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.compiler.errors import CompilationError
from nereid_nvidia import compiler
from nereid.language.extra import libdevice
from nereid_nvidia.toolkit import find_libdevice, find_tool

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
def sin_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.sin(tl.load(x_ptr + offsets)))


@nereid.jit
def fp8_dot_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)[:, None] * BLOCK + tl.arange(0, BLOCK)[None, :]
    x = tl.load(x_ptr + offsets)
    tl.store(out_ptr + offsets, tl.dot(x, x))


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
    fp8 = np.zeros(256, ml_dtypes.float8_e4m3fn)
    kernel = fp8_dot_kernel.warmup(fp8, _f32(256), BLOCK=16, grid=(1,), backend="nvidia",
                                   target="cuda:90")
    with pytest.raises(CompilationError) as error:
        nereid.backends.get("nvidia").compile(kernel)
    message = str(error.value)
    assert "the NVIDIA backend cannot lower 'tt.dot' yet: a dot of f8E4M3FN operands" in message
    assert "tl.store(out_ptr + offsets, tl.dot(x, x))" in message


@nereid.jit
def every_math_function(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    y = tl.load(y_ptr + offsets)
    r = (tl.exp(x) + tl.exp2(x) + tl.log(x) + tl.log2(x) + tl.sin(x) + tl.cos(x) + tl.sqrt(x)
         + tl.rsqrt(x) + tl.erf(x) + tl.floor(x) + tl.ceil(x) + tl.abs(x) + tl.fma(x, y, x))
    r += (libdevice.exp10(x) + libdevice.expm1(x) + libdevice.log10(x) + libdevice.log1p(x)
          + libdevice.tan(x) + libdevice.asin(x) + libdevice.acos(x) + libdevice.atan(x)
          + libdevice.sinh(x) + libdevice.cosh(x) + libdevice.tanh(x) + libdevice.asinh(x)
          + libdevice.acosh(x) + libdevice.atanh(x) + libdevice.erfc(x) + libdevice.erfinv(x)
          + libdevice.erfcinv(x) + libdevice.cbrt(x) + libdevice.lgamma(x) + libdevice.tgamma(x)
          + libdevice.j0(x) + libdevice.j1(x) + libdevice.y0(x) + libdevice.y1(x)
          + libdevice.normcdf(x) + libdevice.normcdfinv(x) + libdevice.sinpi(x)
          + libdevice.cospi(x) + libdevice.logb(x) + libdevice.round(x) + libdevice.rint(x)
          + libdevice.trunc(x) + libdevice.nearbyint(x))
    r += (libdevice.pow(x, y) + libdevice.atan2(x, y) + libdevice.hypot(x, y)
          + libdevice.fmod(x, y) + libdevice.copysign(x, y) + libdevice.fmin(x, y)
          + libdevice.fmax(x, y) + libdevice.fdim(x, y) + libdevice.nextafter(x, y)
          + tl.sqrt_rn(x) + tl.div_rn(x, y) + libdevice.rcp_rn(y))
    r = tl.where(libdevice.isnan(x) | libdevice.isinf(y) | libdevice.isfinited(r), r, 0.0)
    tl.store(out_ptr + offsets, r)


@nereid.jit
def narrow_math(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    tl.store(out_ptr + offsets, tl.exp(x) + tl.sin(x) + tl.log2(x) + tl.rsqrt(x))


@nereid.jit
def print_and_assert(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.device_print("x", x)
    tl.device_print("x hex", x, hex=True)
    print("pid", tl.program_id(0), x)
    tl.device_assert(x == x, "x is NaN")


def _dump(kernel, tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path / "dump"))
    native = nereid.backends.get("nvidia").compile(kernel)
    return native, (tmp_path / "dump" / f"{kernel.name}.ptx").read_text()


def _assembled(native, ptx):
    if find_tool("ptxas") is None:
        return native.cubin == ptx.encode() + b"\0"
    return native.cubin[:4] == b"\x7fELF"


@pytest.mark.skipif(find_libdevice() is None, reason="libdevice (the CUDA toolkit) is not here")
@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("target,chip", CHIPS)
def test_every_math_function_links_libdevice(target, chip, dtype, monkeypatch, tmp_path):
    """Every function of tl.math and tl.extra.libdevice compiles: libdevice's functions are
    linked in and inlined (the PTX calls none), its reflection resolved, and ptxas accepts the
    PTX. sqrt is correctly rounded."""
    kernel = every_math_function.warmup(np.zeros(128, dtype), np.zeros(128, dtype),
                                        np.zeros(128, dtype), BLOCK=128, grid=(1,),
                                        backend="nvidia", target=target)
    native, ptx = _dump(kernel, tmp_path, monkeypatch)
    assert ".extern .func" not in ptx and "__nv_" not in ptx and "__nvvm_reflect" not in ptx
    if dtype == np.float32:
        assert "sqrt.rn.f32" in ptx
    else:
        assert "sqrt.rn.f64" in ptx
    assert _assembled(native, ptx)


@nereid.jit
def exp2_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.exp2(tl.load(x_ptr + offsets)))


@pytest.mark.skipif(find_libdevice() is None, reason="libdevice (the CUDA toolkit) is not here")
def test_libdevice_keeps_subnormals(monkeypatch, tmp_path):
    """libdevice's __nv_exp2f is ex2.approx.ftz.f32 where its __CUDA_FTZ reflection is set, and
    ex2.approx.f32 where it is 0, as Nereid leaves it (subnormals are kept)."""
    kernel = exp2_kernel.warmup(_f32(128), _f32(128), BLOCK=128, grid=(1,), backend="nvidia",
                                target="cuda:90")
    _, ptx = _dump(kernel, tmp_path, monkeypatch)
    assert "ex2.approx.f32" in ptx and ".ftz" not in ptx


@pytest.mark.skipif(find_libdevice() is None, reason="libdevice (the CUDA toolkit) is not here")
@pytest.mark.parametrize("dtype", [np.float16, "bfloat16"], ids=["f16", "bf16"])
def test_narrow_math_goes_through_f32(dtype, monkeypatch, tmp_path):
    if dtype == "bfloat16":
        dtype = pytest.importorskip("ml_dtypes").bfloat16
    kernel = narrow_math.warmup(np.zeros(128, dtype), np.zeros(128, dtype), BLOCK=128,
                                grid=(1,), backend="nvidia", target="cuda:90")
    native, ptx = _dump(kernel, tmp_path, monkeypatch)
    assert ".extern .func" not in ptx and "__nv_" not in ptx
    assert "cvt.f32.f16" in ptx or "cvt.f32.bf16" in ptx
    assert _assembled(native, ptx)


def test_without_libdevice_math_is_an_error_naming_it(monkeypatch, tmp_path):
    """A machine with the driver alone has no libdevice: a kernel that calls it cannot be
    compiled, and the error says what to install or set. Kernels without libdevice's functions
    compile."""
    monkeypatch.setattr(compiler, "find_libdevice", lambda: None)
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path))
    kernel = sin_kernel.warmup(_f32(128), _f32(128), BLOCK=128, grid=(1,), backend="nvidia",
                               target="cuda:90")
    with pytest.raises(CompilationError) as error:
        nereid.backends.get("nvidia").compile(kernel)
    message = str(error.value)
    assert "the kernel calls libdevice's __nv_sinf, and no libdevice was found" in message
    assert "NEREID_LIBDEVICE_PATH or TRITON_LIBDEVICE_PATH" in message
    assert nereid.backends.get("nvidia").compile(KERNELS["add"]("cuda:90", 4))


@pytest.mark.skipif(find_libdevice() is None, reason="libdevice (the CUDA toolkit) is not here")
@pytest.mark.parametrize("variable", ["NEREID_LIBDEVICE_PATH", "TRITON_LIBDEVICE_PATH"])
def test_the_libdevice_variables_name_the_bitcode(variable, monkeypatch, tmp_path):
    copy = tmp_path / "libdevice.10.bc"
    copy.write_bytes(find_libdevice().read_bytes())
    monkeypatch.setenv(variable, str(copy))
    assert find_libdevice() == copy
    monkeypatch.setenv(variable, str(tmp_path / "missing.bc"))
    with pytest.raises(FileNotFoundError, match=f"{variable}=.*missing.bc names no file"):
        find_libdevice()


@nereid.jit
def lgamma_kernel(x_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    tl.store(x_ptr + offsets, libdevice.lgamma(tl.load(x_ptr + offsets)))


@pytest.mark.skipif(find_libdevice() is None, reason="libdevice (the CUDA toolkit) is not here")
def test_a_libdevice_function_that_does_not_exist_is_an_error(monkeypatch, tmp_path):
    """tt IR (given as text) may name any __nv_ function in a tt.extern_elementwise: one that
    libdevice lacks is an error naming it, not a ptxas failure."""
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path))
    ttir = lgamma_kernel.warmup(_f32(128), BLOCK=128, grid=(1,), backend="nvidia",
                                target="cuda:90").asm["ttir"]
    assert '"__nv_lgammaf"' in ttir
    with pytest.raises(CompilationError, match="has no function __nv_no_such_functionf"):
        compiler.compile(ttir.replace('"__nv_lgammaf"', '"__nv_no_such_functionf"'),
                         "lgamma_kernel", {}, {"target": "cuda:90"})


@pytest.mark.parametrize("target,chip", CHIPS)
def test_print_and_assert_compile(target, chip, monkeypatch, tmp_path):
    """tt.print is vprintf with the interpreter's lines as formats, tt.assert __assertfail with
    the kernel's Python file and line; ptxas accepts both."""
    kernel = print_and_assert.warmup(_f32(64), BLOCK=64, grid=(1,), backend="nvidia",
                                     target=target, num_warps=4)
    native, ptx = _dump(kernel, tmp_path, monkeypatch)
    assert "call.uni (retval0), vprintf," in ptx or "vprintf" in ptx
    assert "__assertfail" in ptx
    line = print_and_assert.fn.__code__.co_firstlineno + 6
    llir = (tmp_path / "dump" / f"{kernel.name}.llir").read_text()
    assert "pid (%u, %u, %u) idx (%u) x: %.9g\\0A" in llir
    assert "pid (%u, %u, %u) idx (%u) x hex: 0x%08x\\0A" in llir
    assert "pid (%u, %u, %u) pid: (operand 0) %d\\0A" in llir
    assert "x is NaN" in llir and __file__.encode().decode() in llir
    assert f"llvm.mlir.constant({line} : i32)" in llir
    assert _assembled(native, ptx)


@pytest.mark.parametrize("target", ["cuda:75", "cuda:sm_90", "hip:gfx942", 120])
def test_a_gpu_nereid_does_not_compile_for_is_an_error(target):
    with pytest.raises(ValueError, match="Nereid compiles for compute capabilities 80, 86, 89, "
                                         "90"):
        compiler.resolve_target("k", {"target": target})


@pytest.mark.skipif(find_tool("ptxas") is None, reason="ptxas (the CUDA toolkit) is not here")
def test_a_kernel_is_compiled_for_each_current_devices_chip(monkeypatch, tmp_path):
    """Without a `target`, a kernel compiles for the current device: in a process whose GPUs
    differ, the cubin of one is not reused for the other."""
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path))
    kernel = add_kernel.warmup(_f32(64), _f32(64), _f32(64), 64, BLOCK=64, grid=(1,),
                               backend="nvidia")
    assert "target" not in kernel.options
    backend = nereid.backends.get("nvidia")
    cubins = {}
    for capability in (80, 90, 80):
        monkeypatch.setattr(compiler, "_current_device_capability", lambda: capability)
        cubins.setdefault(capability, set()).add(backend.compile(kernel).cubin)
    assert all(len(found) == 1 for found in cubins.values())
    assert cubins[80] != cubins[90]


def test_a_libnereid_built_without_the_nvidia_backend_says_so(monkeypatch):
    from nereid import _capi

    assert "nvidia" in _capi.built_backends()  # this build's
    monkeypatch.setattr(_capi, "built_backends", lambda: frozenset({"cpu"}))
    ttir = KERNELS["add"]("cuda:90", 4).asm["ttir"]
    with pytest.raises(RuntimeError, match=r"cannot compile kernel `add_kernel` for NVIDIA GPUs: "
                                           r"libnereid \(.*\) was built without the nvidia "
                                           "backend; build it with nvidia in NEREID_BACKENDS"):
        compiler.compile(ttir, "add_kernel", {}, {"target": "cuda:90"})
