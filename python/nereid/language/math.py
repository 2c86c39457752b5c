"""Elementwise math of `triton.language`: each maps to the `math` dialect op of the same
meaning, which every backend lowers with its own library."""

from __future__ import annotations

from typing import Any

from .core import builtin, semantic, tensor
from .ops import div_rn, fdiv, fma, umulhi  # noqa: F401 - tl.math's names, as in Triton


def _float_unary(name: str, op: str, what: str):
    @builtin
    def function(x: Any) -> tensor:
        return semantic().float_unary(op, name, x)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = (
        f"{what}, elementwise.\n\n"
        "`x` is a tensor or scalar of float16, bfloat16, float32 or float64, and the result has\n"
        "its dtype and shape. Integers and fp8 are errors: cast them to a float type first.")
    return function


exp = _float_unary("exp", "math.exp", "The exponential of `x`, e to the power `x`")
exp2 = _float_unary("exp2", "math.exp2", "The base-2 exponential of `x`, 2 to the power `x`")
log = _float_unary("log", "math.log", "The natural logarithm of `x`")
log2 = _float_unary("log2", "math.log2", "The base-2 logarithm of `x`")
sin = _float_unary("sin", "math.sin", "The sine of `x`, in radians")
cos = _float_unary("cos", "math.cos", "The cosine of `x`, in radians")
sqrt = _float_unary("sqrt", "math.sqrt", "The square root of `x`")
rsqrt = _float_unary("rsqrt", "math.rsqrt", "The reciprocal square root of `x`, 1 / sqrt(x)")
floor = _float_unary("floor", "math.floor", "`x` rounded down to an integral value")
ceil = _float_unary("ceil", "math.ceil", "`x` rounded up to an integral value")
erf = _float_unary("erf", "math.erf", "The error function of `x`")


@builtin
def abs(x: Any) -> tensor:
    """The absolute value of `x`, elementwise, in the dtype and shape of `x`.

    Floats lose their sign (NaN stays NaN); signed integers negate their negative values, with
    the most negative value wrapping to itself; unsigned integers and booleans are unchanged."""
    return semantic().abs(x)


@builtin
def sqrt_rn(x: Any) -> tensor:
    """The square root of `x` rounded correctly to nearest even, elementwise; `x` is float32 or
    float64."""
    return semantic().precise_sqrt(x)
