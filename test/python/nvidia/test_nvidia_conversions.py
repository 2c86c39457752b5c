"""Float conversions and clamps of Nereid-compiled kernels on an NVIDIA GPU, bit for bit against
the interpreter (docs/nvidia.md, Float conversions): skipped, with the backend's reason, where no
NVIDIA GPU runs.

- Every conversion between the language's float types (f64, f32, f16, bf16, fp8e5, fp8e4nv,
  fp8e4b15), to nearest even and toward zero where it narrows: over all 2^8 and 2^16 bit
  patterns of the small formats, and for f32 and f64 over random bit patterns and, for every
  exponent (f64: every exponent within reach of the narrower formats), the values with a tie at
  each mantissa bit and one unit of the last place on either side. These are the halfway points
  of every narrower format, normal and subnormal, and their neighbours; infinities, NaNs with
  their payloads and signs, subnormals and overflow come with them. The result's bits must be
  the interpreter's (the kernel launched with NEREID_INTERPRET=1 on the same bits).
- tl.clamp with propagate_nan all and none, in every float type, on random values with NaNs,
  infinities and signed zeros among the operands, bit for bit.

Without a GPU: kernels of each conversion that the chips do differently compile for cuda:80 and
cuda:90, to PTX that ptxas assembles where the CUDA toolkit is installed, with the fp8
instructions of sm_90 (cvt.rn.satfinite.e4m3x2.f32 and its kin) only there."""

from __future__ import annotations

import os

import numpy as np
import pytest

import nereid
import nereid.language as tl

BLOCK = 1024

# The float types of the language: the integer type that carries their bits, and their widths.
FLOATS = {
    "float64": (tl.float64, np.int64, 64, 11, 52),
    "float32": (tl.float32, np.int32, 32, 8, 23),
    "float16": (tl.float16, np.int16, 16, 5, 10),
    "bfloat16": (tl.bfloat16, np.int16, 16, 8, 7),
    "float8e5": (tl.float8e5, np.int8, 8, 5, 2),
    "float8e4nv": (tl.float8e4nv, np.int8, 8, 4, 3),
    "float8e4b15": (tl.float8e4b15, np.int8, 8, 4, 3),
}


def _roundings(source: str, target: str) -> list:
    """Both roundings of fp_downcast_rounding where the conversion narrows; None where it widens
    (exact) or keeps the width (f16 and bf16, fp8 to fp8), which round to nearest even."""
    return ["rtne", "rtz"] if FLOATS[target][2] < FLOATS[source][2] else [None]


CONVERSIONS = [(source, target, rounding) for source in FLOATS for target in FLOATS
               if source != target for rounding in _roundings(source, target)]


@pytest.fixture
def rng():
    """A generator seeded from os.urandom; pytest shows the seed with a failing test's output.
    NEREID_TEST_SEED=<seed> replays a failure."""
    seed = int(os.environ.get("NEREID_TEST_SEED") or int.from_bytes(os.urandom(8), "little"))
    print(f"random inputs from seed {seed} (rerun with NEREID_TEST_SEED={seed})")
    return np.random.default_rng(seed)


@nereid.jit
def convert_bits(x_ptr, out_ptr, n, SOURCE: tl.constexpr, TARGET: tl.constexpr,
                 ROUNDING: tl.constexpr, BLOCK: tl.constexpr):
    """out = the bits of x's bits read as SOURCE, converted to TARGET."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(SOURCE, bitcast=True)
    y = x.to(TARGET, fp_downcast_rounding=ROUNDING)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty, bitcast=True), mask=mask)


@nereid.jit
def clamp_bits(x_ptr, out_ptr, n, DTYPE: tl.constexpr, PROPAGATE_NAN: tl.constexpr,
               BLOCK: tl.constexpr):
    """out = tl.clamp(x, low, high) of the three thirds of x's bits, read as DTYPE."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask).to(DTYPE, bitcast=True)
    low = tl.load(x_ptr + n + offs, mask=mask).to(DTYPE, bitcast=True)
    high = tl.load(x_ptr + 2 * n + offs, mask=mask).to(DTYPE, bitcast=True)
    y = tl.clamp(x, low, high, propagate_nan=PROPAGATE_NAN)
    tl.store(out_ptr + offs, y.to(out_ptr.dtype.element_ty, bitcast=True), mask=mask)


def _unsigned(bits: np.ndarray) -> np.ndarray:
    return bits.view(f"u{bits.dtype.itemsize}")


