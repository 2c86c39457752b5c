"""Reductions and scans, along both axes of 2-D tiles, with the standard combiners and custom
ones, on integers (exact) and floats.

docs/semantics.md defines the order: elements combine strictly in order along the axis. An
integer result, a min, max, argmin or argmax, and any float result of a combiner that does
not round (min, max) must match the interpreter exactly. A float sum that a backend adds in
another order (in vector lanes, then across them) may differ by the reordering of the
additions: at most (n - 1) roundings of partial sums, each bounded by eps * sum |x|, so the
tolerance of an f32 sum of n terms is atol = n * 2^-24 * sum |x| (per output element)."""

import numpy as np
import pytest

import nereid
import nereid.language as tl

from kernels.conformance import Tolerance

F32_EPS = 2.0 ** -24


@nereid.jit
def reduce_kernel(x_ptr, out_ptr, index_ptr, rows, cols, AXIS: tl.constexpr, OP: tl.constexpr,
                  BM: tl.constexpr, BN: tl.constexpr, LOW: tl.constexpr, HIGH: tl.constexpr):
    # LOW and HIGH: the padding of masked-out elements for max and min (the type's extremes).
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    mask = (rm[:, None] < rows) & (rn[None, :] < cols)
    if OP == "sum":
        x = tl.load(x_ptr + rm[:, None] * cols + rn[None, :], mask=mask, other=0)
        y = tl.sum(x, axis=AXIS)
    elif OP == "max":
        x = tl.load(x_ptr + rm[:, None] * cols + rn[None, :], mask=mask, other=LOW)
        y = tl.max(x, axis=AXIS)
    elif OP == "min":
        x = tl.load(x_ptr + rm[:, None] * cols + rn[None, :], mask=mask, other=HIGH)
        y = tl.min(x, axis=AXIS)
    elif OP == "argmax":
        x = tl.load(x_ptr + rm[:, None] * cols + rn[None, :], mask=mask, other=LOW)
        y, i = tl.max(x, axis=AXIS, return_indices=True)
        tl.store(index_ptr + tl.arange(0, BN if AXIS == 0 else BM), i)
    elif OP == "argmin":
        x = tl.load(x_ptr + rm[:, None] * cols + rn[None, :], mask=mask, other=HIGH)
        i = tl.argmin(x, axis=AXIS)
        y = tl.min(x, axis=AXIS)
        tl.store(index_ptr + tl.arange(0, BN if AXIS == 0 else BM), i)
    else:  # xor_sum
        x = tl.load(x_ptr + rm[:, None] * cols + rn[None, :], mask=mask, other=0)
        y = tl.xor_sum(x, axis=AXIS)
    tl.store(out_ptr + tl.arange(0, BN if AXIS == 0 else BM), y)


REDUCE_CASES = [("sum", "float32"), ("sum", "int32"), ("sum", "int8"), ("max", "float32"),
                ("min", "float32"), ("max", "int64"), ("min", "uint16"), ("argmax", "float32"),
                ("argmin", "float32"), ("argmax", "int32"), ("xor_sum", "int32")]


def padding(dtype) -> dict:
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        return {"LOW": int(info.min), "HIGH": int(info.max)}
    return {"LOW": -float("inf"), "HIGH": float("inf")}


def random_matrix(rng, rows, cols, dtype, nan=False):
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -2**40), min(info.max, 2**40), (rows, cols),
                            endpoint=True).astype(dtype)
    # Few distinct values: ties for argmax and argmin, which take the first index.
    x = rng.integers(-4, 5, (rows, cols)).astype(dtype) * np.float32(rng.random())
    x += rng.standard_normal((rows, cols)).astype(dtype) * (rng.random((rows, cols)) < 0.5)
    if nan:
        x[rng.random((rows, cols)) < 0.05] = np.nan
    return x.astype(dtype)


@pytest.mark.parametrize("op,dtype", REDUCE_CASES)
@pytest.mark.parametrize("axis", [0, 1])
def test_reduce(conform, rng, op, dtype, axis):
    rows, cols, bm, bn = 13, 50, 16, 64
    x = random_matrix(rng, rows, cols, dtype)
    length = bn if axis == 0 else bm
    out = np.zeros(length, dtype=dtype)
    index = np.zeros(length, dtype=np.int32)
    tolerance = Tolerance()
    if op == "sum" and dtype == "float32":
        tolerance = Tolerance(atol=(rows if axis == 0 else cols) * F32_EPS * float(np.abs(x).max())
                              * (rows if axis == 0 else cols))
    conform(reduce_kernel, (1,), x, out, index, rows, cols, AXIS=axis, OP=op, BM=bm, BN=bn,
            tolerance=tolerance, **padding(dtype))


