"""Reductions and scans: reduce, sum, max, min (with return_indices), argmax, argmin, xor_sum,
associative_scan, cumsum, cumprod and sort, with Triton's accumulation types."""

import re

import pytest

import nereid
import nereid.language as tl
from frontend_util import MLIR_TYPES, array, find_op, has_op, op_lines, strip_locations, ttir


def region_of(ir: str, op: str) -> str:
    """The text of the first `op` (a tt.reduce or tt.scan) with its combiner region."""
    text = strip_locations(ir)
    start = re.search(rf"= {re.escape(op)}\(", text)
    assert start, f"no {op} in\n{text}"
    end = text.index(f"{op}.return", start.end())
    end = text.index("\n", text.index("}", end))
    return text[start.start():end]


@nereid.jit
def reduce_1d(x_ptr, out_ptr, OP: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 64))
    if OP == "sum":
        r = tl.sum(x, axis=0)
    elif OP == "max":
        r = tl.max(x, axis=0)
    elif OP == "min":
        r = tl.min(x, 0)
    elif OP == "xor_sum":
        r = tl.xor_sum(x, axis=0)
    elif OP == "method_sum":
        r = x.sum(0)
    else:
        r = x.max(axis=0)
    tl.store(out_ptr, r)


# (reduction, input dtype, accumulation type, combiner op), from Triton's standard library:
# sum accumulates integers narrower than 32 bits in 32 bits of their signedness; max and min
# compute narrower floats in fp32 and narrower integers in int32; bf16 is promoted for max/min.
REDUCTIONS = [
    ("sum", "float32", "f32", "arith.addf"),
    ("sum", "float16", "f16", "arith.addf"),
    ("sum", "bfloat16", "bf16", "arith.addf"),
    ("sum", "int8", "i32", "arith.addi"),
    ("sum", "uint16", "i32", "arith.addi"),
    ("sum", "int64", "i64", "arith.addi"),
    ("sum", "int1", "i32", "arith.addi"),
    ("max", "float32", "f32", "arith.maxnumf"),
    ("max", "float16", "f32", "arith.maxnumf"),
    ("max", "bfloat16", "f32", "arith.maxnumf"),
    ("max", "int32", "i32", "arith.maxsi"),
    ("max", "uint32", "i32", "arith.maxui"),
    ("max", "int8", "i32", "arith.maxsi"),
    ("min", "float64", "f64", "arith.minnumf"),
    ("min", "int64", "i64", "arith.minsi"),
    ("min", "uint64", "i64", "arith.minui"),
    ("xor_sum", "int32", "i32", "arith.xori"),
    ("xor_sum", "uint8", "i8", "arith.xori"),
    ("method_sum", "float32", "f32", "arith.addf"),
    ("method_max", "int16", "i32", "arith.maxsi"),
]


@pytest.mark.parametrize("op, dtype, acc, combiner", REDUCTIONS,
                         ids=[f"{o}-{d}" for o, d, _, _ in REDUCTIONS])
def test_reduction_of_a_1d_tensor(op, dtype, acc, combiner):
    ir = ttir(reduce_1d, array(dtype), array(dtype), OP=op)
    line = find_op(ir, "tt.reduce", "axis = 0")
    assert line.endswith(f": (tensor<64x{acc}>) -> {acc}"), line
    region = region_of(ir, "tt.reduce")
    assert re.search(rf"\^bb0\(%\d+: {acc}, %\d+: {acc}\)", region), region
    assert combiner in region, region
    assert re.search(rf"tt\.reduce\.return %\d+ : {acc}", region), region
    source = MLIR_TYPES[dtype]
    if source != acc:
        assert has_op(ir, "arith.extsi") or has_op(ir, "arith.extui") or has_op(ir, "arith.extf")


def test_sum_of_unsigned_narrow_ints_zero_extends():
    ir = ttir(reduce_1d, array("uint8"), array("uint32"), OP="sum")
    find_op(ir, "arith.extui", "tensor<64xi8> to tensor<64xi32>")


def test_max_of_unsigned_narrow_ints_goes_to_int32():
    # Triton's max converts narrower integers with .to(int32): zero-extended, then signed max.
    ir = ttir(reduce_1d, array("uint8"), array("int32"), OP="max")
    find_op(ir, "arith.extui", "tensor<64xi8> to tensor<64xi32>")
    assert "arith.maxsi" in region_of(ir, "tt.reduce")


