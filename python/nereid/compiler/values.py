"""Values of the code generator: compile-time values (constexprs and the Python values they
wrap) and run-time ones (tensors), and the composite values (tuples, block pointers) that cross
loop and branch boundaries as flat lists of tensors."""

from __future__ import annotations

from typing import Any

from ..language.core import constexpr, tensor
from ..language.ops import tensor_descriptor
from ..language.semantic import block_pointer


def unwrap(value: Any) -> Any:
    return value.value if isinstance(value, constexpr) else value


def is_constexpr_like(value: Any) -> bool:
    """Whether `value` is known at compile time: not a tensor, a block pointer or a tensor
    descriptor, nor a container of one."""
    value = unwrap(value)
    if isinstance(value, (tuple, list)):
        return all(is_constexpr_like(item) for item in value)
    return not isinstance(value, (tensor, block_pointer, tensor_descriptor))


# Composite values (tuples, block pointers) cross loop and branch boundaries as flat lists of
# tensors.

def flatten(value: Any) -> list[tensor]:
    if isinstance(value, tensor):
        return [value]
    if isinstance(value, (tuple, list)):
        return [t for item in value for t in flatten(item)]
    if isinstance(value, block_pointer):
        return [value.base, *value.shape, *value.strides, *value.offsets]
    return []


def rebuild(template: Any, flat: list[tensor]) -> tuple[Any, list[tensor]]:
    """`template` with its tensors replaced, in order, by those of `flat`; returns the rest."""
    if isinstance(template, tensor):
        return flat[0], flat[1:]
    if isinstance(template, (tuple, list)):
        items = []
        for item in template:
            new, flat = rebuild(item, flat)
            items.append(new)
        return type(template)(items), flat
    if isinstance(template, block_pointer):
        rank = len(template.block_shape)
        base, rest = flat[0], flat[1:]
        shape, rest = rest[:rank], rest[rank:]
        strides, rest = rest[:rank], rest[rank:]
        offsets, rest = rest[:rank], rest[rank:]
        return block_pointer(base, list(shape), list(strides), list(offsets),
                             template.block_shape, template.order), rest
    return template, flat


def types_of(value: Any) -> list:
    return [t.type for t in flatten(value)]


def describe(value: Any) -> str:
    if value is None:
        return "nothing"
    types = types_of(value)
    return str(types[0]) if len(types) == 1 else "(" + ", ".join(str(t) for t in types) + ")"


def unwrap_deep(value: Any) -> Any:
    value = unwrap(value)
    if isinstance(value, (tuple, list)):
        return type(value)(unwrap_deep(v) for v in value)
    return value


def wrap_constexpr(value: Any) -> Any:
    if isinstance(value, (tensor, block_pointer, constexpr)):
        return value
    if isinstance(value, tuple):
        return tuple(wrap_constexpr(v) for v in value)
    return constexpr(value)
