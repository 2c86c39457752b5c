"""Elementwise integer and float ops, at the edges that docs/semantics.md defines: division and
remainder by zero and INT_MIN / -1, shifts by the width or more (and by negative amounts),
float to integer conversion that saturates (NaN gives 0), and the NaN rules of min and max.

Integer results must match the interpreter exactly. The float ops here (+, -, *, /, fmod,
min, max, comparisons, fma, conversions) are correctly rounded or exact in the interpreter,
so they must match it bit for bit, NaN payloads aside."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl

BLOCK = 128

INT_DTYPES = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOAT_DTYPES = {"float16": np.float16, "bfloat16": ml_dtypes.bfloat16, "float32": np.float32,
                "float64": np.float64}

INT_OPS = ["add", "sub", "mul", "floordiv", "mod", "and", "or", "xor", "shl", "shr", "min",
           "max", "eq", "lt", "neg", "invert", "cdiv", "umulhi"]


@nereid.jit
def int_ops_kernel(x_ptr, y_ptr, out_ptr, cmp_ptr, n, BLOCK: tl.constexpr):
    # Every op on the same operands; result k of element i goes to out[k * n + i].
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + 0 * n + offs, x + y, mask=mask)
    tl.store(out_ptr + 1 * n + offs, x - y, mask=mask)
    tl.store(out_ptr + 2 * n + offs, x * y, mask=mask)
    tl.store(out_ptr + 3 * n + offs, x // y, mask=mask)
    tl.store(out_ptr + 4 * n + offs, x % y, mask=mask)
    tl.store(out_ptr + 5 * n + offs, x & y, mask=mask)
    tl.store(out_ptr + 6 * n + offs, x | y, mask=mask)
    tl.store(out_ptr + 7 * n + offs, x ^ y, mask=mask)
    tl.store(out_ptr + 8 * n + offs, x << y, mask=mask)
    tl.store(out_ptr + 9 * n + offs, x >> y, mask=mask)
    tl.store(out_ptr + 10 * n + offs, tl.minimum(x, y), mask=mask)
    tl.store(out_ptr + 11 * n + offs, tl.maximum(x, y), mask=mask)
    tl.store(out_ptr + 12 * n + offs, -x, mask=mask)
    tl.store(out_ptr + 13 * n + offs, ~x, mask=mask)
    tl.store(out_ptr + 14 * n + offs, tl.cdiv(x, y), mask=mask)
    tl.store(cmp_ptr + 0 * n + offs, x == y, mask=mask)
    tl.store(cmp_ptr + 1 * n + offs, x < y, mask=mask)
    tl.store(cmp_ptr + 2 * n + offs, x >= y, mask=mask)


def edge_integers(rng, n, dtype):
    """Random integers of `dtype` with its extremes, zeros, ones and minus ones mixed in."""
    info = np.iinfo(dtype)
    values = rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)
    specials = np.array([info.min, info.max, 0, 1, info.max - 1] + ([-1] if info.min else []),
                        dtype=dtype)
    pick = rng.random(n) < 0.3
    values[pick] = rng.choice(specials, np.count_nonzero(pick))
    return values


def shift_amounts(rng, n, dtype):
    """Shift amounts below, at and past the width; negative ones for signed types."""
    bits = np.dtype(dtype).itemsize * 8
    low = -3 if np.iinfo(dtype).min else 0
    return rng.integers(low, 2 * bits + 2, n).astype(dtype)


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_integer_ops_at_the_edges(conform, rng, dtype):
    n = 300
    x = edge_integers(rng, n, dtype)
    y = edge_integers(rng, n, dtype)
    y[rng.random(n) < 0.15] = 0  # division and remainder by zero
    out = np.zeros(15 * n, dtype=dtype)
    cmp = np.zeros(3 * n, dtype=np.bool_)
    conform(int_ops_kernel, (nereid.cdiv(n, BLOCK),), x, y, out, cmp, n, BLOCK=BLOCK)


@nereid.jit
def shift_kernel(x_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    s = tl.load(s_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x << s, mask=mask)
    tl.store(out_ptr + n + offs, x >> s, mask=mask)


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint16", "uint32"])
def test_shifts_past_the_width(conform, rng, dtype):
    # docs/semantics.md: an amount of the width or more (or negative, a huge unsigned one)
    # gives 0 for shl and shrui and the sign for shrsi.
    n = 400
    x = edge_integers(rng, n, dtype)
    s = shift_amounts(rng, n, dtype)
    out = np.zeros(2 * n, dtype=dtype)
    _, (_, _, reference, _) = conform(shift_kernel, (nereid.cdiv(n, BLOCK),), x, s, out, n,
                                      BLOCK=BLOCK)
    bits = np.dtype(dtype).itemsize * 8
    past = s.astype(np.int64) >= bits
    if np.iinfo(dtype).min:
        past |= s.astype(np.int64) < 0
    # Not vacuous: the interpreter's rule, checked independently.
    assert np.all(reference[:n][past] == 0)
    expected_shr = np.where(x < 0, -1, 0).astype(dtype)
    np.testing.assert_array_equal(reference[n:][past], expected_shr[past])


@nereid.jit
def float_ops_kernel(x_ptr, y_ptr, z_ptr, out_ptr, cmp_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    z = tl.load(z_ptr + offs, mask=mask)
    tl.store(out_ptr + 0 * n + offs, x + y, mask=mask)
    tl.store(out_ptr + 1 * n + offs, x - y, mask=mask)
    tl.store(out_ptr + 2 * n + offs, x * y, mask=mask)
    tl.store(out_ptr + 3 * n + offs, x / y, mask=mask)
    tl.store(out_ptr + 4 * n + offs, x % y, mask=mask)
    tl.store(out_ptr + 5 * n + offs, tl.minimum(x, y), mask=mask)
    tl.store(out_ptr + 6 * n + offs, tl.maximum(x, y), mask=mask)
    tl.store(out_ptr + 7 * n + offs, tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL),
             mask=mask)
    tl.store(out_ptr + 8 * n + offs, tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL),
             mask=mask)
    tl.store(out_ptr + 9 * n + offs, -x, mask=mask)
    tl.store(out_ptr + 10 * n + offs, tl.abs(x), mask=mask)
    tl.store(out_ptr + 11 * n + offs, tl.fma(x, y, z), mask=mask)
    tl.store(out_ptr + 12 * n + offs, tl.where(x > y, x, z), mask=mask)
    tl.store(out_ptr + 13 * n + offs, tl.clamp(x, y, z), mask=mask)
    tl.store(cmp_ptr + 0 * n + offs, x == y, mask=mask)
    tl.store(cmp_ptr + 1 * n + offs, x < y, mask=mask)
    tl.store(cmp_ptr + 2 * n + offs, x != y, mask=mask)
    tl.store(cmp_ptr + 3 * n + offs, x >= y, mask=mask)


def edge_floats(rng, n, dtype):
    """Random floats of `dtype` with NaNs, infinities, signed zeros, huge, tiny and
    subnormal values mixed in."""
    values = (rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)).astype(dtype)
    info = np.finfo(dtype) if dtype is not ml_dtypes.bfloat16 else ml_dtypes.finfo(dtype)
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, float(info.max),
                         -float(info.max), float(info.smallest_subnormal),
                         float(info.smallest_normal), 1.0, -1.0], dtype=np.float64)
    pick = rng.random(n) < 0.25
    values[pick] = rng.choice(specials, np.count_nonzero(pick)).astype(dtype)
    return values


@pytest.mark.parametrize("dtype", list(FLOAT_DTYPES))
def test_float_ops_nan_inf_and_signed_zero(conform, rng, dtype):
    np_dtype = FLOAT_DTYPES[dtype]
    n = 300
    x, y, z = (edge_floats(rng, n, np_dtype) for _ in range(3))
    y[rng.random(n) < 0.1] = 0  # division and fmod by zero
    # Always: min and max of -0 and +0 both ways round, and a product that is subnormal.
    info = np.finfo(np_dtype) if np_dtype is not ml_dtypes.bfloat16 else ml_dtypes.finfo(np_dtype)
    tiny = 2.0 ** (info.minexp // 2 - 1)
    x[:3] = np.array([-0.0, 0.0, tiny]).astype(np_dtype)
    y[:3] = np.array([0.0, -0.0, tiny]).astype(np_dtype)
    out = np.zeros(14 * n, dtype=np_dtype)
    cmp = np.zeros(4 * n, dtype=np.bool_)
    _, (_, _, _, reference, _, _) = conform(float_ops_kernel, (nereid.cdiv(n, BLOCK),), x, y, z,
                                         out, cmp, n, BLOCK=BLOCK)
    # Not vacuous: the NaN rules of min and max (docs/semantics.md), checked independently.
    both = ~(np.isnan(x) & np.isnan(y))
    assert not np.any(np.isnan(reference[5 * n:6 * n])[both])
    np.testing.assert_array_equal(np.isnan(reference[7 * n:8 * n]), np.isnan(x) | np.isnan(y))


@nereid.jit
def clamp_kernel(x_ptr, low_ptr, high_ptr, out_ptr, n, PROPAGATE_NAN: tl.constexpr,
                 BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    low = tl.load(low_ptr + offs, mask=mask)
    high = tl.load(high_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.clamp(x, low, high, propagate_nan=PROPAGATE_NAN), mask=mask)


@nereid.jit
def maximum_minimum_kernel(x_ptr, y_ptr, out_ptr, n, PROPAGATE_NAN: tl.constexpr,
                           BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x, y, propagate_nan=PROPAGATE_NAN), mask=mask)
    tl.store(out_ptr + n + offs, tl.minimum(x, y, propagate_nan=PROPAGATE_NAN), mask=mask)


FP8_DTYPES = {"float8e5": ml_dtypes.float8_e5m2, "float8e4nv": ml_dtypes.float8_e4m3fn,
              "float8e4b15": ml_dtypes.float8_e4m3b11fnuz}


def every_fp8_encoding(rng, n, dtype):
    """n random encodings of an fp8 format, NaNs, infinities and both zeros among them."""
    return rng.integers(0, 256, n, dtype=np.uint8).view(FP8_DTYPES[dtype])


def maximum_and_minimum(propagate_nan):
    """numpy's maximum and minimum with the NaN rule of `propagate_nan` (docs/semantics.md)."""
    return (np.maximum, np.minimum) if propagate_nan == "all" else (np.fmax, np.fmin)


