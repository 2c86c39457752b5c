"""The part of `triton.language` written in the language itself, as Triton writes it:
reductions and scans with their combiners, argmax/argmin, softmax, sigmoid, cdiv, sort."""

from __future__ import annotations

from ..runtime.jit import jit
from . import dtypes, math, ops
from .core import constexpr


def _is_power_of_two(n):
    return n > 0 and n & (n - 1) == 0


# Combiners -----------------------------------------------------------------------------

@jit
def _sum_combine(a, b):
    return a + b


@jit
def _prod_combine(a, b):
    return a * b


@jit
def _max_combine(a, b):
    return ops.maximum(a, b)


@jit
def _min_combine(a, b):
    return ops.minimum(a, b)


@jit
def _xor_combine(a, b):
    return a ^ b


@jit
def _argmax_combine_tie_break_left(value1, index1, value2, index2):
    tie = value1 == value2 and index1 < index2
    gt = value1 > value2 or tie
    return ops.where(gt, value1, value2), ops.where(gt, index1, index2)


@jit
def _argmax_combine_tie_break_fast(value1, index1, value2, index2):
    gt = value1 > value2
    return ops.where(gt, value1, value2), ops.where(gt, index1, index2)


@jit
def _argmin_combine_tie_break_left(value1, index1, value2, index2):
    tie = value1 == value2 and index1 < index2
    lt = value1 < value2 or tie
    return ops.where(lt, value1, value2), ops.where(lt, index1, index2)


@jit
def _argmin_combine_tie_break_fast(value1, index1, value2, index2):
    lt = value1 < value2
    return ops.where(lt, value1, value2), ops.where(lt, index1, index2)


# Reductions ----------------------------------------------------------------------------

def _pick_sum_dtype(in_dtype, dtype):
    """Integers narrower than 32 bits accumulate in 32 bits of the same signedness."""
    if dtype is not None:
        return dtype
    if in_dtype.is_int_signed() and in_dtype.int_bitwidth < 32:
        return dtypes.int32
    if in_dtype.is_int_unsigned() and in_dtype.int_bitwidth < 32:
        return dtypes.uint32
    return None


@jit
def sum(input, axis=None, keep_dims: constexpr = False, dtype: constexpr = None):
    out_dtype: constexpr = _pick_sum_dtype(input.dtype, dtype)
    if out_dtype is not None:
        input = input.to(out_dtype)
    return ops.reduce(input, axis, _sum_combine, keep_dims=keep_dims)


@jit
def xor_sum(input, axis=None, keep_dims: constexpr = False):
    ops.static_assert(input.dtype.is_int(), "xor_sum is defined on integers only")
    return ops.reduce(input, axis, _xor_combine, keep_dims=keep_dims)


@jit
def _reduce_with_indices(input, axis, combine_fn, keep_dims: constexpr = False):
    n: constexpr = input.shape[axis] if axis is not None else input.numel
    index = ops.arange(0, n)
    if axis is not None:
        for i in ops.static_range(len(input.shape)):
            if i != axis:
                index = ops.expand_dims(index, i)
        index = ops.broadcast_to(index, input.shape)
    else:
        index = ops.reshape(index, input.shape)
    return ops.reduce((input, index), axis, combine_fn, keep_dims=keep_dims)


@jit
def _min_or_max(input, axis, return_indices: constexpr, tie_break_left: constexpr,
                keep_dims: constexpr, combine: constexpr, combine_indices_left: constexpr,
                combine_indices_fast: constexpr):
    # As Triton: bfloat16 reduces as float32, and narrow types as 32-bit.
    if input.dtype == dtypes.bfloat16:
        input = input.to(dtypes.float32)
    if return_indices:
        if tie_break_left:
            return _reduce_with_indices(input, axis, combine_indices_left, keep_dims=keep_dims)
        else:
            return _reduce_with_indices(input, axis, combine_indices_fast, keep_dims=keep_dims)
    else:
        if input.dtype.primitive_bitwidth < 32:
            if input.dtype.is_floating():
                input = input.to(dtypes.float32)
            else:
                input = input.to(dtypes.int32)
        return ops.reduce(input, axis, combine, keep_dims=keep_dims)


@jit
def max(input, axis=None, return_indices: constexpr = False,
        return_indices_tie_break_left: constexpr = True, keep_dims: constexpr = False):
    return _min_or_max(input, axis, return_indices, return_indices_tie_break_left, keep_dims,
                       _max_combine, _argmax_combine_tie_break_left,
                       _argmax_combine_tie_break_fast)


@jit
def min(input, axis=None, return_indices: constexpr = False,
        return_indices_tie_break_left: constexpr = True, keep_dims: constexpr = False):
    return _min_or_max(input, axis, return_indices, return_indices_tie_break_left, keep_dims,
                       _min_combine, _argmin_combine_tie_break_left,
                       _argmin_combine_tie_break_fast)


