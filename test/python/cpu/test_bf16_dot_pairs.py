"""bf16 dots in pairs of K with AVX-512 BF16's vdpbf16ps (NEREID_CPU_BF16_DOT, docs/cpu.md,
"dot"): each instruction is two f32 fmas of exact products, K's then the next, so the results
equal the interpreter's bit for bit, but for subnormals, which the instruction reads and writes
as zero. The setting is read when a kernel compiles, and a process keeps the kernels it
compiled: each test starts from new @jit functions and an empty table of native kernels."""

import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl
import nereid.backends
from nereid_cpu import compiler as cpu_compiler
from nereid_cpu.kernel import host_bf16_pair_cost
from nereid_cpu.target import Target, host_target

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels import tutorials  # noqa: E402
from kernels.conformance import on_interpreter  # noqa: E402

BF16 = np.dtype(ml_dtypes.bfloat16)
HAS_BF16 = (host_target().ttg_target == "cpu:x86_64:avx512"
            and "+avx512bf16" in host_target().features.split(","))
needs_bf16 = pytest.mark.skipif(not HAS_BF16, reason="this host's CPU lacks AVX-512 BF16")


@pytest.fixture(autouse=True)
def fresh_native_kernels(monkeypatch):
    monkeypatch.setattr(nereid.backends.get("cpu"), "kernels", {})


def batched_dot(a_ptr, b_ptr, c_ptr, out_ptr, B: tl.constexpr, M: tl.constexpr,
                N: tl.constexpr, K: tl.constexpr):
    rb = tl.arange(0, B)[:, None, None]
    rm = tl.arange(0, M)[None, :, None]
    rn = tl.arange(0, N)[None, None, :]
    a = tl.load(a_ptr + rb * M * K + rm * K + tl.arange(0, K)[None, None, :])
    b = tl.load(b_ptr + rb * K * N + tl.arange(0, K)[None, :, None] * N + rn)
    c = tl.load(c_ptr + rb * M * N + rm * N + rn)
    tl.store(out_ptr + rb * M * N + rm * N + rn, tl.dot(a, b, c))


def run_matmul(a, b, c, blocks):
    """The tutorial matmul, a fresh @jit, of `a` (M x K) and `b` (K x N, a view of an (N, K)
    array when it is column-major) into `c`."""
    (m, k), (_, n) = a.shape, b.shape
    block_m, block_n, block_k = blocks
    grid = (nereid.cdiv(m, block_m) * nereid.cdiv(n, block_n),)
    b_stored, b_strides = (b.T, (1, k)) if b.flags.f_contiguous else (b, (n, 1))
    nereid.jit(tutorials.matmul_kernel.fn)[grid](
        a, b_stored, c, m, n, k, k, 1, *b_strides, n, 1, BLOCK_SIZE_M=block_m,
        BLOCK_SIZE_N=block_n, BLOCK_SIZE_K=block_k, GROUP_SIZE_M=4, num_threads=2)


def within_dot_tolerance(actual, a, b):
    """`actual` within the dot tolerance of the exact product (numpy, in f64), per element
    (K + 1) * 2^-24 * sum |a b|, plus one bf16 ulp when `actual` is bf16."""
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    bound = (a.shape[-1] + 1) * 2.0**-24 * (np.abs(a64) @ np.abs(b64))
    if actual.dtype == BF16:
        bound += 2.0**-7 * np.abs(a64 @ b64)
    error = np.abs(actual.astype(np.float64) - a64 @ b64)
    assert np.all(error <= bound), f"{np.count_nonzero(error > bound)} elements off"


def assembly(dump: Path, kernel: str) -> str:
    return (dump / f"{kernel}.s").read_text()


@needs_bf16
@pytest.mark.parametrize("shape,blocks,output,b_by_columns", [
    ((96, 80, 64), (64, 64, 32), np.float32, False),     # ragged M, N: masked rows, columns
    ((64, 512, 200), (32, 256, 64), np.float32, False),  # B in panels; a ragged last K block
    ((48, 64, 96), (16, 32, 32), BF16, False),           # rounded to bf16 on the way out
    ((64, 96, 64), (32, 32, 32), np.float32, True),      # B column-major (`a @ b.T`)
])
def test_pairs_equal_the_interpreter(shape, blocks, output, b_by_columns, tmp_path,
                                     monkeypatch):
    monkeypatch.setenv("NEREID_CPU_BF16_DOT", "vdpbf16ps")
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path))
    rng = np.random.default_rng()
    m, n, k = shape
    a = rng.standard_normal((m, k)).astype(BF16)
    b = rng.standard_normal((n, k)).astype(BF16).T if b_by_columns else \
        rng.standard_normal((k, n)).astype(BF16)
    c = np.full((m, n), np.nan, output)
    run_matmul(a, b, c, blocks)
    assert "vdpbf16ps" in assembly(tmp_path, "matmul_kernel")

    golden = np.full_like(c, np.nan)
    with on_interpreter():
        run_matmul(a, b, golden, blocks)
    np.testing.assert_array_equal(c.view(np.uint8), golden.view(np.uint8))
    within_dot_tolerance(c, a, b)


