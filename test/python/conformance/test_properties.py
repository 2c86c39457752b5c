"""Property tests: hypothesis draws shapes, ragged sizes, strides and dtypes for a few kernels,
and each example must conform to the interpreter (integers and moved bits exactly; a float
row sum within the reordering bound of test_reductions.py). Few examples, since every new
specialization compiles (0.3-1 s on the CPU): block sizes come from a short list of powers of
two, so that examples share compiled kernels."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nereid
import nereid.language as tl

from kernels.conformance import Tolerance

SETTINGS = settings(max_examples=15, deadline=None, derandomize=False,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16,
          "float64": np.float64, "int8": np.int8, "int16": np.int16, "int32": np.int32,
          "int64": np.int64, "uint8": np.uint8, "uint32": np.uint32}


def fill(rng, shape, dtype):
    if np.dtype(dtype).kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, endpoint=True).astype(dtype)
    values = rng.standard_normal(shape).astype(np.float32) * 8
    values.flat[::11] = np.nan
    return values.astype(dtype)


@nereid.jit
def strided_copy_kernel(x_ptr, out_ptr, rows, cols, sxr, sxc, sor, soc, BM: tl.constexpr,
                        BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < rows) & (rn[None, :] < cols)
    x = tl.load(x_ptr + rm[:, None] * sxr + rn[None, :] * sxc, mask=mask)
    tl.store(out_ptr + rm[:, None] * sor + rn[None, :] * soc, x, mask=mask)


@SETTINGS
@given(rows=st.integers(1, 40), cols=st.integers(1, 70), step_r=st.integers(1, 3),
       step_c=st.integers(1, 3), transpose=st.booleans(),
       dtype=st.sampled_from(["float32", "float16", "int8", "int64"]),
       block=st.sampled_from([(16, 16), (8, 64)]))
def test_strided_copy(conform, rng, rows, cols, step_r, step_c, transpose, dtype, block):
    # The source is every step_r-th row and step_c-th column of a contiguous buffer (the
    # transpose of that when `transpose`), addressed through explicit strides in elements.
    storage = fill(rng, (rows * step_r, cols * step_c), DTYPES[dtype])
    shape = (rows, cols)
    sx = [step_r * storage.shape[1], step_c]
    if transpose:
        shape, sx = shape[::-1], sx[::-1]
    out = np.zeros(shape, dtype=DTYPES[dtype])
    bm, bn = block
    conform(strided_copy_kernel, (nereid.cdiv(shape[0], bm), nereid.cdiv(shape[1], bn)),
            storage, out, shape[0], shape[1], *sx, shape[1], 1, BM=bm, BN=bn)


@nereid.jit
def binary_kernel(x_ptr, y_ptr, out_ptr, n, OP: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    if OP == "add":
        z = x + y
    elif OP == "mul":
        z = x * y
    elif OP == "max":
        z = tl.maximum(x, y)
    else:
        z = x - y
    tl.store(out_ptr + offs, z, mask=mask)


@SETTINGS
@given(n=st.integers(1, 3000), x_dtype=st.sampled_from(list(DTYPES)),
       y_dtype=st.sampled_from(list(DTYPES)), op=st.sampled_from(["add", "mul", "max", "sub"]))
def test_elementwise_binary_over_dtypes(conform, rng, n, x_dtype, y_dtype, op):
    # Operands of two dtypes promote as Triton promotes them; the result's dtype is the
    # interpreter's (found by a launch of its own), and every element matches it exactly:
    # these ops are correctly rounded.
    x = fill(rng, n, DTYPES[x_dtype])
    y = fill(rng, n, DTYPES[y_dtype])
    result = _promoted(x_dtype, y_dtype)
    out = np.zeros(n, dtype=DTYPES[result])
    conform(binary_kernel, (nereid.cdiv(n, 1024),), x, y, out, n, OP=op, BLOCK=1024)


def _promoted(a: str, b: str) -> str:
    """The dtype Triton's binary arithmetic gives tensors of dtypes `a` and `b`."""
    from nereid.language.semantic.arith import computation_type

    ty = computation_type(getattr(tl, a), False, getattr(tl, b), False, div_or_mod=False)
    return next(name for name in DTYPES if getattr(tl, name) == ty)


@nereid.jit
def row_sum_kernel(x_ptr, out_ptr, rows, cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=out_ptr.dtype.element_ty)
    for start in range(0, cols, BLOCK):
        x = tl.load(x_ptr + row * stride + start + offs, mask=start + offs < cols, other=0)
        acc += x.to(out_ptr.dtype.element_ty)
    tl.store(out_ptr + row, tl.sum(acc, axis=0))
    tl.store(out_ptr + rows + row, tl.max(acc, axis=0))


@SETTINGS
@given(rows=st.integers(1, 20), cols=st.integers(1, 600), pad=st.integers(0, 5),
       dtype=st.sampled_from(["float32", "int32", "float16", "int8"]),
       block=st.sampled_from([32, 128]))
def test_row_reduction(conform, rng, rows, cols, pad, dtype, block):
    storage = fill(rng, (rows, cols + pad), DTYPES[dtype])
    if np.dtype(DTYPES[dtype]).kind == "f":
        storage = np.nan_to_num(storage).astype(DTYPES[dtype])
    # Rows of `cols` elements at a row stride of cols + pad, in one contiguous buffer.
    accumulate = np.float32 if np.dtype(DTYPES[dtype]).kind == "f" else np.int32
    out = np.zeros(2 * rows, dtype=accumulate)
    tolerance = Tolerance()
    if accumulate is np.float32:
        # A reordered f32 sum (test_reductions.py); the max is exact.
        magnitude = np.abs(storage[:, :cols].astype(np.float64)).sum(axis=1)
        tolerance = Tolerance(atol=np.concatenate([(cols + 1) * 2.0**-24 * magnitude,
                                                   np.zeros(rows)]))
    conform(row_sum_kernel, (rows,), storage, out, rows, cols, storage.shape[1], BLOCK=block,
            tolerances={1: tolerance})
