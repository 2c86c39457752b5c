"""Loads and stores in every access pattern a backend lowers differently: contiguous rows,
masked ragged tails with and without `other`, strided (gather) and transposed tiles,
broadcast (uniform) pointers, scatters, and i1 tensors. Loads and stores move bits, so every
result must match the interpreter exactly."""

import ml_dtypes
import numpy as np
import pytest

import nereid
import nereid.language as tl

DTYPES = {"float32": np.float32, "float16": np.float16, "bfloat16": ml_dtypes.bfloat16,
          "int8": np.int8, "int64": np.int64, "float64": np.float64}


def random_array(rng, shape, dtype):
    if np.dtype(dtype).kind in "iu":
        return rng.integers(-100, 100, shape).astype(dtype)
    values = rng.standard_normal(shape).astype(np.float32).astype(dtype)
    values.flat[::7] = np.nan  # NaN bits travel unchanged
    return values


@nereid.jit
def copy_kernel(x_ptr, out_ptr, n, OTHER: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    if OTHER is None:
        x = tl.load(x_ptr + offs, mask=mask)
    else:
        x = tl.load(x_ptr + offs, mask=mask, other=OTHER)
    # The whole block is stored into a padded output, so that `other` shows.
    tl.store(out_ptr + offs, x)


@pytest.mark.parametrize("n", [1, 100, 256, 1027])
@pytest.mark.parametrize("dtype", list(DTYPES))
def test_contiguous_masked_ragged(conform, rng, n, dtype):
    block = 256
    x = random_array(rng, n, DTYPES[dtype])
    padded = nereid.cdiv(n, block) * block
    out = np.zeros(padded, dtype=DTYPES[dtype])
    conform(copy_kernel, (nereid.cdiv(n, block),), x, out, n, OTHER=7, BLOCK=block)


@nereid.jit
def strided_kernel(x_ptr, out_ptr, n, stride_in, stride_out, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs * stride_in, mask=mask, other=-1)
    tl.store(out_ptr + offs * stride_out, x * 2, mask=mask)


@pytest.mark.parametrize("stride_in,stride_out", [(2, 1), (3, 5), (1, 3), (17, 2)])
def test_strided_gather_and_scatter(conform, rng, stride_in, stride_out):
    n, block = 333, 128
    x = random_array(rng, n * stride_in, np.float32)
    out = np.zeros(n * stride_out, dtype=np.float32)
    conform(strided_kernel, (nereid.cdiv(n, block),), x, out, n, stride_in, stride_out,
            BLOCK=block)


@nereid.jit
def indirect_kernel(x_ptr, index_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # A gather through loaded indices, and a scatter to a permutation.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    index = tl.load(index_ptr + offs, mask=mask, other=0)
    x = tl.load(x_ptr + index, mask=mask)
    tl.store(out_ptr + index, x + 1, mask=mask)


def test_indirect_gather_scatter(conform, rng):
    n = 700
    x = random_array(rng, n, np.int64)
    index = rng.permutation(n).astype(np.int32)
    out = np.zeros(n, dtype=np.int64)
    conform(indirect_kernel, (nereid.cdiv(n, 128),), x, index, out, n, BLOCK=128)


@nereid.jit
def wrapped_kernel(x_ptr, index_ptr, out_ptr, n, shift, BLOCK: tl.constexpr):
    # Offsets that AxisInfo cannot prove contiguous: a remainder of a sum of unknown sign, and
    # loaded indices, which are consecutive for some chunks at run time and not for others.
    pid = tl.program_id(0)
    offs = (pid * BLOCK + tl.arange(0, BLOCK) + shift) % n
    mask = pid * BLOCK + tl.arange(0, BLOCK) < n
    x = tl.load(x_ptr + offs, mask=mask, other=-1)
    index = tl.load(index_ptr + pid * BLOCK + tl.arange(0, BLOCK), mask=mask, other=0)
    y = tl.load(x_ptr + index, mask=mask)
    tl.store(out_ptr + offs, x * 2, mask=mask)
    tl.store(out_ptr + n + index, y + 1, mask=mask)


@pytest.mark.parametrize("shift", [0, 5, 297])
def test_runtime_contiguous_gather_scatter(conform, rng, shift):
    n, block = 300, 64
    x = random_array(rng, n, np.float32)
    # The identity, with a few chunks' worth of indices swapped and one reversed run.
    index = np.arange(n, dtype=np.int32)
    index[70:90] = index[70:90][::-1]
    swapped = rng.choice(n, 6, replace=False)
    index[swapped] = index[swapped[::-1]]
    out = np.zeros(2 * n, dtype=np.float32)
    conform(wrapped_kernel, (nereid.cdiv(n, block),), x, index, out, n, shift, BLOCK=block)


@nereid.jit
def transpose_kernel(x_ptr, out_ptr, rows, cols, stride_x, stride_out, BM: tl.constexpr,
                     BN: tl.constexpr):
    # Reads a BM x BN tile of x and writes its transpose, both with masks on ragged edges.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    mask = (rm[:, None] < rows) & (rn[None, :] < cols)
    tile = tl.load(x_ptr + rm[:, None] * stride_x + rn[None, :], mask=mask)
    tl.store(out_ptr + rn[:, None] * stride_out + rm[None, :], tl.trans(tile), mask=tl.trans(mask))


@pytest.mark.parametrize("rows,cols", [(16, 16), (33, 70), (5, 129)])
@pytest.mark.parametrize("dtype", ["float32", "float16", "int8"])
def test_transposed_tile(conform, rng, rows, cols, dtype):
    x = random_array(rng, (rows, cols), DTYPES[dtype])
    out = np.zeros((cols, rows), dtype=DTYPES[dtype])
    conform(transpose_kernel, (nereid.cdiv(rows, 16), nereid.cdiv(cols, 32)), x, out, rows,
            cols, cols, rows, BM=16, BN=32)


@nereid.jit
def column_load_kernel(x_ptr, out_ptr, rows, cols, BM: tl.constexpr, BN: tl.constexpr):
    # A column-major read of a row-major matrix: the fast tile dimension is strided.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    mask = (rm[None, :] < rows) & (rn[:, None] < cols)
    tile = tl.load(x_ptr + rm[None, :] * cols + rn[:, None], mask=mask, other=0.5)
    tl.store(out_ptr + rn[:, None] * BM + rm[None, :], tile)


def test_column_major_tile(conform, rng):
    rows, cols = 20, 13
    x = random_array(rng, (rows, cols), np.float32)
    out = np.zeros((16, 32), dtype=np.float32)
    conform(column_load_kernel, (1,), x, out, rows, cols, BM=32, BN=16)


@nereid.jit
def broadcast_kernel(x_ptr, scalar_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # A uniform pointer (every lane the same address): one scalar load and a splat.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    s = tl.load(scalar_ptr + offs * 0)
    s2 = tl.load(scalar_ptr + 1)
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * s + s2, mask=mask)
    tl.store(scalar_ptr + 2 + offs * 0, s2, mask=offs == 0)


def test_broadcast_pointer(conform, rng):
    n = 500
    x = random_array(rng, n, np.float32)
    scalars = rng.standard_normal(3).astype(np.float32)
    out = np.zeros(n, dtype=np.float32)
    conform(broadcast_kernel, (nereid.cdiv(n, 128),), x, scalars, out, n, BLOCK=128)


@nereid.jit
def bool_kernel(a_ptr, b_ptr, and_ptr, xor_ptr, select_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask, other=0)
    b = tl.load(b_ptr + offs, mask=mask, other=1)
    tl.store(and_ptr + offs, a & b, mask=mask)
    tl.store(xor_ptr + offs, a ^ b, mask=mask)
    tl.store(select_ptr + offs, tl.where(a, offs, -offs), mask=mask & b)


def test_i1_tensors(conform, rng):
    n = 300
    a = rng.integers(0, 2, n).astype(np.bool_)
    b = rng.integers(0, 2, n).astype(np.bool_)
    out_and, out_xor = np.zeros(n, np.bool_), np.zeros(n, np.bool_)
    selected = np.full(n, 99, dtype=np.int32)
    conform(bool_kernel, (nereid.cdiv(n, 64),), a, b, out_and, out_xor, selected, n, BLOCK=64)


@nereid.jit
def masked_store_2d_kernel(x_ptr, keep_ptr, out_ptr, stride, BM: tl.constexpr,
                           BN: tl.constexpr):
    # A store whose mask comes from memory: no bounds structure to exploit.
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    offsets = rm[:, None] * stride + rn[None, :]
    keep = tl.load(keep_ptr + offsets) != 0
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets), mask=keep)


