"""The builtin functions of `triton.language`: each checks its arguments and emits IR through
the semantic of the kernel being compiled. Signatures follow Triton's."""

from __future__ import annotations

from typing import Any, Sequence

from . import dtypes
from .core import builtin, constexpr, semantic, tensor
from .semantic.base import SemanticError, StaticAssertionError, unwrap, wrap_axis


def _shape(shape: Any) -> list:
    shape = unwrap(shape)
    if isinstance(shape, (int, constexpr)):
        return [unwrap(shape)]
    return [unwrap(s) for s in shape]


# Program and creation ------------------------------------------------------------------

@builtin
def program_id(axis: Any) -> tensor:
    """The index of the running program along one axis of the launch grid, an int32 scalar.

    :param axis: 0, 1 or 2, a compile-time constant."""
    return semantic().program_id(axis)


@builtin
def num_programs(axis: Any) -> tensor:
    """The number of programs the grid launches along one axis, an int32 scalar.

    :param axis: 0, 1 or 2, a compile-time constant."""
    return semantic().num_programs(axis)


@builtin
def arange(start: Any, end: Any) -> tensor:
    """The integers `start, start + 1, ..., end - 1` as a 1-D int32 tensor.

    :param start: the first value, a compile-time integer.
    :param end: one past the last value, a compile-time integer; `end - start` must be a power of
        two, and both must fit in int32."""
    return semantic().arange(start, end)


@builtin
def full(shape: Any, value: Any, dtype: Any) -> tensor:
    """A tensor of `shape` whose every element is `value`, of dtype `dtype`.

    :param shape: the dimensions, compile-time powers of two (an int for a 1-D tensor).
    :param value: a Python number or a scalar tensor, converted to `dtype`.
    :param dtype: the element type, such as `tl.float32`."""
    return semantic().full_of(_shape(shape), value, unwrap(dtype))


@builtin
def zeros(shape: Any, dtype: Any) -> tensor:
    """A tensor of `shape` filled with zeros of dtype `dtype`.

    :param shape: the dimensions, compile-time powers of two (an int for a 1-D tensor).
    :param dtype: the element type, such as `tl.float32`."""
    return semantic().zeros(_shape(shape), unwrap(dtype))


@builtin
def zeros_like(input: Any) -> tensor:
    """A tensor of zeros with the shape and dtype of `input` (a scalar for a scalar)."""
    input = semantic().to_tensor(input)
    return semantic().zeros(input.type.shape if input.type.is_block() else [], input.dtype)


@builtin
def full_like(input: Any, value: Any) -> tensor:
    """A tensor with the shape and dtype of `input`, every element `value` converted to that
    dtype."""
    input = semantic().to_tensor(input)
    return semantic().full_of(input.type.shape if input.type.is_block() else [], value,
                              input.dtype)


@builtin
def cast(input: Any, dtype: Any, fp_downcast_rounding: Any = None, bitcast: Any = False
         ) -> tensor:
    """`input` converted to `dtype`, elementwise; `x.to(dtype)` is the same.

    Integers widen by their own signedness and narrow by dropping high bits; floats to integers
    truncate toward zero; a cast to `tl.int1` compares with zero; pointers cast to other pointers
    and to int64. A cast to the dtype `input` already has returns it unchanged.

    :param dtype: the dtype to convert to.
    :param fp_downcast_rounding: for a narrowing float conversion only, "rtne" (round to nearest
        even, the default) or "rtz" (round toward zero).
    :param bitcast: reinterpret the bits instead of converting the value; both dtypes must have
        one width."""
    return semantic().cast(input, unwrap(dtype), unwrap(fp_downcast_rounding), unwrap(bitcast))


@builtin
def to_tensor(value: Any) -> tensor:
    """`value` as a tensor: a tensor is returned as it is, a Python number becomes a scalar of the
    dtype Triton gives its literal (bool -> int1; int -> int32, else uint32, int64 or uint64, the
    first that holds it; float -> float32, or float64 beyond float32's range)."""
    return semantic().to_tensor(value)


# Memory --------------------------------------------------------------------------------

