"""Shape operations: broadcast, broadcast_to, expand_dims, indexing with None, reshape, view,
trans, permute, .T, cat, join, split, interleave, ravel, flip, gather, histogram, where."""

import re

import pytest

import nereid
import nereid.language as tl
from frontend_util import array, count_ops, find_op, ttir


@nereid.jit
def broadcast_kernel(out_ptr):
    a = tl.arange(0, 16)[:, None]
    b = tl.arange(0, 32)[None, :]
    x, y = tl.broadcast(a, b)
    tl.store(out_ptr + x * 32 + y, x + y)


def test_broadcast_of_two_tensors():
    ir = ttir(broadcast_kernel, array("int32", 512))
    find_op(ir, "tt.expand_dims", "axis = 1 : i32", "tensor<16xi32> -> tensor<16x1xi32>")
    find_op(ir, "tt.expand_dims", "axis = 0 : i32", "tensor<32xi32> -> tensor<1x32xi32>")
    find_op(ir, "tt.broadcast", "tensor<16x1xi32> -> tensor<16x32xi32>")
    find_op(ir, "tt.broadcast", "tensor<1x32xi32> -> tensor<16x32xi32>")


@nereid.jit
def broadcast_to_kernel(out_ptr, VARARGS: tl.constexpr):
    a = tl.arange(0, 16)
    if VARARGS:
        b = tl.broadcast_to(a[None, :], 8, 16)
    else:
        b = a.broadcast_to((8, 16))
    tl.store(out_ptr + tl.arange(0, 8)[:, None] * 16 + a[None, :], b)


@pytest.mark.parametrize("varargs", [False, True])
def test_broadcast_to(varargs):
    ir = ttir(broadcast_to_kernel, array("int32"), VARARGS=varargs)
    find_op(ir, "tt.broadcast", "tensor<1x16xi32> -> tensor<8x16xi32>")


@nereid.jit
def broadcast_to_rank_up(out_ptr):
    # A lower-rank tensor gains leading dimensions, as in numpy.
    b = tl.broadcast_to(tl.arange(0, 16), (4, 16))
    tl.store(out_ptr + tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :], b)


def test_broadcast_to_adds_leading_dimensions():
    ir = ttir(broadcast_to_rank_up, array("int32"))
    find_op(ir, "tt.expand_dims", "axis = 0", "tensor<16xi32> -> tensor<1x16xi32>")
    find_op(ir, "tt.broadcast", "-> tensor<4x16xi32>")


@nereid.jit
def bad_broadcast_to(out_ptr):
    tl.store(out_ptr + tl.arange(0, 16), tl.broadcast_to(tl.arange(0, 8), (16,)))


def test_broadcast_to_incompatible_shape_is_an_error():
    with pytest.raises(nereid.CompilationError, match="broadcast"):
        ttir(bad_broadcast_to, array("int32"))


@nereid.jit
def binary_shape_mismatch(out_ptr):
    x = tl.arange(0, 16) + tl.arange(0, 32)
    tl.store(out_ptr + tl.arange(0, 16), x)


def test_binary_op_shape_mismatch_is_an_error():
    with pytest.raises(nereid.CompilationError, match=r"\[16\] and \[32\]"):
        ttir(binary_shape_mismatch, array("int32"))


@nereid.jit
def expand_dims_kernel(out_ptr, AXIS: tl.constexpr):
    x = tl.expand_dims(tl.arange(0, 16), AXIS)
    tl.store(out_ptr + tl.reshape(x, (16,)), 1)


@pytest.mark.parametrize("axis, result, attr", [(0, "1x16", 0), (1, "16x1", 1),
                                                (-1, "16x1", 1), ((0, 2), "1x16x1", None)])
def test_expand_dims(axis, result, attr):
    ir = ttir(expand_dims_kernel, array("int32"), AXIS=axis)
    if attr is not None:
        find_op(ir, "tt.expand_dims", f"axis = {attr} : i32", f"-> tensor<{result}xi32>")
    else:
        assert count_ops(ir, "tt.expand_dims") == 2
        find_op(ir, "tt.expand_dims", f"-> tensor<{result}xi32>")


@nereid.jit
def indexing_kernel(out_ptr):
    r = tl.arange(0, 8)
    a = r[:, None]
    b = r[None, :]
    c = r[None]
    d = a[:, :, None]
    tl.store(out_ptr + a * 8 + b + tl.reshape(c, (8,))[:, None] + tl.reshape(d, (8, 1)), 0)


