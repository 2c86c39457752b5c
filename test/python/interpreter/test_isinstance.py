"""`isinstance` in a kernel is decided at compile time, as in Triton: upstream's fused-attention
tutorial takes either tensors or tensor descriptors and branches on
`isinstance(desc, tl.tensor_descriptor)`. Each branch is checked against numpy, in the
interpreter and on the CPU backend."""

import numpy as np
import torch

import nereid.triton as triton
import nereid.triton.language as tl
from nereid.triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def add_one(x, y, N: tl.constexpr):
    if isinstance(x, tl.tensor_descriptor):
        y.store([0], x.load([0]) + 1)
    else:
        r = tl.arange(0, N)
        tl.store(y + r, tl.load(x + r) + 1)


@triton.jit
def _maybe_make_tensor_desc(desc_or_ptr, shape, strides, block_shape):
    # As upstream's fused-attention tutorial writes it: a descriptor passed to another @jit
    # function stays one there (a run-time value, not a constexpr).
    if isinstance(desc_or_ptr, tl.tensor_descriptor):
        return desc_or_ptr
    else:
        return tl.make_tensor_descriptor(desc_or_ptr, shape, strides, block_shape)


@triton.jit
def add_one_through_a_helper(x, y, N: tl.constexpr):
    x = _maybe_make_tensor_desc(x, shape=[N], strides=[1], block_shape=[N])
    y = _maybe_make_tensor_desc(y, shape=[N], strides=[1], block_shape=[N])
    y.store([0], x.load([0]) + 1)


@triton.jit
def classify(out, N: tl.constexpr):
    r = tl.arange(0, N)
    # A tile is a tl.tensor (and not a descriptor); a tuple of classes as in Python.
    is_tensor = isinstance(r, tl.tensor)
    is_descriptor = isinstance(r, (tl.tensor_descriptor, tl.constexpr))
    tl.store(out + r, tl.where(r == 0, is_tensor, is_descriptor).to(tl.int32))


def test_branch_on_a_descriptor_argument(backend, rng):
    x = torch.from_numpy(rng.standard_normal(32).astype(np.float32))
    y = torch.zeros(32)
    add_one[(1,)](x, y, N=32)
    np.testing.assert_array_equal(y.numpy(), x.numpy() + 1)
    z = torch.zeros(32)
    add_one[(1,)](TensorDescriptor.from_tensor(x, [32]), TensorDescriptor.from_tensor(z, [32]),
                  N=32)
    np.testing.assert_array_equal(z.numpy(), x.numpy() + 1)


def test_descriptor_passed_to_a_jit_function(backend, rng):
    x = torch.from_numpy(rng.standard_normal(32).astype(np.float32))
    z = torch.zeros(32)
    add_one_through_a_helper[(1,)](TensorDescriptor.from_tensor(x, [32]),
                                   TensorDescriptor.from_tensor(z, [32]), N=32)
    np.testing.assert_array_equal(z.numpy(), x.numpy() + 1)
    w = torch.zeros(32)
    add_one_through_a_helper[(1,)](x, w, N=32)
    np.testing.assert_array_equal(w.numpy(), x.numpy() + 1)


def test_isinstance_of_a_tile(backend):
    out = np.full(4, 7, np.int32)
    classify[(1,)](out, N=4)
    np.testing.assert_array_equal(out, [1, 0, 0, 0])