@pytest.mark.parametrize("op", ["max", "min", "argmax"])
def test_reduce_with_nan(conform, rng, op):
    rows, cols = 16, 64
    x = random_matrix(rng, rows, cols, np.float32, nan=True)
    out = np.zeros(rows, dtype=np.float32)
    index = np.zeros(rows, dtype=np.int32)
    conform(reduce_kernel, (1,), x, out, index, rows, cols, AXIS=1, OP=op, BM=rows, BN=cols,
            **padding("float32"))


@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize("axis", [0, 1])
def test_reduce_signed_zeros(conform, rng, op, axis):
    # max orders -0 below +0 and min +0 above -0 (docs/semantics.md): where the extreme of a
    # row is a zero, its sign depends on which zeros the row holds, wherever they are.
    rows, cols = 16, 64
    zeros = np.where(rng.random((rows, cols)) < 0.5, np.float32(-0.0), np.float32(0.0))
    others = np.abs(rng.standard_normal((rows, cols)).astype(np.float32)) + np.float32(0.5)
    x = np.where(rng.random((rows, cols)) < 0.1, zeros, others if op == "min" else -others)
    length = cols if axis == 0 else rows
    out = np.full(length, np.nan, dtype=np.float32)
    index = np.zeros(length, dtype=np.int32)
    conform(reduce_kernel, (1,), x.astype(np.float32), out, index, rows, cols, AXIS=axis, OP=op,
            BM=rows, BN=cols, **padding("float32"))


@nereid.jit
def sum_in_order_kernel(x_ptr, out_ptr, N: tl.constexpr):
    tl.store(out_ptr, tl.sum(tl.load(x_ptr + tl.arange(0, N)), axis=0))


@pytest.mark.xfail_on("nvidia", "the nvidia backend combines across threads in a tree, as upstream Triton does "
                      "(docs/semantics.md, Reductions and scans): [1e8, 1, -1e8, 1] sums to 0")
def test_float_sum_in_order(conform):
    # docs/semantics.md: in f32, [1e8, 1, -1e8, 1] sums to 1 (strictly in order).
    x = np.array([1e8, 1, -1e8, 1], dtype=np.float32)
    out = np.zeros(1, dtype=np.float32)
    _, (_, reference) = conform(sum_in_order_kernel, (1,), x, out, N=4)
    assert reference[0] == 1


@pytest.mark.xfail_on("cpu", "an f32 tl.sum of 128 elements is not added strictly in order as "
                      "docs/semantics.md defines (the CPU adds vector chunks, then across them): "
                      "[1e8, 63 ones, -1e8, 63 ones] sums to 63 in order")
@pytest.mark.xfail_on("nvidia", "the nvidia backend combines across threads in a tree, as upstream Triton does "
                      "(docs/semantics.md, Reductions and scans)")
def test_long_float_sum_in_order(conform):
    # In order: 1e8 absorbs the first 63 ones (the f32 spacing at 1e8 is 8), -1e8 cancels it,
    # and the last 63 ones remain. Any split of the row into partial sums gives more.
    x = np.zeros(128, dtype=np.float32)
    x[0], x[1:64], x[64], x[65:] = 1e8, 1, -1e8, 1
    out = np.zeros(1, dtype=np.float32)
    _, (_, reference) = conform(sum_in_order_kernel, (1,), x, out, N=128)
    assert reference[0] == 63


@nereid.jit
def _subtract(a, b):
    return a - b


@nereid.jit
def _max_abs(a, b):
    # The larger magnitude, and the larger value of two of one magnitude (x and -x): an order,
    # so that the result does not depend on the order of combining.
    take_a = (tl.abs(a) > tl.abs(b)) | ((tl.abs(a) == tl.abs(b)) & (a >= b))
    return tl.where(take_a, a, b)


@nereid.jit
def _argmax_pair(value_a, index_a, value_b, index_b):
    # A two-operand combiner: the larger value, and the smaller index among equal values.
    take_b = (value_b > value_a) | ((value_b == value_a) & (index_b < index_a))
    return tl.where(take_b, value_b, value_a), tl.where(take_b, index_b, index_a)


