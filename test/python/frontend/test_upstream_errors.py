"""What upstream Triton rejects, rejected in upstream's words: the first line of each message
after the kernel's source line and caret says what Triton's says, so that code that checks an
error by its message (`pytest.raises(..., match=...)`, as Triton's own test_core.py does)
passes unchanged. Each rejection below is one that Triton's test suite matches on."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

import nereid.triton as triton
import nereid.triton.language as tl
from frontend_util import array


def message_line(error: triton.CompilationError) -> str:
    """The line of the error's text that says what is wrong (after the caret)."""
    rows = str(error).splitlines()
    return rows[rows.index(next(r for r in rows if r.strip() == "^")) + 1]


def compile_error(kernel, *args, **kwargs) -> triton.CompilationError:
    with pytest.raises(triton.CompilationError) as info:
        kernel.warmup(*args, **kwargs)
    return info.value


# Arithmetic -----------------------------------------------------------------------------------

@triton.jit
def scalar_overflow():
    huge_int: tl.constexpr = 0xFFFFFFFFFFFFFF
    x = tl.full((), 32, dtype=tl.int32)
    y = x + huge_int


def test_a_constant_out_of_range_of_the_tensor_type():
    with pytest.raises(triton.TritonError, match="out of range"):
        scalar_overflow.warmup()


@triton.jit
def divide(x_ptr, y_ptr, z_ptr, OP: tl.constexpr):
    x = tl.load(x_ptr)
    y = tl.load(y_ptr)
    if OP == "/":
        z = x / y
    elif OP == "//":
        z = x // y
    else:
        z = x % y
    tl.store(z_ptr, z)


@pytest.mark.parametrize("op", ["/", "//", "%"])
@pytest.mark.parametrize("signed, unsigned", [("int64", "uint64"), ("int8", "uint32"),
                                              ("uint16", "int32")])
def test_division_of_mixed_signedness(op, signed, unsigned):
    error = compile_error(divide, array(signed), array(unsigned), array("int64"), op)
    assert message_line(error).startswith(
        f"Cannot use /, //, or % with {signed} and {unsigned} because they have different "
        "signedness;")
    with pytest.raises(triton.TritonError, match="Cannot use .* because they have different "
                                                 "signedness"):
        divide.warmup(array(signed), array(unsigned), array("int64"), op)