@pytest.mark.parametrize("propagate_nan", ["all", "none"])
@pytest.mark.parametrize("dtype", list(FP8_DTYPES))
def test_fp8_clamp(conform, rng, dtype, propagate_nan):
    # LLVM has no fp8 arithmetic, so a backend must compare the bits as the interpreter
    # compares values.
    n = 3000
    x, low, high = (every_fp8_encoding(rng, n, dtype) for _ in range(3))
    out = np.zeros(n, dtype=FP8_DTYPES[dtype])
    mode = getattr(tl.PropagateNan, propagate_nan.upper())
    _, (*_, reference, _) = conform(clamp_kernel, (nereid.cdiv(n, BLOCK),), x, low, high, out, n,
                                    PROPAGATE_NAN=mode, BLOCK=BLOCK)
    # Not vacuous: the interpreter's clamps are numpy's.
    maximum, minimum = maximum_and_minimum(propagate_nan)
    x, low, high = (v.astype(np.float64) for v in (x, low, high))
    np.testing.assert_array_equal(reference.astype(np.float64),
                                  minimum(maximum(x, low), high))


@pytest.mark.parametrize("propagate_nan", ["all", "none"])
@pytest.mark.parametrize("dtype", list(FP8_DTYPES))
def test_fp8_maximum_minimum(conform, rng, dtype, propagate_nan):
    n = 3000
    x, y = (every_fp8_encoding(rng, n, dtype) for _ in range(2))
    out = np.zeros(2 * n, dtype=FP8_DTYPES[dtype])
    mode = getattr(tl.PropagateNan, propagate_nan.upper())
    _, (*_, reference, _) = conform(maximum_minimum_kernel, (nereid.cdiv(n, BLOCK),), x, y, out,
                                    n, PROPAGATE_NAN=mode, BLOCK=BLOCK)
    maximum, minimum = maximum_and_minimum(propagate_nan)
    x, y = x.astype(np.float64), y.astype(np.float64)
    np.testing.assert_array_equal(reference.astype(np.float64),
                                  np.concatenate([maximum(x, y), minimum(x, y)]))