@builtin
def load(pointer: Any, mask: Any = None, other: Any = None, boundary_check: Any = (),
         padding_option: Any = "", cache_modifier: Any = "", eviction_policy: Any = "",
         volatile: Any = False) -> tensor:
    """Reads memory at `pointer`: a scalar pointer gives a scalar, a tensor of pointers a tensor of
    the same shape, and a block pointer (`tl.make_block_ptr`) the block it describes. The result's
    dtype is the pointer's element type (`tl.int1` elements are read as bytes).

    :param pointer: a pointer, a tensor of pointers, or a block pointer.
    :param mask: where false, memory is not read; broadcast to the pointers' shape. Not for block
        pointers, which use `boundary_check`.
    :param other: the value of masked-off elements, converted to the element type; needs `mask`.
        Without it, masked-off elements are undefined.
    :param boundary_check: for a block pointer, the dimensions whose bounds are checked.
    :param padding_option: for a block pointer, what out-of-bounds elements read: "zero" or "nan".
    :param cache_modifier: "", ".ca", ".cg" or ".cv" (a hint to the GPU's caches).
    :param eviction_policy: "", "evict_normal", "evict_first" or "evict_last" (a hint).
    :param volatile: do not merge or remove this load."""
    return semantic().load(pointer, mask, other, unwrap(boundary_check) or (), padding_option,
                           cache_modifier, eviction_policy, volatile)


@builtin
def store(pointer: Any, value: Any, mask: Any = None, boundary_check: Any = (),
          cache_modifier: Any = "", eviction_policy: Any = "") -> None:
    """Writes `value` to memory at `pointer`. `value` is converted to the pointer's element type
    and broadcast to the pointers' shape; a scalar pointer with a tensor `value` is broadcast to
    the value's shape first.

    :param pointer: a pointer, a tensor of pointers, or a block pointer (`tl.make_block_ptr`).
    :param value: a tensor or a Python number.
    :param mask: where false, nothing is written; broadcast to the pointers' shape.
    :param boundary_check: for a block pointer, the dimensions whose bounds are checked; elements
        out of bounds are not written.
    :param cache_modifier: "", ".wb", ".cg", ".cs" or ".wt" (a hint to the GPU's caches).
    :param eviction_policy: "", "evict_normal", "evict_first" or "evict_last" (a hint)."""
    semantic().store(pointer, value, mask, unwrap(boundary_check) or (), cache_modifier,
                     eviction_policy)


@builtin
def make_block_ptr(base: Any, shape: Any, strides: Any, offsets: Any, block_shape: Any,
                   order: Any) -> Any:
    """A pointer to a block of `block_shape` at `offsets` in a strided tensor that starts at `base`,
    for `tl.load`, `tl.store` and `tl.advance`.

    :param base: a scalar pointer to the tensor's first element.
    :param shape: the tensor's size in each dimension (for `boundary_check`).
    :param strides: the distance, in elements, between neighbours in each dimension.
    :param offsets: the block's first element in each dimension.
    :param block_shape: the block's dimensions, compile-time powers of two.
    :param order: the dimensions from fastest-varying to slowest in memory (a layout hint)."""
    return semantic().make_block_ptr(base, unwrap(shape), unwrap(strides), unwrap(offsets),
                                     unwrap(block_shape), unwrap(order))


@builtin
def advance(base: Any, offsets: Any) -> Any:
    """The block pointer `base` moved by `offsets` elements, one per dimension."""
    return semantic().advance(unwrap(base), unwrap(offsets))


class tensor_descriptor:
    """What `tl.make_tensor_descriptor` returns: `load(offsets)` and `store(offsets, value)`
    move one block."""

    def __init__(self, handle: tensor) -> None:
        self.handle = handle
        self.block_shape = handle.type.block_type.shape
        self.dtype = handle.type.block_type.element_ty

    @builtin
    def load(self, offsets: Sequence[Any]) -> tensor:
        """The block of the descriptor's `block_shape` that starts at `offsets` (one per
        dimension)."""
        return semantic().descriptor_load(self.handle, unwrap(offsets))

    @builtin
    def store(self, offsets: Sequence[Any], value: Any) -> None:
        """Writes `value`, converted to the descriptor's dtype and broadcast to its
        `block_shape`, to the block that starts at `offsets` (one per dimension)."""
        semantic().descriptor_store(self.handle, unwrap(offsets), value)