@triton.jit
def bitwise(x_ptr, y_ptr, z_ptr, OP: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.load(y_ptr + tl.arange(0, 16))
    if OP == "&":
        z = x & y
    elif OP == "|":
        z = x | y
    elif OP == "^":
        z = x ^ y
    elif OP == "<<":
        z = x << y
    else:
        z = x >> y
    tl.store(z_ptr + tl.arange(0, 16), z)


@pytest.mark.parametrize("op", ["&", "|", "^", "<<", ">>"])
@pytest.mark.parametrize("x, y", [("float32", "int32"), ("int8", "float16"),
                                  ("bfloat16", "bfloat16")])
def test_bitwise_operations_on_floats(op, x, y):
    error = compile_error(bitwise, array(x), array(y), array("int32"), op)
    assert message_line(error).startswith(f"invalid operands of type {x} and {y}")


# Shapes and axes ------------------------------------------------------------------------------

@triton.jit
def expand(x_ptr, AXES: tl.constexpr, SCALAR: tl.constexpr):
    if SCALAR:
        x = tl.sum(tl.load(x_ptr + tl.arange(0, 32)))
    else:
        x = tl.load(x_ptr + tl.arange(0, 32))
    tl.store(x_ptr + tl.arange(0, 32), tl.sum(tl.ravel(tl.expand_dims(x, AXES))))


@pytest.mark.parametrize("axes, scalar, message", [
    (-3, False, "invalid axis -3. Expected -2 <= axis < 2"),
    (2, False, "invalid axis 2. Expected -2 <= axis < 2"),
    (1, True, "invalid axis 1. Expected -1 <= axis < 1"),
    ((0, 3), False, "invalid axis 3. Expected -3 <= axis < 3"),
    ((0, 0), False, "expand_dims received duplicate axes, normalized axes = [0, 0]"),
    ((0, -3), False, "expand_dims received duplicate axes, normalized axes = [0, 0]"),
])
def test_expand_dims_refuses_an_out_of_range_or_duplicate_axis(axes, scalar, message):
    error = compile_error(expand, array(n=32), axes, scalar)
    assert message_line(error) == message


@pytest.mark.parametrize("axes, shape", [(0, [1, 32]), (-1, [32, 1]), ((0, -1), [1, 32, 1]),
                                         ((-4, 2, -1), [1, 32, 1, 1]),
                                         ((3, 1, 2), [32, 1, 1, 1])])
def test_expand_dims_of_valid_axes(axes, shape):
    @triton.jit
    def kernel(x_ptr, out_ptr, AXES: tl.constexpr, SHAPE: tl.constexpr):
        y = tl.expand_dims(tl.load(x_ptr + tl.arange(0, 32)), AXES)
        tl.static_assert(y.shape == SHAPE)
        tl.store(out_ptr + tl.arange(0, 32), tl.ravel(y))

    x, out = array(n=32), array(n=32)
    kernel[(1,)](x, out, axes, shape)
    np.testing.assert_array_equal(out, x)


@triton.jit
def program_id_20(x_ptr):
    tl.store(x_ptr, tl.program_id(20))


def test_program_id_axis():
    error = compile_error(program_id_20, array("int32"))
    assert message_line(error) == "program_id axis must be 0, 1, or 2 but got 20"


def test_an_error_in_a_call_is_the_cause_as_upstream_chains_it(monkeypatch):
    """Triton's test_core.py reads `str(exc_info.value.__cause__)` of errors raised in calls to
    the language's functions; the cause comes without the compiler's frames."""
    monkeypatch.delenv("NEREID_FRONT_END_DEBUGGING", raising=False)
    monkeypatch.delenv("TRITON_FRONT_END_DEBUGGING", raising=False)
    error = compile_error(program_id_20, array("int32"))
    assert "program_id axis must be 0, 1, or 2 but got 20" in str(error.__cause__)
    assert error.__cause__.__traceback__ is None


@triton.jit
def reduce_axis(x_ptr, AXIS: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 32)[:, None] * 32 + tl.arange(0, 32)[None, :])
    tl.store(x_ptr + tl.arange(0, 32), tl.sum(x, axis=AXIS))


@pytest.mark.parametrize("axis", [2, 3, -3])
def test_reduction_axis(axis):
    error = compile_error(reduce_axis, array(n=1024), axis)
    assert message_line(error) == f"invalid axis {axis}. Expected -2 <= axis < 2"


@triton.jit
def slices(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    x[10:]


def test_a_slice_that_is_not_a_new_axis():
    with pytest.raises(triton.TritonError, match="unsupported tensor index"):
        slices.warmup(array())


@triton.jit
def reshape_64_to_32():
    x = tl.arange(0, 8 * 8)
    y = tl.reshape(x, (8 * 4,))


def test_reshape_that_changes_the_number_of_elements():
    error = compile_error(reshape_64_to_32)
    assert message_line(error).startswith(
        "reshape() cannot change total number of elements in tensor")


@triton.jit
def broadcast_mismatch(x_ptr):
    tl.store(x_ptr + tl.arange(0, 32), tl.arange(0, 32) + tl.arange(0, 64))


def test_shapes_that_do_not_broadcast():
    error = compile_error(broadcast_mismatch, array("int32"))
    assert message_line(error).startswith(
        "Cannot make_shape_compatible: incompatible dimensions at index 0: 32 and 64")


@triton.jit
def dot_mismatch(x_ptr):
    a = tl.load(x_ptr + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :])
    c = tl.dot(a, a)
    tl.store(x_ptr + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], c)


def test_dot_of_incompatible_shapes():
    error = compile_error(dot_mismatch, array(n=512))
    assert message_line(error).startswith(
        "First input shape ([32, 16]) and second input shape [32, 16] are not compatible for "
        "matmul")