# (x, y, z, fma(x, y, z)) whose exact x * y + z lies just below the halfway point between two
# 16-bit floats: rounded once, as docs/semantics.md defines a 16-bit fma (an f64 fma rounded to
# the type), it goes down; rounded to f32 first, it lands on the halfway point, whose tie goes
# to the even neighbour above.
FMA_ROUNDED_ONCE = {
    # 7/16 * 37/16 = 1 + 2^-7 + 2^-8; less 2^-40 rounds to 1 + 2^-7 (not 1 + 2^-6).
    "bfloat16": (0.4375, 2.3125, -2.0**-40, 1 + 2.0**-7),
    # 7/2 * 293/1024 = 1 + 2^-10 + 2^-11; less 2^-24 rounds to 1 + 2^-10 (not 1 + 2^-9).
    "float16": (3.5, 293 / 1024, -2.0**-24, 1 + 2.0**-10),
}


@pytest.mark.parametrize("dtype", list(FMA_ROUNDED_ONCE))
def test_narrow_fma_rounds_once(conform, rng, dtype):
    np_dtype = FLOAT_DTYPES[dtype]
    n = 64
    x, y, z = (edge_floats(rng, n, np_dtype) for _ in range(3))
    chosen = rng.choice(n, 8, replace=False)
    a, b, c, rounded = FMA_ROUNDED_ONCE[dtype]
    signs = rng.choice(np.array([-1.0, 1.0]), 8)
    # The sign of x flips the product; z flips with it, so the result only changes sign.
    x[chosen], y[chosen], z[chosen] = (signs * a).astype(np_dtype), b, (signs * c).astype(np_dtype)
    assert (x[chosen].astype(np.float64) * y[chosen].astype(np.float64) ==
            signs * (rounded + 2.0 ** (-8 if dtype == "bfloat16" else -11))).all()
    out = np.zeros(14 * n, np_dtype)
    cmp = np.zeros(4 * n, dtype=np.bool_)
    conform(float_ops_kernel, (nereid.cdiv(n, BLOCK),), x, y, z, out, cmp, n, BLOCK=BLOCK)
    fma = out[11 * n:12 * n]  # float_ops_kernel's tl.fma(x, y, z)
    np.testing.assert_array_equal(fma[chosen].astype(np.float64), signs * rounded)


