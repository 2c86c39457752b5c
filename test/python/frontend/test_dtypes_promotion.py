"""Dtypes and Triton's type promotion: every dtype as an argument, tensor-tensor promotion
(C's usual arithmetic conversions for integers, the float ladder fp64 > fp32 > fp16 > bf16 >
fp8), Python scalars (which do not promote a tensor of the same or a higher kind), literal
types, and the errors Triton reports."""

import numpy as np
import pytest

import nereid
import nereid.language as tl
from frontend_util import MLIR_TYPES, array, find_op, has_constant, has_op, op_lines, ttir

ALL_DTYPES = ["int1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float16", "bfloat16", "float32", "float64", "float8e4nv", "float8e5",
              "float8e4b15"]


@nereid.jit
def copy_kernel(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_every_dtype_as_a_pointer_argument(dtype):
    ir = ttir(copy_kernel, array(dtype), array(dtype))
    mlir = MLIR_TYPES[dtype]
    func = find_op(ir, "tt.func")
    assert func.count(f"!tt.ptr<{mlir}>") == 2, func
    if dtype != "int1":  # bool is loaded as bytes
        find_op(ir, "tt.load", f": tensor<16x!tt.ptr<{mlir}>>")


@nereid.jit
def dtype_attributes(x_ptr, out_ptr, EXPECTED: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.static_assert(x.dtype == EXPECTED)
    tl.static_assert(x_ptr.dtype.element_ty == EXPECTED)
    tl.static_assert(x.dtype.is_floating() == EXPECTED.is_floating())
    tl.static_assert(x.shape[0] == 16)
    tl.store(out_ptr + tl.arange(0, 16), x)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
def test_dtype_and_element_ty_are_the_language_dtypes(dtype):
    ttir(dtype_attributes, array(dtype), array(dtype), EXPECTED=getattr(tl, dtype))


def test_dtype_attributes_mismatch_fails_static_assert():
    with pytest.raises(nereid.CompilationError, match="static_assert"):
        ttir(dtype_attributes, array("float16"), array("float16"), EXPECTED=tl.bfloat16)


def test_dtype_objects():
    assert tl.float8e4nv.primitive_bitwidth == 8 and tl.float8e4nv.is_fp8()
    assert tl.int1.is_bool() and tl.int1.is_int_unsigned()
    assert tl.uint16.is_int_unsigned() and tl.int16.is_int_signed()
    assert tl.bfloat16.fp_mantissa_width == 7 and tl.float16.fp_mantissa_width == 10
    assert tl.pointer_type(tl.float32).element_ty == tl.float32
    assert tl.pointer_type(tl.float32) != tl.pointer_type(tl.float16)
    assert tl.int32 != tl.uint32
    assert tl.float8e4 is tl.float8e4nv and tl.float8e5m2 is tl.float8e5


@nereid.jit
def binary(a_ptr, b_ptr, out_ptr, OP: tl.constexpr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    if OP == "+":
        c = a + b
    elif OP == "/":
        c = a / b
    elif OP == "//":
        c = a // b
    elif OP == "%":
        c = a % b
    else:
        c = tl.where(a < b, 1.0, 0.0)
    tl.store(out_ptr + offs, c)


def compile_binary(a, b, op, out="float32"):
    return ttir(binary, array(a), array(b), array(out), OP=op)


# (a, b, the result of `a + b`, the conversions it needs as (op, fragment)), from Triton's
# computation_type_impl.
FLOAT_PROMOTION = [
    ("float16", "float32", "float32", [("arith.extf", "tensor<16xf16> to tensor<16xf32>")]),
    ("float32", "float64", "float64", [("arith.extf", "tensor<16xf32> to tensor<16xf64>")]),
    ("bfloat16", "bfloat16", "bfloat16", []),
    ("bfloat16", "float32", "float32", [("arith.extf", "tensor<16xbf16> to tensor<16xf32>")]),
    # fp16 wins over bf16 (rule 3 comes before rule 4); bf16 converts through fp32
    ("bfloat16", "float16", "float16", [("arith.extf", "tensor<16xbf16> to tensor<16xf32>"),
                                        ("arith.truncf", "tensor<16xf32> to tensor<16xf16>")]),
    ("float16", "int32", "float16", [("arith.sitofp", "tensor<16xi32> to tensor<16xf16>")]),
    ("bfloat16", "int64", "float32", [("arith.extf", "tensor<16xbf16> to tensor<16xf32>"),
                                      ("arith.sitofp", "tensor<16xi64> to tensor<16xf32>")]),
    ("float32", "uint64", "float32", [("arith.uitofp", "tensor<16xi64> to tensor<16xf32>")]),
    ("float64", "int8", "float64", [("arith.sitofp", "tensor<16xi8> to tensor<16xf64>")]),
    ("float8e5", "float8e5", "float8e5", []),
    ("float8e5", "float8e4nv", "float16",
     [("tt.fp_to_fp", "tensor<16xf8E5M2> -> tensor<16xf16>"),
      ("tt.fp_to_fp", "tensor<16xf8E4M3FN> -> tensor<16xf16>")]),
    ("float8e4nv", "float16", "float16",
     [("tt.fp_to_fp", "tensor<16xf8E4M3FN> -> tensor<16xf16>")]),
    ("float8e5", "float32", "float32", [("tt.fp_to_fp", "tensor<16xf8E5M2> -> tensor<16xf32>")]),
]


@pytest.mark.parametrize("a, b, result, conversions", FLOAT_PROMOTION,
                         ids=[f"{a}+{b}" for a, b, _, _ in FLOAT_PROMOTION])
def test_float_promotion_of_tensors(a, b, result, conversions):
    for lhs, rhs in ((a, b), (b, a)):
        ir = compile_binary(lhs, rhs, "+", out=result)
        find_op(ir, "arith.addf", f": tensor<16x{MLIR_TYPES[result]}>")
        for conversion, fragment in conversions:
            find_op(ir, conversion, fragment)
        if not conversions:
            for op in ("arith.extf", "arith.truncf", "tt.fp_to_fp", "arith.sitofp"):
                assert not has_op(ir, op)


def test_fp8_with_an_integer_tensor_is_an_error():
    # Triton: "unexpected type fp8e5 and int32".
    with pytest.raises(nereid.CompilationError, match="unexpected"):
        compile_binary("float8e5", "int32", "+")


# (a, b, the promoted type, the compare predicate of `a < b`, the extension of the narrower
# side if any): C's usual arithmetic conversions.
INT_PROMOTION = [
    ("int8", "int32", "int32", "slt", "arith.extsi"),
    ("uint8", "int32", "int32", "slt", "arith.extui"),
    ("int8", "uint8", "uint8", "ult", None),
    ("uint32", "int32", "uint32", "ult", None),
    ("int64", "uint32", "int64", "slt", "arith.extui"),
    ("uint64", "int64", "uint64", "ult", None),
    ("int16", "uint16", "uint16", "ult", None),
    ("int8", "uint16", "uint16", "ult", "arith.extsi"),  # the source's signedness extends
    ("int1", "int8", "int8", "slt", "arith.extui"),
    ("uint16", "uint64", "uint64", "ult", "arith.extui"),
]


@pytest.mark.parametrize("a, b, result, predicate, extension", INT_PROMOTION,
                         ids=[f"{a}+{b}" for a, b, _, _, _ in INT_PROMOTION])
def test_integer_promotion_of_tensors(a, b, result, predicate, extension):
    mlir = MLIR_TYPES[result]
    ir = compile_binary(a, b, "<", out="float32")
    find_op(ir, "arith.cmpi", f"arith.cmpi {predicate},", f": tensor<16x{mlir}>")
    if extension:
        find_op(ir, extension, f"to tensor<16x{mlir}>")
    else:
        assert not has_op(ir, "arith.extsi") and not has_op(ir, "arith.extui")
    ir = compile_binary(a, b, "+", out=result)
    find_op(ir, "arith.addi", f": tensor<16x{mlir}>")


DIVISION = [
    ("float16", "float16", "float32"),
    ("bfloat16", "bfloat16", "float32"),
    ("float16", "float32", "float32"),
    ("float64", "float16", "float64"),
    ("int32", "int32", "float32"),
    ("float32", "int32", "float32"),
    ("int8", "float16", "float32"),
]


@pytest.mark.parametrize("a, b, result", DIVISION, ids=[f"{a}/{b}" for a, b, _ in DIVISION])
def test_true_division_promotion(a, b, result):
    ir = compile_binary(a, b, "/", out=result)
    find_op(ir, "arith.divf", f": tensor<16x{MLIR_TYPES[result]}>")


def test_half_division_extends_both_operands_then_divides():
    ir = compile_binary("float16", "float16", "/")
    lines = op_lines(ir, "arith.extf")
    assert len(lines) == 2
    assert all("tensor<16xf16> to tensor<16xf32>" in line for line in lines)


@pytest.mark.parametrize("op", ["//", "%"])
def test_floor_division_and_modulo_of_mixed_signedness_are_errors(op):
    with pytest.raises(nereid.CompilationError, match="signedness"):
        compile_binary("int32", "uint32", op, out="int32")


def test_floor_division_promotes_integers():
    ir = compile_binary("int8", "int32", "//", out="int32")
    find_op(ir, "arith.extsi", "tensor<16xi8> to tensor<16xi32>")
    find_op(ir, "arith.divsi", ": tensor<16xi32>")
    ir = compile_binary("uint8", "uint32", "%", out="uint32")
    find_op(ir, "arith.extui", "tensor<16xi8> to tensor<16xi32>")
    find_op(ir, "arith.remui", ": tensor<16xi32>")


@nereid.jit
def with_scalar(a_ptr, out_ptr, OP: tl.constexpr, VALUE: tl.constexpr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    if OP == "+":
        c = a + VALUE
    elif OP == "r-":
        c = VALUE - a
    elif OP == "*":
        c = a * VALUE
    elif OP == "/":
        c = a / VALUE
    else:
        c = a < VALUE
    tl.store(out_ptr + offs, c)


# (tensor dtype, scalar, op, the arith op and its type): a Python number of the same or a lower
# kind than the tensor takes the tensor's type.
SCALARS = [
    ("float16", 1.5, "+", "arith.addf", "f16"),
    ("bfloat16", 2, "*", "arith.mulf", "bf16"),
    ("float16", True, "+", "arith.addf", "f16"),
    ("int8", 3, "+", "arith.addi", "i8"),
    ("uint8", 3, "r-", "arith.subi", "i8"),
    ("int16", -7, "*", "arith.muli", "i16"),
    ("int32", 2.5, "+", "arith.addf", "f32"),  # a float scalar promotes an int tensor
    ("int1", 1, "+", "arith.addi", "i32"),  # an int scalar promotes a bool tensor
    ("uint32", 2**31, "+", "arith.addi", "i32"),
    ("int64", 2**40, "+", "arith.addi", "i64"),
    ("uint64", 2**63, "+", "arith.addi", "i64"),
    ("float16", 2.0, "/", "arith.divf", "f32"),  # / of fp16 computes in fp32
    ("uint32", 5, "<", "arith.cmpi", "i32"),
]


@pytest.mark.parametrize("dtype, value, op, mlir_op, result", SCALARS,
                         ids=[f"{d}{o}{v}" for d, v, o, _, _ in SCALARS])
def test_python_scalars_take_the_tensor_type(dtype, value, op, mlir_op, result):
    ir = ttir(with_scalar, array(dtype), array("float32"), OP=op, VALUE=value)
    find_op(ir, mlir_op, f": tensor<16x{result}>")
    find_op(ir, "arith.constant", f": {result}")


def test_unsigned_compare_with_a_scalar_is_unsigned():
    ir = ttir(with_scalar, array("uint32"), array("int1"), OP="<", VALUE=5)
    find_op(ir, "arith.cmpi", "ult")


def test_scalar_constants_have_the_value_in_the_tensor_type():
    ir = ttir(with_scalar, array("uint32"), array("uint32"), OP="+", VALUE=2**31)
    find_op(ir, "arith.constant", "-2147483648 : i32")
    ir = ttir(with_scalar, array("float16"), array("float16"), OP="+", VALUE=True)
    assert has_constant(ir, 1.0, "f16")


def test_unsigned_tensor_with_a_negative_scalar_is_an_error():
    with pytest.raises(nereid.CompilationError, match="unsigned"):
        ttir(with_scalar, array("uint32"), array("uint32"), OP="+", VALUE=-1)
    with pytest.raises(nereid.CompilationError, match="unsigned"):
        ttir(with_scalar, array("uint8"), array("uint8"), OP="<", VALUE=-3)


@pytest.mark.parametrize("dtype, value", [("int8", 1000), ("int8", -129), ("uint8", 256),
                                          ("int32", 2**31), ("int32", 2**40),
                                          ("uint32", 2**32), ("int16", 40000)])
def test_scalar_out_of_range_of_the_tensor_type_is_an_error(dtype, value):
    # Triton: "Scalar 1000 is out of range for type int8".
    with pytest.raises(nereid.CompilationError, match="out of range"):
        ttir(with_scalar, array(dtype), array(dtype), OP="+", VALUE=value)


@nereid.jit
def literal_kernel(out_ptr, WHICH: tl.constexpr):
    if WHICH == "int32":
        a = -5
    elif WHICH == "uint32":
        a = 3000000000
    elif WHICH == "int64":
        a = 2**40
    else:
        a = 2**63 + 1
    tl.store(out_ptr, a // 7)


@pytest.mark.parametrize("which, division, mlir", [("int32", "arith.divsi", "i32"),
                                                   ("uint32", "arith.divui", "i32"),
                                                   ("int64", "arith.divsi", "i64"),
                                                   ("uint64", "arith.divui", "i64")])
def test_integer_literals_get_the_first_type_that_holds_them(which, division, mlir):
    # Triton: int32, then uint32, then int64, then uint64.
    ir = ttir(literal_kernel, array("int64"), WHICH=which)
    find_op(ir, division, f": {mlir}")


@nereid.jit
def literal_too_big(out_ptr):
    a = 2**64
    tl.store(out_ptr, a)


def test_integer_literal_beyond_64_bits_is_an_error():
    with pytest.raises(nereid.CompilationError, match="64 bits"):
        ttir(literal_too_big, array("int64"))


@nereid.jit
def float_literals(out_ptr, VALUE: tl.constexpr):
    a = VALUE
    tl.store(out_ptr, a)


@pytest.mark.parametrize("value, mlir", [(1.5, "f32"), (1e-40, "f64"), (1e39, "f64"),
                                         (0.0, "f32"), (float("inf"), "f32"),
                                         (3.4e38, "f32")])
def test_float_literals_are_fp32_unless_out_of_its_range(value, mlir):
    ir = ttir(float_literals, array("float64"), VALUE=value)
    find_op(ir, "arith.constant", f": {mlir}")


@nereid.jit
def scalar_args(out_ptr, i, f, b):
    tl.store(out_ptr, (i // 3).to(tl.float32) + f + b.to(tl.float32))


@pytest.mark.parametrize("value, mlir, division", [(5, "i32", "arith.divsi"),
                                                   (-2**31, "i32", "arith.divsi"),
                                                   (2**31, "i64", "arith.divsi"),
                                                   (-2**40, "i64", "arith.divsi"),
                                                   (2**63, "i64", "arith.divui")])
def test_python_argument_types(value, mlir, division):
    # Triton: ints are i32 when they fit, u64 from 2**63, i64 otherwise; floats fp32; bools i1.
    ir = ttir(scalar_args, array(), value, 0.5, True)
    func = find_op(ir, "tt.func")
    assert f"%1: {mlir}" in func and "%2: f32" in func and "%3: i1" in func, func
    find_op(ir, division, f": {mlir}")


def test_argument_beyond_64_bits_is_an_overflow_error():
    # Triton's test_value_specialization_overflow expects an OverflowError.
    with pytest.raises(OverflowError, match="64 bits"):
        scalar_args.warmup(array(), 2**64, 0.5, True)


def test_unsupported_argument_type_is_a_type_error():
    with pytest.raises(TypeError, match="unsupported type"):
        scalar_args.warmup(array(), "five", 0.5, True)


def test_array_of_unsupported_dtype_is_a_type_error():
    with pytest.raises(TypeError, match="complex64"):
        copy_kernel.warmup(np.zeros(16, np.complex64), array())


class TorchLike:
    """An object with data_ptr() and a dtype spelled as torch spells it."""

    def __init__(self, array_):
        self.array = array_
        self.dtype = "torch." + {"float16": "float16", "bfloat16": "bfloat16"}.get(
            str(array_.dtype), str(array_.dtype))

    def data_ptr(self):
        return self.array.ctypes.data


def test_torch_like_arguments():
    ir = ttir(copy_kernel, TorchLike(array("bfloat16")), TorchLike(array("float16")))
    func = find_op(ir, "tt.func")
    assert "!tt.ptr<bf16>" in func and "!tt.ptr<f16>" in func
