"""Arithmetic, comparisons, bitwise and math operations, with Triton's type promotion."""

from __future__ import annotations

from typing import Any, Optional

from .. import dtypes as tl
from ..core import tensor
from ..dtypes import dtype
from .base import SemanticBase, SemanticError, is_python_scalar, python_scalar_dtype, unwrap


def integer_promote(a: dtype, b: dtype) -> dtype:
    """C's usual arithmetic conversions on two integer types."""
    if a.is_int_signed() == b.is_int_signed():
        return a if a.int_bitwidth > b.int_bitwidth else b
    unsigned, signed = (a, b) if a.is_int_unsigned() else (b, a)
    return unsigned if unsigned.int_bitwidth >= signed.int_bitwidth else signed


def computation_type(a: dtype, a_is_scalar: bool, b: dtype, b_is_scalar: bool,
                     div_or_mod: bool) -> dtype:
    """The type a binary operation computes in (Triton's `computation_type_impl`).

    A Python scalar of the same or a lower kind (bool < unsigned < signed < float) than the
    tensor it meets takes the tensor's type."""
    if a_is_scalar != b_is_scalar:
        scalar, other = (a, b) if a_is_scalar else (b, a)
        if scalar.kind_rank() <= other.kind_rank():
            if div_or_mod and other in (tl.float16, tl.bfloat16):
                return tl.float32
            return other
    if a.is_fp64() or b.is_fp64():
        return tl.float64
    if a.is_fp32() or b.is_fp32():
        return tl.float32
    if a.is_fp16() or b.is_fp16():
        return tl.float32 if div_or_mod else tl.float16
    if a.is_bf16() or b.is_bf16():
        if div_or_mod:
            return tl.float32
        return tl.bfloat16 if a.is_bf16() and b.is_bf16() else tl.float32
    if a.is_fp8() and b.is_fp8():
        return a if a == b else tl.float16
    if not a.is_int() or not b.is_int():
        raise SemanticError(f"unexpected operand types {a} and {b}")
    if div_or_mod and a.is_int_signed() != b.is_int_signed():
        raise SemanticError(
            f"Cannot use /, //, or % with {a} and {b} because they have different signedness;"
            " this is unlikely to result in a useful answer. Cast them to the same signedness.")
    return integer_promote(a, b)


_COMPARE_SIGNED = {"lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge", "eq": "eq", "ne": "ne"}
_COMPARE_UNSIGNED = {"lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge", "eq": "eq", "ne": "ne"}
_COMPARE_FLOAT = {"lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge", "eq": "oeq", "ne": "une"}


