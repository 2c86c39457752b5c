"""The tutorial kernels (test/python/kernels/tutorials.py) compile, for each dtype they are
used with, to tt IR that verifies and holds the ops that define them."""

import re

import pytest

import nereid
from kernels import tutorials
from frontend_util import MLIR_TYPES, array, count_ops, find_op, has_op, op_lines, ttir

FLOATS = ["float32", "float16", "bfloat16"]
N = 4096


def a(dtype="float32"):
    return array(dtype, N)


def compile_add(dtype):
    return ttir(tutorials.add_kernel, a(dtype), a(dtype), a(dtype), 1000, BLOCK_SIZE=256)


def check_add(ir, dtype):
    t = MLIR_TYPES[dtype]
    assert count_ops(ir, "tt.load") == 2
    find_op(ir, "arith.addf", f": tensor<256x{t}>")
    find_op(ir, "tt.store", f"tensor<256x!tt.ptr<{t}>>")
    find_op(ir, "arith.cmpi", "slt", "tensor<256xi32>")


def compile_softmax(dtype):
    return ttir(tutorials.softmax_kernel, a(dtype), a(dtype), 64, 64, 32, 50, BLOCK_SIZE=64,
                num_stages=2)


def check_softmax(ir, dtype):
    t = MLIR_TYPES[dtype]
    find_op(ir, "scf.for")
    find_op(ir, "tt.get_num_programs", "x")
    reduces = op_lines(ir, "tt.reduce")
    assert len(reduces) == 2
    # max of fp16/bf16 reduces in fp32, and so does the sum of the exp of that
    assert all("(tensor<64xf32>) -> f32" in line for line in reduces), reduces
    find_op(ir, "math.exp")
    find_op(ir, "arith.divf")
    # the row is padded with -inf
    find_op(ir, "arith.constant", {"f32": "0xFF800000", "f16": "0xFC00",
                                   "bf16": "0xFF80"}[t])


def compile_layer_norm(dtype):
    return ttir(tutorials.layer_norm_fwd, a(dtype), a(dtype), a(dtype), a(dtype), a(), a(),
                256, 200, 1e-5, BLOCK_SIZE=128)


def check_layer_norm(ir, dtype):
    loops = op_lines(ir, "scf.for")
    assert len(loops) == 3
    assert "-> (tensor<128xf32>)" in loops[0] and "-> (tensor<128xf32>)" in loops[1]
    assert count_ops(ir, "tt.reduce") == 2
    find_op(ir, "math.sqrt", ": f32")
    if dtype != "float32":
        find_op(ir, "arith.extf", f"tensor<128x{MLIR_TYPES[dtype]}> to tensor<128xf32>")


def compile_layer_norm_bwd(dtype):
    return ttir(tutorials.layer_norm_bwd_dx, a(dtype), a(dtype), a(dtype), a(dtype), a(dtype),
                a(dtype), a(), a(), 256, 200, BLOCK_SIZE_N=256)


def check_layer_norm_bwd(ir, dtype):
    assert count_ops(ir, "tt.reduce") == 2
    assert count_ops(ir, "tt.store") == 3
    assert not has_op(ir, "scf.for")


def compile_matmul(dtype):
    return ttir(tutorials.matmul_kernel, a(dtype), a(dtype), a(dtype), 64, 64, 64, 64, 1, 64, 1,
                64, 1, BLOCK_SIZE_M=32, BLOCK_SIZE_N=32, BLOCK_SIZE_K=32, GROUP_SIZE_M=8)


def check_matmul(ir, dtype):
    t = MLIR_TYPES[dtype]
    loop = find_op(ir, "scf.for", "iter_args")
    assert "tensor<32x32xf32>" in loop
    line = find_op(ir, "tt.dot", f"tensor<32x32x{t}> * tensor<32x32x{t}> -> tensor<32x32xf32>")
    assert "inputPrecision" not in line  # the CPU's default for float32 is ieee
    assert count_ops(ir, "arith.divsi") >= 3  # cdiv and the grouped ordering
    find_op(ir, "arith.minsi", ": i32")  # min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    if dtype != "float32":
        find_op(ir, "arith.truncf", f"tensor<32x32xf32> to tensor<32x32x{t}>")


def compile_dropout(dtype):
    return ttir(tutorials.dropout_kernel, a(dtype), a(dtype), 1000, 0.5, 123, BLOCK_SIZE=128)


def check_dropout(ir, dtype):
    assert count_ops(ir, "tt.mulhiui") == 20  # one philox stream of 10 rounds
    find_op(ir, "arith.cmpf", "ogt", "tensor<128xf32>")
    find_op(ir, "arith.select")


def compile_attention(dtype):
    return ttir(tutorials.attention_fwd_kernel, a(dtype), a(dtype), a(dtype), 0.125, a(dtype),
                64, 64, 64, 64, 100, BLOCK_M=32, BLOCK_N=32, HEAD_DIM=64)


