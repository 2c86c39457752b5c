"""What every semantic family needs: errors, constants, conversion of Python values to tensors,
broadcasting and casts."""

from __future__ import annotations

import math
import numbers
import struct
from typing import Any, Optional, Sequence

from ...ir_builder import Builder, Value
from .. import dtypes as tl
from ..core import constexpr, tensor
from ..device_function import as_jit_function
from ..dtypes import block_type, dtype, pointer_type


class SemanticError(Exception):
    """A kernel breaks a rule of the language; the code generator adds the source line."""


class StaticAssertionError(SemanticError):
    """A `tl.static_assert` failed (a CompileTimeAssertionFailure for the kernel's author)."""


# The most elements a tile may hold: Triton's TRITON_MAX_TENSOR_NUMEL.
MAX_TENSOR_NUMEL = 1048576


def tile_type(element: dtype, shape: Sequence[int]) -> block_type:
    """The type of a tile of `element` of `shape`, which may hold at most MAX_TENSOR_NUMEL
    elements (Triton's limit, in its words)."""
    ty = block_type(element, shape)
    if ty.numel > MAX_TENSOR_NUMEL:
        raise SemanticError(f"numel ({ty.numel}) exceeds triton maximum tensor numel "
                            f"({MAX_TENSOR_NUMEL})")
    return ty


def unwrap(value: Any) -> Any:
    return value.value if isinstance(value, constexpr) else value


def wrap_axis(axis: Any, rank: int) -> int:
    """`axis` of a tensor of `rank` dimensions as a non-negative index; negative axes count
    from the end. An axis outside [-rank, rank) is an error in Triton's words."""
    axis = int(unwrap(axis))
    if not -rank <= axis < rank:
        raise SemanticError(f"invalid axis {axis}. Expected {-rank} <= axis < {rank}")
    return axis + rank if axis < 0 else axis


def is_python_scalar(value: Any) -> bool:
    value = unwrap(value)
    return isinstance(value, (bool, numbers.Integral, numbers.Real)) and not isinstance(
        value, tensor)


def python_scalar_dtype(value: Any) -> dtype:
    """The dtype Triton gives a Python literal: bool -> int1; int -> int32, uint32, int64 or
    uint64, the first that holds it; float -> fp32 (fp64 beyond fp32's range)."""
    if isinstance(value, bool):
        return tl.int1
    if isinstance(value, numbers.Integral):
        if -2**31 <= value < 2**31:
            return tl.int32
        if 2**31 <= value < 2**32:
            return tl.uint32
        if -2**63 <= value < 2**63:
            return tl.int64
        if 2**63 <= value < 2**64:
            return tl.uint64
        raise SemanticError(f"integer literal {value} does not fit in 64 bits")
    value = float(value)
    if math.isfinite(value) and value != 0.0 and not (1.1754943508222875e-38 <= abs(value)
                                                      <= 3.4028234663852886e38):
        return tl.float64
    return tl.float32


# Bit patterns of special float values, for constants the MLIR float syntax cannot spell.
_FLOAT_BITS = {
    # (bits of the type, exponent bits, mantissa bits)
    "f16": (16, 5, 10), "bf16": (16, 8, 7), "f32": (32, 8, 23), "f64": (64, 11, 52),
}


def float_literal(value: float, ir_type: str) -> str:
    """`value` as an MLIR float literal of `ir_type`: decimal when finite, a bit pattern for
    infinities and NaN."""
    if math.isfinite(value):
        return f"{value:.17e}"
    if ir_type == "f64":
        bits = struct.unpack("<Q", struct.pack("<d", value))[0]
        return f"0x{bits:016X}"
    if ir_type in _FLOAT_BITS:
        width, exponent, mantissa = _FLOAT_BITS[ir_type]
        sign = 1 << (width - 1) if value < 0 else 0
        all_ones = ((1 << exponent) - 1) << mantissa
        quiet = 1 << (mantissa - 1)
        bits = all_ones | quiet if math.isnan(value) else sign | all_ones
        return f"0x{bits:0{width // 4}X}"
    raise SemanticError(f"cannot write {value} as a constant of type {ir_type}")


