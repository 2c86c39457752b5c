"""Kernel arguments in the CPU kernel ABI: `args[i]` points at the value of the i-th parameter.

An `ArgumentMarshaller` is built once per kernel signature. It owns one ctypes slot per
parameter and the `void *args[]` array that points at them, so that a launch only checks each
value and stores it in its slot."""

from __future__ import annotations

import ctypes
from typing import Any, Callable, Mapping, Sequence

import numpy as np

from nereid.language.dtypes import dtype
from nereid.runtime import arguments as arguments_module
from nereid.runtime.scalar_slots import SCALAR_SLOT_TYPES, Setter, scalar_setter


def _with_extent(set_pointer: Setter, extent: Any) -> Setter:
    """`set_pointer`, which also stores the bytes its array spans in `extent`."""
    buffer_extent = arguments_module.buffer_extent

    def set_pointer_and_extent(value: Any) -> None:
        set_pointer(value)
        extent.value = buffer_extent(value)[1]

    return set_pointer_and_extent


class ArgumentMarshaller:
    """Packs a launch's arguments, in parameter order, into `args` (a `void *[]`)."""

    def __init__(self, kernel_name: str, signature: Mapping[str, dtype],
                 check_bounds: bool = False) -> None:
        self.kernel_name = kernel_name
        self.names = list(signature)
        self._slots: list[Any] = []
        self._setters: list[Setter] = []
        for name, ty in signature.items():
            slot, setter = self._make_slot(name, ty)
            self._slots.append(slot)
            self._setters.append(setter)
        if check_bounds:
            # A bounds-checked kernel takes, after its parameters, one int64 per pointer
            # parameter: the bytes its buffer spans from the address it is given
            # (cpu-check-bounds; docs/cpu.md).
            for index, ty in enumerate(signature.values()):
                if ty.is_ptr():
                    extent = ctypes.c_int64()
                    self._slots.append(extent)
                    self._setters[index] = _with_extent(self._setters[index], extent)
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
        the arguments as the kernel ABI passes them (each numpy array's address, each number
        itself), in the @jit function's parameter order; slot i takes
        `abi_values[positions[i]]`. The key was computed from the same values and fixed their
        kinds, dtypes and ranges, so they need no checks here."""
        slots = list(zip(positions, self._slots))

        def pack(abi_values: Sequence[Any]) -> None:
            for position, slot in slots:
                slot.value = abi_values[position]

        return pack

    def _describe(self, name: str) -> str:
        return f"argument `{name}` of kernel `{self.kernel_name}`"

    def _make_slot(self, name: str, ty: dtype) -> tuple[Any, Setter]:
        if ty.is_ptr():
            slot = ctypes.c_void_p()
            return slot, self._pointer_setter(name, ty.element_ty, slot)
        if ty.name not in SCALAR_SLOT_TYPES:
            raise TypeError(f"{self._describe(name)} has type {ty}, which CPU kernels cannot "
                            "take as a parameter")
        slot = SCALAR_SLOT_TYPES[ty.name]()
        return slot, scalar_setter(ty, slot, self._describe(name))

    def _pointer_setter(self, name: str, element: dtype, slot: Any) -> Setter:
        describe = self._describe
        ndarray, ndarray_address = np.ndarray, arguments_module.ndarray_address
        # The numpy dtype last checked to be `element`: launches on arrays of one dtype compare
        # only its identity (numpy's dtype objects of a type are shared).
        accepted: Any = None

        def check_dtype(found: Any, shown: Any) -> None:
            if found != element:
                raise TypeError(f"{describe(name)} must be an array of {element}; got an array "
                                f"of {shown}")

        def set_array(array: np.ndarray) -> None:
            nonlocal accepted
            if array.dtype is not accepted:
                check_dtype(arguments_module.array_dtype(array), array.dtype)
                accepted = array.dtype
            # A strided view passes the address of its first element, as Triton passes
            # data_ptr(): the kernel addresses its elements through the strides it is given.
            # A negative or zero stride is an error (`arguments.stride_problem`).
            try:
                slot.value = ndarray_address(array)
            except ValueError as error:
                raise ValueError(f"{describe(name)}: {error}") from None

        def set_pointer(value: Any) -> None:
            # The common case first, with the fewest Python operations: a numpy array.
            if type(value) is ndarray:
                set_array(value)
            else:
                set_any(value)

        def set_any(value: Any) -> None:
            if type(value) is ndarray:
                set_array(value)
            elif hasattr(value, "data_ptr"):  # torch tensors
                device = getattr(getattr(value, "device", None), "type", "cpu")
                if device != "cpu":
                    raise ValueError(f"{describe(name)} is in {device} memory; the CPU backend "
                                     "takes host memory")
                check_dtype(arguments_module.array_dtype(value), value.dtype)
                slot.value = value.data_ptr()
            elif hasattr(value, "__array_interface__"):
                set_array(np.asarray(value))
            elif hasattr(value, "__dlpack__"):
                try:
                    array = np.from_dlpack(value)
                except (BufferError, RuntimeError, TypeError) as error:
                    raise ValueError(f"{describe(name)}: the CPU backend cannot read this "
                                     f"DLPack array: {error}") from None
                set_array(array)
            elif hasattr(value, "__cuda_array_interface__"):
                raise ValueError(f"{describe(name)} is in GPU memory; the CPU backend takes "
                                 "host memory")
            else:
                raise TypeError(f"{describe(name)} is a pointer to {element}; got "
                                f"{type(value).__name__} {value!r}")

        return set_pointer
