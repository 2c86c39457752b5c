"""Math functions against the interpreter, which computes each in f64 with the host C library
and rounds once (docs/semantics.md), so that for f32 its result is almost always the
correctly rounded one.

A backend may differ within each function's tolerance. The tolerances, in units in the last
place (ULPs) of the f32 result, with an absolute floor where the result crosses zero:
- sqrt, rsqrt's reciprocal square root, floor, ceil, and fma are correctly rounded or exact in
  the interpreter; sqrt, floor, ceil: 0 ULP; rsqrt: 2 ULP;
- exp, exp2, log, log2, sin, cos, tanh, erf, sigmoid: 4 ULP (the CPU backend's polynomial
  approximations and the xsimd library are accurate to a few ULP);
- pow, atan2, and the rest of libdevice: 8 ULP;
- where the exact result is near 0 after cancellation (sin and cos near multiples of pi/2,
  log near 1, erf near 0 of a tiny argument) an absolute floor of 2^-24 applies: one f32 ulp
  of a result of magnitude 1, the size of the argument's own rounding.

NaN positions must match exactly, and so must infinities.
"""

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.language.extra import libdevice

from kernels.conformance import Tolerance

BLOCK = 256
F32_ULP_AT_ONE = 2.0 ** -24


@nereid.jit
def unary_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if FN == "exp":
        y = tl.exp(x)
    elif FN == "exp2":
        y = tl.exp2(x)
    elif FN == "log":
        y = tl.log(x)
    elif FN == "log2":
        y = tl.log2(x)
    elif FN == "sin":
        y = tl.sin(x)
    elif FN == "cos":
        y = tl.cos(x)
    elif FN == "sqrt":
        y = tl.sqrt(x)
    elif FN == "sqrt_rn":
        y = tl.sqrt_rn(x)
    elif FN == "rsqrt":
        y = tl.rsqrt(x)
    elif FN == "erf":
        y = tl.erf(x)
    elif FN == "floor":
        y = tl.floor(x)
    elif FN == "ceil":
        y = tl.ceil(x)
    elif FN == "sigmoid":
        y = tl.sigmoid(x)
    elif FN == "tanh":
        y = libdevice.tanh(x)
    elif FN == "log1p":
        y = libdevice.log1p(x)
    elif FN == "expm1":
        y = libdevice.expm1(x)
    elif FN == "tan":
        y = libdevice.tan(x)
    elif FN == "asin":
        y = libdevice.asin(x)
    elif FN == "atan":
        y = libdevice.atan(x)
    elif FN == "sinh":
        y = libdevice.sinh(x)
    elif FN == "cbrt":
        y = libdevice.cbrt(x)
    elif FN == "erfc":
        y = libdevice.erfc(x)
    elif FN == "round":
        y = libdevice.round(x)
    elif FN == "rint":
        y = libdevice.rint(x)
    elif FN == "trunc":
        y = libdevice.trunc(x)
    else:
        tl.static_assert(False, "unknown function")
    tl.store(out_ptr + offs, y, mask=mask)


