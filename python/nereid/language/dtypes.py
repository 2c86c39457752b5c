"""The types of the Triton language: scalar dtypes, pointers and blocks (tensors), with their
MLIR spellings. Signedness lives here: MLIR integers are signless, and the frontend picks
signed or unsigned ops from these types."""

from __future__ import annotations

from typing import Sequence


_PUBLIC_NAMES = {
    "int1": "int1", "fp8e5": "float8e5", "fp8e4nv": "float8e4nv", "fp8e4b15": "float8e4b15",
    "fp16": "float16", "bf16": "bfloat16", "fp32": "float32", "fp64": "float64",
}


class dtype:
    """A scalar type of the language: `tl.float32`, `tl.int8`, `tl.uint64`, ...

    Blocks and pointers are subclasses, so that `x.dtype` and `ptr.dtype.element_ty` read as in
    Triton."""

    SINT_TYPES = ("int8", "int16", "int32", "int64")
    UINT_TYPES = ("int1", "uint8", "uint16", "uint32", "uint64")
    FP_TYPES = ("fp8e4b15", "fp8e4nv", "fp8e5", "fp16", "bf16", "fp32", "fp64")
    OTHER_TYPES = ("void",)

    _MLIR = {
        "int1": "i1", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
        "uint8": "i8", "uint16": "i16", "uint32": "i32", "uint64": "i64",
        "fp8e4b15": "f8E4M3B11FNUZ", "fp8e4nv": "f8E4M3FN", "fp8e5": "f8E5M2",
        "fp16": "f16", "bf16": "bf16", "fp32": "f32", "fp64": "f64",
    }
    _BITS = {
        "int1": 1, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
        "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
        "fp8e4b15": 8, "fp8e4nv": 8, "fp8e5": 8, "fp16": 16, "bf16": 16, "fp32": 32,
        "fp64": 64,
    }
    # Bits of the mantissa, used to order floats of one width.
    _MANTISSA = {"fp8e4b15": 3, "fp8e4nv": 3, "fp8e5": 2, "fp16": 10, "bf16": 7, "fp32": 23,
                 "fp64": 52}

    def __init__(self, name: str) -> None:
        self.name = name

    # Kind queries ---------------------------------------------------------------------------

    def is_void(self) -> bool:
        return self.name == "void"

    def is_bool(self) -> bool:
        return self.name == "int1"

    def is_int(self) -> bool:
        return self.name in dtype.SINT_TYPES or self.name in dtype.UINT_TYPES

    def is_int_signed(self) -> bool:
        return self.name in dtype.SINT_TYPES

    def is_int_unsigned(self) -> bool:
        return self.name in dtype.UINT_TYPES

    def is_floating(self) -> bool:
        return self.name in dtype.FP_TYPES

    def is_fp8(self) -> bool:
        return self.name.startswith("fp8")

    def is_fp16(self) -> bool:
        return self.name == "fp16"

    def is_bf16(self) -> bool:
        return self.name == "bf16"

    def is_fp32(self) -> bool:
        return self.name == "fp32"

    def is_fp64(self) -> bool:
        return self.name == "fp64"

    def is_ptr(self) -> bool:
        return False

    def is_block(self) -> bool:
        return False

    def is_standard_floating(self) -> bool:
        return self.name in ("fp16", "bf16", "fp32", "fp64")

    @property
    def primitive_bitwidth(self) -> int:
        return dtype._BITS[self.name]

    @property
    def int_bitwidth(self) -> int:
        return dtype._BITS[self.name]

    @property
    def fp_mantissa_width(self) -> int:
        return dtype._MANTISSA[self.name]

    @property
    def scalar(self) -> "dtype":
        return self

    def kind_rank(self) -> int:
        """bool < integer < float (Triton's `dtype.kind()`), the order in which Python scalars
        promote: signed and unsigned integers are one kind."""
        if self.is_bool():
            return 0
        if self.is_int():
            return 1
        return 2

    def to_ir(self) -> str:
        return dtype._MLIR[self.name]

    def to_unsigned(self) -> "dtype":
        return {"int8": uint8, "int16": uint16, "int32": uint32, "int64": uint64}.get(
            self.name, self)

    def to_signed(self) -> "dtype":
        return {"uint8": int8, "uint16": int16, "uint32": int32, "uint64": int64}.get(
            self.name, self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, dtype) and type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple:
        return (self.name,)

    def __str__(self) -> str:
        return _PUBLIC_NAMES.get(self.name, self.name)

    def __repr__(self) -> str:
        return f"triton.language.{self}"


class const:
    """The annotation of a kernel parameter that points to data the kernel does not write
    (`def k(x_ptr: tl.const, ...)`), as in Triton: the pointer's type is const, a store
    through it is an error, and a value that is const on one path and not on another has two
    types."""


