"""The host-side tensor descriptor of upstream Triton (`triton.tools.tensor_descriptor`): a
kernel argument that the kernel reads and writes a block at a time (`desc.load(offsets)`,
`desc.store(offsets, value)`), as one made in the kernel with `tl.make_tensor_descriptor`.

Nereid compiles the descriptor's shape, strides and block shape into the kernel (a launch with
another shape compiles another kernel) and passes its base as a pointer; in the kernel it is the
descriptor that `tl.make_tensor_descriptor` makes of them. Upstream passes the shape and strides
at run time."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List

from ..language.dtypes import dtype, tensor_descriptor_argument
from . import arguments


@dataclass
class TensorDescriptor:
    """`base` (an array) seen as a tensor of `shape` and `strides` (in elements, the last one
    1), in blocks of `block_shape` (powers of two). `padding` is what a load reads outside
    the tensor: "zero" (Nereid does not have upstream's "nan")."""

    base: Any
    shape: List[int]
    strides: List[int]
    block_shape: List[int]
    padding: str = "zero"

    def __post_init__(self) -> None:
        self.shape, self.strides = [int(s) for s in self.shape], [int(s) for s in self.strides]
        self.block_shape = [int(b) for b in self.block_shape]
        rank = len(self.shape)
        if not 0 < rank <= 5 or len(self.strides) != rank or len(self.block_shape) != rank:
            raise ValueError(f"a tensor descriptor has 1 to 5 dimensions, and as many strides "
                             f"and block dimensions; got shape {self.shape}, strides "
                             f"{self.strides}, block_shape {self.block_shape}")
        if any(b < 1 or b & (b - 1) for b in self.block_shape):
            raise ValueError(f"the block shape of a tensor descriptor is powers of two; got "
                             f"{self.block_shape}")
        if self.strides[-1] != 1:
            raise ValueError(f"Last dimension must be contiguous: the last stride of a tensor "
                             f"descriptor is 1; got {self.strides}")
        if self.padding != "zero":
            raise ValueError(f"tensor descriptors pad with zeros on Nereid; padding "
                             f"{self.padding!r} is not supported yet")
        if self.data_ptr() % 16:
            raise ValueError("base must be 16-byte aligned")

    @staticmethod
    def from_tensor(tensor: Any, block_shape: List[int], padding: str = "zero"
                    ) -> "TensorDescriptor":
        """A descriptor of all of `tensor` (a torch tensor or a numpy array)."""
        strides = tensor.stride() if callable(getattr(tensor, "stride", None)) else \
            [s // tensor.itemsize for s in tensor.strides]
        return TensorDescriptor(tensor, list(tensor.shape), list(strides), block_shape, padding)

    # What a launch reads of an array argument: the base's memory, spanned by the descriptor,
    # and its elements' dtype.
    def data_ptr(self) -> int:
        return arguments.data_pointer(self.base)

    @property
    def dtype(self) -> dtype:
        return arguments.array_dtype(self.base)

    def element_size(self) -> int:
        return self.dtype.primitive_bitwidth // 8

    def stride(self) -> tuple[int, ...]:
        return tuple(self.strides)

    def argument_type(self) -> tensor_descriptor_argument:
        return tensor_descriptor_argument(self.dtype, self.shape, self.strides, self.block_shape)
