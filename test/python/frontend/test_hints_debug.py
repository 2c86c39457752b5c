"""Hints and debugging: multiple_of, max_contiguous, max_constancy, assume, debug_barrier,
device_print, device_assert, assert, static_assert and static_print."""

import re

import pytest

import nereid
import nereid.language as tl
from frontend_util import array, count_ops, find_op, op_lines, strip_locations, ttir


@nereid.jit
def hints_kernel(x_ptr, out_ptr, n):
    offs = tl.program_id(0) * 64 + tl.arange(0, 64)
    offs = tl.multiple_of(offs, 16)
    offs = tl.max_contiguous(offs, 64)
    start = tl.multiple_of(n * 4, 8)
    row = tl.max_constancy(tl.arange(0, 16)[:, None] + tl.zeros((16, 32), tl.int32), [1, 32])
    tl.store(out_ptr + offs + start, tl.load(x_ptr + offs))
    tl.store(out_ptr + row, 0.0)


def test_hints_are_attributes_on_the_op_that_defines_the_value():
    ir = ttir(hints_kernel, array(), array(n=4096), 3)
    # offs = program_id * 64 + arange: the addi carries both hints
    line = find_op(ir, "arith.addi", "tensor<64xi32>", "tt.divisibility")
    assert "tt.divisibility = dense<[16]> : tensor<1xi32>" in line
    assert "tt.contiguity = dense<[64]> : tensor<1xi32>" in line
    find_op(ir, "arith.muli", ": i32", "tt.divisibility = dense<[8]> : tensor<1xi32>")
    find_op(ir, "arith.addi", "tensor<16x32xi32>",
            "tt.constancy = dense<[1, 32]> : tensor<2xi32>")


@nereid.jit
def hint_on_argument(x_ptr, n):
    m = tl.multiple_of(n, 16)
    tl.store(x_ptr + m, 1.0)


def test_hint_on_a_kernel_argument_is_dropped():
    # A block argument has no op to carry the hint, and a hint never changes results (as in
    # Triton); kernel arguments are specialized at launch instead.
    ir = ttir(hint_on_argument, array(), 3)
    assert "tt.divisibility = dense" not in ir
    find_op(ir, "tt.addptr", ": !tt.ptr<f32>, i32")


@nereid.jit
def hint_bad_rank(x_ptr):
    offs = tl.multiple_of(tl.arange(0, 16) + 0, [16, 16])
    tl.store(x_ptr + offs, 1.0)


def test_hint_with_a_value_per_dimension_of_another_rank_is_an_error():
    with pytest.raises(nereid.CompilationError, match="one positive value per dimension"):
        ttir(hint_bad_rank, array())


@nereid.jit
def promises_kernel(x_ptr, n):
    tl.assume(n > 0)
    tl.assume(True)
    tl.debug_barrier()
    tl.store(x_ptr + tl.arange(0, 16), n)


def test_assume_and_debug_barrier_compile_to_nothing():
    ir = ttir(promises_kernel, array("int32"), 5)
    body = strip_locations(ir)
    # the comparison n > 0 is computed, and nothing consumes it
    assert count_ops(ir, "arith.cmpi") == 1
    for word in ("barrier", "assume", "tt.assert"):
        assert word not in body


@nereid.jit
def assume_false(x_ptr):
    tl.assume(False)
    tl.store(x_ptr, 1.0)


def test_assume_of_false_at_compile_time_is_an_error():
    with pytest.raises(nereid.CompilationError, match="false"):
        ttir(assume_false, array())