@needs_bf16
def test_batched_dot_in_pairs(tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CPU_BF16_DOT", "vdpbf16ps")
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path))
    rng = np.random.default_rng()
    shape = dict(B=2, M=16, N=32, K=64)
    a = rng.standard_normal((2, 16, 64)).astype(BF16)
    b = rng.standard_normal((2, 64, 32)).astype(BF16)
    c = rng.standard_normal((2, 16, 32)).astype(np.float32)
    out, golden = np.full_like(c, np.nan), np.full_like(c, np.nan)
    nereid.jit(batched_dot)[(1,)](a, b, c, out, **shape)
    assert "vdpbf16ps" in assembly(tmp_path, "batched_dot")
    with on_interpreter():
        nereid.jit(batched_dot)[(1,)](a, b, c, golden, **shape)
    np.testing.assert_array_equal(out, golden)


@needs_bf16
def test_pairs_read_subnormals_as_zero(monkeypatch):
    """The documented difference: a subnormal operand counts as zero, as if the interpreter
    had multiplied A with its subnormals flushed. Rows of A that are all subnormal, against a
    B of 2^100, give products of about 2^-30 that the interpreter keeps."""
    monkeypatch.setenv("NEREID_CPU_BF16_DOT", "vdpbf16ps")
    rng = np.random.default_rng()
    a = rng.standard_normal((32, 64)).astype(BF16)
    subnormal_rows = rng.choice(32, size=5, replace=False)
    a[subnormal_rows] = rng.integers(1, 128, size=(5, 64)).astype(np.uint16).view(BF16)
    b = (rng.standard_normal((64, 32)) * 2.0**100).astype(BF16)
    flushed = a.copy()
    flushed[subnormal_rows] = 0
    c = np.full((32, 32), np.nan, np.float32)
    run_matmul(a, b, c, (16, 16, 32))
    expected, kept = np.full_like(c, np.nan), np.full_like(c, np.nan)
    with on_interpreter():
        run_matmul(flushed, b, expected, (16, 16, 32))
        run_matmul(a, b, kept, (16, 16, 32))
    np.testing.assert_array_equal(c, expected)
    assert np.all(kept[subnormal_rows] != 0), "the interpreter keeps the subnormal products"


@pytest.mark.parametrize("setting", ["auto", "fma"])
def test_the_default_follows_the_timing_and_fma_never_pairs(setting, tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CPU_BF16_DOT", setting)
    monkeypatch.setenv("NEREID_DUMP_IR", str(tmp_path))
    rng = np.random.default_rng()
    a = rng.standard_normal((32, 64)).astype(BF16)
    b = rng.standard_normal((64, 32)).astype(BF16)
    c = np.full((32, 32), np.nan, np.float32)
    run_matmul(a, b, c, (16, 32, 32))
    within_dot_tolerance(c, a, b)
    pairs = setting == "auto" and HAS_BF16 and host_bf16_pair_cost() < 2
    assert ("vdpbf16ps" in assembly(tmp_path, "matmul_kernel")) == pairs


def test_the_timing_runs_where_the_cpu_has_the_instruction():
    cost = host_bf16_pair_cost()
    cpuinfo = Path("/proc/cpuinfo")
    if not cpuinfo.is_file():
        pytest.skip("no /proc/cpuinfo to tell whether the CPU has AVX-512 BF16")
    flags = next((line for line in cpuinfo.read_text().splitlines()
                  if line.startswith("flags")), "").split()
    if "avx512_bf16" in flags:
        assert 0.1 < cost < 100
    else:
        assert cost == 0


def test_an_unknown_setting_is_named(monkeypatch):
    monkeypatch.setenv("NEREID_CPU_BF16_DOT", "amx")
    with pytest.raises(ValueError, match="NEREID_CPU_BF16_DOT must be one of auto, fma, "
                                         "vdpbf16ps, not 'amx'"):
        cpu_compiler.bf16_dot_pairs("k", host_target())


@pytest.mark.parametrize("target", [
    Target("x86_64-pc-linux-gnu", "skylake-avx512", "+avx512f,-avx512bf16", "cpu:x86_64:avx512"),
    Target("x86_64-pc-linux-gnu", "x86-64-v3", "+avx2,+avx512bf16", "cpu:x86_64:avx2"),
])
def test_pairs_need_a_target_with_the_instruction(target, monkeypatch):
    monkeypatch.setenv("NEREID_CPU_BF16_DOT", "vdpbf16ps")
    with pytest.raises(ValueError, match="cannot compile kernel `k` with NEREID_CPU_BF16_DOT="
                                         "vdpbf16ps: the target .* does not have AVX-512 BF16"):
        cpu_compiler.bf16_dot_pairs("k", target)
    monkeypatch.setenv("NEREID_CPU_BF16_DOT", "auto")
    assert not cpu_compiler.bf16_dot_pairs("k", target)