def test_xor_sum_of_floats_is_an_error():
    with pytest.raises(nereid.CompilationError, match="integers"):
        ttir(reduce_1d, array("float32"), array("float32"), OP="xor_sum")


@nereid.jit
def reduce_2d(x_ptr, out_ptr, AXIS: tl.constexpr, KEEP: tl.constexpr, DTYPE: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    r = tl.sum(x, axis=AXIS, keep_dims=KEEP, dtype=DTYPE)
    tl.store(out_ptr, tl.sum(r))


@pytest.mark.parametrize("axis, shape", [(0, "32"), (1, "16"), (-1, "16")])
def test_sum_along_an_axis(axis, shape):
    ir = ttir(reduce_2d, array(n=512), array(), AXIS=axis, KEEP=False, DTYPE=None)
    find_op(ir, "tt.reduce", f"axis = {axis % 2}",
            f"(tensor<16x32xf32>) -> tensor<{shape}xf32>")


def test_sum_keep_dims_expands_the_result():
    ir = ttir(reduce_2d, array(n=512), array(), AXIS=1, KEEP=True, DTYPE=None)
    find_op(ir, "tt.reduce", "axis = 1", "-> tensor<16xf32>")
    find_op(ir, "tt.expand_dims", "axis = 1", "tensor<16xf32> -> tensor<16x1xf32>")


def test_sum_with_an_explicit_dtype():
    ir = ttir(reduce_2d, array(n=512), array("float64"), AXIS=0, KEEP=False,
              DTYPE=tl.float64)
    find_op(ir, "arith.extf", "tensor<16x32xf32> to tensor<16x32xf64>")
    find_op(ir, "tt.reduce", "(tensor<16x32xf64>) -> tensor<32xf64>")


def test_sum_over_all_axes_flattens_first():
    ir = ttir(reduce_2d, array(n=512), array(), AXIS=None, KEEP=False, DTYPE=None)
    find_op(ir, "tt.reshape", "allow_reorder", "tensor<16x32xf32> -> tensor<512xf32>")
    find_op(ir, "tt.reduce", "axis = 0", "(tensor<512xf32>) -> f32")


@nereid.jit
def reduce_bad_axis(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(out_ptr, tl.sum(x, axis=1))


def test_reduction_axis_out_of_range_is_an_error():
    with pytest.raises(nereid.CompilationError, match="invalid axis 1"):
        ttir(reduce_bad_axis, array(), array())


@nereid.jit
def with_indices(x_ptr, v_ptr, i_ptr, OP: tl.constexpr, TIE_LEFT: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 8)[:, None] * 32 + tl.arange(0, 32)[None, :])
    if OP == "max":
        v, i = tl.max(x, axis=1, return_indices=True, return_indices_tie_break_left=TIE_LEFT)
    elif OP == "min":
        v, i = tl.min(x, axis=1, return_indices=True, return_indices_tie_break_left=TIE_LEFT)
    elif OP == "argmax":
        i = tl.argmax(x, axis=1, tie_break_left=TIE_LEFT)
        v = tl.max(x, axis=1)
    else:
        i = tl.argmin(x, 1, tie_break_left=TIE_LEFT)
        v = tl.min(x, 1)
    tl.store(v_ptr + tl.arange(0, 8), v)
    tl.store(i_ptr + tl.arange(0, 8), i)


@pytest.mark.parametrize("op, compare", [("max", "ogt"), ("min", "olt"),
                                         ("argmax", "ogt"), ("argmin", "olt")])
@pytest.mark.parametrize("tie_left", [True, False])
def test_reductions_with_indices(op, compare, tie_left):
    ir = ttir(with_indices, array(n=512), array(), array("int32"), OP=op, TIE_LEFT=tie_left)
    line = find_op(ir, "tt.reduce", "axis = 1",
                   "(tensor<8x32xf32>, tensor<8x32xi32>) -> (tensor<8xf32>, tensor<8xi32>)")
    assert re.match(r"%\d+, %\d+ = tt\.reduce\(%\d+, %\d+\)", line), line
    region = region_of(ir, "tt.reduce")
    assert re.search(r"\^bb0\(%\d+: f32, %\d+: i32, %\d+: f32, %\d+: i32\)", region), region
    assert f"arith.cmpf {compare}" in region
    assert re.search(r"tt\.reduce\.return %\d+, %\d+ : f32, i32", region), region
    # Ties go to the lower index only when asked.
    assert ("arith.cmpf oeq" in region) == tie_left
    assert ("arith.cmpi slt" in region) == tie_left
    # The indices come from a range broadcast along the reduced axis.
    find_op(ir, "tt.make_range", "end = 32 : i32")


def test_argmax_of_bfloat16_compares_in_float32():
    ir = ttir(with_indices, array("bfloat16", 512), array("float32"), array("int32"),
              OP="argmax", TIE_LEFT=True)
    find_op(ir, "arith.extf", "tensor<8x32xbf16> to tensor<8x32xf32>")
    find_op(ir, "tt.reduce", "(tensor<8x32xf32>, tensor<8x32xi32>)")


@nereid.jit
def product(a, b):
    return a * b


@nereid.jit
def bad_combiner(a, b):
    return a, b


@nereid.jit
def first_of_pair(a, ai, b, bi):
    keep = a >= b
    return tl.where(keep, a, b), tl.where(keep, ai, bi)


@nereid.jit
def custom_reduce(x_ptr, out_ptr, WHICH: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 32))
    if WHICH == "product":
        r = tl.reduce(x, 0, product)
    elif WHICH == "method":
        r = x.reduce(0, product)
    elif WHICH == "pair":
        r, _ = tl.reduce((x, tl.arange(0, 32)), 0, first_of_pair)
    else:
        r = tl.reduce(x, 0, bad_combiner)
    tl.store(out_ptr, r)


