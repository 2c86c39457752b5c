"""The part of `triton.language` written in the language itself, as Triton writes it:
reductions and scans with their combiners, argmax/argmin, softmax, sigmoid, cdiv, sort."""

from __future__ import annotations

from .device_function import jit
from . import dtypes, math, ops
from .core import constexpr


def _is_power_of_two(n):
    n = n.value if isinstance(n, constexpr) else n
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
    """The sum of `input` along `axis` (all axes when None).

    Integers narrower than 32 bits add up in 32 bits of their signedness (int32 or uint32), as in
    Triton; other dtypes add in their own. `dtype` picks the dtype to add in instead.

    :param keep_dims: keep the reduced dimensions as ones of size 1."""
    out_dtype: constexpr = _pick_sum_dtype(input.dtype, dtype)
    if out_dtype is not None:
        input = input.to(out_dtype)
    return ops.reduce(input, axis, _sum_combine, keep_dims=keep_dims)


@jit
def xor_sum(input, axis=None, keep_dims: constexpr = False):
    """The bitwise xor of the elements of the integer tensor `input` along `axis` (all axes when
    None).

    :param keep_dims: keep the reduced dimensions as ones of size 1."""
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
    value, at = ops.reduce((input, index), axis, combine_fn, keep_dims=keep_dims)
    if input.dtype.is_floating():
        # A NaN orders before every number, as numpy's and torch's argmax and argmin (and
        # upstream's interpreter, which calls them) have it: the first NaN wins. With the
        # combiner's comparisons alone a NaN would win or lose by where the reduction met it.
        # The first NaN is found apart, by a min of indices that backends reduce natively:
        # NaN tests in the combiner made a CPU argmax of 1024 floats twice as slow.
        first_nan = ops.reduce(ops.where(input != input, index, n), axis, _min_combine,
                               keep_dims=keep_dims)
        has_nan = first_nan < n
        value = ops.where(has_nan, float("nan"), value)
        at = ops.where(has_nan, first_nan, at)
    return value, at


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
    """The maximum of `input` along `axis` (all axes when None).

    float16 and bfloat16 compare in float32, and integers narrower than 32 bits in int32, so the
    result has that dtype. With `return_indices`, returns the pair (maximum, index along `axis`),
    the values then in the input's dtype (bfloat16 as float32).

    :param return_indices_tie_break_left: among equal maxima, return the smallest index;
        otherwise any of them.
    :param keep_dims: keep the reduced dimensions as ones of size 1."""
    return _min_or_max(input, axis, return_indices, return_indices_tie_break_left, keep_dims,
                       _max_combine, _argmax_combine_tie_break_left,
                       _argmax_combine_tie_break_fast)


@jit
def min(input, axis=None, return_indices: constexpr = False,
        return_indices_tie_break_left: constexpr = True, keep_dims: constexpr = False):
    """The minimum of `input` along `axis` (all axes when None).

    float16 and bfloat16 compare in float32, and integers narrower than 32 bits in int32, so the
    result has that dtype. With `return_indices`, returns the pair (minimum, index along `axis`),
    the values then in the input's dtype (bfloat16 as float32).

    :param return_indices_tie_break_left: among equal minima, return the smallest index;
        otherwise any of them.
    :param keep_dims: keep the reduced dimensions as ones of size 1."""
    return _min_or_max(input, axis, return_indices, return_indices_tie_break_left, keep_dims,
                       _min_combine, _argmin_combine_tie_break_left,
                       _argmin_combine_tie_break_fast)


@jit
def argmax(input, axis, tie_break_left: constexpr = True, keep_dims: constexpr = False):
    """The index (int32) of the maximum of `input` along `axis`.

    :param tie_break_left: among equal maxima, the smallest index; otherwise any of them.
    :param keep_dims: keep the reduced dimension as one of size 1."""
    (_, index) = max(input, axis, return_indices=True,
                     return_indices_tie_break_left=tie_break_left, keep_dims=keep_dims)
    return index


@jit
def argmin(input, axis, tie_break_left: constexpr = True, keep_dims: constexpr = False):
    """The index (int32) of the minimum of `input` along `axis`.

    :param tie_break_left: among equal minima, the smallest index; otherwise any of them.
    :param keep_dims: keep the reduced dimension as one of size 1."""
    (_, index) = min(input, axis, return_indices=True,
                     return_indices_tie_break_left=tie_break_left, keep_dims=keep_dims)
    return index


# Scans ---------------------------------------------------------------------------------

@jit
def cumsum(input, axis=0, reverse: constexpr = False, dtype: constexpr = None):
    # As Triton does, bfloat16 scans in float32.
    """The inclusive running sum of `input` along `axis`, in the shape of `input`.

    bfloat16 adds in float32 and integers narrower than 32 bits in 32 bits of their signedness,
    which is the result's dtype; `dtype` picks the dtype to add in instead.

    :param reverse: run from the end of the axis toward its start."""
    if input.dtype == dtypes.bfloat16:
        input = input.to(dtypes.float32)
    out_dtype: constexpr = _pick_sum_dtype(input.dtype, dtype)
    if out_dtype is not None:
        input = input.to(out_dtype)
    return ops.associative_scan(input, axis, _sum_combine, reverse)


