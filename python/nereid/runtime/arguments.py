"""Kernel arguments as the compiler sees them: the dtype of each launch argument, and the
specialization Triton applies (integers equal to 1, and integers and pointers divisible by 16).

Arrays come as numpy arrays (with ml_dtypes for bfloat16 and fp8), anything with `__dlpack__`,
`__array_interface__` or `__cuda_array_interface__`, or objects with `data_ptr()` and `dtype`
(torch tensors)."""

from __future__ import annotations

import ctypes
from typing import Any, Optional

import numpy as np

from ..language import dtypes as tl
from ..language.dtypes import dtype, pointer_type

# numpy, ml_dtypes and torch dtype names -> language dtypes.
_ARRAY_DTYPES = {
    "bool": tl.int1, "int8": tl.int8, "int16": tl.int16, "int32": tl.int32, "int64": tl.int64,
    "uint8": tl.uint8, "uint16": tl.uint16, "uint32": tl.uint32, "uint64": tl.uint64,
    "float16": tl.float16, "half": tl.float16, "bfloat16": tl.bfloat16,
    "float32": tl.float32, "float": tl.float32, "float64": tl.float64, "double": tl.float64,
    "float8_e4m3fn": tl.float8e4nv, "float8_e5m2": tl.float8e5,
    "float8_e4m3b11fnuz": tl.float8e4b15,
}


# Language dtypes by the array dtype objects already seen (numpy and torch dtypes hash).
_SEEN_DTYPES: dict[Any, dtype] = {}


def _numpy_view(array: Any) -> Optional[np.ndarray]:
    """A numpy view of an array that offers only `__array_interface__` or DLPack, or None."""
    if hasattr(array, "__array_interface__"):
        return np.asarray(array)
    if hasattr(array, "__dlpack__"):
        try:
            return np.from_dlpack(array)
        except (BufferError, RuntimeError, TypeError, ValueError) as error:
            raise TypeError(f"cannot read the DLPack array {type(array).__name__} on the host: "
                            f"{error}") from None
    return None


def array_dtype(array: Any) -> Optional[dtype]:
    """The element dtype of an array-like argument, or None if `array` is not one."""
    dtype_ = getattr(array, "dtype", None)
    if dtype_ is None:
        view = _numpy_view(array)
        if view is None:
            return None
        dtype_ = view.dtype
    try:
        return _SEEN_DTYPES[dtype_]
    except (KeyError, TypeError):
        pass
    name = str(dtype_).replace("torch.", "")
    if hasattr(dtype_, "name") and not str(dtype_).startswith("torch."):
        name = dtype_.name
    if name not in _ARRAY_DTYPES:
        raise TypeError(f"arrays of dtype {dtype_} are not supported by Triton kernels")
    try:
        _SEEN_DTYPES[dtype_] = _ARRAY_DTYPES[name]
    except TypeError:  # an unhashable dtype object
        pass
    return _ARRAY_DTYPES[name]


def data_pointer(array: Any) -> int:
    """The address of an array's first element."""
    if hasattr(array, "data_ptr"):
        return int(array.data_ptr())
    if hasattr(array, "__array_interface__"):
        return int(array.__array_interface__["data"][0])
    if hasattr(array, "__cuda_array_interface__"):
        return int(array.__cuda_array_interface__["data"][0])
    view = _numpy_view(array)
    if view is not None:
        return int(view.ctypes.data)
    raise TypeError(f"cannot find the data pointer of {type(array).__name__}")


def ndarray_address(array: Any) -> int:
    """The address of a numpy array's first element; for writable, non-empty arrays through
    the buffer protocol, which costs half of `array.ctypes.data`."""
    try:
        return ctypes.addressof(ctypes.c_byte.from_buffer(array))
    except (TypeError, ValueError):  # read-only, empty or not C-contiguous
        return int(array.ctypes.data)


def is_array(value: Any) -> bool:
    return any(hasattr(value, attribute) for attribute in (
        "data_ptr", "__array_interface__", "__cuda_array_interface__", "__dlpack__"))


def on_gpu(array: Any) -> bool:
    """Whether an array argument lives in GPU memory (a torch CUDA tensor, or an object with
    only `__cuda_array_interface__`)."""
    device = getattr(array, "device", None)
    if getattr(device, "type", None) == "cuda":
        return True
    return hasattr(array, "__cuda_array_interface__") and not hasattr(
        array, "__array_interface__")


def argument_type(name: str, value: Any, specialize: bool = True) -> tuple[dtype, Optional[str]]:
    """The dtype of launch argument `name`, and its specialization: "equal_to_1",
    "divisible_by_16" or None."""
    if isinstance(value, np.generic):
        # A numpy scalar (np.int32(3), np.float32(2)) is a scalar argument, typed as the Python
        # scalar of its value: not a 0-d array whose address the kernel would get.
        value = value.item()
    if isinstance(value, bool):
        return tl.int1, None
    if isinstance(value, int):
        if -2**31 <= value < 2**31:
            ty = tl.int32
        elif 2**63 <= value < 2**64:
            ty = tl.uint64
        elif -2**63 <= value < 2**63:
            ty = tl.int64
        else:
            raise TypeError(f"argument `{name}` = {value} does not fit in 64 bits")
        if not specialize:
            return ty, None
        if value == 1:
            return ty, "equal_to_1"
        return ty, "divisible_by_16" if value % 16 == 0 else None
    if isinstance(value, float):
        return tl.float32, None
    if is_array(value):
        element = array_dtype(value)
        if element is None:
            raise TypeError(f"argument `{name}`: cannot tell the dtype of "
                            f"{type(value).__name__}")
        address = data_pointer(value)
        specialization = "divisible_by_16" if specialize and address % 16 == 0 else None
        return pointer_type(element), specialization
    raise TypeError(f"argument `{name}` has unsupported type {type(value).__name__}; kernels "
                    "take arrays, tensors, ints, floats and bools")
