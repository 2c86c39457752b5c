"""Kernel arguments in the CPU kernel ABI: `args[i]` points at the value of the i-th parameter
(`nereid.runtime.argument_slots`). Arrays are host memory: numpy arrays, torch CPU tensors, and
anything with `__array_interface__` or host DLPack."""

from __future__ import annotations

import ctypes
from typing import Any, Mapping

import numpy as np

from nereid.language.dtypes import dtype
from nereid.runtime import arguments as arguments_module
from nereid.runtime.argument_slots import Setter, SlotMarshaller


def _with_extent(set_pointer: Setter, extent: Any) -> Setter:
    """`set_pointer`, which also stores the bytes its array spans in `extent`."""
    buffer_extent = arguments_module.buffer_extent

    def set_pointer_and_extent(value: Any) -> None:
        set_pointer(value)
        extent.value = buffer_extent(value)[1]

    return set_pointer_and_extent


class ArgumentMarshaller(SlotMarshaller):
    """Packs a launch's arguments into `args`; with `check_bounds`, also the extent of each
    pointer parameter's buffer, which a bounds-checked kernel takes after its parameters."""

    kernels = "CPU kernels"

    def __init__(self, kernel_name: str, signature: Mapping[str, dtype],
                 check_bounds: bool = False) -> None:
        self.check_bounds = check_bounds
        super().__init__(kernel_name, signature)

    def _add_hidden_slots(self, signature: Mapping[str, dtype]) -> None:
        if not self.check_bounds:
            return
        # One int64 per pointer parameter: the bytes its buffer spans from the address it is
        # given (cpu-check-bounds; docs/cpu.md).
        for index, ty in enumerate(signature.values()):
            if ty.is_ptr():
                extent = ctypes.c_int64()
                self._slots.append(extent)
                self._setters[index] = _with_extent(self._setters[index], extent)

    def _pointer_slot(self, name: str, element: dtype) -> tuple[Any, Setter]:
        slot = ctypes.c_void_p()
        return slot, self._pointer_setter(name, element, slot)

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
