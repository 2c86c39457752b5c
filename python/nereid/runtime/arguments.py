"""Kernel arguments as the compiler sees them: the dtype of each launch argument, and the
specialization Triton applies (integers equal to 1, and integers and pointers divisible by 16).

Arrays come as numpy arrays (with ml_dtypes for bfloat16 and fp8), anything with `__dlpack__`,
`__array_interface__` or `__cuda_array_interface__`, or objects with `data_ptr()` and `dtype`
(torch tensors)."""

from __future__ import annotations

import ctypes
from typing import Any, Callable, Optional

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
    if isinstance(dtype_, dtype):  # triton.reinterpret's TensorWrapper
        return dtype_
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


def buffer_extent(value: Any) -> tuple[int, int]:
    """The address of an array argument and how many bytes from there its elements span: the
    buffer that the interpreter, and a bounds-checked CPU kernel, check its accesses against."""
    array = value
    if not hasattr(array, "__array_interface__") and hasattr(array, "__dlpack__") \
            and not hasattr(array, "data_ptr"):
        array = np.from_dlpack(array)
    address = data_pointer(array)
    if hasattr(array, "data_ptr") and hasattr(array, "element_size"):  # torch
        itemsize = array.element_size()
        shape, strides = tuple(array.shape), tuple(array.stride())
    else:
        view = np.asarray(array)
        itemsize = view.itemsize
        shape = view.shape
        strides = tuple(s // itemsize for s in view.strides)
    if any(s < 0 for s in strides):
        raise ValueError("arrays with negative strides cannot be passed to kernels")
    if any(d == 0 for d in shape):
        return address, 0
    last = sum((d - 1) * s for d, s in zip(shape, strides))
    return address, (last + 1) * itemsize


def ndarray_address(array: np.ndarray) -> int:
    """The address of a numpy array's first element; for writable, non-empty C-contiguous
    arrays through the buffer protocol, which costs half of `array.ctypes.data`. Raises
    ValueError for a view with a negative or zero stride (see `stride_problem`)."""
    try:
        return ctypes.addressof(ctypes.c_byte.from_buffer(array))
    except (TypeError, ValueError):  # read-only, empty or not C-contiguous
        return unusual_ndarray_address(array)


def unusual_ndarray_address(array: np.ndarray) -> int:
    """`ndarray_address` of an array off the buffer protocol's quick path (read-only, empty
    or not C-contiguous), after checking its strides."""
    problem = stride_problem(array.shape, array.strides)
    if problem is not None:
        raise ValueError(f"{problem}; pass a copy (np.ascontiguousarray)") from None
    return int(array.ctypes.data)


def stride_problem(shape: Any, strides: Any) -> Optional[str]:
    """Why an array with these strides (bytes or elements) cannot be a kernel argument, or
    None. A kernel addresses an array from its first element through the offsets it computes,
    as Triton's `data_ptr()` does: a negative stride (a reversed view such as `x[::-1]`) puts
    the other elements before that address, and a zero stride (`np.broadcast_to`) makes them
    all one element in memory, so either would be read or written out of bounds. A dimension
    of size 0 or 1 has no elements to reach through its stride."""
    if 0 in shape:
        return None
    for size, stride in zip(shape, strides):
        if size > 1 and stride <= 0:
            kind = "negative" if stride < 0 else "zero"
            view = "a reversed view" if stride < 0 else "a broadcast view"
            return (f"an array with a {kind} stride ({view}, strides {tuple(strides)}) "
                    f"cannot be passed to a kernel, which addresses it forwards from its "
                    f"first element")
    return None


def ndarray_launch_key(kernel: str, name: str, array: np.ndarray,
                       align: bool) -> tuple[int, tuple]:
    """The ABI value and launch key of numpy array argument `name` of `kernel` that is off the
    buffer protocol's quick path (see `JITFunction._make_launch_key`): the key tells apart a
    writable array from a read-only one, which a kernel that stores through `name` must
    refuse (`check_array_argument`, on the first launch with that key)."""
    try:
        address = unusual_ndarray_address(array)
    except ValueError as error:
        raise ValueError(f"argument `{name}` of kernel `{kernel}`: {error}") from None
    return address, (np.ndarray, array.dtype, align and address % 16 == 0,
                     bool(array.flags.writeable))


# The launch keys of array kinds other than numpy's, by their exact type: each
# `launch_key(kernel, name, value, align)` returns the value as the kernel ABI passes it (its
# address) and a hashable key that fixes everything a launch derives from the value: its dtype,
# its memory (the device, which picks the backend), and whether its address is divisible by 16
# where `align`. It raises ValueError for an array no kernel can take, as `check_array_argument`
# does. `JITFunction._make_launch_key` uses them; nereid.torch registers torch's tensors.
ARRAY_LAUNCH_KEYS: dict[type, Callable[[str, str, Any, bool], tuple[int, tuple]]] = {}


def check_array_argument(kernel: str, name: str, value: Any) -> bool:
    """Raises ValueError when array argument `name` of `kernel` is a view with a negative or
    zero stride (`stride_problem`); returns whether it is a read-only numpy array
    (`writeable` off: `np.frombuffer` of bytes, `np.memmap(mode="r")`), which a kernel must
    not store through (`read_only_error`)."""
    if type(value) is not np.ndarray:
        if hasattr(value, "data_ptr") and callable(getattr(value, "stride", None)):  # torch
            problem = stride_problem(tuple(value.shape), tuple(value.stride()))
            if problem is not None:
                raise ValueError(f"argument `{name}` of kernel `{kernel}`: {problem}; pass a "
                                 "copy (.contiguous())")
            return False
        if not hasattr(value, "__array_interface__"):
            return False
        value = np.asarray(value)
    problem = stride_problem(value.shape, value.strides)
    if problem is not None:
        raise ValueError(f"argument `{name}` of kernel `{kernel}`: {problem}; pass a copy "
                         "(np.ascontiguousarray)")
    return value.size > 0 and not value.flags.writeable


def read_only_error(kernel: str, name: str) -> ValueError:
    """The error of a launch that passes a read-only array where the kernel stores."""
    return ValueError(f"argument `{name}` of kernel `{kernel}` is a read-only array "
                      "(writeable=False: np.frombuffer of bytes, np.memmap(mode='r'), a "
                      "read-only view), and the kernel stores through it; pass a writable "
                      "copy (np.array)")


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
    from .tensor_descriptor import TensorDescriptor  # which reads arrays with this module

    if isinstance(value, TensorDescriptor):  # its base is 16-byte aligned
        return value.argument_type(), "divisible_by_16"
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
            raise OverflowError(f"argument `{name}` = {value} does not fit in 64 bits")
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
