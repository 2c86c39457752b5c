"""`tl.extra.libdevice`: math functions by their libdevice names, for every backend.

Functions with a `math` dialect equivalent emit that op, which each backend lowers with its
own library (libdevice on NVIDIA, ocml on AMD, the xsimd library on CPUs). The rest emit
`tt.extern_elementwise` naming the libdevice symbol (`__nv_<name>f` for float32,
`__nv_<name>` for float64); a backend maps the symbol to its implementation or reports that it
has none."""

from __future__ import annotations

from typing import Any

from .. import dtypes
from ..core import builtin, semantic, tensor
from ..semantic.base import SemanticError

_UNARY = {
    "exp": "math.exp", "exp2": "math.exp2", "expm1": "math.expm1", "log": "math.log",
    "log2": "math.log2", "log10": "math.log10", "log1p": "math.log1p", "sin": "math.sin",
    "cos": "math.cos", "tan": "math.tan", "asin": "math.asin", "acos": "math.acos",
    "atan": "math.atan", "sinh": "math.sinh", "cosh": "math.cosh", "tanh": "math.tanh",
    "asinh": "math.asinh", "acosh": "math.acosh", "atanh": "math.atanh", "sqrt": "math.sqrt",
    "rsqrt": "math.rsqrt", "cbrt": "math.cbrt", "floor": "math.floor", "ceil": "math.ceil",
    "trunc": "math.trunc", "round": "math.round", "rint": "math.roundeven",
    "nearbyint": "math.roundeven", "fabs": "math.absf", "abs": "math.absf", "erf": "math.erf",
    "erfc": "math.erfc",
}
_BINARY = {
    "atan2": "math.atan2", "pow": "math.powf", "copysign": "math.copysign",
    "fmod": "arith.remf", "fmin": "arith.minnumf", "fmax": "arith.maxnumf",
}
_PREDICATES = {"isnan": "math.isnan", "isinf": "math.isinf", "isfinited": "math.isfinite",
               "finitef": "math.isfinite"}
_EXTERNAL = ("lgamma", "tgamma", "erfinv", "erfcinv", "j0", "j1", "y0", "y1", "normcdf",
             "normcdfinv", "exp10", "sinpi", "cospi", "logb", "hypot", "nextafter", "fdim")


_FLOAT_RULE = ("The arguments are tensors or scalars, converted to the dtype of the first float "
               "among them and broadcast together; the result has that dtype.")


def _float_operands(name: str, args: tuple) -> list[tensor]:
    sem = semantic()
    values = [sem.to_tensor(a) for a in args]
    ty = next((v.dtype for v in values if v.dtype.is_floating()), None)
    if ty is None:
        raise SemanticError(f"libdevice.{name} expects floating-point arguments; got "
                            + ", ".join(str(v.dtype) for v in values))
    values = [sem.cast(v, ty) for v in values]
    return sem.broadcast_values(*values)


def _unary(name: str, op: str):
    @builtin
    def function(arg0: Any) -> tensor:
        (x,) = _float_operands(name, (arg0,))
        return semantic()._unary(op, x)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"libdevice's `{name}` of `arg0`, elementwise: the `{op}` op, which each "
                        "backend lowers with its own math library.\n\n" + _FLOAT_RULE)
    return function


def _binary(name: str, op: str):
    @builtin
    def function(arg0: Any, arg1: Any) -> tensor:
        x, y = _float_operands(name, (arg0, arg1))
        return semantic()._binary(op, x, y)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"libdevice's `{name}` of `arg0` and `arg1`, elementwise: the `{op}` op, "
                        "which each backend lowers with its own math library.\n\n"
                        + _FLOAT_RULE)
    return function


def _predicate(name: str, op: str):
    @builtin
    def function(arg0: Any) -> tensor:
        (x,) = _float_operands(name, (arg0,))
        result_type = semantic().same_shape(x, dtypes.int1)
        handle = semantic().builder.create_one(f"{op} {x.handle.name}", result_type.to_ir(),
                                               f": {x.handle.type}")
        return tensor(handle, result_type)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"libdevice's `{name}` of `arg0`, elementwise, as a boolean (int1) "
                        f"tensor: the `{op}` op.\n\n`arg0` is a float tensor or scalar.")
    return function


def _external(name: str):
    @builtin
    def function(*args: Any) -> tensor:
        values = _float_operands(name, args)
        ty = values[0].dtype
        if ty not in (dtypes.float32, dtypes.float64):
            raise SemanticError(f"libdevice.{name} is defined on float32 and float64; got {ty}")
        symbol = f"__nv_{name}f" if ty == dtypes.float32 else f"__nv_{name}"
        return semantic().extern_elementwise("libdevice", "", values, symbol, ty, True)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = (f"libdevice's `{name}`, elementwise: a `tt.extern_elementwise` of "
                        f"`__nv_{name}f` (float32) or `__nv_{name}` (float64), which a backend "
                        "maps to its own implementation or reports missing.\n\n" + _FLOAT_RULE
                        + " Only float32 and float64 are supported.")
    return function


for _name, _op in _UNARY.items():
    globals()[_name] = _unary(_name, _op)
for _name, _op in _BINARY.items():
    globals()[_name] = _binary(_name, _op)
for _name, _op in _PREDICATES.items():
    globals()[_name] = _predicate(_name, _op)
for _name in _EXTERNAL:
    globals()[_name] = _external(_name)
del _name, _op


@builtin
def fma(x: Any, y: Any, z: Any) -> tensor:
    """`x * y + z` with a single rounding, elementwise, as `tl.fma`."""
    return semantic().fma(x, y, z)


def _round_to_nearest(name: str, what: str, compute):
    """libdevice's `<name>_rn`: one IEEE operation rounded to nearest even, on float32 or
    float64. Nereid's backends round every float operation so and never contract one into
    another (a `mul_rn` followed by an `add_rn` stays two roundings), so each is the plain
    operation."""
    @builtin
    def function(*args: Any) -> tensor:
        values = _float_operands(name, args)
        if values[0].dtype not in (dtypes.float32, dtypes.float64):
            raise SemanticError(f"libdevice.{name} is defined on float32 and float64; got "
                                f"{values[0].dtype}")
        return compute(semantic(), *values)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"{what}, rounded correctly to nearest even, elementwise.\n\n{_FLOAT_RULE}"
    return function


add_rn = _round_to_nearest("add_rn", "`x + y`", lambda sem, x, y: sem.add(x, y))
sub_rn = _round_to_nearest("sub_rn", "`x - y`", lambda sem, x, y: sem.sub(x, y))
mul_rn = _round_to_nearest("mul_rn", "`x * y`", lambda sem, x, y: sem.mul(x, y))
div_rn = _round_to_nearest("div_rn", "`x / y` (as `tl.div_rn`)", lambda sem, x, y: sem.div_rn(x, y))
rcp_rn = _round_to_nearest("rcp_rn", "`1 / x`", lambda sem, x: sem.div_rn(1.0, x))
sqrt_rn = _round_to_nearest("sqrt_rn", "The square root of `x` (as `tl.sqrt_rn`)",
                            lambda sem, x: sem.precise_sqrt(x))
fma_rn = _round_to_nearest("fma_rn", "`x * y + z` with a single rounding (as `tl.fma`)",
                           lambda sem, x, y, z: sem.fma(x, y, z))