@builtin
def make_tensor_descriptor(base: Any, shape: Any, strides: Any, block_shape: Any
                           ) -> tensor_descriptor:
    """A descriptor of the tensor at `base`, read and written a block of `block_shape` at a
    time with `desc.load(offsets)` and `desc.store(offsets, value)`.

    :param base: a scalar pointer to the tensor's first element.
    :param shape: the tensor's size in each dimension (int32).
    :param strides: the distance, in elements, between neighbours in each dimension (int64).
    :param block_shape: the dimensions of the blocks, compile-time powers of two."""
    return tensor_descriptor(semantic().make_tensor_descriptor(
        base, unwrap(shape), unwrap(strides), unwrap(block_shape)))


@builtin
def load_tensor_descriptor(desc: tensor_descriptor, offsets: Any) -> tensor:
    """`desc.load(offsets)`: the block of `desc` that starts at `offsets`."""
    return desc.load(offsets)


@builtin
def store_tensor_descriptor(desc: tensor_descriptor, offsets: Any, value: Any) -> None:
    """`desc.store(offsets, value)`: writes `value` to the block of `desc` that starts at
    `offsets`."""
    desc.store(offsets, value)


# Atomics -------------------------------------------------------------------------------

_ATOMIC_DOCS = {
    "add": "Atomically adds `val` to the memory at `pointer`.",
    "and": "Atomically replaces the memory at `pointer` with its bitwise and with `val`.",
    "or": "Atomically replaces the memory at `pointer` with its bitwise or with `val`.",
    "xor": "Atomically replaces the memory at `pointer` with its bitwise xor with `val`.",
    "max": "Atomically replaces the memory at `pointer` with its maximum with `val`.",
    "min": "Atomically replaces the memory at `pointer` with its minimum with `val`.",
    "exch": "Atomically replaces the memory at `pointer` with `val`.",
}
_ATOMIC_ARGUMENTS = """ It returns the values that
the memory held before.

`val` is converted to the pointer's element type and broadcast to the pointers' shape. The
element type is a 32- or 64-bit integer or float (float16 and bfloat16 for atomic_add only);
the bitwise atomics take integers only, and max and min compare as the dtype's signedness says.

:param mask: where false, the memory is not touched.
:param sem: memory ordering: "acq_rel" (the default), "acquire", "release" or "relaxed".
:param scope: the threads that observe the ordering: "gpu" (the default), "cta" or "sys".
"""


def _atomic(op: str):
    @builtin
    def atomic(pointer: Any, val: Any, mask: Any = None, sem: Any = None, scope: Any = None
               ) -> tensor:
        return semantic().atomic_rmw(op, pointer, val, mask, unwrap(sem), unwrap(scope))
    atomic.__name__ = atomic.__qualname__ = f"atomic_{op}"
    atomic.__doc__ = _ATOMIC_DOCS[op] + _ATOMIC_ARGUMENTS
    return atomic


atomic_add = _atomic("add")
atomic_and = _atomic("and")
atomic_or = _atomic("or")
atomic_xor = _atomic("xor")
atomic_max = _atomic("max")
atomic_min = _atomic("min")
atomic_xchg = _atomic("exch")


@builtin
def atomic_cas(pointer: Any, cmp: Any, val: Any, sem: Any = None, scope: Any = None) -> tensor:
    """Atomically compares the memory at `pointer` with `cmp` and, where they are equal, replaces it
    with `val`. Returns the values the memory held before.

    `cmp` and `val` are converted to the pointer's element type, which must be 16, 32 or 64 bits
    wide.

    :param sem: memory ordering: "acq_rel" (the default), "acquire", "release" or "relaxed".
    :param scope: the threads that observe the ordering: "gpu" (the default), "cta" or "sys"."""
    return semantic().atomic_cas(pointer, cmp, val, unwrap(sem), unwrap(scope))


# Shape ---------------------------------------------------------------------------------

@builtin
def broadcast(input: Any, other: Any) -> tuple:
    """`input` and `other` broadcast to one shape by numpy's rule (trailing dimensions align, a
    dimension of 1 stretches), returned as a pair."""
    return semantic().broadcast_pair(input, other)


@builtin
def broadcast_to(input: Any, *shape: Any) -> tensor:
    """`input` repeated to `shape` by numpy's rule: dimensions of 1 stretch, and missing leading
    dimensions are added. `shape` may be a tuple or separate integers."""
    if len(shape) == 1 and isinstance(unwrap(shape[0]), (tuple, list)):
        shape = unwrap(shape[0])
    return semantic().broadcast_to(input, [unwrap(s) for s in shape])


