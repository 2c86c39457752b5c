"""The builtin functions of `triton.language`: each checks its arguments and emits IR through
the semantic of the kernel being compiled. Signatures follow Triton's."""

from __future__ import annotations

from typing import Any, Sequence

from . import dtypes
from .core import builtin, constexpr, semantic, tensor
from .semantic.base import SemanticError, unwrap


def _shape(shape: Any) -> list:
    shape = unwrap(shape)
    if isinstance(shape, (int, constexpr)):
        return [unwrap(shape)]
    return [unwrap(s) for s in shape]


# Program and creation ------------------------------------------------------------------

@builtin
def program_id(axis: Any) -> tensor:
    return semantic().program_id(axis)


@builtin
def num_programs(axis: Any) -> tensor:
    return semantic().num_programs(axis)


@builtin
def arange(start: Any, end: Any) -> tensor:
    return semantic().arange(start, end)


@builtin
def full(shape: Any, value: Any, dtype: Any) -> tensor:
    return semantic().full_of(_shape(shape), value, unwrap(dtype))


@builtin
def zeros(shape: Any, dtype: Any) -> tensor:
    return semantic().zeros(_shape(shape), unwrap(dtype))


@builtin
def zeros_like(input: Any) -> tensor:
    input = semantic().to_tensor(input)
    return semantic().zeros(input.type.shape if input.type.is_block() else [], input.dtype)


@builtin
def full_like(input: Any, value: Any) -> tensor:
    input = semantic().to_tensor(input)
    return semantic().full_of(input.type.shape if input.type.is_block() else [], value,
                              input.dtype)


@builtin
def cast(input: Any, dtype: Any, fp_downcast_rounding: Any = None, bitcast: Any = False
         ) -> tensor:
    return semantic().cast(input, unwrap(dtype), unwrap(fp_downcast_rounding), unwrap(bitcast))


@builtin
def to_tensor(value: Any) -> tensor:
    return semantic().to_tensor(value)


# Memory --------------------------------------------------------------------------------

@builtin
def load(pointer: Any, mask: Any = None, other: Any = None, boundary_check: Any = (),
         padding_option: Any = "", cache_modifier: Any = "", eviction_policy: Any = "",
         volatile: Any = False) -> tensor:
    return semantic().load(pointer, mask, other, unwrap(boundary_check) or (), padding_option,
                           cache_modifier, eviction_policy, volatile)


@builtin
def store(pointer: Any, value: Any, mask: Any = None, boundary_check: Any = (),
          cache_modifier: Any = "", eviction_policy: Any = "") -> None:
    semantic().store(pointer, value, mask, unwrap(boundary_check) or (), cache_modifier,
                     eviction_policy)


@builtin
def make_block_ptr(base: Any, shape: Any, strides: Any, offsets: Any, block_shape: Any,
                   order: Any) -> Any:
    return semantic().make_block_ptr(base, unwrap(shape), unwrap(strides), unwrap(offsets),
                                     unwrap(block_shape), unwrap(order))


@builtin
def advance(base: Any, offsets: Any) -> Any:
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
        return semantic().descriptor_load(self.handle, unwrap(offsets))

    @builtin
    def store(self, offsets: Sequence[Any], value: Any) -> None:
        semantic().descriptor_store(self.handle, unwrap(offsets), value)


@builtin
def make_tensor_descriptor(base: Any, shape: Any, strides: Any, block_shape: Any
                           ) -> tensor_descriptor:
    return tensor_descriptor(semantic().make_tensor_descriptor(
        base, unwrap(shape), unwrap(strides), unwrap(block_shape)))


@builtin
def load_tensor_descriptor(desc: tensor_descriptor, offsets: Any) -> tensor:
    return desc.load(offsets)


@builtin
def store_tensor_descriptor(desc: tensor_descriptor, offsets: Any, value: Any) -> None:
    desc.store(offsets, value)


# Atomics -------------------------------------------------------------------------------

def _atomic(op: str):
    @builtin
    def atomic(pointer: Any, val: Any, mask: Any = None, sem: Any = None, scope: Any = None
               ) -> tensor:
        return semantic().atomic_rmw(op, pointer, val, mask, unwrap(sem), unwrap(scope))
    atomic.__name__ = atomic.__qualname__ = f"atomic_{op}"
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
    return semantic().atomic_cas(pointer, cmp, val, unwrap(sem), unwrap(scope))


# Shape ---------------------------------------------------------------------------------

@builtin
def broadcast(input: Any, other: Any) -> tuple:
    return semantic().broadcast_pair(input, other)


@builtin
def broadcast_to(input: Any, *shape: Any) -> tensor:
    if len(shape) == 1 and isinstance(unwrap(shape[0]), (tuple, list)):
        shape = unwrap(shape[0])
    return semantic().broadcast_to(input, [unwrap(s) for s in shape])


@builtin
def expand_dims(input: Any, axis: Any) -> tensor:
    axes = unwrap(axis)
    axes = list(axes) if isinstance(axes, (tuple, list)) else [axes]
    result = semantic().to_tensor(input)
    rank = len(result.type.shape) if result.type.is_block() else 0
    for axis_ in sorted(unwrap(a) + (rank + len(axes) if unwrap(a) < 0 else 0) for a in axes):
        result = semantic().expand_dims(result, axis_)
    return result


