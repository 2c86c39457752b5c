"""Elementwise math of `triton.language`: each maps to the `math` dialect op of the same
meaning, which every backend lowers with its own library."""

from __future__ import annotations

from typing import Any

from .core import builtin, semantic, tensor


def _float_unary(name: str, op: str):
    @builtin
    def function(x: Any) -> tensor:
        return semantic().float_unary(op, name, x)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Elementwise {name} of a floating-point tensor."
    return function


exp = _float_unary("exp", "math.exp")
exp2 = _float_unary("exp2", "math.exp2")
log = _float_unary("log", "math.log")
log2 = _float_unary("log2", "math.log2")
sin = _float_unary("sin", "math.sin")
cos = _float_unary("cos", "math.cos")
sqrt = _float_unary("sqrt", "math.sqrt")
rsqrt = _float_unary("rsqrt", "math.rsqrt")
floor = _float_unary("floor", "math.floor")
ceil = _float_unary("ceil", "math.ceil")
erf = _float_unary("erf", "math.erf")


@builtin
def abs(x: Any) -> tensor:
    return semantic().abs(x)


@builtin
def sqrt_rn(x: Any) -> tensor:
    """Square root correctly rounded to nearest even."""
    return semantic().precise_sqrt(x)
