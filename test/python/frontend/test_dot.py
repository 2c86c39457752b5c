"""tl.dot: operand and result types, the accumulator, input_precision, out_dtype, and the
shape and dtype checks."""

import re

import pytest

import nereid
import nereid.language as tl
from frontend_util import MLIR_TYPES, array, find_op, has_op, op_lines, ttir


@nereid.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
               PRECISION: tl.constexpr, OUT_DTYPE: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :])
    b = tl.load(b_ptr + tl.arange(0, K)[:, None] * N + tl.arange(0, N)[None, :])
    c = tl.dot(a, b, input_precision=PRECISION, out_dtype=OUT_DTYPE)
    tl.store(c_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], c)


def compile_dot(dtype, m=16, n=32, k=64, precision=None, out_dtype=tl.float32, b_dtype=None,
                c_dtype="float32"):
    return ttir(dot_kernel, array(dtype, 4096), array(b_dtype or dtype, 4096),
                array(c_dtype, 4096), M=m, N=n, K=k, PRECISION=precision, OUT_DTYPE=out_dtype)


@pytest.mark.parametrize("dtype, result", [("float16", "f32"), ("bfloat16", "f32"),
                                           ("float8e5", "f32"), ("float8e4nv", "f32"),
                                           ("int8", "i32"), ("float64", "f64")])
def test_dot_operand_and_result_types(dtype, result):
    ir = compile_dot(dtype)
    t = MLIR_TYPES[dtype]
    line = find_op(ir, "tt.dot",
                   f": tensor<16x64x{t}> * tensor<64x32x{t}> -> tensor<16x32x{result}>")
    assert "inputPrecision" not in line  # only float32 operands carry a precision
    # Without acc, the accumulator is a zero of the result type.
    find_op(ir, "arith.constant", f": {result}")
    find_op(ir, "tt.splat", f"-> tensor<16x32x{result}>")


def test_float32_dot_defaults_to_the_backends_precision(monkeypatch):
    """The CPU's default is ieee, which tt.dot does not print; TRITON_F32_DEFAULT overrides it,
    as upstream's."""
    monkeypatch.delenv("TRITON_F32_DEFAULT", raising=False)
    line = find_op(compile_dot("float32"), "tt.dot",
                   ": tensor<16x64xf32> * tensor<64x32xf32> -> tensor<16x32xf32>")
    assert "inputPrecision" not in line
    monkeypatch.setenv("TRITON_F32_DEFAULT", "tf32")
    find_op(compile_dot("float32"), "tt.dot", "inputPrecision = tf32")


@pytest.mark.parametrize("precision", ["tf32", "tf32x3", "bf16x3", "bf16x6"])
def test_float32_dot_input_precision(precision):
    ir = compile_dot("float32", precision=precision)
    line = find_op(ir, "tt.dot")
    assert re.search(rf"inputPrecision = {precision}\b", line), line


def test_float32_dot_ieee_has_no_reduced_precision():
    line = find_op(compile_dot("float32", precision="ieee"), "tt.dot")
    assert "tf32" not in line and "bf16" not in line


def test_unknown_input_precision_is_an_error():
    with pytest.raises(nereid.CompilationError, match="input_precision"):
        compile_dot("float32", precision="fp8")


def test_dot_out_dtype_float16():
    ir = compile_dot("float16", out_dtype=tl.float16, c_dtype="float16")
    find_op(ir, "tt.dot", "-> tensor<16x32xf16>")
    find_op(ir, "arith.constant", ": f16")


def test_dot_mixed_fp8_operands():
    ir = compile_dot("float8e4nv", b_dtype="float8e5")
    find_op(ir, "tt.dot", "tensor<16x64xf8E4M3FN> * tensor<64x32xf8E5M2> -> tensor<16x32xf32>")


def test_dot_operand_dtype_mismatch_is_an_error():
    with pytest.raises(nereid.CompilationError,
                       match="one dtype; got (fp16|float16) and (fp32|float32)"):
        compile_dot("float16", b_dtype="float32")


@pytest.mark.parametrize("m, n, k", [(8, 16, 16), (16, 8, 16), (16, 16, 8)])
def test_dot_smaller_than_16_is_an_error(m, n, k):
    with pytest.raises(nereid.CompilationError,
                       match="tl.dot needs 2-D operands of at least 16x16"):
        compile_dot("float16", m=m, n=n, k=k)


def test_int16_dot_is_an_error():
    with pytest.raises(nereid.CompilationError, match="int8"):
        compile_dot("int16", c_dtype="int32")


@nereid.jit
def dot_k_mismatch(a_ptr, b_ptr, c_ptr):
    a = tl.load(a_ptr + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    b = tl.load(b_ptr + tl.arange(0, 64)[:, None] * 16 + tl.arange(0, 16)[None, :])
    tl.store(c_ptr + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :], tl.dot(a, b))


def test_dot_inner_dimension_mismatch_is_an_error():
    with pytest.raises(nereid.CompilationError, match=r"\(32\).*\(64\)"):
        ttir(dot_k_mismatch, array(n=4096), array(n=4096), array(n=4096))