# Memory ---------------------------------------------------------------------------------------

@triton.jit
def atomic_add(x_ptr, out_ptr):
    tl.atomic_add(out_ptr, tl.load(x_ptr))


@pytest.mark.parametrize("dtype", ["int8", "uint8", "int16", "uint16"])
def test_atomics_of_unsupported_dtypes(dtype):
    with pytest.raises(triton.CompilationError, match=f"atomic_add does not support {dtype}"):
        atomic_add.warmup(array(dtype), array(dtype))


@triton.jit
def narrow_descriptor(ptr, LOAD: tl.constexpr):
    desc = tl.make_tensor_descriptor(ptr, [128, 128], [128, 1], [8, 2])
    if LOAD:
        desc.load([0, 0])
    else:
        desc.store([0, 0], tl.zeros([8, 2], dtype=tl.int16))


@pytest.mark.parametrize("load", [True, False])
def test_descriptor_blocks_of_fewer_than_16_bytes_a_row(load):
    error = compile_error(narrow_descriptor, array("int16", 128 * 128), load)
    assert message_line(error) == ("Descriptor block shape must have at least 16 bytes in the "
                                   "last dimension, but got 2 * 2 = 4 bytes")


# tl.const -------------------------------------------------------------------------------------

@triton.jit
def pass_const(a, b, choose_b):
    if choose_b:
        return b
    else:
        return a