# Conversions ----------------------------------------------------------------------------------

@nereid.jit
def convert_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x.to(out_ptr.dtype.element_ty), mask=mask)


@nereid.jit
def convert_rtz_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x.to(out_ptr.dtype.element_ty, fp_downcast_rounding="rtz"),
             mask=mask)


ALL_DTYPES = {**FLOAT_DTYPES, **{name: np.dtype(name) for name in INT_DTYPES},
              "float8e5": ml_dtypes.float8_e5m2, "float8e4nv": ml_dtypes.float8_e4m3fn}


def random_of(rng, n, dtype):
    if np.dtype(dtype).kind in "iu":
        return edge_integers(rng, n, dtype)
    with np.errstate(over="ignore"):  # f32 values past a narrow type's range: infinities
        return edge_floats(rng, n, np.float32).astype(dtype)


CONVERSIONS = [
    # float -> int: truncation toward zero, saturation, NaN -> 0
    ("float32", "int8"), ("float32", "int32"), ("float32", "int64"), ("float32", "uint8"),
    ("float32", "uint32"), ("float64", "int32"), ("float64", "uint64"), ("float16", "int16"),
    ("bfloat16", "int32"),
    # int -> float: one rounding to nearest even, even from 64 bits
    ("int32", "float32"), ("int64", "float32"), ("uint64", "float32"), ("int64", "float64"),
    ("uint32", "float16"), ("int16", "bfloat16"),
    # float narrowing and widening
    ("float32", "float16"), ("float32", "bfloat16"), ("float64", "float32"),
    ("float64", "float16"), ("float16", "float32"), ("bfloat16", "float32"),
    ("float16", "float64"), ("float16", "bfloat16"), ("float32", "float8e5"),
    ("float32", "float8e4nv"), ("float8e5", "float32"), ("float8e4nv", "float32"),
    ("float16", "float8e5"), ("bfloat16", "float8e4nv"), ("float64", "float8e5"),
    ("float8e5", "float16"), ("float8e4nv", "bfloat16"),
    # integer narrowing and widening
    ("int64", "int8"), ("int8", "int64"), ("uint8", "int32"), ("int32", "uint16"),
]


