"""`tl.dot_scaled`, microscaled matrix products, against a numpy statement of its semantics
(docs/semantics.md, "tt.dot_scaled"), on the interpreter (the golden model) and on each backend.

The reference here is written from the documented semantics, independently of the interpreter:
each operand's bits decode to their exact values (e2m1 from a table of its eight magnitudes,
fp8 through ml_dtypes); the compute type is float16 where either format is fp16, else bfloat16;
every value is rounded to it, multiplied by its group's scale 2^(s - 127) rounded to it, and the
product rounded to it; a scale of 255 makes its group NaN unless fast_math, where it scales by
infinity. The dot of the scaled operands is computed in float64. The interpreter accumulates in
f32 with one fused multiply-add per product, so it is within the dot tolerance of
docs/semantics.md of that exact sum, (K + 1) * 2^-24 * (sum_k |a b| + |acc|), plus K f32
subnormal steps for sums of tiny products; a backend is within twice that of the interpreter,
plus what reading subnormal operands as zero and flushing subnormal sums may change.

Inputs are random bit patterns: every e2m1 code, fp8 codes with a few NaN and infinity
encodings placed among finite ones, scales spread over the exponents whose products stay in the
f32 range (down to 2^-127 in test_extreme_exponents), with a few 255s."""

import itertools

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl
from kernels.conformance import Tolerance

F32_EPS = 2.0 ** -24
F32_SUBNORMAL = 2.0 ** -149
F32_MIN_NORMAL = 2.0 ** -126

# The magnitudes of the e2m1 codes 0 to 7; bit 3 is the sign.
E2M1_MAGNITUDES = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0])


@nereid.jit
def dot_scaled_kernel(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, out_ptr,
                      M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
                      A_ROWS: tl.constexpr, A_COLS: tl.constexpr,
                      B_ROWS: tl.constexpr, B_COLS: tl.constexpr, GROUP: tl.constexpr,
                      A_FORMAT: tl.constexpr, B_FORMAT: tl.constexpr, A_SCALED: tl.constexpr,
                      B_SCALED: tl.constexpr, ACC: tl.constexpr, FAST_MATH: tl.constexpr,
                      A_K_PACK: tl.constexpr, B_K_PACK: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, A_ROWS)[:, None] * A_COLS + tl.arange(0, A_COLS)[None, :])
    b = tl.load(b_ptr + tl.arange(0, B_ROWS)[:, None] * B_COLS + tl.arange(0, B_COLS)[None, :])
    GROUPS: tl.constexpr = K // GROUP
    a_scale = None
    b_scale = None
    if A_SCALED:
        a_scale = tl.load(a_scale_ptr + tl.arange(0, M)[:, None] * GROUPS
                          + tl.arange(0, GROUPS)[None, :])
    if B_SCALED:
        b_scale = tl.load(b_scale_ptr + tl.arange(0, N)[:, None] * GROUPS
                          + tl.arange(0, GROUPS)[None, :])
    out_offsets = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    if ACC:
        c = tl.load(c_ptr + out_offsets)
        d = tl.dot_scaled(a, a_scale, A_FORMAT, b, b_scale, B_FORMAT, acc=c, fast_math=FAST_MATH,
                          lhs_k_pack=A_K_PACK, rhs_k_pack=B_K_PACK)
    else:
        d = tl.dot_scaled(a, a_scale, A_FORMAT, b, b_scale, B_FORMAT, fast_math=FAST_MATH,
                          lhs_k_pack=A_K_PACK, rhs_k_pack=B_K_PACK)
    tl.store(out_ptr + out_offsets, d)


# Format -> (numpy dtype of the kernel argument, numpy float dtype of its values or None).
STORAGE = {
    "e2m1": (np.uint8, None),
    "e4m3": (np.uint8, ml_dtypes.float8_e4m3fn),
    "e5m2": (np.uint8, ml_dtypes.float8_e5m2),
    "bf16": (np.uint16, ml_dtypes.bfloat16),
    "fp16": (np.uint16, np.float16),
}

# Codes that are NaN or infinite in each fp8 format (sign bit clear; set, it is the same kind).
SPECIAL_CODES = {"e4m3": [0x7F], "e5m2": [0x7C, 0x7D, 0x7E, 0x7F]}


def random_operand(rng, format, shape):
    """Random stored bits of `format` for a tile of `shape` (packed shape for e2m1): every
    pattern of the format, with NaN and infinity encodings kept to about one in 600."""
    storage, values = STORAGE[format]
    if format in ("bf16", "fp16"):
        return rng.standard_normal(shape).astype(values).view(storage)
    bits = rng.integers(0, 256, shape, dtype=np.uint8)
    special = SPECIAL_CODES.get(format, [])
    if special:
        is_special = np.isin(bits & 0x7F, special)
        bits = np.where(is_special & (rng.random(shape) > 0.05), bits & 0xF0, bits)
    return bits.astype(np.uint8)


