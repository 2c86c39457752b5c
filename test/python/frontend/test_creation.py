"""Program identity and tensor creation: program_id, num_programs, arange, full, zeros,
zeros_like, full_like, cast and tensor.to, checked on the tt IR they compile to."""

import pytest

import nereid
import nereid.language as tl
from frontend_util import MLIR_TYPES, array, find_op, has_constant, has_op, op_lines, ttir


@nereid.jit
def grid_queries(out_ptr):
    tl.store(out_ptr + 0, tl.program_id(0))
    tl.store(out_ptr + 1, tl.program_id(axis=1))
    tl.store(out_ptr + 2, tl.program_id(2))
    tl.store(out_ptr + 3, tl.num_programs(0))
    tl.store(out_ptr + 4, tl.num_programs(axis=1))
    tl.store(out_ptr + 5, tl.num_programs(2))


def test_program_id_and_num_programs_on_every_axis():
    ir = ttir(grid_queries, array("int32"))
    for axis in "xyz":
        find_op(ir, "tt.get_program_id", f"tt.get_program_id {axis} : i32")
        find_op(ir, "tt.get_num_programs", f"tt.get_num_programs {axis} : i32")


@nereid.jit
def program_id_axis(out_ptr, AXIS: tl.constexpr):
    tl.store(out_ptr, tl.program_id(AXIS))


def test_program_id_axis_out_of_range_is_an_error():
    with pytest.raises(nereid.CompilationError, match="program_id axis must be 0, 1, or 2 but got"):
        ttir(program_id_axis, array("int32"), AXIS=3)


@nereid.jit
def arange_kernel(out_ptr, START: tl.constexpr, END: tl.constexpr):
    r = tl.arange(START, END)
    tl.store(out_ptr + r - START, r)


@pytest.mark.parametrize("start, end", [(0, 1), (0, 64), (16, 48), (1024, 2048)])
def test_arange(start, end):
    ir = ttir(arange_kernel, array("int32", 4096), START=start, END=end)
    n = end - start
    find_op(ir, "tt.make_range", f"end = {end} : i32", f"start = {start} : i32",
            f": tensor<{n}xi32>")


@pytest.mark.parametrize("start, end, message", [
    (0, 48, "arange's range must be a power of 2"),
    (8, 8, "arange's end argument must be greater than the start argument"),
    (16, 4, "arange's end argument must be greater than the start argument"),
    (0, 2**32, "int32"),
])
def test_arange_rejects_bad_bounds(start, end, message):
    with pytest.raises(nereid.CompilationError, match=message):
        ttir(arange_kernel, array("int32"), START=start, END=end)


@nereid.jit
def full_kernel(out_ptr, VALUE: tl.constexpr, DTYPE: tl.constexpr):
    x = tl.full([4, 8], VALUE, DTYPE)
    tl.store(out_ptr + tl.arange(0, 4)[:, None] * 8 + tl.arange(0, 8)[None, :], x)


@pytest.mark.parametrize("dtype, value, constant", [
    ("float16", 3.5, 3.5),
    ("float32", -2.0, -2.0),
    ("float64", 1.0, 1.0),
    ("bfloat16", 0.5, 0.5),
    ("int8", -7, -7),
    ("int64", 2**40, 2**40),
    ("uint8", 200, -56),  # 200 has the bit pattern of -56 in i8
    ("float32", 7, 7.0),  # an int value for a float dtype
])
def test_full_makes_a_constant_of_the_dtype_and_splats_it(dtype, value, constant):
    ir = ttir(full_kernel, array(dtype), VALUE=value, DTYPE=getattr(tl, dtype))
    mlir = MLIR_TYPES[dtype]
    assert has_constant(ir, constant, mlir)
    find_op(ir, "tt.splat", f": {mlir} -> tensor<4x8x{mlir}>")


def test_full_of_infinity_and_nan():
    ir = ttir(full_kernel, array("float32"), VALUE=float("-inf"), DTYPE=tl.float32)
    find_op(ir, "arith.constant", "0xFF800000 : f32")
    ir = ttir(full_kernel, array("float16"), VALUE=float("inf"), DTYPE=tl.float16)
    find_op(ir, "arith.constant", "0x7C00 : f16")


@nereid.jit
def zeros_kernel(out_ptr, DTYPE: tl.constexpr, N: tl.constexpr):
    x = tl.zeros([N], dtype=DTYPE)
    y = tl.zeros((N,), DTYPE)
    tl.store(out_ptr + tl.arange(0, N), x + y)


@pytest.mark.parametrize("dtype", ["int8", "int64", "uint32", "float16", "bfloat16",
                                   "float32", "float64"])
def test_zeros(dtype):
    ir = ttir(zeros_kernel, array(dtype), DTYPE=getattr(tl, dtype), N=16)
    mlir = MLIR_TYPES[dtype]
    assert has_constant(ir, 0.0 if "float" in dtype else 0, mlir)
    find_op(ir, "tt.splat", f"-> tensor<16x{mlir}>")