class pointer_type(dtype):
    """A pointer to `element_ty` in an address space (1: global memory); a `const` one may
    not be stored through."""

    def __init__(self, element_ty: dtype, address_space: int = 1, const: bool = False) -> None:
        super().__init__(f"{'const_' if const else ''}pointer<{element_ty}>")
        self.element_ty = element_ty
        self.address_space = address_space
        self.const = const

    def is_ptr(self) -> bool:
        return True

    def is_int(self) -> bool:
        return False

    def is_floating(self) -> bool:
        return False

    @property
    def primitive_bitwidth(self) -> int:
        return 64

    def kind_rank(self) -> int:
        return 3

    def to_ir(self) -> str:
        space = "" if self.address_space == 1 else f", {self.address_space}"
        return f"!tt.ptr<{self.element_ty.to_ir()}{space}>"

    def _key(self) -> tuple:
        return ("ptr", self.element_ty, self.address_space, self.const)

    def __str__(self) -> str:
        return f"{'const_' if self.const else ''}pointer<{self.element_ty}>"


class block_type(dtype):
    """A tensor of `element_ty` with a static shape."""

    def __init__(self, element_ty: dtype, shape: Sequence[int]) -> None:
        super().__init__(f"<{list(shape)}, {element_ty}>")
        self.element_ty = element_ty
        self.shape = tuple(int(s) for s in shape)
        self.numel = 1
        for s in self.shape:
            self.numel *= s

    def is_block(self) -> bool:
        return True

    @property
    def scalar(self) -> dtype:
        return self.element_ty

    def get_block_shapes(self) -> tuple[int, ...]:
        return self.shape

    def to_ir(self) -> str:
        dims = "x".join(str(s) for s in self.shape)
        return f"tensor<{dims}x{self.element_ty.to_ir()}>"

    def _key(self) -> tuple:
        return ("block", self.element_ty, self.shape)

    def __str__(self) -> str:
        return f"<{list(self.shape)}, {self.element_ty}>"


class tensor_descriptor_type(dtype):
    """The type of `tl.make_tensor_descriptor`: a global tensor read and written in blocks."""

    def __init__(self, block_type_: block_type) -> None:
        super().__init__(f"tensor_descriptor<{block_type_}>")
        self.block_type = block_type_

    def to_ir(self) -> str:
        return f"!tt.tensordesc<{self.block_type.to_ir()}>"

    def _key(self) -> tuple:
        return ("tensordesc", self.block_type)


class tensor_descriptor_argument(pointer_type):
    """A host-side tensor descriptor passed to a kernel (`triton.tools.tensor_descriptor`):
    a pointer to its base, with the shape, strides and block shape that the kernel is
    compiled for."""

    def __init__(self, element_ty: dtype, shape: Sequence[int], strides: Sequence[int],
                 block_shape: Sequence[int]) -> None:
        super().__init__(element_ty)
        self.shape, self.strides = tuple(shape), tuple(strides)
        self.block_shape = tuple(block_shape)

    def _key(self) -> tuple:
        return ("descriptor", self.element_ty, self.shape, self.strides, self.block_shape)

    def __str__(self) -> str:
        return (f"tensor_descriptor<{self.element_ty}, shape={list(self.shape)}, "
                f"strides={list(self.strides)}, block_shape={list(self.block_shape)}>")


void = dtype("void")
int1 = dtype("int1")
int8 = dtype("int8")
int16 = dtype("int16")
int32 = dtype("int32")
int64 = dtype("int64")
uint8 = dtype("uint8")
uint16 = dtype("uint16")
uint32 = dtype("uint32")
uint64 = dtype("uint64")
float8e5 = dtype("fp8e5")
float8e4nv = dtype("fp8e4nv")
float8e4b15 = dtype("fp8e4b15")
float16 = dtype("fp16")
bfloat16 = dtype("bf16")
float32 = dtype("fp32")
float64 = dtype("fp64")
pi32_t = pointer_type(int32)


# The dtypes by the names that users and numpy use for them.
BY_NAME = {
    "int1": int1, "bool": int1, "int8": int8, "int16": int16, "int32": int32, "int64": int64,
    "uint8": uint8, "uint16": uint16, "uint32": uint32, "uint64": uint64,
    "float8e5": float8e5, "float8_e5m2": float8e5, "float8e4nv": float8e4nv,
    "float8_e4m3fn": float8e4nv, "float8e4b15": float8e4b15,
    "float16": float16, "fp16": float16, "bfloat16": bfloat16, "bf16": bfloat16,
    "float32": float32, "fp32": float32, "float64": float64, "fp64": float64,
}