@builtin
def expand_dims(input: Any, axis: Any) -> tensor:
    """`input` with a new dimension of size 1 at `axis` (an int, or a sequence of them for several
    new dimensions; negative axes count from the end of the result)."""
    axes = unwrap(axis)
    axes = list(axes) if isinstance(axes, (tuple, list)) else [axes]
    result = semantic().to_tensor(input)
    rank = len(result.type.shape) if result.type.is_block() else 0
    axes = [wrap_axis(a, rank + len(axes)) for a in axes]
    if len(set(axes)) != len(axes):
        raise SemanticError(f"expand_dims received duplicate axes, normalized axes = {axes}")
    for axis_ in sorted(axes):
        result = semantic().expand_dims(result, axis_)
    return result


@builtin
def reshape(input: Any, *shape: Any, can_reorder: Any = False) -> tensor:
    """`input` with the same elements in a new `shape` (a tuple or separate integers) with as many
    elements, in row-major order.

    :param can_reorder: allow the compiler to put the elements in any order (for reductions
        whose result does not depend on it)."""
    if len(shape) == 1 and isinstance(unwrap(shape[0]), (tuple, list)):
        shape = unwrap(shape[0])
    return semantic().reshape(input, [unwrap(s) for s in shape], unwrap(can_reorder))


@builtin
def view(input: Any, *shape: Any) -> tensor:
    """`input` in a new `shape` with as many elements, where the compiler may reorder the elements;
    use `tl.reshape` to keep their order."""
    if len(shape) == 1 and isinstance(unwrap(shape[0]), (tuple, list)):
        shape = unwrap(shape[0])
    return semantic().reshape(input, [unwrap(s) for s in shape], can_reorder=True)


@builtin
def permute(input: Any, *dims: Any) -> tensor:
    """`input` with its dimensions reordered: dimension `i` of the result is dimension `dims[i]` of
    `input`. `dims` may be a tuple or separate integers."""
    if len(dims) == 1 and isinstance(unwrap(dims[0]), (tuple, list)):
        dims = unwrap(dims[0])
    return semantic().permute(input, [unwrap(d) for d in dims])


@builtin
def trans(input: Any, *dims: Any) -> tensor:
    """`input` transposed: with no `dims`, the two dimensions of a 2-D tensor swap; with `dims`, as
    `tl.permute`."""
    if len(dims) == 1 and isinstance(unwrap(dims[0]), (tuple, list)):
        dims = unwrap(dims[0])
    input = semantic().to_tensor(input)
    if not dims:
        rank = len(input.type.shape)
        if rank != 2:
            raise SemanticError("permute dims must have the same length as input shape: "
                                f"tl.trans without dims swaps the two axes of a 2-D tensor; got "
                                f"rank {rank}")
        dims = (1, 0)
    return semantic().permute(input, [unwrap(d) for d in dims])


@builtin
def cat(input: Any, other: Any, can_reorder: Any = False) -> tensor:
    """`input` and `other`, tensors of one type, concatenated along their first dimension, `input`
    first.

    :param can_reorder: Triton's promise that the order may differ; Nereid always keeps it."""
    return semantic().cat(input, other)


@builtin
def join(a: Any, b: Any) -> tensor:
    """`a` and `b` stacked along a new last dimension of size 2, after broadcasting them to one
    shape. Both must have one dtype."""
    return semantic().join(a, b)


@builtin
def split(a: Any) -> tuple:
    """The inverse of `tl.join`: the two halves of `a` along its last dimension, which must be of
    size 2, as a pair of tensors without that dimension."""
    return semantic().split(a)


@builtin
def interleave(a: Any, b: Any) -> tensor:
    """The elements of `a` and `b` alternating along the last dimension (`a[0], b[0], a[1], ...`);
    the last dimension doubles. Both must have one dtype."""
    return semantic().interleave(a, b)


@builtin
def ravel(x: Any) -> tensor:
    """`x` as a 1-D tensor of all its elements, in an order the compiler may choose."""
    return semantic().ravel(x)


@builtin
def flip(x: Any, dim: Any = None) -> tensor:
    """`x` reversed along `dim` (the last dimension by default)."""
    return semantic().flip(x, dim)