def test_zeros_needs_power_of_two_shape():
    with pytest.raises(nereid.CompilationError, match="powers of two"):
        ttir(zeros_kernel, array("float32"), DTYPE=tl.float32, N=12)


@nereid.jit
def like_kernel(x_ptr, out_ptr, N: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    z = tl.zeros_like(x)
    f = tl.full_like(x, 2)
    tl.store(out_ptr + tl.arange(0, N), x + z + f)


@pytest.mark.parametrize("dtype", ["bfloat16", "int16", "float64"])
def test_zeros_like_and_full_like_take_shape_and_dtype_of_the_input(dtype):
    ir = ttir(like_kernel, array(dtype), array(dtype), N=32)
    mlir = MLIR_TYPES[dtype]
    splats = op_lines(ir, "tt.splat")
    assert sum(f": {mlir} -> tensor<32x{mlir}>" in line for line in splats) >= 2
    assert not has_op(ir, "arith.extf") and not has_op(ir, "arith.extsi")
    add = "arith.addf" if "float" in dtype else "arith.addi"
    assert len(op_lines(ir, add)) == 2
    for line in op_lines(ir, add):
        assert f": tensor<32x{mlir}>" in line


# Casts -------------------------------------------------------------------------------------

@nereid.jit
def cast_kernel(x_ptr, out_ptr, N: tl.constexpr, DST: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.cast(x, DST))


@nereid.jit
def to_kernel(x_ptr, out_ptr, N: tl.constexpr, DST: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x.to(DST))


# (source, destination, the conversion op and the fragment that shows its types), from
# Triton's cast rules: integers extend by the signedness of the source; floats truncate and
# extend; fp8 converts through tt.fp_to_fp; casts to bool compare with zero.
CASTS = [
    ("int8", "int32", "arith.extsi", "tensor<16xi8> to tensor<16xi32>"),
    ("int8", "uint32", "arith.extsi", "tensor<16xi8> to tensor<16xi32>"),
    ("uint8", "int32", "arith.extui", "tensor<16xi8> to tensor<16xi32>"),
    ("int1", "int32", "arith.extui", "tensor<16xi1> to tensor<16xi32>"),
    ("uint16", "uint64", "arith.extui", "tensor<16xi16> to tensor<16xi64>"),
    ("int64", "int16", "arith.trunci", "tensor<16xi64> to tensor<16xi16>"),
    ("int32", "float32", "arith.sitofp", "tensor<16xi32> to tensor<16xf32>"),
    ("uint32", "float32", "arith.uitofp", "tensor<16xi32> to tensor<16xf32>"),
    ("int1", "float16", "arith.uitofp", "tensor<16xi1> to tensor<16xf16>"),
    ("float32", "int32", "arith.fptosi", "tensor<16xf32> to tensor<16xi32>"),
    ("float32", "uint8", "arith.fptoui", "tensor<16xf32> to tensor<16xi8>"),
    ("float32", "float16", "arith.truncf", "tensor<16xf32> to tensor<16xf16>"),
    ("float64", "bfloat16", "arith.truncf", "tensor<16xf64> to tensor<16xbf16>"),
    ("float16", "float32", "arith.extf", "tensor<16xf16> to tensor<16xf32>"),
    ("bfloat16", "float32", "arith.extf", "tensor<16xbf16> to tensor<16xf32>"),
    ("float32", "float8e5", "tt.fp_to_fp", "rounding = rtne"),
    ("float32", "float8e4nv", "tt.fp_to_fp", "tensor<16xf32> -> tensor<16xf8E4M3FN>"),
    ("float8e5", "float32", "tt.fp_to_fp", "tensor<16xf8E5M2> -> tensor<16xf32>"),
    ("float8e4nv", "float16", "tt.fp_to_fp", "tensor<16xf8E4M3FN> -> tensor<16xf16>"),
    ("int32", "int1", "arith.cmpi", "ne"),
    ("float32", "int1", "arith.cmpf", "une"),
]


@pytest.mark.parametrize("kernel", [cast_kernel, to_kernel], ids=["tl.cast", "tensor.to"])
@pytest.mark.parametrize("src, dst, op, fragment", CASTS,
                         ids=[f"{s}-{d}" for s, d, _, _ in CASTS])
def test_cast(kernel, src, dst, op, fragment):
    ir = ttir(kernel, array(src), array(dst), N=16, DST=getattr(tl, dst))
    find_op(ir, op, fragment)


@pytest.mark.parametrize("src, dst", [("int32", "uint32"), ("uint64", "int64")])
def test_cast_between_signedness_of_one_width_emits_nothing(src, dst):
    ir = ttir(cast_kernel, array(src), array(dst), N=16, DST=getattr(tl, dst))
    for op in ("arith.extsi", "arith.extui", "arith.trunci", "tt.bitcast"):
        assert not has_op(ir, op)


def test_upcast_fp8_has_no_rounding_mode():
    ir = ttir(cast_kernel, array("float8e5"), array("float32"), N=16, DST=tl.float32)
    assert "rounding" not in find_op(ir, "tt.fp_to_fp")


@pytest.mark.parametrize("src, dst", [("float16", "bfloat16"), ("bfloat16", "float16")])
def test_cast_between_half_types_goes_through_float32(src, dst):
    # Triton: "bf16 <=> (not fp32)" casts extend to fp32 first, then truncate.
    ir = ttir(cast_kernel, array(src), array(dst), N=16, DST=getattr(tl, dst))
    find_op(ir, "arith.extf", f"tensor<16x{MLIR_TYPES[src]}> to tensor<16xf32>")
    find_op(ir, "arith.truncf", f"tensor<16xf32> to tensor<16x{MLIR_TYPES[dst]}>")


@nereid.jit
def rounding_kernel(x_ptr, out_ptr, N: tl.constexpr, DST: tl.constexpr,
                    ROUNDING: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x.to(DST, fp_downcast_rounding=ROUNDING))


def test_downcast_toward_zero_is_fp_to_fp_with_rtz():
    ir = ttir(rounding_kernel, array("float32"), array("float16"), N=16, DST=tl.float16,
              ROUNDING="rtz")
    find_op(ir, "tt.fp_to_fp", "rounding = rtz", "tensor<16xf32> -> tensor<16xf16>")
    assert not has_op(ir, "arith.truncf")


def test_downcast_to_nearest_even_is_truncf():
    ir = ttir(rounding_kernel, array("float32"), array("bfloat16"), N=16, DST=tl.bfloat16,
              ROUNDING="rtne")
    find_op(ir, "arith.truncf", "tensor<16xf32> to tensor<16xbf16>")


def test_unknown_rounding_mode_is_an_error():
    with pytest.raises(nereid.CompilationError, match="rtne"):
        ttir(rounding_kernel, array("float32"), array("float16"), N=16, DST=tl.float16,
             ROUNDING="up")


def test_rounding_mode_on_a_widening_cast_is_an_error():
    # Triton: "fp_downcast_rounding should be set only for truncating fp conversions".
    with pytest.raises(nereid.CompilationError, match="fp_downcast_rounding"):
        ttir(rounding_kernel, array("float16"), array("float32"), N=16, DST=tl.float32,
             ROUNDING="rtz")


@nereid.jit
def bitcast_kernel(x_ptr, out_ptr, N: tl.constexpr, DST: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x.to(DST, bitcast=True))


def test_bitcast():
    ir = ttir(bitcast_kernel, array("float32"), array("int32"), N=16, DST=tl.int32)
    find_op(ir, "tt.bitcast", "tensor<16xf32> -> tensor<16xi32>")
    ir = ttir(bitcast_kernel, array("bfloat16"), array("int16"), N=16, DST=tl.int16)
    find_op(ir, "tt.bitcast", "tensor<16xbf16> -> tensor<16xi16>")


def test_bitcast_between_sizes_is_an_error():
    with pytest.raises(nereid.CompilationError, match="bitcast"):
        ttir(bitcast_kernel, array("float32"), array("int16"), N=16, DST=tl.int16)


@nereid.jit
def pointer_cast_kernel(x_ptr, out_ptr):
    as_int = x_ptr.to(tl.int64)
    as_bytes = x_ptr.to(tl.pointer_type(tl.uint8))
    tl.store(out_ptr, as_int)
    tl.store(as_bytes, 1)


def test_pointer_casts():
    ir = ttir(pointer_cast_kernel, array("float32"), array("int64"))
    find_op(ir, "tt.ptr_to_int", "!tt.ptr<f32> -> i64")
    find_op(ir, "tt.bitcast", "!tt.ptr<f32> -> !tt.ptr<i8>")


@nereid.jit
def to_tensor_kernel(out_ptr):
    tl.store(out_ptr, tl.to_tensor(5) + tl.to_tensor(2.5))


def test_to_tensor_of_python_numbers():
    ir = ttir(to_tensor_kernel, array("float32"))
    find_op(ir, "arith.constant", "5 : i32")
    find_op(ir, "arith.sitofp", "i32 to f32")
    find_op(ir, "arith.addf", ": f32")


@nereid.jit
def full_of_runtime_value(out_ptr, n):
    tl.store(out_ptr + tl.arange(0, 16), tl.full([16], n, tl.float32))


def test_full_of_a_runtime_scalar_converts_and_splats_it():
    ir = ttir(full_of_runtime_value, array(), 7)
    find_op(ir, "arith.sitofp", "i32 to f32")
    find_op(ir, "tt.splat", "f32 -> tensor<16xf32>")
