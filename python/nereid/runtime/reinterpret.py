"""`triton.reinterpret`: an array's memory passed to a kernel as elements of another dtype of
the same width, as upstream Triton's `TensorWrapper` does (fp8 data held in uint8 tensors is
the common case: `kernel[grid](triton.reinterpret(x_u8, tl.float8e4nv))`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from ..language.dtypes import dtype


class TensorWrapper:
    """`base` (a torch tensor or a numpy array) whose elements a kernel reads as `dtype`, a
    language dtype of the same width. It has what a launch reads of an array: `data_ptr()`,
    `shape`, `stride()`, `element_size()`, `device`."""

    def __init__(self, base: Any, dtype: dtype) -> None:
        self.base = base
        self.dtype = dtype
        self.shape = tuple(base.shape)
        self.device = getattr(base, "device", "cpu")

    def data_ptr(self) -> int:
        if isinstance(self.base, np.ndarray):
            return int(self.base.__array_interface__["data"][0])
        return int(self.base.data_ptr())

    def element_size(self) -> int:
        if isinstance(self.base, np.ndarray):
            return self.base.itemsize
        return int(self.base.element_size())

    def stride(self, *dim: int) -> Any:
        if isinstance(self.base, np.ndarray):
            strides = tuple(s // self.base.itemsize for s in self.base.strides)
            return strides[dim[0]] if dim else strides
        return self.base.stride(*dim)

    def numel(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    def __str__(self) -> str:
        return f"TensorWrapper[{self.dtype}]({self.base})"


def reinterpret(array: Any, dtype: dtype) -> Any:
    """`array`'s memory as elements of `dtype`; reinterpreting a wrapper as its base's own
    dtype gives the base back. The widths must match."""
    if isinstance(array, TensorWrapper):
        if str(dtype) == str(array.base.dtype).replace("torch.", ""):
            return array.base
        array = array.base
    if not (hasattr(array, "data_ptr") or isinstance(array, np.ndarray)):
        raise TypeError(f"Cannot reinterpret a {type(array)}.")
    wrapped = TensorWrapper(array, dtype)
    if dtype.primitive_bitwidth != wrapped.element_size() * 8:
        raise ValueError(f"cannot reinterpret elements of {wrapped.element_size()} bytes as "
                         f"{dtype}, whose elements are {dtype.primitive_bitwidth} bits")
    return wrapped
