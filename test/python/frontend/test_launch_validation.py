"""What the frontend refuses so that a launch cannot go wrong later (issue 30): comparing a
pointer with anything but a pointer of its type (an array passed where a size was meant), and
tiles of more elements than Triton allows."""

from __future__ import annotations

import pytest

import nereid
import nereid.language as tl
from frontend_util import array, ttir


# Comparisons with pointers ----------------------------------------------------------------

@nereid.jit
def compare_with_pointer(x_ptr, OP: tl.constexpr):
    r = tl.arange(0, 16)
    if OP == "lt":
        flags = r < x_ptr
    elif OP == "ge":
        flags = x_ptr >= r
    elif OP == "eq-scalar":
        flags = x_ptr == 0
    else:
        flags = r != x_ptr
    tl.store(x_ptr + r, tl.where(flags, 1.0, 2.0))


@pytest.mark.parametrize("op, message", [
    ("lt", "invalid operands of type int32 and pointer<float32>"),
    ("ge", "invalid operands of type pointer<float32> and int32"),
    ("eq-scalar", "invalid operands of type pointer<float32> and int32"),
    ("ne", "invalid operands of type int32 and pointer<float32>"),
])
def test_a_pointer_compared_with_an_integer_is_an_error(op, message):
    with pytest.raises(nereid.CompilationError, match=message):
        ttir(compare_with_pointer, array("float32"), OP=op)


@nereid.jit
def compare_pointers(x_ptr, y_ptr, out_ptr):
    r = tl.arange(0, 16)
    tl.store(out_ptr + r, tl.where(x_ptr + r < y_ptr + r, 1, 0))


def test_pointers_of_one_type_still_compare():
    ir = ttir(compare_pointers, array("float32"), array("float32"), array("int32"))
    assert "arith.cmpi ult" in ir


@nereid.jit
def compare_mixed_pointers(x_ptr, y_ptr, out_ptr):
    tl.store(out_ptr, x_ptr == y_ptr)


def test_pointers_of_two_types_do_not_compare():
    with pytest.raises(nereid.CompilationError,
                       match="invalid operands of type pointer<float32> and pointer<int32>"):
        ttir(compare_mixed_pointers, array("float32"), array("int32"), array("int32"))


# Tile sizes -------------------------------------------------------------------------------

@nereid.jit
def large_tile(x_ptr, HOW: tl.constexpr, SIZE: tl.constexpr):
    if HOW == "zeros":
        tile = tl.zeros((SIZE, 1), tl.float32)
    elif HOW == "full":
        tile = tl.full((2, SIZE // 2), 1.5, tl.float32)
    elif HOW == "arange":
        tile = tl.arange(0, SIZE).to(tl.float32)
    else:
        small = tl.arange(0, 1024).to(tl.float32)
        tile = small[:, None] + small[None, :] * 0.0 + tl.zeros((1024, SIZE // 1024), tl.float32)
    tl.store(x_ptr, tl.sum(tl.ravel(tile), 0))


@pytest.mark.parametrize("how", ["zeros", "full", "arange", "broadcast"])
def test_tiles_beyond_triton_maximum_numel_are_errors(how):
    """tl.zeros((2**31, 1)) aborted the CPU backend's compiler."""
    size = 2**31 if how == "zeros" else 2**21
    with pytest.raises(nereid.CompilationError,
                       match=rf"numel \({size}\) exceeds triton maximum tensor numel "
                             r"\(1048576\)"):
        ttir(large_tile, array("float32"), HOW=how, SIZE=size)


def test_a_tile_of_the_maximum_numel_compiles():
    assert "tensor<1048576x1xf32>" in ttir(large_tile, array("float32"), HOW="zeros",
                                           SIZE=2**20)
