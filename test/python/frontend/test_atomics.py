"""Atomics: every read-modify-write op with its memory semantic and scope, and compare-and-swap."""

import pytest

import nereid
import nereid.language as tl
from frontend_util import MLIR_TYPES, array, find_op, has_op, op_lines, ttir


@nereid.jit
def atomic_kernel(ptr, val_ptr, out_ptr, OP: tl.constexpr, SEM: tl.constexpr,
                  SCOPE: tl.constexpr, MASKED: tl.constexpr):
    offs = tl.arange(0, 32)
    val = tl.load(val_ptr + offs)
    mask = offs < 20 if MASKED else None
    if OP == "add":
        old = tl.atomic_add(ptr + offs, val, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "and":
        old = tl.atomic_and(ptr + offs, val, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "or":
        old = tl.atomic_or(ptr + offs, val, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "xor":
        old = tl.atomic_xor(ptr + offs, val, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "max":
        old = tl.atomic_max(ptr + offs, val, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "min":
        old = tl.atomic_min(ptr + offs, val, mask=mask, sem=SEM, scope=SCOPE)
    else:
        old = tl.atomic_xchg(ptr + offs, val, mask=mask, sem=SEM, scope=SCOPE)
    tl.store(out_ptr + offs, old)


def compile_atomic(op, dtype="int32", sem=None, scope=None, masked=False):
    return ttir(atomic_kernel, array(dtype), array(dtype), array(dtype), OP=op, SEM=sem,
                SCOPE=scope, MASKED=masked)


# (tl function, element dtype, the RMWOp of tt.atomic_rmw)
RMW = [
    ("add", "int32", "add"), ("add", "uint64", "add"), ("add", "float32", "fadd"),
    ("add", "float16", "fadd"), ("add", "float64", "fadd"),
    ("and", "int32", "and"), ("or", "int64", "or"), ("xor", "uint32", "xor"),
    ("max", "int32", "max"), ("max", "uint32", "umax"), ("min", "int64", "min"),
    ("min", "uint64", "umin"), ("xchg", "int32", "exch"), ("xchg", "float32", "exch"),
]


@pytest.mark.parametrize("op, dtype, rmw", RMW, ids=[f"{o}-{d}" for o, d, _ in RMW])
def test_atomic_rmw_op_and_default_semantic_and_scope(op, dtype, rmw):
    ir = compile_atomic(op, dtype)
    mlir = MLIR_TYPES[dtype]
    line = find_op(ir, "tt.atomic_rmw", f"tt.atomic_rmw {rmw}, acq_rel, gpu,")
    assert line.endswith(f": tensor<32x!tt.ptr<{mlir}>>"), line
    assert f"= tt.atomic_rmw" in line  # the old values are a result
    find_op(ir, "tt.store", f"tensor<32x!tt.ptr<{mlir}>>")


@pytest.mark.parametrize("sem", ["relaxed", "acquire", "release", "acq_rel"])
@pytest.mark.parametrize("scope", ["gpu", "cta", "sys"])
def test_atomic_semantic_and_scope(sem, scope):
    ir = compile_atomic("add", "float32", sem, scope)
    find_op(ir, "tt.atomic_rmw", f"tt.atomic_rmw fadd, {sem}, {scope},")


def test_atomic_with_mask_has_three_operands():
    masked = find_op(compile_atomic("max", "int32", masked=True), "tt.atomic_rmw")
    unmasked = find_op(compile_atomic("max", "int32", masked=False), "tt.atomic_rmw")
    assert masked.count("%") == unmasked.count("%") + 1


@pytest.mark.parametrize("sem, scope, word", [("seq_cst", None, "semantic"),
                                              (None, "device", "scope")])
def test_atomic_rejects_unknown_semantic_or_scope(sem, scope, word):
    with pytest.raises(nereid.CompilationError, match=word):
        compile_atomic("add", "int32", sem, scope)


@pytest.mark.parametrize("op", ["and", "or", "xor"])
def test_bitwise_atomics_on_floats_are_errors(op):
    with pytest.raises(nereid.CompilationError, match="integers"):
        compile_atomic(op, "float32")


@pytest.mark.parametrize("op, dtype", [("add", "int8"), ("add", "int16"), ("max", "uint16"),
                                       ("max", "float16"), ("min", "bfloat16"),
                                       ("xchg", "float16")])
def test_atomics_reject_the_types_triton_rejects(op, dtype):
    # Triton: no 8- or 16-bit integer atomics; fp16 and bf16 only with atomic_add.
    with pytest.raises(nereid.CompilationError, match="atomic"):
        compile_atomic(op, dtype)


@nereid.jit
def atomic_value_conversion(ptr):
    offs = tl.arange(0, 16)
    tl.atomic_add(ptr + offs, 1)
    tl.atomic_add(ptr, 2.5)


def test_atomic_value_converts_to_the_pointee_type():
    ir = ttir(atomic_value_conversion, array("float32"))
    find_op(ir, "tt.splat", "f32 -> tensor<16xf32>")
    lines = op_lines(ir, "tt.atomic_rmw")
    assert len(lines) == 2
    assert lines[0].endswith(": tensor<16x!tt.ptr<f32>>")
    assert lines[1].endswith(": !tt.ptr<f32>")  # scalar pointer, scalar value
    assert not has_op(ir, "arith.constant", "1 : i32")


@nereid.jit
def cas_kernel(lock_ptr, out_ptr, SEM: tl.constexpr, SCOPE: tl.constexpr):
    old = tl.atomic_cas(lock_ptr, 0, 1, sem=SEM, scope=SCOPE)
    tl.store(out_ptr, old)
    offs = tl.arange(0, 8)
    olds = tl.atomic_cas(lock_ptr + offs, offs, offs + 1)
    tl.store(out_ptr + offs, olds)


@pytest.mark.parametrize("dtype", ["int32", "int64", "float32"])
def test_atomic_cas(dtype):
    ir = ttir(cas_kernel, array(dtype), array(dtype), SEM="acquire", SCOPE="cta")
    mlir = MLIR_TYPES[dtype]
    lines = op_lines(ir, "tt.atomic_cas")
    assert len(lines) == 2
    assert lines[0].startswith("%") and "tt.atomic_cas acquire, cta," in lines[0]
    assert lines[0].endswith(f": !tt.ptr<{mlir}>")
    assert "tt.atomic_cas acq_rel, gpu," in lines[1]
    assert lines[1].endswith(f": tensor<8x!tt.ptr<{mlir}>>")


def test_atomic_cas_rejects_8_bit_elements():
    with pytest.raises(nereid.CompilationError, match="16-, 32- or 64-bit"):
        ttir(cas_kernel, array("int8"), array("int8"), SEM=None, SCOPE=None)