@triton.jit
def copy_through(in_ptr: tl.const, out, c_out: tl.const, choose, n, MODE: tl.constexpr,
                 BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    val = tl.load(in_ptr + offsets, mask=mask)
    if MODE == "direct":
        final_out = c_out
    elif MODE == "call":
        final_out = pass_const(out, c_out, choose)
    elif MODE == "ternary":
        final_out = c_out if choose else out
    else:
        if choose:
            final_out = c_out
        else:
            final_out = out
    tl.store(final_out + offsets, val, mask=mask)


@pytest.mark.parametrize("mode, message", [
    ("direct", "Cannot store to a constant pointer"),
    ("call", "Inconsistent return types"),
    ("ternary", "Ternary expression with dynamic condition has inconsistent type"),
    ("if", "Mismatched type for final_out"),
])
def test_const_pointers(mode, message):
    x = array(n=128)
    error = compile_error(copy_through, x, array(n=128), array(n=128), 1, 128, mode, 128)
    assert message_line(error).startswith(message)
    assert message in error.error_message


@triton.jit
def store_to_const(in_ptr: tl.const, out_ptr, n):
    offsets = tl.arange(0, 64)
    tl.store(out_ptr + offsets, tl.load(in_ptr + offsets) * 2.0, mask=offsets < n)


def test_a_const_pointer_is_read():
    x, out = array(n=64), array(n=64)
    store_to_const[(1,)](x, out, 50)
    np.testing.assert_array_equal(out[:50], x[:50] * 2)


def test_const_and_constexpr_type():
    assert tl.constexpr(3).type == tl.constexpr_type(3)
    assert tl.constexpr(3).type != tl.constexpr_type(4)
    assert repr(tl.constexpr_type(3)) == "constexpr_type[3]"
    assert str(tl.pointer_type(tl.float32, const=True)) == "const_pointer<float32>"
    assert tl.pointer_type(tl.float32, const=True) != tl.pointer_type(tl.float32)


# Launches -------------------------------------------------------------------------------------

@triton.jit
def empty(x_ptr):
    pass


@pytest.mark.parametrize("num_warps", [3, 0, 6])
def test_num_warps_must_be_a_power_of_2(num_warps):
    with pytest.raises(AssertionError, match="must be a power of 2"):
        empty[(1,)](array(), num_warps=num_warps)
    empty[(1,)](array(), num_warps=2)


@pytest.mark.parametrize("value, overflow", [(2**64 - 1, False), (2**64, True), (-2**63, False),
                                             (-2**63 - 1, True)])
def test_integer_arguments_beyond_64_bits(value, overflow):
    @triton.jit
    def kernel(VALUE, X):
        pass

    if overflow:
        with pytest.raises(OverflowError):
            kernel[(1,)](value, array())
    else:
        kernel[(1,)](value, array())


# Triton's test_compile_errors.py ---------------------------------------------------------------

@triton.jit
def arange_2_7():
    tl.arange(2, 7)


@triton.jit
def full_33():
    tl.full((33,), 0, dtype=tl.int64)


@triton.jit
def imprecise_beyond_k():
    a = tl.full((64, 64), 0.0, tl.float8e5)
    b = tl.full((64, 64), 0.0, tl.float8e5)
    tl.dot(a, b, max_num_imprecise_acc=128)


@pytest.mark.parametrize("kernel, message", [
    (arange_2_7, "arange's range must be a power of 2"),
    (full_33, "Shape element 0 must be a power of 2"),
    (imprecise_beyond_k, "max_num_imprecise_acc (128) must be <= K (64)"),
])
def test_compile_errors(kernel, message):
    assert message_line(compile_error(kernel)).startswith(message)


@triton.jit
def static_assert_fails():
    tl.static_assert(isinstance(0, tl.tensor))


def test_a_failed_static_assert_is_a_compile_time_assertion_failure():
    from nereid.triton.compiler.errors import CompilationError, CompileTimeAssertionFailure

    error = compile_error(static_assert_fails)
    assert isinstance(error, CompileTimeAssertionFailure)
    assert isinstance(error, CompilationError) and error.__cause__ is None
    assert message_line(error) == "static_assert failed"
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is CompileTimeAssertionFailure and str(copy) == str(error)


@triton.jit
def dot_of_rank(x_ptr, A_SHAPE: tl.constexpr, A_SIZE: tl.constexpr, B_SHAPE: tl.constexpr,
                B_SIZE: tl.constexpr):
    a = tl.load(x_ptr + tl.arange(0, A_SIZE)).reshape(A_SHAPE)
    b = tl.load(x_ptr + tl.arange(0, B_SIZE)).reshape(B_SHAPE)
    c = tl.dot(a, b)
    tl.store(x_ptr + tl.arange(0, c.numel), tl.ravel(c))


@pytest.mark.parametrize("a, b", [(1, 2), (4, 4), (2, 3)])
def test_dot_of_other_ranks(a, b):
    error = compile_error(dot_of_rank, array(n=16 ** 4), a * [16], 16 ** a, b * [16], 16 ** b)
    assert message_line(error).startswith(
        f"Both inputs must be either 2D or 3D; (lhs: {a * [16]} vs rhs: {b * [16]})")


@triton.jit
def arange_8_8(x_ptr):
    tl.arange(8, 8)


@triton.jit
def arange_of_run_time_bounds(x_ptr, n):
    tl.arange(0, n)


@triton.jit
def other_without_mask(x_ptr):
    tl.store(x_ptr + tl.arange(0, 16), tl.load(x_ptr + tl.arange(0, 16), other=0.0))


@triton.jit
def permute_twice_0(x_ptr):
    tl.permute(tl.arange(0, 16).reshape(4, 4), (0, 0))


@triton.jit
def permute_of_rank_3(x_ptr):
    tl.permute(tl.arange(0, 16).reshape(4, 4), (0, 1, 2))


@pytest.mark.parametrize("kernel, args, message", [
    (arange_8_8, (), "arange's end argument must be greater than the start argument"),
    (arange_of_run_time_bounds, (16,), "arange's arguments must be of type tl.constexpr"),
    (other_without_mask, (), "`other` cannot be provided without `mask`"),
    (permute_twice_0, (), "permute dims must be a permutation of 0, 1, ..., n-1, but were [0, 0]"),
    (permute_of_rank_3, (), "permute dims must have the same length as input shape"),
])
def test_semantic_errors(kernel, args, message):
    assert message_line(compile_error(kernel, array(), *args)).startswith(message)