@builtin
def gather(src: Any, index: Any, axis: Any) -> tensor:
    """The elements of `src` picked along `axis` by `index`: `out[i][j] = src[index[i][j]][j]` for
    axis 0, and so on. `index` has integer dtype and the rank of `src`; the result has the shape
    of `index` and the dtype of `src`."""
    return semantic().gather(src, index, axis)


@builtin
def histogram(input: Any, num_bins: Any, mask: Any = None) -> tensor:
    """Counts how many elements of the 1-D integer tensor `input` fall in each of `num_bins` bins
    (`0, 1, ..., num_bins - 1`): an int32 tensor of `num_bins` elements. Values outside the bins
    are not counted.

    :param mask: where false, the element is not counted."""
    return semantic().histogram(input, num_bins, mask)


@builtin
def where(condition: Any, x: Any, y: Any) -> tensor:
    """Chooses elementwise: `x` where `condition` is true, `y` where it is false. The three are
    broadcast to one shape, and `x` and `y` are promoted to one dtype as for arithmetic. Both
    sides are computed; only the choice is elementwise."""
    return semantic().where(condition, x, y)


# Linear algebra, reductions and scans --------------------------------------------------

@builtin
def dot(input: Any, other: Any, acc: Any = None, input_precision: Any = None,
        allow_tf32: Any = None, max_num_imprecise_acc: Any = None,
        out_dtype: Any = dtypes.float32) -> tensor:
    """The matrix product of `input` and `other`, plus `acc` if given.

    The operands are 2-D (M x K times K x N) or 3-D with a leading batch dimension, with M, N and
    K at least 16, and one dtype: float types multiply into `out_dtype` (float32 by default;
    float64 into float64), int8 into int32. With `acc`, the result has the accumulator's dtype.

    :param acc: an accumulator of the result's shape, added to the product.
    :param input_precision: for float32 operands, "tf32" (the default, as Triton), "tf32x3",
        "ieee", "bf16x3" or "bf16x6".
    :param allow_tf32: the older spelling: False means "ieee".
    :param max_num_imprecise_acc: a limit on low-precision accumulation for fp8 operands.
    :param out_dtype: the result's float dtype."""
    return semantic().dot(input, other, acc, input_precision, allow_tf32,
                          max_num_imprecise_acc, out_dtype)


@builtin
def dot_scaled(lhs: Any, lhs_scale: Any, lhs_format: Any, rhs: Any, rhs_scale: Any,
               rhs_format: Any, acc: Any = None, fast_math: Any = False, lhs_k_pack: Any = True,
               rhs_k_pack: Any = True, out_dtype: Any = dtypes.float32) -> tensor:
    """The matrix product of two tiles in microscaling formats (OCP MX), plus `acc` if given,
    in float32. docs/semantics.md ("tt.dot_scaled") says exactly what it computes.

    :param lhs: M x K values (or B x M x K): "e4m3" and "e5m2" as float8 or uint8, "bf16" and
        "fp16" as that dtype or uint16, "e2m1" as uint8 holding two values (the first in the
        low four bits) along K, or along M where `lhs_k_pack` is False.
    :param lhs_scale: None, or uint8 e8m0 exponents of shape M x K/32 (or K/16): each scales a
        group of consecutive values along K by 2^(s - 127); 255 is NaN.
    :param lhs_format: "e2m1", "e4m3", "e5m2", "bf16" or "fp16".
    :param rhs: K x N values, as `lhs`; e2m1 packs along K, or along N without `rhs_k_pack`.
    :param rhs_scale: None, or exponents of shape N x K/32 (not transposed).
    :param rhs_format: as `lhs_format`.
    :param acc: a float32 accumulator of the result's shape.
    :param fast_math: skip the NaN check of scales of 255 (they then scale by infinity).
    :param out_dtype: float32, the only one."""
    return semantic().dot_scaled(lhs, lhs_scale, lhs_format, rhs, rhs_scale, rhs_format, acc,
                                 fast_math, lhs_k_pack, rhs_k_pack, out_dtype)