@pytest.mark.parametrize("source,target", CONVERSIONS)
def test_conversion(conform, rng, source, target):
    n = 500
    x = random_of(rng, n, ALL_DTYPES[source])
    if np.dtype(ALL_DTYPES[target]).kind in "iu" and np.dtype(ALL_DTYPES[source]).kind not in "iu":
        # Values near and past the integer range, and the fractions that truncation drops.
        info = np.iinfo(ALL_DTYPES[target])
        scale = rng.choice([1.0, float(info.max), float(info.max) * 4], n)
        with np.errstate(over="ignore"):
            x = (rng.uniform(-1.2, 1.2, n) * scale).astype(ALL_DTYPES[source])
        x[rng.random(n) < 0.1] = np.nan
        x[rng.random(n) < 0.05] = np.inf
        x[rng.random(n) < 0.05] = -np.inf
    out = np.zeros(n, dtype=ALL_DTYPES[target])
    conform(convert_kernel, (nereid.cdiv(n, BLOCK),), x, out, n, BLOCK=BLOCK)


@pytest.mark.parametrize("source,target", [("float32", "float16"), ("float32", "bfloat16"),
                                           ("float64", "float32"), ("float32", "float8e5"),
                                           ("float32", "float8e4nv")])
def test_conversion_toward_zero(conform, rng, source, target):
    n = 500
    x = edge_floats(rng, n, ALL_DTYPES[source])
    out = np.zeros(n, dtype=ALL_DTYPES[target])
    conform(convert_rtz_kernel, (nereid.cdiv(n, BLOCK),), x, out, n, BLOCK=BLOCK)


@pytest.mark.parametrize("target", ["float8e5", "float8e4nv"])
def test_fp8_rounding_matches_ml_dtypes(conform, rng, target):
    # Within the format's range (where saturation and NaN conventions do not differ), rounding
    # to nearest even matches ml_dtypes; subnormals included.
    dtype = ALL_DTYPES[target]
    largest = float(ml_dtypes.finfo(dtype).max)
    smallest = float(ml_dtypes.finfo(dtype).smallest_subnormal)
    n = 1000
    x = (rng.choice([-1.0, 1.0], n) * np.exp(rng.uniform(np.log(smallest / 4),
                                                         np.log(largest), n))).astype(np.float32)
    out = np.zeros(n, dtype=dtype)
    conform.launch(convert_kernel, (nereid.cdiv(n, BLOCK),), x, out, n, BLOCK=BLOCK)
    np.testing.assert_array_equal(out.view(np.uint8), x.astype(dtype).view(np.uint8))