def check_attention(ir, dtype):
    t = MLIR_TYPES[dtype]
    loop = find_op(ir, "scf.for", "iter_args")
    assert "tensor<32xf32>" in loop and "tensor<32x64xf32>" in loop
    dots = op_lines(ir, "tt.dot")
    assert len(dots) == 2
    assert f"tensor<32x64x{t}> * tensor<64x32x{t}> -> tensor<32x32xf32>" in dots[0]
    assert f"tensor<32x32x{t}> * tensor<32x64x{t}> -> tensor<32x64xf32>" in dots[1]
    assert count_ops(ir, "math.exp2") == 2
    assert count_ops(ir, "tt.reduce") == 2


def compile_cumsum(dtype):
    return ttir(tutorials.cumsum_kernel, a(dtype), a(dtype), 100, BLOCK=128)


def check_cumsum(ir, dtype):
    acc = {"float32": "f32", "float16": "f16", "bfloat16": "f32", "int32": "i32",
           "int8": "i32"}[dtype]
    find_op(ir, "tt.scan", "axis = 0", f"(tensor<128x{acc}>) -> tensor<128x{acc}>")


def compile_argmax(dtype):
    return ttir(tutorials.argmax_kernel, a(dtype), a("int32"), 100, BLOCK=128)


def check_argmax(ir, dtype):
    # Triton's argmax promotes only bfloat16 (to float32)
    t = {"float32": "f32", "float16": "f16", "bfloat16": "f32"}[dtype]
    find_op(ir, "tt.reduce", f"(tensor<128x{t}>, tensor<128xi32>) -> ({t}, i32)")
    find_op(ir, "tt.store", "!tt.ptr<i32>")


def compile_sort(dtype):
    return ttir(tutorials.sort_kernel, a(dtype), a(dtype), BLOCK=64, DESCENDING=True)


def check_sort(ir, dtype):
    find_op(ir, "tt.store", f"tensor<64x!tt.ptr<{MLIR_TYPES[dtype]}>>")
    find_op(ir, "tt.gather", f"(tensor<64x{MLIR_TYPES[dtype]}>, tensor<64xi32>)")
    assert count_ops(ir, "scf.for") == 2


def compile_histogram(dtype):
    return ttir(tutorials.histogram_kernel, a(dtype), a("int32"), 100, BLOCK=128, BINS=32)


def check_histogram(ir, dtype):
    find_op(ir, "tt.histogram", f"tensor<128x{MLIR_TYPES[dtype]}> -> tensor<32xi32>")


def compile_atomic_add(dtype):
    return ttir(tutorials.atomic_add_kernel, a(dtype), a(dtype), 1000, BLOCK=128)


def check_atomic_add(ir, dtype):
    rmw = "fadd" if "float" in dtype else "add"
    find_op(ir, "tt.atomic_rmw", f"{rmw}, acq_rel, gpu",
            f"tensor<128x!tt.ptr<{MLIR_TYPES[dtype]}>>")


CASES = {
    "add_kernel": (compile_add, check_add, FLOATS),
    "softmax_kernel": (compile_softmax, check_softmax, FLOATS),
    "layer_norm_fwd": (compile_layer_norm, check_layer_norm, FLOATS),
    "layer_norm_bwd_dx": (compile_layer_norm_bwd, check_layer_norm_bwd, FLOATS),
    "matmul_kernel": (compile_matmul, check_matmul, FLOATS),
    "dropout_kernel": (compile_dropout, check_dropout, FLOATS),
    "attention_fwd_kernel": (compile_attention, check_attention, ["float16", "bfloat16"]),
    "cumsum_kernel": (compile_cumsum, check_cumsum, FLOATS + ["int32", "int8"]),
    "argmax_kernel": (compile_argmax, check_argmax, FLOATS),
    "sort_kernel": (compile_sort, check_sort, ["float32", "float16", "int32"]),
    "histogram_kernel": (compile_histogram, check_histogram, ["int32", "int64"]),
    "atomic_add_kernel": (compile_atomic_add, check_atomic_add, ["float32", "int32"]),
}

PARAMS = [(name, dtype) for name, (_, _, dtypes) in CASES.items() for dtype in dtypes]


def test_every_tutorial_kernel_has_a_case():
    kernels = {name for name, value in vars(tutorials).items()
               if isinstance(value, nereid.JITFunction)}
    assert kernels == set(CASES)


@pytest.mark.parametrize("name, dtype", PARAMS, ids=[f"{n}-{d}" for n, d in PARAMS])
def test_tutorial_kernel_compiles_to_its_key_ops(name, dtype):
    compile_, check, _ = CASES[name]
    ir = compile_(dtype)
    assert re.search(rf"tt\.func public @{name}\(", ir)
    check(ir, dtype)
    # every op points at the tutorial's source
    assert 'loc("' in ir and "tutorials.py" in ir


def test_attention_with_float32_uses_the_backends_dot_precision(monkeypatch):
    monkeypatch.delenv("TRITON_F32_DEFAULT", raising=False)
    lines = op_lines(compile_attention("float32"), "tt.dot")
    assert lines and not any("inputPrecision" in line for line in lines)  # the CPU's ieee
    monkeypatch.setenv("TRITON_F32_DEFAULT", "tf32")
    assert all("inputPrecision = tf32" in line
               for line in op_lines(compile_attention("float32"), "tt.dot"))