@builtin
def reduce(input: Any, axis: Any, combine_fn: Any, keep_dims: Any = False) -> Any:
    """Reduces `input` along `axis` with `combine_fn`, a @jit function of two scalars (or two tuples
    of scalars, for a tuple of inputs) that must be associative and commutative.

    :param input: a tensor, or a tuple of tensors of one shape reduced together.
    :param axis: the dimension to reduce, or None for all of them.
    :param combine_fn: the @jit function that combines two elements.
    :param keep_dims: keep the reduced dimension as one of size 1."""
    return semantic().reduce(unwrap(input), axis, unwrap(combine_fn), keep_dims)


@builtin
def associative_scan(input: Any, axis: Any, combine_fn: Any, reverse: Any = False) -> Any:
    """The inclusive prefix scan of `input` along `axis` with `combine_fn`, a @jit function of two
    scalars (or two tuples of scalars, for a tuple of inputs) that must be associative. The
    result has the shape and dtype of `input`.

    :param input: a tensor, or a tuple of tensors of one shape scanned together.
    :param reverse: scan from the end of the axis toward its start."""
    return semantic().scan(unwrap(input), axis, unwrap(combine_fn), reverse)


# Elementwise ---------------------------------------------------------------------------

class PropagateNan:
    """How `tl.minimum`, `tl.maximum` and `tl.clamp` treat NaN: `NONE` (the default) returns
    the other operand when one is NaN; `ALL` returns NaN when either is."""
    NONE = constexpr("NONE")
    ALL = constexpr("ALL")


@builtin
def minimum(x: Any, y: Any, propagate_nan: Any = PropagateNan.NONE) -> tensor:
    """The elementwise minimum of `x` and `y`, promoted to one dtype and broadcast to one shape as
    for arithmetic. Signed and unsigned integers compare as their dtype says.

    :param propagate_nan: `tl.PropagateNan.NONE` or `tl.PropagateNan.ALL`, for floats."""
    return semantic().minimum(x, y, propagate_nan)


@builtin
def maximum(x: Any, y: Any, propagate_nan: Any = PropagateNan.NONE) -> tensor:
    """The elementwise maximum of `x` and `y`, promoted to one dtype and broadcast to one shape as
    for arithmetic. Signed and unsigned integers compare as their dtype says.

    :param propagate_nan: `tl.PropagateNan.NONE` or `tl.PropagateNan.ALL`, for floats."""
    return semantic().maximum(x, y, propagate_nan)


@builtin
def clamp(x: Any, min: Any, max: Any, propagate_nan: Any = PropagateNan.NONE) -> tensor:
    """`x` limited to `[min, max]` elementwise. `x` must be a float tensor; `min` and `max` are
    converted to its dtype and broadcast to its shape.

    :param propagate_nan: `tl.PropagateNan.NONE` or `tl.PropagateNan.ALL`."""
    return semantic().clamp(x, min, max, propagate_nan)


@builtin
def fdiv(x: Any, y: Any, ieee_rounding: Any = False) -> tensor:
    """`x / y` on float operands, promoted to one dtype as for arithmetic.

    :param ieee_rounding: accepted as in Triton; the quotient is that of `/` either way."""
    return semantic().fdiv(x, y, unwrap(ieee_rounding))


@builtin
def div_rn(x: Any, y: Any) -> tensor:
    """`x / y` on float operands, rounded correctly to nearest even."""
    return semantic().div_rn(x, y)


@builtin
def umulhi(x: Any, y: Any) -> tensor:
    """The high half of the product of two integers of one width, taken as unsigned: for 32-bit
    operands, the top 32 bits of their 64-bit product."""
    return semantic().umulhi(x, y)


@builtin
def fma(x: Any, y: Any, z: Any) -> tensor:
    """`x * y + z` elementwise with a single rounding, on float operands. `x` and `y` are promoted
    as for arithmetic and `z` is converted to their dtype."""
    return semantic().fma(x, y, z)


# Hints and debugging -------------------------------------------------------------------

@builtin
def multiple_of(input: Any, values: Any) -> tensor:
    """`input`, with the promise that its elements (per dimension, or all if `values` is one
    integer) are multiples of `values`: a hint that lets loads and stores be vectorized."""
    return semantic().hint(input, "divisibility", unwrap(values))


@builtin
def max_contiguous(input: Any, values: Any) -> tensor:
    """`input`, with the promise that it holds runs of `values` consecutive integers (per
    dimension): a hint for vectorizing loads and stores."""
    return semantic().hint(input, "contiguity", unwrap(values))