def _bit_patterns(rng: np.random.Generator, name: str) -> np.ndarray:
    """The inputs of a conversion from `name`, as its bits (see the module's docstring)."""
    _, carrier, width, exponent_bits, mantissa_bits = FLOATS[name]
    unsigned = np.dtype(f"uint{width}")
    if width <= 16:
        return np.arange(2**width, dtype=unsigned).view(carrier)
    bias = 2**(exponent_bits - 1) - 1
    if width == 32:
        exponents = np.arange(2**exponent_bits, dtype=np.uint64)
    else:  # the exponents where f32 and narrower formats round, and the extremes
        exponents = np.concatenate([np.arange(bias - 160, bias + 140), [0, 1, 2046, 2047]])
        exponents = exponents.astype(np.uint64)
    patterns = [rng.integers(0, 2**width, 2**16, dtype=np.uint64, endpoint=False)]
    for bit in range(mantissa_bits):
        top = rng.integers(0, 2**mantissa_bits, exponents.size, dtype=np.uint64)
        top &= ~np.uint64(2**(bit + 1) - 1)
        tie = top | np.uint64(2**bit)
        for mantissa in (tie - np.uint64(1), tie, tie + np.uint64(1)):
            mantissa &= np.uint64(2**mantissa_bits - 1)
            for sign in (0, 1):
                patterns.append((np.uint64(sign) << np.uint64(width - 1))
                                | (exponents << np.uint64(mantissa_bits)) | mantissa)
    for mantissa in (0, 1, 2**mantissa_bits - 1):
        for sign in (0, 1):
            patterns.append((np.uint64(sign) << np.uint64(width - 1))
                            | (exponents << np.uint64(mantissa_bits)) | np.uint64(mantissa))
    return np.concatenate(patterns).astype(unsigned).view(carrier)


def _on_interpreter(monkeypatch, kernel, grid, *args, **kwargs) -> None:
    with monkeypatch.context() as interpreted:
        interpreted.setenv("NEREID_INTERPRET", "1")
        kernel[grid](*args, **kwargs)


def _run_on_gpu(torch, kernel, grid, x: np.ndarray, out_dtype, n_out: int, **kwargs):
    x_gpu = torch.from_numpy(x).cuda()
    out_gpu = torch.full((n_out,), -1, dtype=getattr(torch, np.dtype(out_dtype).name),
                         device="cuda")
    kernel[grid](x_gpu, out_gpu, n_out, **kwargs)
    torch.cuda.synchronize()
    return out_gpu.cpu().numpy()


def _assert_same_bits(got: np.ndarray, want: np.ndarray, inputs: np.ndarray, what: str):
    wrong = np.flatnonzero(_unsigned(got) != _unsigned(want))
    if wrong.size:
        shown = ", ".join(f"{_unsigned(inputs)[i]:#x} -> {_unsigned(got)[i]:#x} "
                          f"(interpreter {_unsigned(want)[i]:#x})" for i in wrong[:8])
        pytest.fail(f"{what}: {wrong.size} of {got.size} results differ from the "
                    f"interpreter's: {shown}", pytrace=False)


@pytest.mark.nvidia
@pytest.mark.parametrize("source,target,rounding", CONVERSIONS)
def test_conversion_is_the_interpreters_bit_for_bit(cuda, monkeypatch, rng, source, target,
                                                    rounding):
    x = _bit_patterns(rng, source)
    n = x.size
    options = dict(SOURCE=FLOATS[source][0], TARGET=FLOATS[target][0], ROUNDING=rounding,
                   BLOCK=BLOCK, num_warps=4)
    grid = (nereid.cdiv(n, BLOCK),)
    carrier = FLOATS[target][1]
    got = _run_on_gpu(cuda, convert_bits, grid, x, carrier, n, **options)
    want = np.full(n, -1, dtype=carrier)
    _on_interpreter(monkeypatch, convert_bits, grid, x.copy(), want, n, **options)
    _assert_same_bits(got, want, x, f"{source} to {target} ({rounding or 'exact'})")


def _clamp_operands(rng: np.random.Generator, name: str, n: int) -> np.ndarray:
    """x, low and high of n clamps, as bits: values of either sign around low <= high, with
    NaNs (quiet and signaling, either sign), infinities and signed zeros among all three."""
    _, carrier, width, exponent_bits, mantissa_bits = FLOATS[name]
    unsigned = np.dtype(f"uint{width}")
    bits = rng.integers(0, 2**width, 3 * n, dtype=np.uint64, endpoint=False)
    # Mostly small exponents, so that low <= high happens often and x falls on either side.
    bias = 2**(exponent_bits - 1) - 1
    exponent = rng.integers(max(bias - 3, 0), bias + 3, 3 * n).astype(np.uint64)
    ordinary = ((bits & ~np.uint64(2**(width - 1) - 1))
                | (exponent << np.uint64(mantissa_bits))
                | (bits & np.uint64(2**mantissa_bits - 1)))
    bits = np.where(rng.random(3 * n) < 0.7, ordinary, bits)
    all_ones = np.uint64(2**exponent_bits - 1) << np.uint64(mantissa_bits)
    specials = np.array([0, 2**(width - 1), all_ones, all_ones | np.uint64(1),
                         all_ones | np.uint64(2**(mantissa_bits - 1)),
                         np.uint64(2**(width - 1)) | all_ones], dtype=np.uint64)
    chosen = rng.random(3 * n) < 0.1
    bits[chosen] = rng.choice(specials, int(chosen.sum()))
    return bits.astype(unsigned).view(carrier)