@nereid.jit
def print_kernel(x_ptr, n, HEX: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.device_print("x = ", x)
    tl.device_print("n, pid: ", n, tl.program_id(0), hex=HEX)
    tl.device_print("plain")


def test_device_print():
    ir = ttir(print_kernel, array(), 5, HEX=False)
    lines = op_lines(ir, "tt.print")
    assert len(lines) == 3
    # Triton normalizes a prefix followed by values to " prefix: " (quirks included).
    assert re.search(r'tt\.print " x =: " \{hex = false, isSigned = array<i32: 0>\} : %\d+ : '
                     r"tensor<16xf32>$", lines[0]), lines[0]
    assert re.search(r'tt\.print " n, pid: " \{hex = false, isSigned = array<i32: 1, 1>\} : '
                     r"%\d+, %\d+ : i32, i32$", lines[1]), lines[1]
    assert lines[2].startswith('tt.print " plain"'), lines[2]


def test_device_print_hex():
    ir = ttir(print_kernel, array(), 5, HEX=True)
    find_op(ir, "tt.print", '" n, pid: "', "hex = true")


@nereid.jit
def unsigned_print(x_ptr):
    tl.device_print("u", tl.load(x_ptr + tl.arange(0, 8)))


def test_device_print_marks_unsigned_values():
    ir = ttir(unsigned_print, array("uint32"))
    find_op(ir, "tt.print", "isSigned = array<i32: 0>", "tensor<8xi32>")
    ir = ttir(unsigned_print, array("int8"))
    find_op(ir, "tt.print", "isSigned = array<i32: 1>", "tensor<8xi8>")


@nereid.jit
def assert_kernel(x_ptr, n, MASKED: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    if MASKED:
        tl.device_assert(x >= 0, "x must be non-negative", mask=offs < n)
    else:
        tl.device_assert(x >= 0, "x must be non-negative")
    tl.device_assert(n > 0)


def test_device_assert():
    ir = ttir(assert_kernel, array(), 5, MASKED=False)
    lines = op_lines(ir, "tt.assert")
    assert len(lines) == 2
    assert re.search(r'tt\.assert %\d+, "x must be non-negative" : tensor<16xi1>$', lines[0])
    assert lines[1].endswith(": i1")


def test_device_assert_with_a_mask_passes_masked_out_elements():
    ir = ttir(assert_kernel, array(), 5, MASKED=True)
    find_op(ir, "tt.assert", '"x must be non-negative"', "tensor<16xi1>")
    # cond or not mask
    find_op(ir, "arith.ori", "tensor<16xi1>")
    find_op(ir, "arith.xori", "tensor<16xi1>")


@nereid.jit
def python_assert(x_ptr, n, BLOCK: tl.constexpr):
    assert BLOCK >= 16, "BLOCK too small"
    assert n < 100, "n too large"
    tl.store(x_ptr + tl.arange(0, BLOCK), n)


def test_python_assert_is_a_compile_time_check_or_a_device_assert():
    ir = ttir(python_assert, array("int32"), 5, BLOCK=16)
    find_op(ir, "tt.assert", '"n too large"', ": i1")
    assert count_ops(ir, "tt.assert") == 1
    with pytest.raises(nereid.CompilationError, match="BLOCK too small"):
        ttir(python_assert, array("int32"), 5, BLOCK=8)


@nereid.jit
def static_checks(x_ptr, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK % 16 == 0, "BLOCK must be a multiple of 16")
    tl.static_print("BLOCK is", BLOCK)
    tl.store(x_ptr + tl.arange(0, BLOCK), 0.0)


def test_static_print_prints_at_compile_time(capsys):
    ttir(static_checks, array(), BLOCK=32)
    assert "BLOCK is 32" in capsys.readouterr().out


def test_static_assert_fails_at_compile_time():
    with pytest.raises(nereid.CompilationError, match="BLOCK must be a multiple of 16"):
        ttir(static_checks, array(), BLOCK=8)


@nereid.jit
def static_assert_runtime(x_ptr, n):
    tl.static_assert(n > 0)
    tl.store(x_ptr, n)


def test_static_assert_of_a_runtime_value_is_an_error():
    with pytest.raises(nereid.CompilationError, match="compile time"):
        ttir(static_assert_runtime, array("int32"), 3)