@jit
def argmax(input, axis, tie_break_left: constexpr = True, keep_dims: constexpr = False):
    (_, index) = max(input, axis, return_indices=True,
                     return_indices_tie_break_left=tie_break_left, keep_dims=keep_dims)
    return index


@jit
def argmin(input, axis, tie_break_left: constexpr = True, keep_dims: constexpr = False):
    (_, index) = min(input, axis, return_indices=True,
                     return_indices_tie_break_left=tie_break_left, keep_dims=keep_dims)
    return index


# Scans ---------------------------------------------------------------------------------

@jit
def cumsum(input, axis=0, reverse: constexpr = False, dtype: constexpr = None):
    # As Triton does, bfloat16 scans in float32.
    if input.dtype == dtypes.bfloat16:
        input = input.to(dtypes.float32)
    out_dtype: constexpr = _pick_sum_dtype(input.dtype, dtype)
    if out_dtype is not None:
        input = input.to(out_dtype)
    return ops.associative_scan(input, axis, _sum_combine, reverse)


@jit
def cumprod(input, axis=0, reverse: constexpr = False):
    if input.dtype == dtypes.bfloat16:
        input = input.to(dtypes.float32)
    return ops.associative_scan(input, axis, _prod_combine, reverse)


# Elementwise ---------------------------------------------------------------------------

@jit
def cdiv(x, div):
    return (x + div - 1) // div


@jit
def sigmoid(x):
    return 1 / (1 + math.exp(-x))


@jit
def softmax(x, dim=None, keep_dims: constexpr = False, ieee_rounding: constexpr = False):
    if dim is None:
        _dim: constexpr = 0
    else:
        _dim: constexpr = dim
    z = x - max(x, _dim, keep_dims=True)
    num = math.exp(z)
    den = sum(num, _dim, keep_dims=True)
    return ops.fdiv(num, den, ieee_rounding)


# Sorting -------------------------------------------------------------------------------

@jit
def _compare_and_swap(x, flip, i: constexpr, n_dims: constexpr):
    # Views x as [2**i, 2, 2**(n_dims-i-1)] and orders each pair along the middle axis.
    n_outer: constexpr = x.numel >> n_dims
    shape: constexpr = [n_outer * 2**i, 2, 2**(n_dims - i - 1)]
    # The halves are picked out by sums over the integer bits, which are exact: a float sum
    # would turn -0.0 into +0.0 and inf * 0 into NaN, and the swap below would corrupt values.
    idtype = core_int_dtype(x.dtype.primitive_bitwidth)
    ix = x.to(idtype, bitcast=True)
    iy = ops.reshape(ix, shape)
    mask = ops.arange(0, 2)[None, :, None]
    ileft = ops.broadcast_to(sum(iy * (1 - mask), 1, keep_dims=True), shape).to(idtype)
    iright = ops.broadcast_to(sum(iy * mask, 1, keep_dims=True), shape).to(idtype)
    ileft = ops.reshape(ileft, x.shape)
    iright = ops.reshape(iright, x.shape)
    left = ileft.to(x.dtype, bitcast=True)
    right = iright.to(x.dtype, bitcast=True)
    cond = (left > right) != flip
    ret = ix ^ ops.where(cond, ileft ^ iright, ops.zeros_like(ix))
    return ret.to(x.dtype, bitcast=True)


@jit
def _bitonic_merge(x, stage: constexpr, order: constexpr, n_dims: constexpr):
    n_outer: constexpr = x.numel >> n_dims
    ops.static_assert(stage <= n_dims)
    if order == 2:
        shape: constexpr = [n_outer * 2**(n_dims - 1 - stage), 2, 2**stage]
        flip = ops.reshape(ops.broadcast_to(ops.arange(0, 2)[None, :, None], shape), x.shape)
    else:
        flip = order
    for i in ops.static_range(stage):
        x = _compare_and_swap(x, flip, i + (n_dims - stage), n_dims)
    return x


@jit
def sort(x, dim: constexpr = None, descending: constexpr = False):
    _dim: constexpr = len(x.shape) - 1 if dim is None else dim
    ops.static_assert(_dim == len(x.shape) - 1, "only the minor dimension can be sorted")
    n_dims: constexpr = _log2(x.shape[_dim])
    for i in ops.static_range(1, n_dims + 1):
        x = _bitonic_merge(x, i, 2 if i < n_dims else descending, n_dims)
    return x


def _log2(n):
    n = n.value if isinstance(n, constexpr) else n
    return n.bit_length() - 1


def core_int_dtype(bits):
    bits = bits.value if isinstance(bits, constexpr) else bits
    return {8: dtypes.int8, 16: dtypes.int16, 32: dtypes.int32, 64: dtypes.int64}[bits]
