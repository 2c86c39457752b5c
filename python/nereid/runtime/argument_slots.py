"""Kernel parameters as the native kernel ABIs pass them: one ctypes slot per parameter, which a
launch checks a value against and stores it in, and a `void *args[]` array that points at the
slots. `SlotMarshaller` is the CPU and the NVIDIA backends' argument marshaller, with the
scalar slots they share; each backend says how its arrays are passed."""

from __future__ import annotations

import ctypes
import functools
import operator
from typing import Any, Callable, Mapping, Sequence

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


class SlotMarshaller:
    """Packs a launch's arguments, in parameter order, into `args` (a `void *[]` at
    `args_address`), for kernels whose parameters are the @jit function's non-constexpr
    arguments in order. Built once per kernel signature; a launch only checks each value and
    stores it in its slot. A backend says how it passes a pointer parameter
    (`_pointer_slot`) and names its kernels in errors (`kernels`)."""

    # What the backend's kernels are called in errors: "CPU kernels".
    kernels = ""

    def __init__(self, kernel_name: str, signature: Mapping[str, dtype]) -> None:
        self.kernel_name = kernel_name
        self.names = list(signature)
        self._slots: list[Any] = []
        self._setters: list[Setter] = []
        for name, ty in signature.items():
            slot, setter = self._make_slot(name, ty)
            self._slots.append(slot)
            self._setters.append(setter)
        self._add_hidden_slots(signature)
        self.args = (ctypes.c_void_p * max(len(self._slots), 1))(
            *[ctypes.addressof(slot) for slot in self._slots])
        self.args_address = ctypes.addressof(self.args)

    def pack(self, values: Sequence[Any]) -> None:
        """Checks `values` against the signature and stores them; raises TypeError or
        ValueError naming the kernel and the argument."""
        if len(values) != len(self._setters):
            raise TypeError(
                f"kernel `{self.kernel_name}` takes {len(self._setters)} arguments "
                f"({', '.join(self.names)}); got {len(values)}")
        for setter, value in zip(self._setters, values):
            setter(value)

    def packer(self, positions: Sequence[int]) -> Callable[[Sequence[Any]], None]:
        """Packs a @jit launch that its launch key matched to this kernel: `abi_values` holds
        the arguments as the kernel ABI passes them (each array's address, each number
        itself), in the @jit function's parameter order; slot i takes
        `abi_values[positions[i]]`. The key was computed from the same values and fixed their
        kinds, dtypes, devices and ranges, so they need no checks here."""
        slots = list(zip(positions, self._slots))

        def pack(abi_values: Sequence[Any]) -> None:
            for position, slot in slots:
                slot.value = abi_values[position]

        return pack

    def _describe(self, name: str) -> str:
        return f"argument `{name}` of kernel `{self.kernel_name}`"

    def _make_slot(self, name: str, ty: dtype) -> tuple[Any, Setter]:
        if ty.is_ptr():
            return self._pointer_slot(name, ty.element_ty)
        if ty.name not in SCALAR_SLOT_TYPES:
            raise TypeError(f"{self._describe(name)} has type {ty}, which {self.kernels} "
                            "cannot take as a parameter")
        slot = SCALAR_SLOT_TYPES[ty.name]()
        return slot, scalar_setter(ty, slot, self._describe(name))

    def _pointer_slot(self, name: str, element: dtype) -> tuple[Any, Setter]:
        """The slot of pointer parameter `name` to `element`s, and its setter, which takes an
        array and raises TypeError or ValueError for what the backend cannot pass."""
        raise NotImplementedError

    def _add_hidden_slots(self, signature: Mapping[str, dtype]) -> None:
        """Appends the slots of parameters that the kernel takes after the signature's (none
        by default)."""