@pytest.mark.nvidia
@pytest.mark.parametrize("propagate_nan", ["all", "none"])
@pytest.mark.parametrize("dtype", sorted(FLOATS))
def test_clamp_is_the_interpreters_bit_for_bit(cuda, monkeypatch, rng, dtype, propagate_nan):
    n = 3 * BLOCK + 17
    operands = _clamp_operands(rng, dtype, n)
    options = dict(DTYPE=FLOATS[dtype][0], BLOCK=BLOCK, num_warps=4,
                   PROPAGATE_NAN=getattr(tl.PropagateNan, propagate_nan.upper()))
    grid = (nereid.cdiv(n, BLOCK),)
    carrier = FLOATS[dtype][1]
    got = _run_on_gpu(cuda, clamp_bits, grid, operands, carrier, n, **options)
    want = np.full(n, -1, dtype=carrier)
    _on_interpreter(monkeypatch, clamp_bits, grid, operands.copy(), want, n, **options)
    _assert_same_bits(got, want, operands[:n], f"tl.clamp of {dtype} ({propagate_nan})")


# Ahead of time, without a GPU ------------------------------------------------------------------

# A conversion of each way the chips differ: sm_90's fp8 instructions (and e5m2's infinities
# past .satfinite), rounding toward zero, f64 to bf16 (an instruction from sm_90 only), and the
# formats no chip has, which round the bits everywhere.
COMPILED = [("float32", "float8e4nv", "rtne"), ("float32", "float8e5", "rtne"),
            ("float16", "float8e5", "rtne"), ("bfloat16", "float8e4nv", "rtne"),
            ("float32", "float8e4nv", "rtz"), ("float8e4nv", "float32", None),
            ("float8e5", "float16", None), ("float8e4b15", "float32", None),
            ("float64", "float8e4b15", "rtne"), ("float64", "bfloat16", "rtne"),
            ("float32", "float16", "rtz"), ("float64", "float32", "rtz"),
            ("float16", "bfloat16", None)]

# The PTX instructions that a conversion uses on both chips, and those that it uses on sm_90a
# only (sm_80 has no fp8 instructions and no cvt.rn.bf16.f64).
EVERYWHERE = {("float32", "float16", "rtz"): "cvt.rz.f16.f32",
              ("float64", "float32", "rtz"): "cvt.rz.f32.f64",
              ("float16", "bfloat16", None): "cvt.rn.bf16.f32"}
SM90_ONLY = {("float32", "float8e4nv", "rtne"): "cvt.rn.satfinite.e4m3x2.f32",
             ("float32", "float8e5", "rtne"): "cvt.rn.satfinite.e5m2x2.f32",
             ("float16", "float8e5", "rtne"): "cvt.rn.satfinite.e5m2x2.f16x2",
             ("bfloat16", "float8e4nv", "rtne"): "cvt.rn.satfinite.e4m3x2.f32",
             ("float8e4nv", "float32", None): "cvt.rn.f16x2.e4m3x2",
             ("float8e5", "float16", None): "cvt.rn.f16x2.e5m2x2",
             ("float64", "bfloat16", "rtne"): "cvt.rn.bf16.f64"}


@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
@pytest.mark.parametrize("source,result,rounding", COMPILED)
def test_conversion_compiles_for_the_chip(target, chip, source, result, rounding, compile_ptx):
    kernel = convert_bits.warmup(np.zeros(4, FLOATS[source][1]), np.zeros(4, FLOATS[result][1]),
                                 4, SOURCE=FLOATS[source][0], TARGET=FLOATS[result][0],
                                 ROUNDING=rounding, BLOCK=BLOCK, grid=(1,), backend="nvidia",
                                 target=target, num_warps=4)
    ptx = compile_ptx(kernel)
    assert f".target {chip}" in ptx
    conversion = (source, result, rounding)
    if conversion in EVERYWHERE:
        assert EVERYWHERE[conversion] in ptx
    if chip == "sm_90a" and conversion in SM90_ONLY:
        assert SM90_ONLY[conversion] in ptx
    if chip == "sm_80":
        assert "e4m3x2" not in ptx and "e5m2x2" not in ptx and ".bf16.f64" not in ptx


@pytest.mark.parametrize("target,chip", [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")])
@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "float8e4b15"])
def test_clamp_compiles_for_the_chip(target, chip, dtype, compile_ptx):
    kernel = clamp_bits.warmup(np.zeros(12, FLOATS[dtype][1]), np.zeros(4, FLOATS[dtype][1]), 4,
                               DTYPE=FLOATS[dtype][0], PROPAGATE_NAN=tl.PropagateNan.ALL,
                               BLOCK=BLOCK, grid=(1,), backend="nvidia", target=target,
                               num_warps=4)
    ptx = compile_ptx(kernel)
    assert f".target {chip}" in ptx
