"""A kernel's specialization in upstream Triton's terms, and the name `@jit(repr=...)` gives
the kernel from it.

Triton passes `repr` an object with `signature` (each parameter's type as it mangles it:
"i32", "u64", "fp32", "*fp16", or "constexpr" for a compile-time value) and `constants` (the
constexprs and the integers specialized as equal to 1), and names the kernel function after
what `repr` returns; profiles and `compiled.name` show that name."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..language.dtypes import dtype
from .errors import CompilationError

_SYMBOL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def signature_type_name(ty: dtype) -> str:
    """`ty` as Triton writes it in a signature: i1, i32, u64, fp32, bf16, *fp32."""
    if ty.is_ptr():
        return "*" + signature_type_name(ty.element_ty)
    if ty.is_int():
        return ty.name.replace("uint", "u").replace("int", "i")
    return ty.name


@dataclass(frozen=True)
class Specialization:
    """What a kernel is compiled for, as `repr` sees it (Triton's ASTSource)."""

    name: str
    signature: dict[str, str]
    constants: dict[str, Any]


def specialization_of(jit_fn: Any, signature: Any) -> Specialization:
    """The Specialization of `jit_fn` for a `KernelSignature`."""
    types, constants = {}, {}
    for name in jit_fn.arg_names:
        if name in signature.constexprs:
            types[name], constants[name] = "constexpr", signature.constexprs[name]
        elif name in signature.equal_to_1:
            types[name], constants[name] = "constexpr", 1
        else:
            types[name] = signature_type_name(signature.types[name])
    return Specialization(jit_fn.__name__, types, constants)


def kernel_name(jit_fn: Any, signature: Any) -> str:
    """The kernel function's name: what `@jit(repr=...)` makes of the specialization, else
    the Python function's name. A name that is not a symbol (letters, digits, `_`) is an
    error naming it."""
    make_name = getattr(jit_fn, "_repr", None)
    if make_name is None:
        return jit_fn.__name__
    name = make_name(specialization_of(jit_fn, signature))
    if not isinstance(name, str) or not _SYMBOL.fullmatch(name):
        raise CompilationError(jit_fn.__name__, f"@jit(repr=...) returned {name!r}; a kernel "
                               "name is letters, digits and `_`, not starting with a digit")
    return name