@jit
def cumprod(input, axis=0, reverse: constexpr = False):
    """The inclusive running product of `input` along `axis`, in the shape and dtype of `input`
    (bfloat16 multiplies in float32).

    :param reverse: run from the end of the axis toward its start."""
    if input.dtype == dtypes.bfloat16:
        input = input.to(dtypes.float32)
    return ops.associative_scan(input, axis, _prod_combine, reverse)


# Elementwise ---------------------------------------------------------------------------

@jit
def cdiv(x, div):
    """`x` divided by `div`, rounded up: `(x + div - 1) // div`, for positive integers."""
    return (x + div - 1) // div


@jit
def sigmoid(x):
    """`1 / (1 + exp(-x))`, elementwise, for float `x`."""
    return 1 / (1 + math.exp(-x))


@jit
def softmax(x, dim=None, keep_dims: constexpr = False, ieee_rounding: constexpr = False):
    """`exp(x - max(x)) / sum(exp(x - max(x)))` along dimension `dim` (0 when None), for float
    `x`, in the shape of `x`; float16 and bfloat16 compute in float32, which is the result's
    dtype.

    :param keep_dims: accepted as in Triton; the result keeps the shape of `x`.
    :param ieee_rounding: passed to the division (`tl.fdiv`)."""
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
def sort(x, dim: constexpr = None, descending: constexpr = False):
    # A bitonic network along the last dimension, run as loops over its stages and steps. In
    # each step every element is paired with the one whose index differs from its own in one
    # bit (a gather), and the pair's lower element takes the smaller value: blocks of 2**stage
    # alternate ascending and descending, and the last stage, one block, is in the order asked
    # for. Values only move (selects), so -0.0, infinities and NaNs keep their bits. Unrolled,
    # the 55 steps of a sort of 1024 elements took a backend minutes to compile; as loops, the
    # kernel holds one step.
    """`x` sorted along its last dimension, whose size is a power of two, ascending unless
    `descending`. Values only move, so -0.0, infinities and NaN keep their bits; ties keep no
    particular order.

    :param dim: the dimension to sort; only the last one is supported."""
    _dim: constexpr = len(x.shape) - 1 if dim is None else dim
    ops.static_assert(_dim == len(x.shape) - 1, "only the minor dimension can be sorted")
    n_dims: constexpr = _log2(x.shape[_dim])
    index = ops.broadcast_to(ops.reshape(ops.arange(0, x.shape[_dim]), _row_shape(x.shape)),
                             x.shape)
    for stage in range(1, n_dims + 1):
        for step in range(stage):
            distance = 1 << (stage - 1 - step)
            partner = ops.gather(x, index ^ distance, _dim)
            lower = (index & distance) == 0
            left = ops.where(lower, x, partner)
            right = ops.where(lower, partner, x)
            flip = ((index >> stage) & 1) != 0
            if descending:
                flip = flip != (stage == n_dims)
            x = ops.where((left > right) != flip, partner, x)
    return x


@jit
def topk(x, k: constexpr, dim: constexpr = None):
    # The k largest elements along the last dimension, largest first: the first k of a
    # descending sort, gathered.
    """The `k` largest elements of `x` along its last dimension, largest first: the first `k` of a
    descending sort. `k` is a compile-time power of two, at most the dimension's size.

    :param dim: the dimension to search; only the last one is supported."""
    _dim: constexpr = len(x.shape) - 1 if dim is None else dim
    ops.static_assert(_dim == len(x.shape) - 1, "only the minor dimension can be searched")
    ops.static_assert(_is_power_of_two(k), "topk's k must be a power of two")
    ops.static_assert(k <= x.shape[_dim], "topk's k must be at most the size of the dimension")
    ordered = sort(x, _dim, descending=True)
    first = ops.broadcast_to(ops.reshape(ops.arange(0, k), _row_shape(x.shape, k)),
                             _row_shape(x.shape, k, keep_leading=True))
    return ops.gather(ordered, first, _dim)


def _row_shape(shape, size=None, keep_leading=False):
    """The shape of one row along the last dimension of `shape`, [1, ..., 1, n], or with the
    leading dimensions of `shape` kept; the row holds `size` elements instead of n if given."""
    sizes = [value.value if isinstance(value, constexpr) else value for value in shape]
    last = sizes[-1] if size is None else (size.value if isinstance(size, constexpr) else size)
    leading = sizes[:-1] if keep_leading else [1] * (len(sizes) - 1)
    return leading + [last]


def _log2(n):
    n = n.value if isinstance(n, constexpr) else n
    return n.bit_length() - 1