@pytest.mark.parametrize("which", ["product", "method"])
def test_reduce_with_a_jit_combiner(which):
    ir = ttir(custom_reduce, array(), array(), WHICH=which)
    region = region_of(ir, "tt.reduce")
    assert "arith.mulf" in region and "arith.addf" not in region


def test_reduce_of_a_tuple_of_tensors():
    ir = ttir(custom_reduce, array("float16"), array("float16"), WHICH="pair")
    find_op(ir, "tt.reduce", "(tensor<32xf16>, tensor<32xi32>) -> (f16, i32)")
    assert "arith.cmpf oge" in region_of(ir, "tt.reduce")


def test_reduce_combiner_returning_the_wrong_number_of_values_is_an_error():
    with pytest.raises(nereid.CompilationError, match="combine function must return 1"):
        ttir(custom_reduce, array(), array(), WHICH="bad")


@nereid.jit
def scan_kernel(x_ptr, out_ptr, OP: tl.constexpr, REVERSE: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :])
    if OP == "cumsum":
        y = tl.cumsum(x, axis=1, reverse=REVERSE)
    elif OP == "cumprod":
        y = tl.cumprod(x, axis=1, reverse=REVERSE)
    elif OP == "method":
        y = x.cumsum(1, reverse=REVERSE)
    else:
        y = tl.associative_scan(x, 1, product, reverse=REVERSE)
    tl.store(out_ptr + tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :], y)


@pytest.mark.parametrize("op, dtype, acc, combiner", [
    ("cumsum", "float32", "f32", "arith.addf"),
    ("cumsum", "int8", "i32", "arith.addi"),
    ("cumsum", "uint16", "i32", "arith.addi"),
    ("cumsum", "int64", "i64", "arith.addi"),
    ("cumsum", "bfloat16", "f32", "arith.addf"),
    ("method", "float16", "f16", "arith.addf"),
    ("cumprod", "float32", "f32", "arith.mulf"),
    ("cumprod", "int32", "i32", "arith.muli"),
    ("cumprod", "bfloat16", "f32", "arith.mulf"),
    ("associative_scan", "float64", "f64", "arith.mulf"),
])
@pytest.mark.parametrize("reverse", [False, True])
def test_scans(op, dtype, acc, combiner, reverse):
    # Triton's cumsum and cumprod promote bfloat16 to float32, and cumsum accumulates narrow
    # integers in 32 bits.
    ir = ttir(scan_kernel, array(dtype), array(dtype), OP=op, REVERSE=reverse)
    line = find_op(ir, "tt.scan", "axis = 1", f"(tensor<4x16x{acc}>) -> tensor<4x16x{acc}>")
    assert (" reverse" in line) == reverse
    region = region_of(ir, "tt.scan")
    assert combiner in region
    assert re.search(rf"tt\.scan\.return %\d+ : {acc}", region), region