def test_indexing_with_none_inserts_axes():
    ir = ttir(indexing_kernel, array("int32"))
    find_op(ir, "tt.expand_dims", "axis = 1", "tensor<8xi32> -> tensor<8x1xi32>")
    find_op(ir, "tt.expand_dims", "axis = 0", "tensor<8xi32> -> tensor<1x8xi32>")
    find_op(ir, "tt.expand_dims", "axis = 2", "tensor<8x1xi32> -> tensor<8x1x1xi32>")


@nereid.jit
def bad_index(out_ptr):
    r = tl.arange(0, 8)
    tl.store(out_ptr, r[3])


def test_integer_index_of_a_tensor_is_an_error():
    with pytest.raises(nereid.CompilationError, match="index"):
        ttir(bad_index, array("int32"))


@nereid.jit
def reshape_kernel(x_ptr, out_ptr, HOW: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 64))
    if HOW == "reshape":
        y = tl.reshape(x, (4, 16))
    elif HOW == "varargs":
        y = tl.reshape(x, 4, 16)
    elif HOW == "method":
        y = x.reshape(4, 16)
    elif HOW == "reorder":
        y = tl.reshape(x, (4, 16), can_reorder=True)
    else:
        y = tl.view(x, (4, 16))
    tl.store(out_ptr + tl.arange(0, 4)[:, None] * 16 + tl.arange(0, 16)[None, :], y)


@pytest.mark.parametrize("how, reorder", [("reshape", False), ("varargs", False),
                                          ("method", False), ("reorder", True),
                                          ("view", True)])
def test_reshape_and_view(how, reorder):
    ir = ttir(reshape_kernel, array(), array(), HOW=how)
    line = find_op(ir, "tt.reshape", "tensor<64xf32> -> tensor<4x16xf32>")
    assert ("allow_reorder" in line) == reorder


@nereid.jit
def bad_reshape(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 64))
    tl.store(x_ptr + tl.arange(0, 32), tl.reshape(x, (2, 16)))


def test_reshape_to_a_different_number_of_elements_is_an_error():
    with pytest.raises(nereid.CompilationError, match="64 elements"):
        ttir(bad_reshape, array())


@nereid.jit
def trans_kernel(x_ptr, out_ptr, HOW: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :])
    if HOW == "trans":
        y = tl.trans(x)
    elif HOW == "T":
        y = x.T
    elif HOW == "method":
        y = x.trans()
    elif HOW == "dims":
        y = tl.trans(x, 1, 0)
    else:
        y = tl.permute(x, (1, 0))
    tl.store(out_ptr + tl.arange(0, 32)[:, None] * 16 + tl.arange(0, 16)[None, :], y)


@pytest.mark.parametrize("how", ["trans", "T", "method", "dims", "permute"])
def test_two_d_transpose(how):
    ir = ttir(trans_kernel, array(n=1024), array(n=1024), HOW=how)
    find_op(ir, "tt.trans", "{order = array<i32: 1, 0>}",
            "tensor<16x32xf32> -> tensor<32x16xf32>")


@nereid.jit
def permute_3d(x_ptr, out_ptr, HOW: tl.constexpr):
    x = tl.reshape(tl.load(x_ptr + tl.arange(0, 128)), (2, 4, 16))
    if HOW == "permute":
        y = tl.permute(x, 2, 0, 1)
    elif HOW == "method":
        y = x.permute((2, 0, 1))
    elif HOW == "trans":
        y = tl.trans(x, (2, 0, 1))
    else:
        y = tl.trans(x)
    tl.store(out_ptr + tl.arange(0, 128), tl.reshape(y, (128,)))


@pytest.mark.parametrize("how", ["permute", "method", "trans"])
def test_permute_3d(how):
    ir = ttir(permute_3d, array(), array(), HOW=how)
    find_op(ir, "tt.trans", "{order = array<i32: 2, 0, 1>}",
            "tensor<2x4x16xf32> -> tensor<16x2x4xf32>")


def test_trans_without_dims_of_3d_is_an_error():
    # Triton: without dims, trans is the (1, 0) permutation, which a 3-D tensor cannot take.
    with pytest.raises(nereid.CompilationError, match="2-D"):
        ttir(permute_3d, array(), array(), HOW="none")


