"""Elementwise operations: operators, maximum/minimum/clamp, fma, the math functions,
fdiv/div_rn/sqrt_rn, umulhi, sigmoid, softmax, cdiv, tl.extra.libdevice, and the builtins
min/max/abs."""


import pytest

import nereid
import nereid.language as tl
from nereid.language.extra import libdevice
from frontend_util import MLIR_TYPES, array, count_ops, find_op, has_op, op_lines, ttir


@nereid.jit
def binary_kernel(a_ptr, b_ptr, out_ptr, OP: tl.constexpr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    if OP == "+":
        c = a + b
    elif OP == "-":
        c = a - b
    elif OP == "*":
        c = a * b
    elif OP == "/":
        c = a / b
    elif OP == "//":
        c = a // b
    elif OP == "%":
        c = a % b
    elif OP == "&":
        c = a & b
    elif OP == "|":
        c = a | b
    elif OP == "^":
        c = a ^ b
    elif OP == "<<":
        c = a << b
    elif OP == ">>":
        c = a >> b
    tl.store(out_ptr + offs, c)


# (operator, dtype, op): integers are signless in MLIR, so the op carries the signedness.
BINARY = [
    ("+", "int32", "arith.addi"), ("+", "float32", "arith.addf"),
    ("-", "int64", "arith.subi"), ("-", "float16", "arith.subf"),
    ("*", "uint8", "arith.muli"), ("*", "float64", "arith.mulf"),
    ("//", "int32", "arith.divsi"), ("//", "uint32", "arith.divui"),
    ("//", "int8", "arith.divsi"), ("//", "uint64", "arith.divui"),
    ("%", "int32", "arith.remsi"), ("%", "uint16", "arith.remui"),
    ("%", "float32", "arith.remf"),
    ("&", "int32", "arith.andi"), ("|", "uint8", "arith.ori"), ("^", "int64", "arith.xori"),
    ("<<", "int32", "arith.shli"), (">>", "int32", "arith.shrsi"),
    (">>", "uint32", "arith.shrui"), ("/", "float32", "arith.divf"),
]


@pytest.mark.parametrize("op, dtype, mlir_op", BINARY,
                         ids=[f"{o}-{d}" for o, d, _ in BINARY])
def test_binary_operator(op, dtype, mlir_op):
    ir = ttir(binary_kernel, array(dtype), array(dtype), array(dtype), OP=op)
    find_op(ir, mlir_op, f": tensor<16x{MLIR_TYPES[dtype]}>")


def test_true_division_of_integers_is_float32():
    ir = ttir(binary_kernel, array("int32"), array("int32"), array("float32"), OP="/")
    assert count_ops(ir, "arith.sitofp") == 2
    find_op(ir, "arith.divf", ": tensor<16xf32>")


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_true_division_of_half_types_is_float32(dtype):
    # Triton computes / and % of fp16 and bf16 in fp32.
    ir = ttir(binary_kernel, array(dtype), array(dtype), array("float32"), OP="/")
    assert len(op_lines(ir, "arith.extf")) == 2
    find_op(ir, "arith.extf", f"tensor<16x{MLIR_TYPES[dtype]}> to tensor<16xf32>")
    find_op(ir, "arith.divf", ": tensor<16xf32>")


@pytest.mark.parametrize("op", ["//", "&", "<<"])
def test_integer_operators_on_floats_are_errors(op):
    with pytest.raises(nereid.CompilationError):
        ttir(binary_kernel, array("float32"), array("float32"), array("float32"), OP=op)


@nereid.jit
def compare_kernel(a_ptr, b_ptr, out_ptr, OP: tl.constexpr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    if OP == "<":
        c = a < b
    elif OP == "<=":
        c = a <= b
    elif OP == ">":
        c = a > b
    elif OP == ">=":
        c = a >= b
    elif OP == "==":
        c = a == b
    else:
        c = a != b
    tl.store(out_ptr + offs, c)


@pytest.mark.parametrize("op, signed, unsigned, floating", [
    ("<", "slt", "ult", "olt"), ("<=", "sle", "ule", "ole"), (">", "sgt", "ugt", "ogt"),
    (">=", "sge", "uge", "oge"), ("==", "eq", "eq", "oeq"), ("!=", "ne", "ne", "une"),
])
def test_comparisons(op, signed, unsigned, floating):
    for dtype, predicate, mlir_op in (("int32", signed, "arith.cmpi"),
                                      ("uint32", unsigned, "arith.cmpi"),
                                      ("float32", floating, "arith.cmpf")):
        ir = ttir(compare_kernel, array(dtype), array(dtype), array("int1"), OP=op)
        find_op(ir, mlir_op, f"{mlir_op} {predicate},", f": tensor<16x{MLIR_TYPES[dtype]}>")


@nereid.jit
def unary_kernel(a_ptr, out_ptr, OP: tl.constexpr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    if OP == "neg":
        c = -a
    elif OP == "pos":
        c = +a
    elif OP == "invert":
        c = ~a
    elif OP == "not":
        c = not a
    else:
        c = abs(a)
    tl.store(out_ptr + offs, c)


def test_unary_minus():
    find_op(ttir(unary_kernel, array(), array(), OP="neg"), "arith.negf", "tensor<16xf32>")
    ir = ttir(unary_kernel, array("int16"), array("int16"), OP="neg")
    find_op(ir, "arith.constant", "0 : i16")
    find_op(ir, "arith.subi", "tensor<16xi16>")


def test_unary_plus_emits_nothing():
    ir = ttir(unary_kernel, array(), array(), OP="pos")
    for op in ("arith.negf", "arith.subf", "arith.addf", "arith.mulf"):
        assert not has_op(ir, op)


def test_invert_is_xor_with_all_ones():
    ir = ttir(unary_kernel, array("uint8"), array("uint8"), OP="invert")
    find_op(ir, "arith.constant", "-1 : i8")
    find_op(ir, "arith.xori", "tensor<16xi8>")


def test_invert_of_float_is_an_error():
    with pytest.raises(nereid.CompilationError, match="integers"):
        ttir(unary_kernel, array(), array(), OP="invert")


def test_not_of_a_tensor():
    ir = ttir(unary_kernel, array("int32"), array("int1"), OP="not")
    find_op(ir, "arith.cmpi", "ne", "tensor<16xi32>")
    find_op(ir, "arith.xori", "tensor<16xi1>")


@pytest.mark.parametrize("dtype, op", [("float32", "math.absf"), ("int32", "math.absi"),
                                       ("float16", "math.absf")])
def test_builtin_abs_on_tensors(dtype, op):
    ir = ttir(unary_kernel, array(dtype), array(dtype), OP="abs")
    find_op(ir, op, f"tensor<16x{MLIR_TYPES[dtype]}>")


def test_abs_of_unsigned_is_the_value():
    ir = ttir(unary_kernel, array("uint32"), array("uint32"), OP="abs")
    assert not has_op(ir, "math.absi")


@nereid.jit
def min_max_kernel(a_ptr, b_ptr, out_ptr, OP: tl.constexpr, NAN: tl.constexpr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    if OP == "maximum":
        c = tl.maximum(a, b, propagate_nan=NAN)
    elif OP == "minimum":
        c = tl.minimum(a, b, propagate_nan=NAN)
    elif OP == "max":
        c = max(a, b)
    else:
        c = min(a, b)
    tl.store(out_ptr + offs, c)


@pytest.mark.parametrize("op, dtype, nan, mlir_op", [
    ("maximum", "float32", tl.PropagateNan.NONE, "arith.maxnumf"),
    ("maximum", "float32", tl.PropagateNan.ALL, "arith.maximumf"),
    ("minimum", "float16", tl.PropagateNan.NONE, "arith.minnumf"),
    ("minimum", "float64", tl.PropagateNan.ALL, "arith.minimumf"),
    ("maximum", "int32", tl.PropagateNan.NONE, "arith.maxsi"),
    ("maximum", "uint32", tl.PropagateNan.NONE, "arith.maxui"),
    ("minimum", "int8", tl.PropagateNan.NONE, "arith.minsi"),
    ("minimum", "uint64", tl.PropagateNan.NONE, "arith.minui"),
    ("max", "float32", None, "arith.maxnumf"),
    ("min", "int16", None, "arith.minsi"),
    ("max", "uint8", None, "arith.maxui"),
])
def test_maximum_minimum_and_builtins(op, dtype, nan, mlir_op):
    ir = ttir(min_max_kernel, array(dtype), array(dtype), array(dtype), OP=op, NAN=nan)
    find_op(ir, mlir_op, f"tensor<16x{MLIR_TYPES[dtype]}>")


@nereid.jit
def builtin_on_scalars(out_ptr, n, m, BLOCK: tl.constexpr):
    # Compile-time values fold; run-time scalars become min/max ops.
    size: tl.constexpr = min(BLOCK, 64)
    tl.store(out_ptr + tl.arange(0, size), max(n, m))
    tl.store(out_ptr, min(n, 3))
    tl.store(out_ptr + 1, abs(n))
    tl.store(out_ptr + 2, abs(-5))


def test_builtins_min_max_abs_on_scalars():
    ir = ttir(builtin_on_scalars, array("int32"), 7, 9, BLOCK=128)
    find_op(ir, "tt.make_range", "end = 64 : i32")
    find_op(ir, "arith.maxsi", ": i32")
    find_op(ir, "arith.minsi", ": i32")
    find_op(ir, "math.absi", ": i32")
    find_op(ir, "arith.constant", "5 : i32")


@nereid.jit
def clamp_kernel(x_ptr, out_ptr, NAN: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.clamp(x, -1.0, 1.0, propagate_nan=NAN))


@pytest.mark.parametrize("nan, text", [(tl.PropagateNan.NONE, "none"),
                                       (tl.PropagateNan.ALL, "all")])
def test_clamp(nan, text):
    ir = ttir(clamp_kernel, array(), array(), NAN=nan)
    find_op(ir, "tt.clampf", f"propagateNan = {text}", ": tensor<16xf32>")


def test_clamp_of_integers_is_an_error():
    with pytest.raises(nereid.CompilationError, match="floating"):
        ttir(clamp_kernel, array("int32"), array("int32"), NAN=tl.PropagateNan.NONE)


@nereid.jit
def fma_kernel(x_ptr, y_ptr, z_ptr, out_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    z = tl.load(z_ptr + offs)
    tl.store(out_ptr + offs, tl.fma(x, y, z))


def test_fma():
    ir = ttir(fma_kernel, array(), array(), array(), array())
    find_op(ir, "math.fma", ": tensor<16xf32>")


@nereid.jit
def math_kernel(x_ptr, out_ptr, FN: tl.constexpr, METHOD: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    if not METHOD:
        y = FN(x)
    elif FN == "exp":
        y = x.exp()
    elif FN == "log":
        y = x.log()
    elif FN == "sqrt":
        y = x.sqrt()
    elif FN == "sin":
        y = x.sin()
    else:
        y = x.abs()
    tl.store(out_ptr + offs, y)


MATH = ["exp", "exp2", "log", "log2", "sin", "cos", "sqrt", "rsqrt", "floor", "ceil", "erf"]


@pytest.mark.parametrize("fn", MATH)
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_math_functions(fn, dtype):
    ir = ttir(math_kernel, array(dtype), array(dtype), FN=getattr(tl, fn), METHOD=False)
    find_op(ir, f"math.{fn}", f": tensor<16x{MLIR_TYPES[dtype]}>")


@pytest.mark.parametrize("fn", ["exp", "log", "sqrt", "sin", "abs"])
def test_math_tensor_methods(fn):
    ir = ttir(math_kernel, array(), array(), FN=fn, METHOD=True)
    find_op(ir, "math.absf" if fn == "abs" else f"math.{fn}", ": tensor<16xf32>")


@pytest.mark.parametrize("fn", ["exp", "sqrt", "log2", "floor"])
def test_math_functions_on_integers_are_errors(fn):
    with pytest.raises(nereid.CompilationError, match="floating-point"):
        ttir(math_kernel, array("int32"), array("int32"), FN=getattr(tl, fn), METHOD=False)


@nereid.jit
def tl_math_module(x_ptr, out_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.math.exp2(x) + tl.math.log(x))


def test_tl_math_module():
    ir = ttir(tl_math_module, array(), array())
    find_op(ir, "math.exp2")
    find_op(ir, "math.log")


@nereid.jit
def precise_kernel(x_ptr, y_ptr, out_ptr, OP: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    if OP == "fdiv":
        z = tl.fdiv(x, y)
    elif OP == "fdiv_ieee":
        z = tl.fdiv(x, y, ieee_rounding=True)
    elif OP == "div_rn":
        z = tl.div_rn(x, y)
    else:
        z = tl.sqrt_rn(x)
    tl.store(out_ptr + offs, z)


@pytest.mark.parametrize("op, mlir_op", [("fdiv", "arith.divf"), ("fdiv_ieee", "arith.divf"),
                                         ("div_rn", "tt.precise_divf"),
                                         ("sqrt_rn", "tt.precise_sqrt")])
def test_divisions_and_precise_square_root(op, mlir_op):
    ir = ttir(precise_kernel, array(), array(), array(), OP=op)
    find_op(ir, mlir_op, ": tensor<16xf32>")


def test_fdiv_of_integers_is_an_error():
    with pytest.raises(nereid.CompilationError, match="floating"):
        ttir(precise_kernel, array("int32"), array("int32"), array("int32"), OP="fdiv")


def test_sqrt_rn_of_float16_is_an_error():
    with pytest.raises(nereid.CompilationError, match="sqrt_rn"):
        ttir(precise_kernel, array("float16"), array("float16"), array("float16"),
             OP="sqrt_rn")


@nereid.jit
def umulhi_kernel(x_ptr, y_ptr, out_ptr):
    offs = tl.arange(0, 16)
    tl.store(out_ptr + offs, tl.umulhi(tl.load(x_ptr + offs), tl.load(y_ptr + offs)))


def test_umulhi():
    ir = ttir(umulhi_kernel, array("uint32"), array("uint32"), array("uint32"))
    find_op(ir, "tt.mulhiui", ": tensor<16xi32>")


def test_umulhi_of_floats_is_an_error():
    with pytest.raises(nereid.CompilationError, match="integer"):
        ttir(umulhi_kernel, array(), array(), array())


@nereid.jit
def sigmoid_softmax(x_ptr, out_ptr, OP: tl.constexpr):
    offs = tl.arange(0, 8)[:, None] * 32 + tl.arange(0, 32)[None, :]
    x = tl.load(x_ptr + offs)
    if OP == "sigmoid":
        y = tl.sigmoid(x)
    elif OP == "softmax":
        y = tl.softmax(x)
    else:
        y = x.softmax(1)
    tl.store(out_ptr + offs, y)


def test_sigmoid():
    ir = ttir(sigmoid_softmax, array(n=256), array(n=256), OP="sigmoid")
    find_op(ir, "arith.negf", "tensor<8x32xf32>")
    find_op(ir, "math.exp", "tensor<8x32xf32>")
    find_op(ir, "arith.divf", "tensor<8x32xf32>")


@pytest.mark.parametrize("op, axis", [("softmax", 0), ("method", 1)])
def test_softmax(op, axis):
    ir = ttir(sigmoid_softmax, array(n=256), array(n=256), OP=op)
    reduces = op_lines(ir, "tt.reduce")
    assert len(reduces) == 2
    assert all(f"axis = {axis}" in line for line in reduces)
    find_op(ir, "math.exp", "tensor<8x32xf32>")
    find_op(ir, "arith.subf", "tensor<8x32xf32>")
    find_op(ir, "arith.divf", "tensor<8x32xf32>")


@nereid.jit
def cdiv_kernel(out_ptr, n, BLOCK: tl.constexpr):
    blocks = tl.cdiv(n, BLOCK)
    size: tl.constexpr = tl.cdiv(100, BLOCK) * BLOCK
    tl.store(out_ptr, blocks)
    tl.store(out_ptr + 1, size)


def test_cdiv_of_runtime_and_constant_values():
    ir = ttir(cdiv_kernel, array("int32"), 1000, BLOCK=64)
    # (n + 64 - 1) // 64 at run time, signed
    find_op(ir, "arith.divsi", ": i32")
    # cdiv(100, 64) * 64 == 128 at compile time
    find_op(ir, "arith.constant", "128 : i32")


@nereid.jit
def libdevice_kernel(x_ptr, y_ptr, out_ptr, FN: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    if FN == "pow":
        z = libdevice.pow(x, y)
    elif FN == "atan2":
        z = libdevice.atan2(x, y)
    elif FN == "isnan":
        z = libdevice.isnan(x).to(tl.float32)
    elif FN == "via_tl_extra":
        z = tl.extra.libdevice.tanh(x)
    else:
        z = getattr(libdevice, FN)(x)
    tl.store(out_ptr + offs, z)


@pytest.mark.parametrize("fn, mlir_op", [
    ("tanh", "math.tanh"), ("log10", "math.log10"), ("erfc", "math.erfc"),
    ("cbrt", "math.cbrt"), ("rint", "math.roundeven"), ("trunc", "math.trunc"),
    ("pow", "math.powf"), ("atan2", "math.atan2"), ("isnan", "math.isnan"),
    ("via_tl_extra", "math.tanh"), ("expm1", "math.expm1"), ("fabs", "math.absf"),
])
def test_libdevice_functions_with_a_math_equivalent(fn, mlir_op):
    ir = ttir(libdevice_kernel, array(), array(), array(), FN=fn)
    find_op(ir, mlir_op, "tensor<16xf32>")


@pytest.mark.parametrize("dtype, suffix", [("float32", "f"), ("float64", "")])
@pytest.mark.parametrize("fn", ["lgamma", "erfinv", "j0"])
def test_libdevice_functions_without_one_are_extern_calls(fn, dtype, suffix):
    ir = ttir(libdevice_kernel, array(dtype), array(dtype), array(dtype), FN=fn)
    mlir = MLIR_TYPES[dtype]
    line = find_op(ir, "tt.extern_elementwise", f'symbol = "__nv_{fn}{suffix}"')
    assert 'libname = "libdevice"' in line and "pure = true" in line
    assert line.endswith(f": (tensor<16x{mlir}>) -> tensor<16x{mlir}>"), line


def test_libdevice_on_integers_is_an_error():
    with pytest.raises(nereid.CompilationError, match="floating-point"):
        ttir(libdevice_kernel, array("int32"), array("int32"), array("int32"), FN="tanh")


@nereid.jit
def logical_ops(a_ptr, out_ptr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    both = (a > 0) and (a < 10)
    either = (a < -5) or (a > 5)
    chained = 0 < a < 10
    tl.store(out_ptr + offs, both | either | chained)


def test_and_or_and_chained_comparisons_on_tensors():
    ir = ttir(logical_ops, array("int32"), array("int1"))
    assert count_ops(ir, "arith.andi") >= 2  # `and`, and the chained comparison
    find_op(ir, "arith.ori", "tensor<16xi1>")
    assert count_ops(ir, "arith.cmpi") == 6


@nereid.jit
def shift_mixed(a_ptr, b_ptr, out_ptr, REVERSED: tl.constexpr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    if REVERSED:
        c = 256 >> a
    else:
        c = a >> b
    tl.store(out_ptr + offs, c)


@pytest.mark.parametrize("a, b, op", [("int32", "uint32", "arith.shrsi"),
                                      ("uint32", "int32", "arith.shrui"),
                                      ("int8", "uint32", "arith.shrsi"),
                                      ("uint8", "int64", "arith.shrui")])
def test_right_shift_follows_the_shifted_tensors_signedness(a, b, op):
    # Triton's tensor.__rshift__ picks ashr or lshr by self.dtype, after promoting both sides.
    ir = ttir(shift_mixed, array(a), array(b), array("int64"), REVERSED=False)
    find_op(ir, op)


def test_reflected_right_shift_follows_the_tensor_operand():
    ir = ttir(shift_mixed, array("int32"), array("int32"), array("int32"), REVERSED=True)
    find_op(ir, "arith.shrsi", ": tensor<16xi32>")
    ir = ttir(shift_mixed, array("uint32"), array("int32"), array("uint32"), REVERSED=True)
    find_op(ir, "arith.shrui", ": tensor<16xi32>")
