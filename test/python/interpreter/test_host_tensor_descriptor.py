"""The host-side `triton.tools.tensor_descriptor.TensorDescriptor` as a kernel argument:
loads and stores of blocks through it, in the interpreter and on the CPU backend, against
numpy; zeros where a block reaches past the tensor, as upstream's padding="zero"."""

import numpy as np
import pytest
import torch

import nereid.triton as triton
import nereid.triton.language as tl
from nereid.triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def scale_blocks(in_desc, out_desc, pad_desc, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    block = in_desc.load([pm * BM, pn * BN])
    out_desc.store([pm * BM, pn * BN], block * 2 + 1)
    # Every program also writes the block it read, padding included, to its own tile.
    pad_desc.store([(pm * tl.num_programs(1) + pn) * BM, 0], block)


def padded_blocks(x, bm, bn):
    """The blocks that `scale_blocks` reads, zeros past the edges, stacked by program."""
    rows, cols = -(-x.shape[0] // bm), -(-x.shape[1] // bn)
    padded = np.zeros((rows * bm, cols * bn), x.dtype)
    padded[:x.shape[0], :x.shape[1]] = x
    return np.concatenate([padded[i * bm:(i + 1) * bm, j * bn:(j + 1) * bn]
                           for i in range(rows) for j in range(cols)])


@pytest.mark.parametrize("m, n, bm, bn", [(64, 64, 32, 16), (100, 70, 32, 16), (7, 5, 8, 4),
                                          (128, 33, 64, 32)])
@pytest.mark.parametrize("library", ["torch", "numpy"])
def test_blocks_through_host_descriptors(rng, m, n, bm, bn, library):
    x = rng.standard_normal((m, n)).astype(np.float32)
    out = np.zeros_like(x)
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    pad = np.full((grid[0] * grid[1] * bm, bn), np.nan, np.float32)
    arrays = [x, out, pad] if library == "numpy" else [torch.from_numpy(a) for a in (x, out, pad)]
    descriptors = [TensorDescriptor.from_tensor(a, [bm, bn]) for a in arrays]
    scale_blocks[grid](*descriptors, bm, bn)
    np.testing.assert_array_equal(out, x * 2 + 1)
    np.testing.assert_array_equal(pad, padded_blocks(x, bm, bn))


@triton.jit
def add_rows(x_desc, y_desc, BN: tl.constexpr):
    row = tl.program_id(0)
    x = x_desc.load([row, 0])
    y_desc.store([row, 0], x + y_desc.load([row, 0]))


def test_a_strided_view_and_a_second_shape(rng):
    """A descriptor of a column slice of a wider array (its row stride is not its width), and
    a launch with another shape, which compiles a kernel of its own."""
    wide = rng.standard_normal((16, 64)).astype(np.float32)
    y = rng.standard_normal((16, 32)).astype(np.float32)
    expected = y + wide[:, 16:48]
    x_desc = TensorDescriptor(wide[:, 16:], [16, 32], [64, 1], [1, 32])
    add_rows[(16,)](x_desc, TensorDescriptor.from_tensor(y, [1, 32]), 32)
    np.testing.assert_array_equal(y, expected)
    z = rng.standard_normal((8, 32)).astype(np.float32)
    w = rng.standard_normal((8, 32)).astype(np.float32)
    expected = w + z
    add_rows[(8,)](TensorDescriptor.from_tensor(z, [1, 32]),
                   TensorDescriptor.from_tensor(w, [1, 32]), 32)
    np.testing.assert_array_equal(w, expected)


def aligned(shape, dtype=np.float32):
    raw = np.zeros(int(np.prod(shape)) * np.dtype(dtype).itemsize + 64, np.uint8)
    start = -raw.ctypes.data % 64
    return raw[start:start + int(np.prod(shape)) * np.dtype(dtype).itemsize].view(dtype) \
        .reshape(shape)


@pytest.mark.parametrize("make, message", [
    (lambda a: TensorDescriptor(a, [8, 8], [1, 8], [8, 8]), "Last dimension must be contiguous"),
    (lambda a: TensorDescriptor(a, [8, 8], [8, 1], [8, 6]), "powers of two"),
    (lambda a: TensorDescriptor(a, [8, 8], [8], [8, 8]), "as many strides"),
    (lambda a: TensorDescriptor(a.ravel()[1:], [8, 7], [8, 1], [8, 8]), "16-byte aligned"),
    (lambda a: TensorDescriptor(a, [8, 8], [8, 1], [8, 8], padding="nan"), "not supported yet"),
])
def test_invalid_descriptors(make, message):
    with pytest.raises(ValueError, match=message):
        make(aligned((8, 8)))