@builtin
def reshape(input: Any, *shape: Any, can_reorder: Any = False) -> tensor:
    if len(shape) == 1 and isinstance(unwrap(shape[0]), (tuple, list)):
        shape = unwrap(shape[0])
    return semantic().reshape(input, [unwrap(s) for s in shape], unwrap(can_reorder))


@builtin
def view(input: Any, *shape: Any) -> tensor:
    if len(shape) == 1 and isinstance(unwrap(shape[0]), (tuple, list)):
        shape = unwrap(shape[0])
    return semantic().reshape(input, [unwrap(s) for s in shape], can_reorder=True)


@builtin
def permute(input: Any, *dims: Any) -> tensor:
    if len(dims) == 1 and isinstance(unwrap(dims[0]), (tuple, list)):
        dims = unwrap(dims[0])
    return semantic().permute(input, [unwrap(d) for d in dims])


@builtin
def trans(input: Any, *dims: Any) -> tensor:
    if len(dims) == 1 and isinstance(unwrap(dims[0]), (tuple, list)):
        dims = unwrap(dims[0])
    input = semantic().to_tensor(input)
    if not dims:
        rank = len(input.type.shape)
        if rank != 2:
            raise SemanticError(f"tl.trans without dims needs a 2-D tensor; got rank {rank}")
        dims = (1, 0)
    return semantic().permute(input, [unwrap(d) for d in dims])


@builtin
def cat(input: Any, other: Any, can_reorder: Any = False) -> tensor:
    return semantic().cat(input, other)


@builtin
def join(a: Any, b: Any) -> tensor:
    return semantic().join(a, b)


@builtin
def split(a: Any) -> tuple:
    return semantic().split(a)


@builtin
def interleave(a: Any, b: Any) -> tensor:
    return semantic().interleave(a, b)


@builtin
def ravel(x: Any) -> tensor:
    return semantic().ravel(x)


@builtin
def flip(x: Any, dim: Any = None) -> tensor:
    return semantic().flip(x, dim)


@builtin
def gather(src: Any, index: Any, axis: Any) -> tensor:
    return semantic().gather(src, index, axis)


@builtin
def histogram(input: Any, num_bins: Any, mask: Any = None) -> tensor:
    return semantic().histogram(input, num_bins, mask)


@builtin
def where(condition: Any, x: Any, y: Any) -> tensor:
    return semantic().where(condition, x, y)


# Linear algebra, reductions and scans --------------------------------------------------

@builtin
def dot(input: Any, other: Any, acc: Any = None, input_precision: Any = None,
        allow_tf32: Any = None, max_num_imprecise_acc: Any = None,
        out_dtype: Any = dtypes.float32) -> tensor:
    return semantic().dot(input, other, acc, input_precision, allow_tf32,
                          max_num_imprecise_acc, out_dtype)


@builtin
def reduce(input: Any, axis: Any, combine_fn: Any, keep_dims: Any = False) -> Any:
    return semantic().reduce(unwrap(input), axis, unwrap(combine_fn), keep_dims)


@builtin
def associative_scan(input: Any, axis: Any, combine_fn: Any, reverse: Any = False) -> Any:
    return semantic().scan(unwrap(input), axis, unwrap(combine_fn), reverse)


# Elementwise ---------------------------------------------------------------------------

class PropagateNan:
    NONE = constexpr("NONE")
    ALL = constexpr("ALL")


@builtin
def minimum(x: Any, y: Any, propagate_nan: Any = PropagateNan.NONE) -> tensor:
    return semantic().minimum(x, y, propagate_nan)


@builtin
def maximum(x: Any, y: Any, propagate_nan: Any = PropagateNan.NONE) -> tensor:
    return semantic().maximum(x, y, propagate_nan)


@builtin
def clamp(x: Any, min: Any, max: Any, propagate_nan: Any = PropagateNan.NONE) -> tensor:
    return semantic().clamp(x, min, max, propagate_nan)


@builtin
def fdiv(x: Any, y: Any, ieee_rounding: Any = False) -> tensor:
    return semantic().fdiv(x, y, unwrap(ieee_rounding))


@builtin
def div_rn(x: Any, y: Any) -> tensor:
    return semantic().div_rn(x, y)


@builtin
def umulhi(x: Any, y: Any) -> tensor:
    return semantic().umulhi(x, y)


@builtin
def fma(x: Any, y: Any, z: Any) -> tensor:
    return semantic().fma(x, y, z)


# Hints and debugging -------------------------------------------------------------------

@builtin
def multiple_of(input: Any, values: Any) -> tensor:
    return semantic().hint(input, "divisibility", unwrap(values))


@builtin
def max_contiguous(input: Any, values: Any) -> tensor:
    return semantic().hint(input, "contiguity", unwrap(values))


@builtin
def max_constancy(input: Any, values: Any) -> tensor:
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
    if isinstance(unwrap(cond), tensor):
        raise SemanticError("tl.static_assert needs a condition known at compile time")
    if not unwrap(cond):
        raise SemanticError(f"static_assert failed: {unwrap(msg)}" if unwrap(msg)
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