@nereid.jit
def binary_kernel(x_ptr, y_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    if FN == "pow":
        z = libdevice.pow(x, y)
    elif FN == "atan2":
        z = libdevice.atan2(x, y)
    elif FN == "hypot":
        z = libdevice.hypot(x, y)
    elif FN == "fmod":
        z = libdevice.fmod(x, y)
    elif FN == "copysign":
        z = libdevice.copysign(x, y)
    elif FN == "div_rn":
        z = tl.div_rn(x, y)
    elif FN == "fdiv":
        z = tl.fdiv(x, y)
    else:
        tl.static_assert(False, "unknown function")
    tl.store(out_ptr + offs, z, mask=mask)


def arguments(rng, n, domain):
    """Random f32 arguments over `domain` (low, high), with NaN, infinities and zeros."""
    low, high = domain
    x = rng.uniform(low, high, n).astype(np.float32)
    x[:4] = [np.nan, np.inf, -np.inf, 0.0]
    x[4] = -0.0
    return x


# name -> (domain of the random arguments, ULPs)
UNARY = {
    "exp": ((-87, 88), 4), "exp2": ((-126, 127), 4), "log": ((0, 1e6), 4),
    "log2": ((0, 1e6), 4), "sin": ((-100, 100), 4), "cos": ((-100, 100), 4),
    "sqrt": ((-1, 1e6), 0), "sqrt_rn": ((-1, 1e6), 0), "rsqrt": ((0, 1e6), 2),
    "erf": ((-5, 5), 4), "floor": ((-1e4, 1e4), 0), "ceil": ((-1e4, 1e4), 0),
    "sigmoid": ((-30, 30), 4), "tanh": ((-10, 10), 4), "log1p": ((-0.999, 100), 8),
    "expm1": ((-20, 20), 8), "tan": ((-10, 10), 8), "asin": ((-1.1, 1.1), 8),
    "atan": ((-100, 100), 8), "sinh": ((-20, 20), 8), "cbrt": ((-1e6, 1e6), 8),
    "erfc": ((-3, 9), 8), "round": ((-100, 100), 0), "rint": ((-100, 100), 0),
    "trunc": ((-100, 100), 0),
}


@pytest.mark.parametrize("fn", list(UNARY))
def test_unary_math(conform, rng, fn):
    domain, ulps = UNARY[fn]
    n = 1000
    x = arguments(rng, n, domain)
    if fn in ("round", "rint"):
        x[5:50] = np.round(x[5:50]) + 0.5  # halfway cases: away from zero, to even
    out = np.zeros(n, dtype=np.float32)
    tolerance = Tolerance(ulps=ulps, atol=F32_ULP_AT_ONE if ulps else 0.0)
    conform(unary_kernel, (nereid.cdiv(n, BLOCK),), x, out, n, FN=fn, BLOCK=BLOCK,
            tolerance=tolerance)


@pytest.mark.parametrize("fn", ["exp", "log", "sin", "sqrt", "tanh", "erf"])
def test_unary_math_float64(conform, rng, fn):
    # f64: the interpreter's result is the C library's; the backend's within 4 ULP of it.
    domain, ulps = UNARY[fn]
    n = 500
    x = arguments(rng, n, domain).astype(np.float64)
    out = np.zeros(n, dtype=np.float64)
    tolerance = Tolerance(ulps=max(ulps, 4) if ulps else 0, atol=2.0**-53 if ulps else 0.0)
    conform(unary_kernel, (nereid.cdiv(n, BLOCK),), x, out, n, FN=fn, BLOCK=BLOCK,
            tolerance=tolerance)


@pytest.mark.parametrize("fn", ["exp", "sin", "sqrt"])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_unary_math_half_precision(conform, rng, fn, dtype):
    # f16 and bf16 are computed in f32 and rounded once: at most 1 ULP of the narrow type.
    import ml_dtypes
    np_dtype = np.float16 if dtype == "float16" else ml_dtypes.bfloat16
    domain = {"exp": (-9, 9), "sin": (-10, 10), "sqrt": (-1, 1000)}[fn]
    n = 500
    x = arguments(rng, n, domain).astype(np_dtype)
    out = np.zeros(n, dtype=np_dtype)
    tolerance = Tolerance(ulps=0 if fn == "sqrt" else 1)
    conform(unary_kernel, (nereid.cdiv(n, BLOCK),), x, out, n, FN=fn, BLOCK=BLOCK,
            tolerance=tolerance)


# name -> (domain of x, domain of y, ULPs)
BINARY = {
    "pow": ((0, 10), (-20, 20), 8), "atan2": ((-10, 10), (-10, 10), 8),
    "hypot": ((-1e3, 1e3), (-1e3, 1e3), 8), "fmod": ((-100, 100), (-10, 10), 0),
    "copysign": ((-10, 10), (-10, 10), 0), "div_rn": ((-100, 100), (-10, 10), 0),
    "fdiv": ((-100, 100), (-10, 10), 2),
}


@pytest.mark.parametrize("fn", list(BINARY))
def test_binary_math(conform, rng, fn):
    x_domain, y_domain, ulps = BINARY[fn]
    n = 1000
    x = arguments(rng, n, x_domain)
    y = arguments(rng, n, y_domain)[::-1].copy()
    out = np.zeros(n, dtype=np.float32)
    conform(binary_kernel, (nereid.cdiv(n, BLOCK),), x, y, out, n, FN=fn, BLOCK=BLOCK,
            tolerance=Tolerance(ulps=ulps, atol=F32_ULP_AT_ONE if ulps else 0.0))
