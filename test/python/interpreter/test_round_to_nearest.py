"""`tl.math.div_rn`, `tl.math.sqrt_rn` and libdevice's `*_rn` functions: each one IEEE
operation rounded correctly to nearest even, bit for bit what numpy computes (float64
arithmetic rounded once to float32 for `fma_rn`, whose float32 product is exact in float64)."""

import numpy as np
import pytest

import nereid.triton as triton
import nereid.triton.language as tl
from nereid.triton.language.extra import libdevice


@triton.jit
def round_to_nearest(x_ptr, y_ptr, z_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    z = tl.load(z_ptr + offs, mask=mask)
    if OP == "math.div_rn":
        r = tl.math.div_rn(x, y)
    elif OP == "math.sqrt_rn":
        r = tl.math.sqrt_rn(x)
    elif OP == "math.fdiv":
        r = tl.math.fdiv(x, y)
    elif OP == "math.fma":
        r = tl.math.fma(x, y, z)
    elif OP == "add_rn":
        r = libdevice.add_rn(x, y)
    elif OP == "sub_rn":
        r = libdevice.sub_rn(x, y)
    elif OP == "mul_rn":
        r = libdevice.mul_rn(x, y)
    elif OP == "div_rn":
        r = libdevice.div_rn(x, y)
    elif OP == "rcp_rn":
        r = libdevice.rcp_rn(x)
    elif OP == "sqrt_rn":
        r = libdevice.sqrt_rn(x)
    else:
        r = libdevice.fma_rn(x, y, z)
    tl.store(out_ptr + offs, r, mask=mask)


def reference(op, x, y, z):
    if op in ("math.fma", "fma_rn"):
        wide = x.astype(np.float64) * y.astype(np.float64) + z.astype(np.float64)
        return wide.astype(x.dtype)
    return {"math.div_rn": lambda: x / y, "math.fdiv": lambda: x / y, "div_rn": lambda: x / y,
            "math.sqrt_rn": lambda: np.sqrt(x), "sqrt_rn": lambda: np.sqrt(x),
            "add_rn": lambda: x + y, "sub_rn": lambda: x - y, "mul_rn": lambda: x * y,
            "rcp_rn": lambda: np.ones_like(x) / x}[op]()


OPS = ["math.div_rn", "math.sqrt_rn", "math.fdiv", "add_rn", "sub_rn", "mul_rn", "div_rn",
       "rcp_rn", "sqrt_rn"]


# numpy has no float64 reference for a fused multiply-add: fma is checked on float32.
@pytest.mark.parametrize("op, dtype", [(op, dtype) for op in OPS
                                       for dtype in ("float32", "float64")]
                         + [("math.fma", "float32"), ("fma_rn", "float32")])
def test_round_to_nearest(rng, op, dtype):
    n = 1000
    x, y, z = (rng.standard_normal(n).astype(dtype) * 10 for _ in range(3))
    if "sqrt" in op:
        x = np.abs(x)
    out = np.zeros(n, dtype)
    round_to_nearest[(triton.cdiv(n, 256),)](x, y, z, out, n, op, BLOCK=256)
    np.testing.assert_array_equal(out, reference(op, x, y, z))


def test_precise_math_as_upstream_checks_it(rng):
    """Triton's test_precise_math: sqrt_rn and div_rn equal float64 computations rounded to
    float32, bitwise."""
    @triton.jit
    def kernel(x_ptr, y_ptr, out_ptr, ref_ptr, BLOCK: tl.constexpr):
        x = tl.load(x_ptr + tl.arange(0, BLOCK))
        y = tl.load(y_ptr + tl.arange(0, BLOCK))
        tl.store(out_ptr + tl.arange(0, BLOCK), tl.math.div_rn(x, y) + tl.math.sqrt_rn(x))
        ref = (x.to(tl.float64) / y.to(tl.float64)).to(tl.float32) + \
            tl.math.sqrt(x.to(tl.float64)).to(tl.float32)
        tl.store(ref_ptr + tl.arange(0, BLOCK), ref)

    x = np.abs(rng.standard_normal(128).astype(np.float32))
    y = rng.standard_normal(128).astype(np.float32) + 1e-6
    out, ref = np.zeros(128, np.float32), np.ones(128, np.float32)
    kernel[(1,)](x, y, out, ref, BLOCK=128)
    np.testing.assert_array_equal(out, ref)


@triton.jit
def half_rcp(x_ptr, out_ptr):
    tl.store(out_ptr, libdevice.rcp_rn(tl.load(x_ptr)))


def test_rn_functions_are_defined_on_float32_and_float64():
    with pytest.raises(triton.CompilationError,
                       match="libdevice.rcp_rn is defined on float32 and float64; got float16"):
        half_rcp.warmup(np.ones(4, np.float16), np.ones(4, np.float16))