class ArithmeticMixin(SemanticBase):
    """Binary and unary arithmetic of the language."""

    # Operand preparation ---------------------------------------------------------------

    def _operand_type(self, value: Any) -> dtype:
        """The scalar type of an operand: a Python number's literal type, a tensor's dtype."""
        value = unwrap(value)
        return python_scalar_dtype(value) if is_python_scalar(value) else \
            self.to_tensor(value).dtype

    def _operands(self, lhs: Any, rhs: Any, div_or_mod: bool = False,
                  allow_lhs_ptr: bool = False, allow_rhs_ptr: bool = False
                  ) -> tuple[tensor, tensor, dtype]:
        """Converts both operands to tensors of their computation type, broadcast together."""
        lhs, rhs = unwrap(lhs), unwrap(rhs)
        lhs_scalar, rhs_scalar = is_python_scalar(lhs), is_python_scalar(rhs)
        lhs_ty = python_scalar_dtype(lhs) if lhs_scalar else self.to_tensor(lhs).dtype
        rhs_ty = python_scalar_dtype(rhs) if rhs_scalar else self.to_tensor(rhs).dtype
        if lhs_ty.is_ptr() or rhs_ty.is_ptr():
            if (lhs_ty.is_ptr() and not allow_lhs_ptr) or (rhs_ty.is_ptr() and not allow_rhs_ptr):
                raise SemanticError(f"unsupported operand types {lhs_ty} and {rhs_ty}")
            ty = lhs_ty if lhs_ty.is_ptr() else rhs_ty
            lhs_t = self.to_tensor(lhs, None if lhs_ty.is_ptr() else lhs_ty)
            rhs_t = self.to_tensor(rhs, None if rhs_ty.is_ptr() else rhs_ty)
            lhs_t, rhs_t = self.broadcast_values(lhs_t, rhs_t)
            return lhs_t, rhs_t, ty
        ty = computation_type(lhs_ty, lhs_scalar, rhs_ty, rhs_scalar, div_or_mod)
        for scalar, is_scalar in ((lhs, lhs_scalar), (rhs, rhs_scalar)):
            if is_scalar and ty.is_int_unsigned() and not isinstance(scalar, bool) and scalar < 0:
                raise SemanticError(
                    "cannot combine an unsigned tensor with a negative scalar; cast the "
                    "tensor to a signed type first")
            if is_scalar and ty.is_int():
                bits = ty.int_bitwidth
                low, high = (0, 2**bits - 1) if ty.is_int_unsigned() else \
                    (-2**(bits - 1), 2**(bits - 1) - 1)
                if not low <= scalar <= high:
                    raise SemanticError(f"scalar {scalar} is out of range for type {ty}")
        lhs_t = self.scalar_constant(lhs, ty) if lhs_scalar else self.cast(lhs, ty)
        rhs_t = self.scalar_constant(rhs, ty) if rhs_scalar else self.cast(rhs, ty)
        lhs_t, rhs_t = self.broadcast_values(lhs_t, rhs_t)
        return lhs_t, rhs_t, ty

    def _binary(self, op: str, lhs: tensor, rhs: tensor, result_ty: Optional[dtype] = None
                ) -> tensor:
        result_type = self.same_shape(lhs, result_ty or lhs.dtype)
        handle = self.builder.create_one(f"{op} {lhs.handle.name}, {rhs.handle.name}",
                                         result_type.to_ir(), f": {lhs.handle.type}")
        return tensor(handle, result_type)

    def _unary(self, op: str, value: tensor) -> tensor:
        handle = self.builder.create_one(f"{op} {value.handle.name}", value.handle.type,
                                         f": {value.handle.type}")
        return tensor(handle, value.type)

    # Arithmetic ------------------------------------------------------------------------

    def add(self, lhs: Any, rhs: Any) -> tensor:
        lhs_t, rhs_t, ty = self._operands(lhs, rhs, allow_lhs_ptr=True, allow_rhs_ptr=True)
        if ty.is_ptr():
            if lhs_t.dtype.is_ptr() and rhs_t.dtype.is_ptr():
                raise SemanticError("cannot add two pointers")
            pointer, offset = (lhs_t, rhs_t) if lhs_t.dtype.is_ptr() else (rhs_t, lhs_t)
            return self.addptr(pointer, offset)
        if ty.is_floating():
            return self._binary("arith.addf", lhs_t, rhs_t)
        return self._binary("arith.addi", lhs_t, rhs_t)

    def sub(self, lhs: Any, rhs: Any) -> tensor:
        lhs_t, rhs_t, ty = self._operands(lhs, rhs, allow_lhs_ptr=True)
        if ty.is_ptr():
            return self.addptr(lhs_t, self.minus(rhs_t))
        if ty.is_floating():
            return self._binary("arith.subf", lhs_t, rhs_t)
        return self._binary("arith.subi", lhs_t, rhs_t)

    def mul(self, lhs: Any, rhs: Any) -> tensor:
        lhs_t, rhs_t, ty = self._operands(lhs, rhs)
        if ty.is_floating():
            return self._binary("arith.mulf", lhs_t, rhs_t)
        return self._binary("arith.muli", lhs_t, rhs_t)

    def truediv(self, lhs: Any, rhs: Any) -> tensor:
        """`/`: always a float division; integers divide as fp32."""
        lhs_t, rhs_t, ty = self._operands(lhs, rhs, div_or_mod=True)
        if ty.is_int():
            lhs_t, rhs_t = self.cast(lhs_t, tl.float32), self.cast(rhs_t, tl.float32)
        return self._binary("arith.divf", lhs_t, rhs_t)

    def floordiv(self, lhs: Any, rhs: Any) -> tensor:
        """`//` on integers: division rounding toward zero, as C and Triton do."""
        lhs_t, rhs_t, ty = self._operands(lhs, rhs, div_or_mod=True)
        if not ty.is_int():
            raise SemanticError(f"`//` is defined on integers only; got {ty}")
        op = "arith.divsi" if ty.is_int_signed() else "arith.divui"
        return self._binary(op, lhs_t, rhs_t)

    def fdiv(self, lhs: Any, rhs: Any, ieee_rounding: bool = False) -> tensor:
        lhs_t, rhs_t, ty = self._operands(lhs, rhs)
        if not ty.is_floating():
            raise SemanticError(f"tl.fdiv expects floating-point operands; got {ty}")
        return self._binary("arith.divf", lhs_t, rhs_t)

    def div_rn(self, lhs: Any, rhs: Any) -> tensor:
        lhs_t, rhs_t, ty = self._operands(lhs, rhs)
        if not ty.is_floating():
            raise SemanticError(f"tl.div_rn expects floating-point operands; got {ty}")
        handle = self.builder.create_one(
            f"tt.precise_divf {lhs_t.handle.name}, {rhs_t.handle.name}", lhs_t.handle.type,
            f": {lhs_t.handle.type}")
        return tensor(handle, lhs_t.type)

    def mod(self, lhs: Any, rhs: Any) -> tensor:
        """`%`: the remainder with the sign of the dividend (C's fmod and %)."""
        lhs_t, rhs_t, ty = self._operands(lhs, rhs, div_or_mod=True)
        if ty.is_floating():
            return self._binary("arith.remf", lhs_t, rhs_t)
        op = "arith.remsi" if ty.is_int_signed() else "arith.remui"
        return self._binary(op, lhs_t, rhs_t)

    def minus(self, value: Any) -> tensor:
        value = self.to_tensor(value)
        if value.dtype.is_ptr():
            raise SemanticError("cannot negate a pointer")
        if value.dtype.is_floating():
            return self._unary("arith.negf", value)
        return self.sub(self.full(value.type.shape if value.type.is_block() else (), 0,
                                  value.dtype), value)

    def invert(self, value: Any) -> tensor:
        value = self.to_tensor(value)
        if not value.dtype.is_int():
            raise SemanticError(f"`~` is defined on integers only; got {value.dtype}")
        ones = self.full(value.type.shape if value.type.is_block() else (), -1, value.dtype)
        return self._binary("arith.xori", value, ones)

    def abs(self, value: Any) -> tensor:
        value = self.to_tensor(value)
        if value.dtype.is_fp8():
            # The sign bit cleared, as Triton computes it for float8e4b15: the same as absf,
            # NaN payloads included, without fp8 arithmetic that a backend may not lower.
            bits = self.cast(value, tl.int8, bitcast=True)
            return self.cast(self.and_(bits, 0x7F), value.dtype, bitcast=True)
        if value.dtype.is_floating():
            return self._unary("math.absf", value)
        if value.dtype.is_int_signed():
            return self._unary("math.absi", value)
        if value.dtype.is_int():
            return value
        raise SemanticError(f"abs is not defined on {value.dtype}")

    # Bitwise ---------------------------------------------------------------------------

    def _integer_operands(self, lhs: Any, rhs: Any) -> tuple[tensor, tensor, dtype]:
        """The operands of a bitwise operation or shift, which Triton defines on integers
        only (refused in its words otherwise)."""
        types = [python_scalar_dtype(unwrap(v)) if is_python_scalar(v) else self.to_tensor(v).dtype
                 for v in (lhs, rhs)]
        if not all(ty.is_int() for ty in types):
            raise SemanticError(f"invalid operands of type {types[0]} and {types[1]}: "
                                "bitwise operations and shifts are defined on integers only")
        return self._operands(lhs, rhs)

    def _bitwise(self, op: str, lhs: Any, rhs: Any) -> tensor:
        lhs_t, rhs_t, _ = self._integer_operands(lhs, rhs)
        return self._binary(op, lhs_t, rhs_t)

    def and_(self, lhs: Any, rhs: Any) -> tensor:
        return self._bitwise("arith.andi", lhs, rhs)

    def or_(self, lhs: Any, rhs: Any) -> tensor:
        return self._bitwise("arith.ori", lhs, rhs)

    def xor_(self, lhs: Any, rhs: Any) -> tensor:
        return self._bitwise("arith.xori", lhs, rhs)

    def shl(self, lhs: Any, rhs: Any) -> tensor:
        return self._bitwise("arith.shli", lhs, rhs)

    def shr(self, lhs: Any, rhs: Any) -> tensor:
        """`>>`: arithmetic when the shifted tensor is signed, logical when it is unsigned
        (Triton decides by the tensor operand's own dtype, the left one when both are
        tensors, not by the promoted type)."""
        tensor_operand = unwrap(lhs) if isinstance(unwrap(lhs), tensor) else unwrap(rhs)
        lhs_t, rhs_t, ty = self._integer_operands(lhs, rhs)
        signed = tensor_operand.dtype.is_int_signed() if isinstance(tensor_operand, tensor) \
            else ty.is_int_signed()
        op = "arith.shrsi" if signed else "arith.shrui"
        return self._binary(op, lhs_t, rhs_t)

    def logical_and(self, lhs: Any, rhs: Any) -> tensor:
        return self.and_(self.cast(lhs, tl.int1), self.cast(rhs, tl.int1))

    def logical_or(self, lhs: Any, rhs: Any) -> tensor:
        return self.or_(self.cast(lhs, tl.int1), self.cast(rhs, tl.int1))

    def logical_not(self, value: Any) -> tensor:
        return self.invert(self.cast(value, tl.int1))

    # Comparisons -----------------------------------------------------------------------

    def compare(self, predicate: str, lhs: Any, rhs: Any) -> tensor:
        """A comparison; two pointers of one type compare as addresses, but a pointer and
        anything else is an error, as in Triton (an integer compared with a pointer is most
        likely a pointer passed where a size was meant)."""
        lhs_ty, rhs_ty = self._operand_type(lhs), self._operand_type(rhs)
        if (lhs_ty.is_ptr() or rhs_ty.is_ptr()) and lhs_ty != rhs_ty:
            raise SemanticError(f"invalid operands of type {lhs_ty} and {rhs_ty}")
        lhs_t, rhs_t, ty = self._operands(lhs, rhs, allow_lhs_ptr=True, allow_rhs_ptr=True)
        if ty.is_ptr():
            lhs_t, rhs_t = self.cast(lhs_t, tl.int64), self.cast(rhs_t, tl.int64)
            ty = tl.uint64
        if ty.is_floating():
            op, name = "arith.cmpf", _COMPARE_FLOAT[predicate]
        else:
            op = "arith.cmpi"
            name = (_COMPARE_SIGNED if ty.is_int_signed() else _COMPARE_UNSIGNED)[predicate]
        result_type = self.same_shape(lhs_t, tl.int1)
        handle = self.builder.create_one(
            f"{op} {name}, {lhs_t.handle.name}, {rhs_t.handle.name}", result_type.to_ir(),
            f": {lhs_t.handle.type}")
        return tensor(handle, result_type)

    def where(self, condition: Any, x: Any, y: Any) -> tensor:
        condition = self.cast(condition, tl.int1)
        x_t, y_t, ty = self._operands(x, y, allow_lhs_ptr=True, allow_rhs_ptr=True)
        shapes = [v.type.shape for v in (condition, x_t) if v.type.is_block()]
        if shapes:
            shape = self.broadcast_shapes(*shapes)
            x_t = self.broadcast_to_shape(x_t, shape)
            y_t = self.broadcast_to_shape(y_t, shape)
            if condition.type.is_block():
                condition = self.broadcast_to_shape(condition, shape)
        signature = (f": {condition.handle.type}, {x_t.handle.type}"
                     if condition.type.is_block() else f": {x_t.handle.type}")
        handle = self.builder.create_one(
            f"arith.select {condition.handle.name}, {x_t.handle.name}, {y_t.handle.name}",
            x_t.handle.type, signature)
        return tensor(handle, x_t.type)

    def minimum(self, x: Any, y: Any, propagate_nan: Any = None) -> tensor:
        return self._min_max("min", x, y, propagate_nan)

    def maximum(self, x: Any, y: Any, propagate_nan: Any = None) -> tensor:
        return self._min_max("max", x, y, propagate_nan)

    def _min_max(self, which: str, x: Any, y: Any, propagate_nan: Any) -> tensor:
        x_t, y_t, ty = self._operands(x, y)
        if ty.is_floating():
            propagate = str(unwrap(propagate_nan) or "NONE").upper().endswith("ALL")
            op = f"arith.{which}imumf" if propagate else f"arith.{which}numf"
        elif ty.is_int_signed():
            op = f"arith.{which}si"
        else:
            op = f"arith.{which}ui"
        return self._binary(op, x_t, y_t)

    def clamp(self, x: Any, low: Any, high: Any, propagate_nan: Any = None) -> tensor:
        x = self.to_tensor(x)
        if not x.dtype.is_floating():
            raise SemanticError(f"tl.clamp expects a floating-point tensor; got {x.dtype}")
        low = self.cast(self.to_tensor(low, x.dtype), x.dtype)
        high = self.cast(self.to_tensor(high, x.dtype), x.dtype)
        x, low, high = self.broadcast_values(x, low, high)
        nan = "all" if str(unwrap(propagate_nan) or "NONE").upper().endswith("ALL") else "none"
        handle = self.builder.create_one(
            f"tt.clampf {x.handle.name}, {low.handle.name}, {high.handle.name}, "
            f"propagateNan = {nan}", x.handle.type, f": {x.handle.type}")
        return tensor(handle, x.type)

    # Math ------------------------------------------------------------------------------

    def float_unary(self, op: str, name: str, value: Any) -> tensor:
        """A math op on floats; integer inputs are an error, as in Triton."""
        value = self.to_tensor(value)
        if not value.dtype.is_floating():
            raise SemanticError(f"tl.{name} expects a floating-point tensor; got {value.dtype}")
        if value.dtype.is_fp8():
            raise SemanticError(f"tl.{name} is not defined on fp8; convert to float16 or "
                                "float32 first")
        return self._unary(op, value)

    def precise_sqrt(self, value: Any) -> tensor:
        value = self.to_tensor(value)
        if value.dtype not in (tl.float32, tl.float64):
            raise SemanticError(f"tl.sqrt_rn expects float32 or float64; got {value.dtype}")
        return self._unary("tt.precise_sqrt", value)

    def fma(self, x: Any, y: Any, z: Any) -> tensor:
        x_t, y_t, ty = self._operands(x, y)
        z_t = self.cast(z, ty)
        x_t, y_t, z_t = self.broadcast_values(x_t, y_t, z_t)
        if not ty.is_floating():
            raise SemanticError(f"tl.fma expects floating-point operands; got {ty}")
        handle = self.builder.create_one(
            f"math.fma {x_t.handle.name}, {y_t.handle.name}, {z_t.handle.name}",
            x_t.handle.type, f": {x_t.handle.type}")
        return tensor(handle, x_t.type)

    def umulhi(self, x: Any, y: Any) -> tensor:
        x_t, y_t, ty = self._operands(x, y)
        if not ty.is_int():
            raise SemanticError(f"tl.umulhi expects integer operands; got {ty}")
        handle = self.builder.create_one(f"tt.mulhiui {x_t.handle.name}, {y_t.handle.name}",
                                         x_t.handle.type, f": {x_t.handle.type}")
        return tensor(handle, x_t.type)

    def extern_elementwise(self, library: str, path: str, args: list, symbol: str,
                           result_dtype: dtype, pure: bool) -> tensor:
        tensors = self.broadcast_values(*[self.to_tensor(a) for a in args])
        result_type = self.same_shape(tensors[0], result_dtype)
        operands = ", ".join(t.handle.name for t in tensors)
        types = ", ".join(t.handle.type for t in tensors)
        handle = self.builder.create_one(
            f"tt.extern_elementwise {operands}", result_type.to_ir(),
            f": ({types}) -> {result_type.to_ir()}",
            attributes={"libname": f'"{library}"', "libpath": f'"{path}"',
                        "pure": "true" if pure else "false", "symbol": f'"{symbol}"'})
        return tensor(handle, result_type)