def random_scales(rng, shape, low, high):
    """e8m0 exponents in [low, high], with `low`, `high` and 255 (NaN) among them."""
    scales = rng.integers(low, high + 1, shape).astype(np.uint8)
    pick = rng.random(shape)
    scales[pick < 0.02] = 255
    scales[(pick >= 0.02) & (pick < 0.04)] = low
    scales[(pick >= 0.04) & (pick < 0.06)] = high
    return scales


# The exponent of the smallest non-zero value of each mxfp format.
SMALLEST_EXPONENT = {"e2m1": -1, "e4m3": -9, "e5m2": -16}


def decode(bits, format, packed_axis):
    """The exact values (float64) of an operand's stored bits; e2m1 unpacks along
    `packed_axis`, the low four bits first."""
    if format == "e2m1":
        codes = np.stack([bits & 0xF, bits >> 4], axis=packed_axis + 1)
        shape = list(bits.shape)
        shape[packed_axis] *= 2
        codes = codes.reshape(shape)
        magnitudes = E2M1_MAGNITUDES[codes & 7]
        return np.where(codes & 8, -magnitudes, magnitudes)
    return bits.view(STORAGE[format][1]).astype(np.float64)


def scaled(values, scales, compute, fast_math, group, along_rows):
    """`values` rounded to `compute`, times their scales rounded to `compute`, rounded again;
    `scales` hold one exponent per `group` values along K (the rows where `along_rows`, for
    the rhs, whose scales are N x K/group)."""
    rounded = values.astype(compute).astype(np.float64)
    if scales is None:
        return rounded
    exponents = np.repeat(scales.astype(np.int64), group, axis=1)
    if along_rows:
        exponents = exponents.T
    with np.errstate(invalid="ignore", over="ignore"):
        multipliers = np.ldexp(1.0, exponents - 127).astype(compute).astype(np.float64)
        result = (rounded * multipliers).astype(compute).astype(np.float64)
    if not fast_math:
        result[exponents == 255] = np.nan
    return result


def exact_dot(a, b, c):
    """a @ b + c in float64 with IEEE rules for infinities and NaN, element by element; the
    sum of the products' magnitudes; and that sum over the products with an operand that is
    subnormal in f32 (below 2^-126, which bf16 holds)."""
    with np.errstate(invalid="ignore", over="ignore"):
        products = a[:, :, None] * b[None, :, :]
        subnormal_a = (a != 0) & (np.abs(a) < F32_MIN_NORMAL)
        subnormal_b = (b != 0) & (np.abs(b) < F32_MIN_NORMAL)
        with_subnormal = subnormal_a[:, :, None] | subnormal_b[None, :, :]
        return (products.sum(axis=1) + c, np.abs(products).sum(axis=1),
                np.where(with_subnormal, np.abs(products), 0.0).sum(axis=1))


def compute_type(a_format, b_format):
    return np.float16 if "fp16" in (a_format, b_format) else ml_dtypes.bfloat16