class SemanticBase:
    """The builder and the helpers that every family of operations shares."""

    def __init__(self, builder: Builder) -> None:
        self.builder = builder
        # The code generator walking the kernel; it generates calls of @jit functions.
        self.active_generator: Any = None

    def call_jit_function(self, function: Any, args: list, what: str) -> list:
        """Generates `function(*args)` (a @jit function) at the insertion point and returns
        its results as a list."""
        from ...runtime.jit import JITFunction

        function = as_jit_function(function)
        if not isinstance(function, JITFunction):
            raise SemanticError(f"the {what} combine function must be a @triton.jit function; "
                                f"got {function!r}")
        result = self.active_generator.call_jit(function, list(args), {}, None)
        if isinstance(result, (tuple, list)):
            return list(result)
        return [] if result is None else [result]

    # Constants -------------------------------------------------------------------------

    def scalar_constant(self, value: Any, ty: dtype) -> tensor:
        """The scalar `value` as a constant of dtype `ty`."""
        value = unwrap(value)
        ir_type = ty.to_ir()
        if ty.is_bool():
            text = "true" if value else "false"
            return tensor(self.builder.create_one(f"arith.constant {text}", "i1"), ty)
        if ty.is_int():
            bits = ty.int_bitwidth
            integer = int(value) & ((1 << bits) - 1)
            if integer >= 1 << (bits - 1):
                integer -= 1 << bits
            return tensor(self.builder.create_one(f"arith.constant {integer} : {ir_type}",
                                                  ir_type), ty)
        if ty.is_floating():
            if ty.is_fp8():
                # MLIR spells fp8 constants by value and rounds them to the format.
                wide = self.scalar_constant(value, tl.float32)
                return self.cast(wide, ty)
            literal = float_literal(float(value), ir_type)
            return tensor(self.builder.create_one(f"arith.constant {literal} : {ir_type}",
                                                  ir_type), ty)
        raise SemanticError(f"cannot make a constant of type {ty}")

    def full(self, shape: Sequence[int], value: Any, ty: dtype) -> tensor:
        scalar = value if isinstance(value, tensor) else self.scalar_constant(value, ty)
        if isinstance(value, tensor) and value.dtype != ty:
            scalar = self.cast(value, ty)
        if not shape:
            return scalar
        return self.splat(scalar, shape)

    def to_tensor(self, value: Any, ty: Optional[dtype] = None) -> tensor:
        """`value` as a tensor: a tensor is itself; a Python scalar becomes a constant of `ty`
        or of the dtype Triton gives the literal."""
        value = unwrap(value)
        if isinstance(value, tensor):
            return value
        if is_python_scalar(value):
            return self.scalar_constant(value, ty or python_scalar_dtype(value))
        raise SemanticError(f"expected a tensor or a number; got {type(value).__name__} "
                            f"{value!r}")

    # Shapes ----------------------------------------------------------------------------

    def splat(self, value: tensor, shape: Sequence[int]) -> tensor:
        ty = tile_type(value.dtype, shape)
        handle = self.builder.create_one(f"tt.splat {value.handle.name}", ty.to_ir(),
                                         f": {value.handle.type} -> {ty.to_ir()}")
        return tensor(handle, ty)

    def broadcast_to_shape(self, value: tensor, shape: Sequence[int]) -> tensor:
        """`value` (scalar or block) repeated to `shape`, which it must be compatible with."""
        shape = tuple(int(unwrap(s)) for s in shape)
        if not value.type.is_block():
            return self.splat(value, shape) if shape else value
        source = value.type.shape
        if source == shape:
            return value
        if len(source) > len(shape):
            raise SemanticError(f"cannot broadcast a tensor of shape {list(source)} to "
                                f"{list(shape)}")
        while len(value.type.shape) < len(shape):
            value = self.expand_dims(value, 0)
        source = value.type.shape
        for index, (have, want) in enumerate(zip(source, shape)):
            if have != want and have != 1:
                raise SemanticError(f"cannot broadcast dimension {index} of shape "
                                    f"{list(source)} to {list(shape)}")
        ty = tile_type(value.dtype, shape)
        handle = self.builder.create_one(f"tt.broadcast {value.handle.name}", ty.to_ir(),
                                         f": {value.handle.type} -> {ty.to_ir()}")
        return tensor(handle, ty)

    def broadcast_shapes(self, *shapes: Sequence[int]) -> tuple[int, ...]:
        """The shape that tensors of `shapes` broadcast to (numpy's rule: align trailing
        dimensions; a dimension of 1 stretches)."""
        rank = max(len(s) for s in shapes)
        result = []
        for index in range(rank):
            sizes = {s[index - rank + len(s)] for s in shapes if index - rank + len(s) >= 0}
            sizes.discard(1)
            if len(sizes) > 1:
                raise SemanticError(
                    f"Cannot make_shape_compatible: incompatible dimensions at index {index}: "
                    + " and ".join(str(size) for size in sorted(sizes))
                    + "; incompatible shapes for broadcasting: "
                    + " and ".join(str(list(s)) for s in shapes))
            result.append(sizes.pop() if sizes else 1)
        return tuple(result)

    def broadcast_values(self, *values: tensor) -> list[tensor]:
        shapes = [v.type.shape for v in values if v.type.is_block()]
        if not shapes:
            return list(values)
        shape = self.broadcast_shapes(*shapes)
        return [self.broadcast_to_shape(v, shape) for v in values]

    def expand_dims(self, value: tensor, axis: int) -> tensor:
        value = self.to_tensor(value)
        axis = int(unwrap(axis))
        if not value.type.is_block():
            return self.splat(value, (1,))
        shape = list(value.type.shape)
        shape.insert(wrap_axis(axis, len(shape) + 1), 1)
        ty = tile_type(value.dtype, shape)
        handle = self.builder.create_one(
            f"tt.expand_dims {value.handle.name}", ty.to_ir(),
            f": {value.handle.type} -> {ty.to_ir()}", attributes={"axis": f"{axis} : i32"})
        return tensor(handle, ty)

    def same_shape(self, value: tensor, ty: dtype) -> dtype:
        """`ty` with the shape of `value`."""
        return block_type(ty, value.type.shape) if value.type.is_block() else ty

    # Casts -----------------------------------------------------------------------------

    def _convert(self, op: str, value: tensor, ty: dtype, extra: str = "") -> tensor:
        result_type = self.same_shape(value, ty)
        handle = self.builder.create_one(
            f"{op} {value.handle.name}{extra}", result_type.to_ir(),
            f": {value.handle.type} to {result_type.to_ir()}")
        return tensor(handle, result_type)

    def bitcast(self, value: tensor, ty: dtype) -> tensor:
        value = self.to_tensor(value)
        source = value.dtype
        if source == ty:
            return value
        if source.is_ptr() != ty.is_ptr() or (
                not ty.is_ptr() and source.primitive_bitwidth != ty.primitive_bitwidth):
            raise SemanticError(f"cannot bitcast {source} to {ty}: the sizes differ")
        result_type = self.same_shape(value, ty)
        handle = self.builder.create_one(f"tt.bitcast {value.handle.name}",
                                         result_type.to_ir(),
                                         f": {value.handle.type} -> {result_type.to_ir()}")
        return tensor(handle, result_type)

    def cast(self, value: Any, ty: dtype, fp_downcast_rounding: Optional[str] = None,
             bitcast: bool = False) -> tensor:
        """Converts `value` to dtype `ty` with Triton's rules: integers extend by their
        signedness, floats round to nearest even unless `fp_downcast_rounding` says "rtz",
        casts to bool compare with zero, and pointers cast to pointers or to int64."""
        value = self.to_tensor(value)
        ty = unwrap(ty)
        if isinstance(ty, block_type):
            ty = ty.element_ty
        if bitcast:
            return self.bitcast(value, ty)
        source = value.dtype
        if source == ty:
            return value
        if fp_downcast_rounding not in (None, "rtne", "rtz"):
            raise SemanticError(f"fp_downcast_rounding must be 'rtne' or 'rtz'; got "
                                f"{fp_downcast_rounding!r}")
        if fp_downcast_rounding is not None and not (
                source.is_floating() and ty.is_floating()
                and ty.primitive_bitwidth < source.primitive_bitwidth):
            raise SemanticError(f"fp_downcast_rounding applies only to narrowing float "
                                f"conversions; got a cast from {source} to {ty}")
        if source.is_ptr() or ty.is_ptr():
            return self._cast_pointer(value, ty)
        if ty.is_bool():
            zero = self.full(value.type.shape if value.type.is_block() else (), 0, source)
            return self.compare("ne", value, zero)
        if source.is_floating() and ty.is_floating():
            return self._cast_float(value, ty, fp_downcast_rounding)
        if source.is_int() and ty.is_int():
            if source.int_bitwidth == ty.int_bitwidth:
                return tensor(value.handle, self.same_shape(value, ty))
            if source.int_bitwidth > ty.int_bitwidth:
                return self._convert("arith.trunci", value, ty)
            extend = "arith.extsi" if source.is_int_signed() else "arith.extui"
            return self._convert(extend, value, ty)
        if source.is_int() and ty.is_floating():
            wide_ty = ty if ty.is_standard_floating() else tl.float32
            op = "arith.sitofp" if source.is_int_signed() else "arith.uitofp"
            converted = self._convert(op, value, wide_ty)
            return converted if wide_ty == ty else self._cast_float(converted, ty,
                                                                     fp_downcast_rounding)
        if source.is_floating() and ty.is_int():
            if not source.is_standard_floating():
                value = self._cast_float(value, tl.float32, None)
            op = "arith.fptosi" if ty.is_int_signed() else "arith.fptoui"
            return self._convert(op, value, ty)
        raise SemanticError(f"cannot cast {source} to {ty}")

    def _cast_float(self, value: tensor, ty: dtype, rounding: Optional[str]) -> tensor:
        source = value.dtype
        if source in (tl.float16, tl.bfloat16) and ty.is_standard_floating() and \
                ty != tl.float32:
            # As Triton does: half types convert to anything but fp32 through fp32.
            return self._cast_float(self._cast_float(value, tl.float32, None), ty, rounding)
        widening = ty.primitive_bitwidth > source.primitive_bitwidth
        if source.is_standard_floating() and ty.is_standard_floating() and rounding in (
                None, "rtne"):
            op = "arith.extf" if widening else "arith.truncf"
            return self._convert(op, value, ty)
        result_type = self.same_shape(value, ty)
        rounding_text = "" if widening else f", rounding = {rounding or 'rtne'}"
        handle = self.builder.create_one(
            f"tt.fp_to_fp {value.handle.name}{rounding_text}", result_type.to_ir(),
            f": {value.handle.type} -> {result_type.to_ir()}")
        return tensor(handle, result_type)

    def _cast_pointer(self, value: tensor, ty: dtype) -> tensor:
        source = value.dtype
        if source.is_ptr() and ty.is_ptr():
            return self.bitcast(value, ty)
        if source.is_ptr() and ty == tl.int64:
            result_type = self.same_shape(value, ty)
            handle = self.builder.create_one(f"tt.ptr_to_int {value.handle.name}",
                                             result_type.to_ir(),
                                             f": {value.handle.type} -> {result_type.to_ir()}")
            return tensor(handle, result_type)
        if ty.is_ptr() and source in (tl.int64, tl.uint64):
            result_type = self.same_shape(value, ty)
            handle = self.builder.create_one(f"tt.int_to_ptr {value.handle.name}",
                                             result_type.to_ir(),
                                             f": {value.handle.type} -> {result_type.to_ir()}")
            return tensor(handle, result_type)
        if ty.is_bool() and source.is_ptr():
            return self.compare("ne", self.cast(value, tl.int64), 0)
        raise SemanticError(f"cannot cast {source} to {ty}: pointers cast only to pointers "
                            "and to int64")

    def pointer_element(self, pointer: tensor) -> dtype:
        if not pointer.dtype.is_ptr():
            raise SemanticError(f"expected a pointer; got a value of type {pointer.type}")
        return pointer.dtype.element_ty

    def value_of(self, value: Value, ty: dtype) -> tensor:
        return tensor(value, ty)


__all__ = ["SemanticBase", "SemanticError", "unwrap", "is_python_scalar",
           "python_scalar_dtype", "pointer_type", "block_type", "tile_type"]