@nereid.jit
def sort_kernel(x_ptr, out_ptr, DESCENDING: tl.constexpr, DIM: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :])
    y = tl.sort(x, dim=DIM, descending=DESCENDING)
    tl.store(out_ptr + tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :], y)


@pytest.mark.parametrize("dtype", ["float32", "int32", "float16"])
@pytest.mark.parametrize("descending", [False, True])
def test_sort_along_the_last_dimension(dtype, descending):
    ir = ttir(sort_kernel, array(dtype), array(dtype), DESCENDING=descending, DIM=None)
    mlir = MLIR_TYPES[dtype]
    find_op(ir, "tt.store", f"tensor<4x16x!tt.ptr<{mlir}>>")
    # A bitonic network, as two loops: over its log2(16) = 4 stages, and over each stage's
    # steps. A step gathers every element's partner along the row, compares the pair's lower
    # and upper elements, and selects the partner where they are out of order.
    loops = op_lines(ir, "scf.for")
    assert len(loops) == 2 and all(f"-> (tensor<4x16x{mlir}>)" in loop for loop in loops)
    find_op(ir, "tt.gather", "{axis = 1 : i32}", f"(tensor<4x16x{mlir}>, tensor<4x16xi32>)")
    compare = "arith.cmpf" if "float" in dtype else "arith.cmpi"
    predicate = "ogt" if "float" in dtype else "sgt"
    find_op(ir, compare, predicate, f"tensor<4x16x{mlir}>")
    find_op(ir, "arith.select", f"tensor<4x16xi1>, tensor<4x16x{mlir}>")


def test_sort_of_another_dimension_is_an_error():
    with pytest.raises(nereid.CompilationError, match="minor dimension"):
        ttir(sort_kernel, array(), array(), DESCENDING=False, DIM=0)


@nereid.jit
def topk_kernel(x_ptr, out_ptr, K: tl.constexpr, DIM: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :])
    y = tl.topk(x, K, dim=DIM)
    tl.store(out_ptr + tl.arange(0, 4)[:, None] * K + tl.arange(0, K)[None, :], y)


def test_topk_is_the_first_k_of_a_descending_sort():
    ir = ttir(topk_kernel, array(), array(), K=4, DIM=None)
    find_op(ir, "tt.gather", "(tensor<4x16xf32>, tensor<4x16xi32>) -> tensor<4x16xf32>")
    find_op(ir, "tt.gather", "(tensor<4x16xf32>, tensor<4x4xi32>) -> tensor<4x4xf32>")
    find_op(ir, "tt.store", "tensor<4x4x!tt.ptr<f32>>")


@pytest.mark.parametrize("k,dim,message", [(3, None, "power of two"), (32, None, "at most"),
                                           (4, 0, "minor dimension")])
def test_topk_errors(k, dim, message):
    with pytest.raises(nereid.CompilationError, match=message):
        ttir(topk_kernel, array(), array(), K=k, DIM=dim)


@nereid.jit
def sum_of_scalar(x_ptr, out_ptr):
    tl.store(out_ptr, tl.sum(tl.load(x_ptr)))


def test_sum_of_a_scalar_reduces_one_element():
    ir = ttir(sum_of_scalar, array(), array())
    find_op(ir, "tt.splat", "f32 -> tensor<1xf32>")
    find_op(ir, "tt.reduce", "(tensor<1xf32>) -> f32")


@nereid.jit
def sum_all_keep_dims(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    total = tl.sum(x, axis=None, keep_dims=True)
    tl.static_assert(len(total.shape) == 2)
    tl.store(out_ptr + tl.zeros((1, 1), tl.int32), total)


def test_reduction_of_every_axis_with_keep_dims_keeps_the_rank():
    # Triton: reducing all axes with keep_dims gives a tensor of shape [1] * rank.
    ir = ttir(sum_all_keep_dims, array(n=512), array())
    find_op(ir, "tt.reduce", "(tensor<512xf32>) -> f32")
    find_op(ir, "tt.store", "tensor<1x1x!tt.ptr<f32>>")