def run_case(conform, rng, M, N, K, a_format, b_format, a_scaled, b_scaled, acc, fast_math,
             group=32, a_k_pack=True, b_k_pack=True, scale_range=None):
    """Launches one dot_scaled on the interpreter and the backend and checks both."""
    compute = compute_type(a_format, b_format)
    # The exponents keep every product and sum inside the f32 range: up to 2^20 for one scaled
    # operand of a bf16 compute, 2^8 for both; for fp16 down to 2^-26 (which rounds to 0) and
    # up to 1, as fp8 values near the f16 maximum overflow past it. In bf16 they stop where
    # the smallest scaled value is still normal: a backend may read subnormal bf16 operands as
    # zero (the CPU's bf16 dot in pairs, docs/cpu.md), and beside an infinity that zero makes
    # NaN. test_extreme_exponents goes down to 2^-127 where the operands are finite.
    if scale_range is None:
        if compute is np.float16:
            scale_range = (127 - 26, 127)
        else:
            formats = [f for f, s in ((a_format, a_scaled), (b_format, b_scaled)) if s]
            low = 1 - min(SMALLEST_EXPONENT[f] for f in formats) if formats else 1
            scale_range = (low, 127 + (8 if a_scaled and b_scaled else 20))
    a_packed = a_format == "e2m1"
    b_packed = b_format == "e2m1"
    a_shape = (M, K // 2) if a_packed and a_k_pack else (M // 2, K) if a_packed else (M, K)
    b_shape = (K // 2, N) if b_packed and b_k_pack else (K, N // 2) if b_packed else (K, N)
    a = random_operand(rng, a_format, a_shape)
    b = random_operand(rng, b_format, b_shape)
    a_scale = random_scales(rng, (M, K // group), *scale_range) if a_scaled else None
    b_scale = random_scales(rng, (N, K // group), *scale_range) if b_scaled else None
    c = rng.standard_normal((M, N)).astype(np.float32)
    out = np.full((M, N), np.nan, dtype=np.float32)

    a_values = scaled(decode(a, a_format, 1 if a_k_pack else 0), a_scale, compute, fast_math,
                      group, along_rows=False)
    b_values = scaled(decode(b, b_format, 0 if b_k_pack else 1), b_scale, compute, fast_math,
                      group, along_rows=True)
    expected, magnitude, with_subnormal = exact_dot(a_values, b_values,
                                                    c.astype(np.float64) if acc else 0.0)
    bound = (K + 1) * F32_EPS * (magnitude + (np.abs(c) if acc else 0.0)) + K * F32_SUBNORMAL
    # A backend may also read subnormal operands as zero and flush subnormal sums, as the
    # CPU's bf16 dot in pairs (vdpbf16ps, docs/cpu.md) does.
    backend_bound = 2 * bound + with_subnormal + K * F32_MIN_NORMAL
    dummy = np.zeros(1, dtype=np.uint8)
    results, reference = conform(
        dot_scaled_kernel, (1,), a, a_scale if a_scaled else dummy, b,
        b_scale if b_scaled else dummy, c, out, M=M, N=N, K=K, A_ROWS=a_shape[0],
        A_COLS=a_shape[1], B_ROWS=b_shape[0], B_COLS=b_shape[1], GROUP=group,
        A_FORMAT=a_format, B_FORMAT=b_format, A_SCALED=a_scaled, B_SCALED=b_scaled, ACC=acc,
        FAST_MATH=fast_math, A_K_PACK=a_k_pack, B_K_PACK=b_k_pack,
        tolerances={5: Tolerance(atol=backend_bound)})
    interpreted = reference[5].astype(np.float64)
    # Float64 sums past the f32 range stay finite here; the inputs keep clear of them.
    assert np.all(np.isnan(interpreted) == np.isnan(expected)), "NaNs where the semantics say"
    finite = np.isfinite(expected)
    assert np.array_equal(interpreted[~finite & ~np.isnan(expected)],
                          expected[~finite & ~np.isnan(expected)]), "infinities"
    error = np.abs(interpreted[finite] - expected[finite])
    assert np.all(error <= bound[finite]), f"largest error {error.max()}"
    # Finite, non-trivial results: the test sees numbers, not only NaNs.
    assert np.count_nonzero(np.isfinite(interpreted) & (interpreted != 0)) > M * N // 4


# upstream's test_scaled_dot: an mxfp operand with scales against a normal one without, either
# side, for every pair of its formats; M, N and K of its sizes taken in turn (each compiles its
# own kernel). Its 128s are left out: the CPU compiled a 128 x 64 x 128 e2m1-times-e5m2 dot
# in 296 s on 2 loaded cores (32 x 32 x 64: 11 s), not solved yet: the decomposition's shape
# ops on 128 x 128 tiles lower to whole-tile shufflevectors of 16384 lanes (100 MB of LLVM
# dialect for that dot, 457 MB with e4m3 in place of e2m1), and LLVM's code emission is slow.
UPSTREAM_SHAPES = [(32, 32, 64), (64, 32, 64), (32, 64, 64), (32, 32, 128)]
UPSTREAM_CASES = [
    (*UPSTREAM_SHAPES[i % len(UPSTREAM_SHAPES)], mxfp, normal, rhs_scaled)
    for i, (mxfp, normal, rhs_scaled) in enumerate(itertools.product(
        ["e2m1", "e4m3", "e5m2"], ["e4m3", "e5m2", "bf16", "fp16"], [False, True]))
]


@pytest.mark.parametrize("M, N, K, mxfp, normal, rhs_scaled", UPSTREAM_CASES)
def test_mxfp_times_normal(conform, rng, M, N, K, mxfp, normal, rhs_scaled):
    a_format, b_format = (normal, mxfp) if rhs_scaled else (mxfp, normal)
    run_case(conform, rng, M, N, K, a_format, b_format, a_scaled=not rhs_scaled,
             b_scaled=rhs_scaled, acc=False, fast_math=False)


# Both operands scaled, every pair of mxfp formats, with and without an accumulator and
# fast_math in turn.
BOTH_SCALED_CASES = [
    (a_format, b_format, i % 2 == 1, i % 4 >= 2)
    for i, (a_format, b_format) in enumerate(itertools.product(["e2m1", "e4m3", "e5m2"],
                                                                repeat=2))
] + [("e4m3", "e2m1", True, True), ("e2m1", "e5m2", False, True)]


@pytest.mark.parametrize("a_format, b_format, acc, fast_math", BOTH_SCALED_CASES)
def test_both_scaled(conform, rng, a_format, b_format, acc, fast_math):
    run_case(conform, rng, 32, 32, 64, a_format, b_format, a_scaled=True, b_scaled=True,
             acc=acc, fast_math=fast_math)


@pytest.mark.parametrize("a_format, b_format", [("bf16", "bf16"), ("fp16", "fp16"),
                                                ("bf16", "fp16"), ("e4m3", "e5m2")])
def test_without_scales(conform, rng, a_format, b_format):
    run_case(conform, rng, 32, 32, 64, a_format, b_format, a_scaled=False, b_scaled=False,
             acc=True, fast_math=False)


@pytest.mark.parametrize("a_k_pack, b_k_pack", [(False, True), (True, False), (False, False)])
def test_e2m1_packed_along_m_or_n(conform, rng, a_k_pack, b_k_pack):
    run_case(conform, rng, 32, 64, 64, "e2m1", "e2m1", a_scaled=True, b_scaled=True, acc=True,
             fast_math=False, a_k_pack=a_k_pack, b_k_pack=b_k_pack)


def test_groups_of_16(conform, rng):
    run_case(conform, rng, 32, 32, 64, "e2m1", "e4m3", a_scaled=True, b_scaled=True, acc=False,
             fast_math=False, group=16)


@pytest.mark.parametrize("fast_math", [False, True])
def test_extreme_exponents(conform, rng, fast_math):
    """Exponents from 2^-127 (the bf16 subnormals) to 2^60 on one operand; the other, bf16 from
    a normal distribution, has no infinities."""
    run_case(conform, rng, 32, 32, 64, "e4m3", "bf16", a_scaled=True, b_scaled=False, acc=True,
             fast_math=fast_math, scale_range=(0, 187))


@nereid.jit
def batched_dot_scaled_kernel(a_ptr, a_scale_ptr, b_ptr, out_ptr, B: tl.constexpr,
                              M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
                              A_FORMAT: tl.constexpr):
    PACK: tl.constexpr = 2 if A_FORMAT == "e2m1" else 1
    rb = tl.arange(0, B)[:, None, None]
    a = tl.load(a_ptr + rb * (M * K // PACK) + tl.arange(0, M)[None, :, None] * (K // PACK)
                + tl.arange(0, K // PACK)[None, None, :])
    a_scale = tl.load(a_scale_ptr + rb * (M * K // 32) + tl.arange(0, M)[None, :, None] * (K // 32)
                      + tl.arange(0, K // 32)[None, None, :])
    b = tl.load(b_ptr + rb * (K * N) + tl.arange(0, K)[None, :, None] * N
                + tl.arange(0, N)[None, None, :])
    d = tl.dot_scaled(a, a_scale, A_FORMAT, b, None, "bf16")
    tl.store(out_ptr + rb * (M * N) + tl.arange(0, M)[None, :, None] * N
             + tl.arange(0, N)[None, None, :], d)


@pytest.mark.parametrize("a_format", ["e2m1", "e4m3"])
def test_batched(conform, rng, a_format):
    """3-D operands: a batch of independent scaled products."""
    B, M, N, K = 2, 16, 32, 64
    pack = 2 if a_format == "e2m1" else 1
    a = random_operand(rng, a_format, (B, M, K // pack))
    a_scale = random_scales(rng, (B, M, K // 32), 1, 147)
    b = random_operand(rng, "bf16", (B, K, N))
    out = np.full((B, M, N), np.nan, dtype=np.float32)
    expected, bounds, flushable = [], [], []
    for i in range(B):
        a_values = scaled(decode(a[i], a_format, 1), a_scale[i], ml_dtypes.bfloat16, False, 32,
                          along_rows=False)
        b_values = scaled(decode(b[i], "bf16", 0), None, ml_dtypes.bfloat16, False, 32,
                          along_rows=True)
        total, magnitude, with_subnormal = exact_dot(a_values, b_values, 0.0)
        expected.append(total)
        bounds.append((K + 1) * F32_EPS * magnitude + K * F32_SUBNORMAL)
        flushable.append(with_subnormal)
    expected, bound = np.stack(expected), np.stack(bounds)
    backend_bound = 2 * bound + np.stack(flushable) + K * F32_MIN_NORMAL
    _, reference = conform(batched_dot_scaled_kernel, (1,), a, a_scale, b, out, B=B, M=M, N=N,
                           K=K, A_FORMAT=a_format,
                           tolerances={3: Tolerance(atol=backend_bound)})
    interpreted = reference[3].astype(np.float64)
    assert np.all(np.isnan(interpreted) == np.isnan(expected))
    finite = np.isfinite(expected)
    assert np.all(np.abs(interpreted[finite] - expected[finite]) <= bound[finite])
