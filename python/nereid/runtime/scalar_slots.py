"""Scalar kernel parameters as the native kernel ABIs pass them: one ctypes slot per parameter,
which a launch checks a Python or numpy number against and stores it in. The CPU and the NVIDIA
backends' argument marshallers share them; each handles its own arrays."""

from __future__ import annotations

import ctypes
import functools
import operator
from typing import Any, Callable

import numpy as np

from ..language.dtypes import dtype

# The C type of the slot of each scalar parameter type. f16 and bf16 travel as their bits, a
# bool as one byte.
SCALAR_SLOT_TYPES = {
    "int1": ctypes.c_uint8, "int8": ctypes.c_int8, "int16": ctypes.c_int16,
    "int32": ctypes.c_int32, "int64": ctypes.c_int64, "uint8": ctypes.c_uint8,
    "uint16": ctypes.c_uint16, "uint32": ctypes.c_uint32, "uint64": ctypes.c_uint64,
    "fp16": ctypes.c_uint16, "bf16": ctypes.c_uint16, "fp32": ctypes.c_float,
    "fp64": ctypes.c_double,
}

Setter = Callable[[Any], None]


def _bfloat16() -> Any:
    import ml_dtypes

    return ml_dtypes.bfloat16


def _half_bits(half: Any, number: Any) -> int:
    """The bits of `number` rounded to the 16-bit float type `half`."""
    return int(np.array(number, dtype=half).view(np.uint16))


def scalar_setter(ty: dtype, slot: Any, description: str) -> Setter:
    """The setter of `slot`, a `SCALAR_SLOT_TYPES[ty.name]`, for the parameter `description`
    names ("argument `n` of kernel `k`"): it raises TypeError for a value of another kind and
    ValueError for an integer outside the type's range."""
    if ty.is_floating():
        return _float_setter(ty, slot, description)
    return _integer_setter(ty, slot, description)


def _integer_setter(ty: dtype, slot: Any, description: str) -> Setter:
    bits = ty.int_bitwidth
    if ty.is_bool():
        low, high = 0, 1
    elif ty.is_int_signed():
        low, high = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    else:
        low, high = 0, (1 << bits) - 1

    def set_integer(value: Any) -> None:
        try:
            integer = operator.index(value)
        except TypeError:
            if not isinstance(value, np.bool_):
                raise TypeError(f"{description} has type {ty}; got "
                                f"{type(value).__name__} {value!r}") from None
            integer = int(value)
        if not low <= integer <= high:
            raise ValueError(f"{description} has type {ty}; {integer} is out of its range "
                             f"[{low}, {high}]")
        slot.value = integer

    return set_integer


def _float_setter(ty: dtype, slot: Any, description: str) -> Setter:
    to_bits: Callable[[Any], Any] = float
    if ty.name in ("fp16", "bf16"):
        half = np.float16 if ty.name == "fp16" else _bfloat16()
        to_bits = functools.partial(_half_bits, half)

    def set_float(value: Any) -> None:
        if isinstance(value, bool) or not isinstance(
                value, (float, int, np.floating, np.integer)):
            raise TypeError(f"{description} has type {ty}; got {type(value).__name__} "
                            f"{value!r}")
        slot.value = to_bits(value)

    return set_float