@builtin
def max_constancy(input: Any, values: Any) -> tensor:
    """`input`, with the promise that it is constant in runs of `values` elements (per dimension): a
    hint for the compiler."""
    return semantic().hint(input, "constancy", unwrap(values))


@builtin
def assume(cond: Any) -> None:
    """A promise that `cond` holds; it informs optimization and has no effect in tt IR."""
    cond = unwrap(cond)
    if not isinstance(cond, tensor) and not cond:
        raise SemanticError("tl.assume of a condition that is false at compile time")


@builtin
def debug_barrier() -> None:
    """Synchronizes the threads of a program. A program's tile operations are already ordered
    in tt IR, so this emits nothing; backends synchronize where their lowering needs it."""


@builtin
def device_print(prefix: Any, *args: Any, hex: Any = False) -> None:
    """Prints `prefix` and the values from every program. As in Triton, a prefix followed by
    values is normalized to " prefix: " (so `"x"` prints as `... idx (0) x: 5`)."""
    prefix = unwrap(prefix)
    if not isinstance(prefix, str):
        raise SemanticError(f"tl.device_print's first argument is its prefix, a string; got "
                            f"{prefix!r}")
    for value in args:
        if isinstance(unwrap(value), str):
            raise SemanticError(f"tl.device_print prints one string prefix and then values; "
                                f"{unwrap(value)!r} is a second string: join it into the prefix")
    if args:
        if not prefix.endswith(" "):
            prefix += " "
        if not prefix.endswith(": "):
            prefix = prefix[:-1] + ": "
    if len(prefix) > 2 and not prefix.startswith(" "):
        prefix = " " + prefix
    semantic().device_print(prefix, list(args), hex)


@builtin
def device_assert(cond: Any, msg: Any = "", mask: Any = None) -> None:
    """Stops the launch with an error naming the program, the element and this source line where
    `cond` is false at run time. A condition known at compile time is checked then.

    :param cond: a scalar or a tensor; floats and pointers are tested against zero.
    :param msg: the message of the error.
    :param mask: where false, the element is not checked."""
    cond = unwrap(cond)
    if not isinstance(cond, tensor):
        if not cond:
            raise SemanticError(f"device_assert of a condition false at compile time: "
                                f"{unwrap(msg)}")
        return
    if unwrap(mask) is not None:
        cond = semantic().logical_or(cond, semantic().logical_not(mask))
    semantic().device_assert(cond, str(unwrap(msg)))


@builtin
def static_assert(cond: Any, msg: Any = "") -> None:
    """Fails compilation with `msg` when `cond`, a compile-time value, is false. A run-time `cond`
    is an error; use `tl.device_assert` for those."""
    if isinstance(unwrap(cond), tensor):
        raise SemanticError("tl.static_assert needs a condition known at compile time")
    if not unwrap(cond):
        raise StaticAssertionError(f"static_assert failed: {unwrap(msg)}" if unwrap(msg)
                                   else "static_assert failed")


@builtin
def static_print(*values: Any, sep: Any = " ", end: Any = "\n", file: Any = None,
                 flush: Any = False) -> None:
    """Prints `values` while the kernel compiles, as Python's `print` would: constexprs print
    their values, tensors their types. Nothing is printed at run time."""
    print(*[unwrap(v) for v in values], sep=unwrap(sep), end=unwrap(end), file=unwrap(file),
          flush=unwrap(flush))


@builtin
def inline_asm_elementwise(asm: Any, constraints: Any, args: Any, dtype: Any, is_pure: Any,
                           pack: Any) -> Any:
    """Elementwise target assembly, as in Triton. Nereid does not support it: it carries
    assembly for one target, and the frontend reports an error."""
    raise SemanticError("tl.inline_asm_elementwise carries target assembly; it is not "
                        "supported by Nereid's frontend yet")


@builtin
def static_range(*args: Any) -> None:
    """`for i in tl.static_range(...)`: a loop unrolled at compile time."""
    raise SemanticError("tl.static_range is used only as the iterable of a `for` loop")


@builtin
def range(*args: Any, num_stages: Any = None, loop_unroll_factor: Any = None, **kwargs: Any
          ) -> None:
    """`for i in tl.range(...)`: a loop like `range`, with hints for software pipelining."""
    raise SemanticError("tl.range is used only as the iterable of a `for` loop")