@nereid.jit
def custom_reduce_kernel(x_ptr, out_ptr, pair_ptr, index_ptr, AXIS: tl.constexpr,
                         BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    x = tl.load(x_ptr + rm[:, None] * BN + rn[None, :])
    tl.store(out_ptr + tl.arange(0, BN if AXIS == 0 else BM), tl.reduce(x, AXIS, _max_abs))
    index = tl.broadcast_to(rn[None, :], (BM, BN)) if AXIS == 1 else \
        tl.broadcast_to(rm[:, None], (BM, BN))
    value, where = tl.reduce((x, index), AXIS, _argmax_pair)
    tl.store(pair_ptr + tl.arange(0, BN if AXIS == 0 else BM), value)
    tl.store(index_ptr + tl.arange(0, BN if AXIS == 0 else BM), where)


@pytest.mark.parametrize("dtype", ["int32", "float32"])
@pytest.mark.parametrize("axis", [0, 1])
def test_custom_combiners(conform, rng, dtype, axis):
    # Associative combiners, which every backend must match exactly whatever its order.
    bm, bn = 8, 32
    x = random_matrix(rng, bm, bn, dtype)
    length = bn if axis == 0 else bm
    out = np.zeros(length, dtype=dtype)
    pair = np.zeros(length, dtype=dtype)
    index = np.zeros(length, dtype=np.int32)
    conform(custom_reduce_kernel, (1,), x, out, pair, index, AXIS=axis, BM=bm, BN=bn)


@nereid.jit
def subtract_reduce_kernel(x_ptr, out_ptr, AXIS: tl.constexpr, BM: tl.constexpr,
                           BN: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :])
    tl.store(out_ptr + tl.arange(0, BN if AXIS == 0 else BM), tl.reduce(x, AXIS, _subtract))


@pytest.mark.xfail_on("nvidia", "the nvidia backend combines across threads in a tree, as upstream Triton does "
                      "(docs/semantics.md, Reductions and scans)")
@pytest.mark.parametrize("dtype", ["int32", "float32"])
@pytest.mark.parametrize("axis", [0, 1])
def test_non_associative_combiner_in_order(conform, rng, dtype, axis):
    # A - b is not associative: the order is the interpreter's (left to right), and a backend
    # that combines in order keeps it, for floats too.
    bm, bn = 8, 32
    x = random_matrix(rng, bm, bn, dtype)
    out = np.zeros(bn if axis == 0 else bm, dtype=dtype)
    conform(subtract_reduce_kernel, (1,), x, out, AXIS=axis, BM=bm, BN=bn)


@nereid.jit
def _max_combine(a, b):
    return tl.maximum(a, b)


@nereid.jit
def _linear_recurrence(a1, b1, a2, b2):
    # Composition of x -> a1 x + b1 then x -> a2 x + b2: associative, not commutative.
    return a1 * a2, b1 * a2 + b2


@nereid.jit
def scan_kernel(x_ptr, a_ptr, out_ptr, AXIS: tl.constexpr, OP: tl.constexpr,
                REVERSE: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    offsets = rm[:, None] * BN + rn[None, :]
    x = tl.load(x_ptr + offsets)
    if OP == "cumsum":
        y = tl.cumsum(x, axis=AXIS, reverse=REVERSE)
    elif OP == "cumprod":
        y = tl.cumprod(x, axis=AXIS, reverse=REVERSE)
    elif OP == "max":
        y = tl.associative_scan(x, AXIS, _max_combine, reverse=REVERSE)
    else:
        a = tl.load(a_ptr + offsets)
        _, y = tl.associative_scan((a, x), AXIS, _linear_recurrence, reverse=REVERSE)
    tl.store(out_ptr + offsets, y)


SCAN_CASES = [("cumsum", "int32"), ("cumsum", "float32"), ("cumprod", "int64"),
              ("max", "float32"), ("recurrence", "int32"), ("recurrence", "float32")]


@pytest.mark.parametrize("op,dtype", SCAN_CASES)
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("reverse", [False, True])
def test_scan(conform, rng, op, dtype, axis, reverse):
    bm, bn = 8, 64
    x = random_matrix(rng, bm, bn, dtype)
    a = random_matrix(rng, bm, bn, dtype)
    if dtype == "float32":
        a = rng.uniform(-1.0, 1.0, (bm, bn)).astype(np.float32)
    out = np.zeros((bm, bn), dtype=dtype)
    tolerance = Tolerance()
    if dtype == "float32" and op in ("cumsum", "recurrence"):
        # Prefixes of at most `length` terms of magnitude at most max |x| (|a| <= 1).
        length = bm if axis == 0 else bn
        tolerance = Tolerance(atol=length * length * F32_EPS * float(np.abs(x).max()))
    conform(scan_kernel, (1,), x, a, out, AXIS=axis, OP=op, REVERSE=reverse, BM=bm, BN=bn,
            tolerance=tolerance)