def test_store_mask_from_memory(conform, rng):
    x = random_array(rng, (16, 64), np.float16)
    keep = rng.integers(0, 2, (16, 64)).astype(np.int8)
    out = np.zeros((16, 64), dtype=np.float16)
    conform(masked_store_2d_kernel, (1,), x, keep, out, 64, BM=16, BN=64)


@nereid.jit
def view_copy_kernel(x_ptr, out_ptr, rows, cols, stride_xr, stride_xc, BM: tl.constexpr,
                     BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    mask = (rm[:, None] < rows) & (rn[None, :] < cols)
    x = tl.load(x_ptr + rm[:, None] * stride_xr + rn[None, :] * stride_xc, mask=mask)
    tl.store(out_ptr + rm[:, None] * cols + rn[None, :], x, mask=mask)


@pytest.mark.parametrize("view", ["padded rows", "column-major", "every other column"])
def test_non_contiguous_view_arguments(conform, rng, view):
    storage = random_array(rng, (20, 40), np.float32)
    x = {"padded rows": storage[:, :37], "column-major": np.asfortranarray(storage[:, :30]),
         "every other column": storage[:, ::2]}[view]
    out = np.zeros(x.shape, dtype=np.float32)
    strides = [s // x.itemsize for s in x.strides]
    conform(view_copy_kernel, (1,), x, out, x.shape[0], x.shape[1], *strides, BM=32, BN=64)