@nereid.jit
def cat_kernel(x_ptr, y_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.load(y_ptr + tl.arange(0, 16))
    tl.store(out_ptr + tl.arange(0, 32), tl.cat(x, y, can_reorder=True))


def test_cat():
    ir = ttir(cat_kernel, array(), array(), array())
    find_op(ir, "tt.cat", "tensor<16xf32> -> tensor<32xf32>")


def test_cat_of_different_types_is_an_error():
    with pytest.raises(nereid.CompilationError, match="tl.cat"):
        ttir(cat_kernel, array("float32"), array("float16"), array())


@nereid.jit
def join_split_kernel(x_ptr, y_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.load(y_ptr + tl.arange(0, 16))
    j = tl.join(x, y)
    a, b = tl.split(j)
    c, d = j.split()
    tl.store(out_ptr + tl.arange(0, 16), a + b + c + d)


def test_join_and_split():
    ir = ttir(join_split_kernel, array("int16"), array("int16"), array("int16"))
    find_op(ir, "tt.join", "tensor<16xi16> -> tensor<16x2xi16>")
    split = find_op(ir, "tt.split", "tensor<16x2xi16> -> tensor<16xi16>")
    assert re.match(r"%\d+, %\d+ = tt\.split", split), split
    assert count_ops(ir, "tt.split") == 2


@nereid.jit
def join_2d(out_ptr):
    a = tl.zeros((4, 8), tl.float32)
    b = tl.full((4, 8), 1.0, tl.float32)
    tl.store(out_ptr + tl.arange(0, 64), tl.reshape(tl.join(a, b), (64,)))


def test_join_adds_a_minor_dimension_of_two():
    ir = ttir(join_2d, array())
    find_op(ir, "tt.join", "tensor<4x8xf32> -> tensor<4x8x2xf32>")


@nereid.jit
def join_scalars(out_ptr):
    tl.store(out_ptr + tl.arange(0, 2), tl.join(1.0, 2.0))


def test_join_of_scalars_makes_two_elements():
    ir = ttir(join_scalars, array())
    find_op(ir, "tt.join")
    find_op(ir, "tt.reshape", "-> tensor<2xf32>")


@nereid.jit
def split_bad(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    a, b = tl.split(x)
    tl.store(x_ptr, a)


def test_split_needs_a_last_dimension_of_two():
    with pytest.raises(nereid.CompilationError, match="last dimension is 2"):
        ttir(split_bad, array())


@nereid.jit
def interleave_kernel(x_ptr, y_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = tl.load(y_ptr + tl.arange(0, 16))
    tl.store(out_ptr + tl.arange(0, 32), tl.interleave(x, y))


def test_interleave_is_join_then_reshape():
    ir = ttir(interleave_kernel, array(), array(), array())
    find_op(ir, "tt.join", "tensor<16xf32> -> tensor<16x2xf32>")
    find_op(ir, "tt.reshape", "tensor<16x2xf32> -> tensor<32xf32>")


@nereid.jit
def ravel_kernel(x_ptr, out_ptr, METHOD: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :])
    if METHOD:
        y = x.ravel()
    else:
        y = tl.ravel(x)
    tl.store(out_ptr + tl.arange(0, 32), y)


@pytest.mark.parametrize("method", [False, True])
def test_ravel_reshapes_to_one_dimension_allowing_reorder(method):
    ir = ttir(ravel_kernel, array(), array(), METHOD=method)
    find_op(ir, "tt.reshape", "allow_reorder", "tensor<8x4xf32> -> tensor<32xf32>")


@nereid.jit
def flip_kernel(x_ptr, out_ptr, DIM: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :])
    y = tl.flip(x, DIM)
    tl.store(out_ptr + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :], y)


@pytest.mark.parametrize("dim, axis, n", [(None, 1, 16), (1, 1, 16), (0, 0, 8)])
def test_flip_gathers_the_reversed_indices(dim, axis, n):
    ir = ttir(flip_kernel, array(), array(), DIM=dim)
    find_op(ir, "arith.constant", f"{n - 1} : i32")
    find_op(ir, "tt.make_range", f"end = {n} : i32")
    find_op(ir, "tt.gather", f"axis = {axis} : i32", "-> tensor<8x16xf32>")


@nereid.jit
def gather_kernel(x_ptr, i_ptr, out_ptr, AXIS: tl.constexpr):
    src = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])
    idx = tl.load(i_ptr + tl.arange(0, 16)[:, None] * 4 + tl.arange(0, 4)[None, :])
    out = tl.gather(src, idx, AXIS)
    tl.store(out_ptr + tl.arange(0, 16)[:, None] * 4 + tl.arange(0, 4)[None, :], out)