@nereid.jit
def dot_acc_kernel(a_ptr, b_ptr, c_ptr, ACC_DTYPE: tl.constexpr, POSITIONAL: tl.constexpr):
    offs = tl.arange(0, 32)
    a = tl.load(a_ptr + offs[:, None] * 32 + offs[None, :])
    b = tl.load(b_ptr + offs[:, None] * 32 + offs[None, :])
    acc = tl.load(c_ptr + offs[:, None] * 32 + offs[None, :]).to(ACC_DTYPE)
    if POSITIONAL:
        acc = tl.dot(a, b, acc)
    else:
        acc = tl.dot(a, b, acc=acc)
    tl.store(c_ptr + offs[:, None] * 32 + offs[None, :], acc)


@pytest.mark.parametrize("positional", [False, True])
def test_dot_accumulates_into_acc(positional):
    ir = ttir(dot_acc_kernel, array("float16", 1024), array("float16", 1024),
              array("float32", 1024), ACC_DTYPE=tl.float32, POSITIONAL=positional)
    line = find_op(ir, "tt.dot", "-> tensor<32x32xf32>")
    acc = re.search(r"tt\.dot %\d+, %\d+, (%\d+)", line).group(1)
    # The accumulator is the loaded tensor, not a fresh zero.
    loads = [l for l in op_lines(ir, "tt.load") if "f32" in l]
    assert loads and loads[0].startswith(f"{acc} =")
    assert not has_op(ir, "tt.splat", "f32 -> tensor<32x32xf32>")


def test_dot_result_type_is_the_accumulator_type():
    ir = ttir(dot_acc_kernel, array("float16", 1024), array("float16", 1024),
              array("float16", 1024), ACC_DTYPE=tl.float16, POSITIONAL=True)
    find_op(ir, "tt.dot", ": tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf16>")


@nereid.jit
def dot_in_loop(a_ptr, b_ptr, c_ptr, K):
    offs = tl.arange(0, 16)
    acc = tl.zeros((16, 16), dtype=tl.float32)
    for k in range(0, K, 16):
        a = tl.load(a_ptr + offs[:, None] * K + (k + offs)[None, :])
        b = tl.load(b_ptr + (k + offs)[:, None] * 16 + offs[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + offs[:, None] * 16 + offs[None, :], acc)


def test_dot_accumulated_with_plus_equals_in_a_loop():
    ir = ttir(dot_in_loop, array("bfloat16", 1024), array("bfloat16", 1024),
              array("float32", 1024), 64)
    find_op(ir, "scf.for", "iter_args", "-> (tensor<16x16xf32>)")
    find_op(ir, "tt.dot", "tensor<16x16xbf16> * tensor<16x16xbf16> -> tensor<16x16xf32>")
    find_op(ir, "arith.addf", ": tensor<16x16xf32>")


@nereid.jit
def batched_dot(a_ptr, b_ptr, c_ptr):
    a = tl.reshape(tl.load(a_ptr + tl.arange(0, 1024)), (4, 16, 16))
    b = tl.reshape(tl.load(b_ptr + tl.arange(0, 2048)), (4, 16, 32))
    c = tl.dot(a, b)
    tl.store(c_ptr + tl.arange(0, 2048), tl.reshape(c, (2048,)))


def test_batched_3d_dot():
    ir = ttir(batched_dot, array("float16", 2048), array("float16", 2048),
              array("float32", 2048))
    find_op(ir, "tt.dot", "tensor<4x16x16xf16> * tensor<4x16x32xf16> -> tensor<4x16x32xf32>")


@nereid.jit
def dot_imprecise(a_ptr, b_ptr, c_ptr):
    offs = tl.arange(0, 32)
    a = tl.load(a_ptr + offs[:, None] * 32 + offs[None, :])
    b = tl.load(b_ptr + offs[:, None] * 32 + offs[None, :])
    c = tl.dot(a, b, max_num_imprecise_acc=32)
    tl.store(c_ptr + offs[:, None] * 32 + offs[None, :], c)


def test_dot_max_num_imprecise_acc():
    ir = ttir(dot_imprecise, array("float8e5", 1024), array("float8e5", 1024),
              array("float32", 1024))
    find_op(ir, "tt.dot", "maxNumImpreciseAcc = 32 : i32")


@nereid.jit
def dot_allow_tf32(a_ptr, b_ptr, c_ptr, ALLOW: tl.constexpr):
    offs = tl.arange(0, 32)
    a = tl.load(a_ptr + offs[:, None] * 32 + offs[None, :])
    b = tl.load(b_ptr + offs[:, None] * 32 + offs[None, :])
    tl.store(c_ptr + offs[:, None] * 32 + offs[None, :], tl.dot(a, b, allow_tf32=ALLOW))


def test_allow_tf32_false_means_ieee():
    line = find_op(ttir(dot_allow_tf32, array(n=1024), array(n=1024), array(n=1024),
                        ALLOW=False), "tt.dot")
    assert "tf32" not in line
    line = find_op(ttir(dot_allow_tf32, array(n=1024), array(n=1024), array(n=1024),
                        ALLOW=True), "tt.dot")
    assert "inputPrecision = tf32" in line