def test_gather():
    ir = ttir(gather_kernel, array("float16"), array("int32"), array("float16"), AXIS=1)
    line = find_op(ir, "tt.gather", "{axis = 1 : i32}",
                   "(tensor<16x8xf16>, tensor<16x4xi32>) -> tensor<16x4xf16>")
    assert re.search(r"tt\.gather %\d+\[%\d+\]", line), line


def test_gather_needs_integer_indices():
    with pytest.raises(nereid.CompilationError, match="integer indices"):
        ttir(gather_kernel, array("float16"), array("float32"), array("float16"), AXIS=1)


@nereid.jit
def gather_rank_mismatch(x_ptr, i_ptr, out_ptr):
    src = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])
    idx = tl.load(i_ptr + tl.arange(0, 4))
    tl.store(out_ptr + tl.arange(0, 4), tl.gather(src, idx, 0))


def test_gather_index_of_another_rank_is_an_error():
    with pytest.raises(nereid.CompilationError, match="rank"):
        ttir(gather_rank_mismatch, array(), array("int32"), array())


@nereid.jit
def histogram_kernel(x_ptr, out_ptr, n, BINS: tl.constexpr, MASKED: tl.constexpr):
    offs = tl.arange(0, 64)
    x = tl.load(x_ptr + offs)
    if MASKED:
        h = tl.histogram(x, BINS, mask=offs < n)
    else:
        h = tl.histogram(x, BINS)
    tl.store(out_ptr + tl.arange(0, BINS), h)


def test_histogram():
    ir = ttir(histogram_kernel, array("int32"), array("int32"), 50, BINS=16, MASKED=False)
    line = find_op(ir, "tt.histogram", ": tensor<64xi32> -> tensor<16xi32>")
    assert re.search(r"tt\.histogram %\d+ :", line), line


def test_histogram_with_mask():
    ir = ttir(histogram_kernel, array("int32"), array("int32"), 50, BINS=8, MASKED=True)
    line = find_op(ir, "tt.histogram", ": tensor<64xi32> -> tensor<8xi32>")
    assert re.search(r"tt\.histogram %\d+, %\d+ :", line), line


def test_histogram_of_floats_is_an_error():
    with pytest.raises(nereid.CompilationError, match="integer"):
        ttir(histogram_kernel, array("float32"), array("int32"), 50, BINS=8, MASKED=False)


@nereid.jit
def where_kernel(a_ptr, b_ptr, out_ptr):
    offs = tl.arange(0, 32)
    a = tl.load(a_ptr + offs)
    b = tl.load(b_ptr + offs)
    tl.store(out_ptr + offs, tl.where(a > 0, a, b))


def test_where_promotes_its_operands():
    ir = ttir(where_kernel, array("float16"), array("float32"), array("float32"))
    find_op(ir, "arith.extf", "tensor<32xf16> to tensor<32xf32>")
    find_op(ir, "arith.select", "tensor<32xi1>, tensor<32xf32>")


@nereid.jit
def where_broadcast(a_ptr, out_ptr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    cond = offs[:, None] < offs[None, :]
    tl.store(out_ptr + offs[:, None] * 16 + offs[None, :], tl.where(cond, a[None, :], 0.0))


def test_where_broadcasts_condition_and_values():
    ir = ttir(where_broadcast, array(), array(n=1024))
    find_op(ir, "tt.broadcast", "tensor<1x16xf32> -> tensor<16x16xf32>")
    find_op(ir, "arith.select", "tensor<16x16xi1>, tensor<16x16xf32>")


@nereid.jit
def where_scalar_condition(a_ptr, out_ptr, flag):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs)
    tl.store(out_ptr + offs, tl.where(flag > 0, a, -a))


def test_where_with_a_scalar_condition():
    ir = ttir(where_scalar_condition, array(), array(), 3)
    line = find_op(ir, "arith.select")
    assert line.endswith(": tensor<16xf32>") and "xi1>" not in line, line


@nereid.jit
def interleave_scalars(out_ptr):
    tl.store(out_ptr + tl.arange(0, 2), tl.interleave(1.0, 2.0))


def test_interleave_of_scalars_is_their_join():
    # Triton: interleaving two scalars gives the two-element result of tl.join.
    ir = ttir(interleave_scalars, array())
    find_op(ir, "tt.join")
    find_op(ir, "tt.store", ": tensor<2x!tt.ptr<f32>>")
