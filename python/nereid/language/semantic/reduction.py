"""dot, reductions and scans with combiner functions, histograms, debugging ops and hints."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ...ir_builder import Region
from .. import dtypes as tl
from ..core import tensor
from ..dtypes import dtype
from .base import SemanticBase, SemanticError, tile_type, unwrap, wrap_axis


def _string_literal(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"'


# tl.dot_scaled's formats: the float dtype that stores each (None: e2m1, packed two to a
# uint8) and the unsigned dtype of the same width that a kernel may pass instead.
_SCALED_DOT_STORAGE = {
    "e2m1": (None, tl.uint8),
    "e4m3": (tl.float8e4nv, tl.uint8),
    "e5m2": (tl.float8e5, tl.uint8),
    "bf16": (tl.bfloat16, tl.uint16),
    "fp16": (tl.float16, tl.uint16),
}
# Every name Triton knows as a format; e2m3 and e3m2 are not implemented, there as here.
_SCALED_DOT_FORMAT_NAMES = {"E4M3", "E5M2", "E2M3", "E3M2", "E2M1", "BF16", "FP16"}


class ReductionMixin(SemanticBase):
    """Linear algebra, reductions, scans, and the ops for debugging and hints."""

    # dot -------------------------------------------------------------------------------

    def dot(self, a: Any, b: Any, acc: Any = None, input_precision: Any = None,
            allow_tf32: Any = None, max_num_imprecise_acc: Any = None,
            out_dtype: Any = tl.float32) -> tensor:
        a, b = self.to_tensor(a), self.to_tensor(b)
        out_dtype = unwrap(out_dtype)
        if not a.type.is_block() or not b.type.is_block():
            raise SemanticError("tl.dot needs tensor operands")
        a_shape, b_shape = a.type.shape, b.type.shape
        rank = len(a_shape)
        if rank not in (2, 3) or len(b_shape) != rank:
            raise SemanticError(f"Both inputs must be either 2D or 3D; (lhs: {list(a_shape)} vs "
                                f"rhs: {list(b_shape)}): tl.dot multiplies matrices, or batches "
                                f"of them")
        m, k = a_shape[-2:]
        k_b, n = b_shape[-2:]
        if k != k_b:
            raise SemanticError(f"First input shape ({list(a_shape)}) and second input shape "
                                f"{list(b_shape)} are not compatible for matmul (second index "
                                f"of first shape ({k}) must be equal to first index of second "
                                f"shape ({k_b}))")
        if rank == 3 and a_shape[0] != b_shape[0]:
            raise SemanticError("tl.dot: batched operands must have one batch size")
        if min(m, n, k) < 16:
            raise SemanticError(f"Input shapes should have M >= 16, N >= 16 and K >= 16; tl.dot "
                                f"needs 2-D operands of at least 16x16; got {m}x{k} and "
                                f"{k_b}x{n}")
        a_ty, b_ty = a.dtype, b.dtype
        if a_ty != b_ty and not (a_ty.is_fp8() and b_ty.is_fp8()):
            raise SemanticError(f"tl.dot needs operands of one dtype; got {a_ty} and {b_ty}")
        if a_ty.is_int():
            if a_ty.int_bitwidth != 8:
                raise SemanticError(f"tl.dot supports int8 integer operands only; got {a_ty}")
            result_ty = tl.int32
        elif a_ty.is_fp64():
            result_ty = tl.float64
        else:
            result_ty = out_dtype if out_dtype is not None else tl.float32
            if not result_ty.is_floating():
                raise SemanticError(f"tl.dot's out_dtype must be a float type for float "
                                    f"operands; got {result_ty}")
        batch = a_shape[:-2]
        out_type = tile_type(result_ty, (*batch, m, n))
        if unwrap(acc) is None:
            acc = self.full(out_type.shape, 0, result_ty)
        else:
            # The accumulator's dtype is the result's.
            acc = self.to_tensor(acc)
            if acc.type.is_block() and acc.type.shape != out_type.shape:
                raise SemanticError(f"tl.dot's accumulator must have shape "
                                    f"{list(out_type.shape)}; got {list(acc.type.shape)}")
            if acc.dtype.is_int() != a_ty.is_int() or acc.dtype.is_ptr():
                raise SemanticError(f"tl.dot's accumulator must be {result_ty}-like for "
                                    f"{a_ty} operands; got {acc.dtype}")
            out_type = tile_type(acc.dtype, out_type.shape)
            acc = self.broadcast_to_shape(acc, out_type.shape)
        precision = self.dot_input_precision(unwrap(input_precision), unwrap(allow_tf32))
        precision_text = f", inputPrecision = {precision}" \
            if a_ty.is_fp32() and precision != "ieee" else ""
        attributes = {}
        if unwrap(max_num_imprecise_acc):
            if unwrap(max_num_imprecise_acc) > a.type.shape[-1]:
                raise SemanticError(f"max_num_imprecise_acc ({unwrap(max_num_imprecise_acc)}) "
                                    f"must be <= K ({a.type.shape[-1]})")
            attributes["maxNumImpreciseAcc"] = f"{int(unwrap(max_num_imprecise_acc))} : i32"
        handle = self.builder.create_one(
            f"tt.dot {a.handle.name}, {b.handle.name}, {acc.handle.name}{precision_text}",
            out_type.to_ir(), f": {a.handle.type} * {b.handle.type} -> {out_type.to_ir()}",
            attributes=attributes)
        return tensor(handle, out_type)

    def dot_scaled(self, lhs: Any, lhs_scale: Any, lhs_format: Any, rhs: Any, rhs_scale: Any,
                   rhs_format: Any, acc: Any, fast_math: Any, lhs_k_pack: Any, rhs_k_pack: Any,
                   out_dtype: Any) -> tensor:
        """tl.dot_scaled: checks the call as Triton does, in its words, and emits
        tt.dot_scaled (docs/semantics.md gives what it computes)."""
        lhs_format, rhs_format = unwrap(lhs_format), unwrap(rhs_format)
        fast_math, out_dtype = bool(unwrap(fast_math)), unwrap(out_dtype)
        lhs_k_pack, rhs_k_pack = bool(unwrap(lhs_k_pack)), bool(unwrap(rhs_k_pack))
        if out_dtype != tl.float32:
            raise SemanticError("Only float32 is supported for out_dtype at the moment")
        lhs, rhs = self.to_tensor(lhs), self.to_tensor(rhs)
        if not lhs.type.is_block() or not rhs.type.is_block():
            raise SemanticError("dot_scaled operands must be block tensors (not scalars)")
        lhs_shape, rhs_shape = list(lhs.type.shape), list(rhs.type.shape)
        rank = len(lhs_shape)
        if rank not in (2, 3) or len(rhs_shape) != rank:
            raise SemanticError(f"Both inputs must be either 2D or 3D; (lhs: {lhs_shape} vs "
                                f"rhs: {rhs_shape})")
        for name in (lhs_format, rhs_format):
            if not isinstance(name, str) or name.upper() not in _SCALED_DOT_FORMAT_NAMES:
                raise SemanticError(f"Invalid float format: {name}.")
        for side, name in (("lhs", lhs_format), ("rhs", rhs_format)):
            if name not in _SCALED_DOT_STORAGE:
                raise SemanticError(f"NYI: {side}_format {name}")
        lhs = self._scaled_dot_operand(lhs, lhs_format)
        rhs = self._scaled_dot_operand(rhs, rhs_format)
        if not lhs_k_pack and lhs_format != "e2m1" or not rhs_k_pack and rhs_format != "e2m1":
            raise SemanticError("only mxfp4 inputs can be packed along a dimension different "
                                "than K")
        m, lhs_k = lhs_shape[-2:]
        rhs_k, n = rhs_shape[-2:]
        lhs_per_element = 2 if lhs_format == "e2m1" else 1
        rhs_per_element = 2 if rhs_format == "e2m1" else 1
        if lhs_k_pack:
            lhs_k *= lhs_per_element
        else:
            m *= lhs_per_element
        if rhs_k_pack:
            rhs_k *= rhs_per_element
        else:
            n *= rhs_per_element
        if lhs_k != rhs_k:
            raise SemanticError(f"Reduction dimension should pack the same number of elements; "
                                f"(lhs: {lhs_shape} vs rhs: {rhs_shape})")
        if rank == 3 and lhs_shape[0] != rhs_shape[0]:
            raise SemanticError(f"Both inputs must have one batch size; (lhs: {lhs_shape} vs "
                                f"rhs: {rhs_shape})")
        k = lhs_k
        out_type = tile_type(tl.float32, (*lhs_shape[:-2], m, n))
        if unwrap(acc) is None:
            acc = self.full(out_type.shape, 0, tl.float32)
        else:
            acc = self.to_tensor(acc)
            acc_shape = list(acc.type.shape) if acc.type.is_block() else []
            if acc_shape != list(out_type.shape):
                raise SemanticError(f"expected accumulator shape {list(out_type.shape)}, got "
                                    f"{acc_shape}")
            if acc.dtype != tl.float32:
                raise SemanticError(f"expected accumulator dtype {tl.float32.name}, got "
                                    f"{acc.dtype.name}; pass out_dtype={acc.dtype.name} to use "
                                    f"this accumulator dtype")
        lhs_scale = self._scaled_dot_scale(lhs_scale)
        rhs_scale = self._scaled_dot_scale(rhs_scale)
        group = self._scaled_dot_group_size(k, lhs_scale, rhs_scale)
        for side, scale, rows in (("lhs", lhs_scale, m), ("rhs", rhs_scale, n)):
            if scale is not None and list(scale.type.shape) != [*lhs_shape[:-2], rows,
                                                                 k // group]:
                raise SemanticError(f"{side}_scale must be a tensor of shape [..., {rows}, "
                                    f"{k // group}]. Got {list(scale.type.shape)}")
        operands = [value.handle.name + ("" if scale is None else f" scale {scale.handle.name}")
                    for value, scale in ((lhs, lhs_scale), (rhs, rhs_scale))]
        operands.append(acc.handle.name)
        types = [", ".join(t.handle.type for t in (lhs, lhs_scale) if t is not None),
                 ", ".join(t.handle.type for t in (rhs, rhs_scale) if t is not None)]
        attributes = {}
        if fast_math:
            attributes["fastMath"] = "true"
        if not lhs_k_pack:
            attributes["lhs_k_pack"] = "false"
        if not rhs_k_pack:
            attributes["rhs_k_pack"] = "false"
        handle = self.builder.create_one(
            f"tt.dot_scaled {', '.join(operands)} lhs = {lhs_format} rhs = {rhs_format}",
            out_type.to_ir(), f": {types[0]} * {types[1]} -> {out_type.to_ir()}",
            attributes=attributes)
        return tensor(handle, out_type)

    def _scaled_dot_operand(self, value: tensor, format: str) -> tensor:
        """`value` as the dtype that stores `format` (tt.dot_scaled's operand): e2m1 must be
        uint8; the others are that float dtype, or the unsigned integer of its width, which is
        bitcast."""
        float_ty, unsigned_ty = _SCALED_DOT_STORAGE[format]
        if float_ty is None:
            if value.dtype != tl.uint8:
                raise SemanticError(f"e2m1 format must be packed as uint8. Got {value.dtype.name}")
            return value
        if value.dtype == float_ty:
            return value
        if value.dtype != unsigned_ty:
            raise SemanticError(f"Unexpected dtype for {format}. Got {value.dtype.name}")
        return self.bitcast(value, float_ty)

    def _scaled_dot_scale(self, scale: Any) -> Optional[tensor]:
        """A scale of tl.dot_scaled (e8m0 exponents as uint8, i8 in tt IR), or None where there
        is none."""
        scale = unwrap(scale)
        if scale is None:
            return None
        scale = self.to_tensor(scale)
        if not scale.type.is_block() or scale.dtype != tl.uint8:
            raise SemanticError(f"dot_scaled's scales must be tensors of e8m0 exponents stored "
                                f"as uint8; got {scale.type}")
        return scale

    @staticmethod
    def _scaled_dot_group_size(k: int, lhs_scale: Optional[tensor],
                               rhs_scale: Optional[tensor]) -> int:
        """How many values along K share one scale, from the scales' last dimension: 16 or 32
        (32 where neither operand has a scale), in Triton's words where it is neither."""
        groups = {}
        for side, scale in (("lhs", lhs_scale), ("rhs", rhs_scale)):
            if scale is not None:
                group = k // scale.type.shape[-1]
                if group not in (16, 32):
                    raise SemanticError(f"scale factor must be 16 or 32. Got {group}")
                groups[side] = group
        if len(set(groups.values())) > 1:
            raise SemanticError(f"Operands must have the same scale factor; (lhs: "
                                f"{groups['lhs']} vs rhs: {groups['rhs']})")
        return next(iter(groups.values()), 32)

    def dot_input_precision(self, precision: Any, allow_tf32: Any) -> str:
        """The input precision of a tl.dot: the one it names (or `allow_tf32`'s: True is tf32,
        False ieee), else the backend's default (`options.default_dot_input_precision`). One
        the backend does not compute is an error naming it and the backend."""
        options = self.options
        if precision is None:
            precision = options.default_dot_input_precision if allow_tf32 is None \
                else ("tf32" if allow_tf32 else "ieee")
        precision = str(precision).lower()
        if precision not in options.allowed_dot_input_precisions:
            raise SemanticError(f"tl.dot: input_precision {precision!r} is not supported by the "
                                f"{options.backend} backend; it supports "
                                f"{', '.join(options.allowed_dot_input_precisions)}")
        return precision

    # Reductions and scans --------------------------------------------------------------

    def _combiner_region(self, element_types: list[dtype], combine_fn: Any, what: str) -> Region:
        block = self.builder.new_block([t.to_ir() for t in element_types] * 2)
        arguments = [tensor(v, t) for v, t in zip(block.arguments, element_types * 2)]
        with self.builder.at(block):
            results = self.call_jit_function(combine_fn, arguments, what)
            if len(results) != len(element_types):
                raise SemanticError(f"the {what} combine function must return "
                                    f"{len(element_types)} value(s); it returned {len(results)}")
            results = [self.cast(self.to_tensor(r, t), t) for r, t in zip(results, element_types)]
            for result, ty in zip(results, element_types):
                if result.type != ty:
                    raise SemanticError(f"the {what} combine function must return scalars of "
                                        f"type {ty}; got {result.type}")
            names = ", ".join(r.handle.name for r in results)
            types = ", ".join(r.handle.type for r in results)
            self.builder.create(f"tt.{what}.return {names}", [], f": {types}")
        return Region(block, show_arguments=True)

    def _tile_inputs(self, inputs: Any, axis: Any, what: str) -> tuple[bool, list, int]:
        """The inputs of a reduction or scan as tensors of one shape, and the axis, checked and
        made non-negative. A single tensor input is reported as such, for the result."""
        single = isinstance(inputs, tensor)
        inputs = [self.to_tensor(x) for x in ([inputs] if single else list(inputs))]
        shape = inputs[0].type.shape if inputs[0].type.is_block() else ()
        if not shape:
            raise SemanticError(f"tl.{what} needs tensor inputs")
        if any(x.type.shape != shape for x in inputs):
            raise SemanticError(f"tl.{what} needs inputs of one shape")
        rank = len(shape)
        return single, inputs, wrap_axis(axis, rank)

    def reduce(self, inputs: Any, axis: Any, combine_fn: Any, keep_dims: Any = False) -> Any:
        all_axes_of_rank = None  # the input's rank, when every axis is reduced
        if unwrap(axis) is None:
            single = isinstance(inputs, tensor)
            inputs = [self.to_tensor(x) for x in ([inputs] if single else list(inputs))]
            first = inputs[0].type
            all_axes_of_rank = len(first.shape) if first.is_block() else 0
            inputs = [self.ravel(x) for x in inputs]
            inputs, axis = (inputs[0] if single else tuple(inputs)), 0
        single, inputs, axis = self._tile_inputs(inputs, axis, "reduce")
        shape = inputs[0].type.shape
        element_types = [x.dtype for x in inputs]
        region = self._combiner_region(element_types, combine_fn, "reduce")
        result_shape = shape[:axis] + shape[axis + 1:]
        result_types = [tile_type(t, result_shape) if result_shape else t
                        for t in element_types]
        operands = ", ".join(x.handle.name for x in inputs)
        input_types = ", ".join(x.handle.type for x in inputs)
        output_types = ", ".join(t.to_ir() for t in result_types)
        if len(result_types) > 1:
            output_types = f"({output_types})"
        handles = self.builder.create(
            f"tt.reduce({operands}) axis = {axis}", [t.to_ir() for t in result_types],
            f": ({input_types}) -> {output_types}", regions=[region])
        results = [tensor(h, t) for h, t in zip(handles, result_types)]
        if unwrap(keep_dims) and all_axes_of_rank is None:
            results = [self.expand_dims(r, axis) for r in results]
        elif unwrap(keep_dims):
            # As Triton does: a reduction of every axis keeps them all, as ones.
            for _ in range(all_axes_of_rank):
                results = [self.expand_dims(r, 0) for r in results]
        return results[0] if single else tuple(results)

    def scan(self, inputs: Any, axis: Any, combine_fn: Any, reverse: Any = False) -> Any:
        single, inputs, axis = self._tile_inputs(inputs, axis, "associative_scan")
        element_types = [x.dtype for x in inputs]
        region = self._combiner_region(element_types, combine_fn, "scan")
        operands = ", ".join(x.handle.name for x in inputs)
        input_types = ", ".join(x.handle.type for x in inputs)
        output_types = input_types if len(inputs) == 1 else f"({input_types})"
        reverse_text = " reverse" if unwrap(reverse) else ""
        handles = self.builder.create(
            f"tt.scan({operands}) axis = {axis}{reverse_text}",
            [x.handle.type for x in inputs], f": ({input_types}) -> {output_types}",
            regions=[region])
        results = [tensor(h, x.type) for h, x in zip(handles, inputs)]
        return results[0] if single else tuple(results)

    def histogram(self, value: Any, num_bins: Any, mask: Any = None) -> tensor:
        value = self.to_tensor(value)
        num_bins = int(unwrap(num_bins))
        if not value.type.is_block() or len(value.type.shape) != 1 or not value.dtype.is_int():
            raise SemanticError(f"tl.histogram needs a 1-D integer tensor; got {value.type}")
        ty = tile_type(tl.int32, (num_bins,))
        operands = value.handle.name
        if unwrap(mask) is not None:
            mask_t = self.broadcast_to_shape(self.cast(mask, tl.int1), value.type.shape)
            operands += f", {mask_t.handle.name}"
        handle = self.builder.create_one(f"tt.histogram {operands}", ty.to_ir(),
                                         f": {value.handle.type} -> {ty.to_ir()}")
        return tensor(handle, ty)

    # Debugging -------------------------------------------------------------------------

    def device_print(self, prefix: str, args: Sequence[Any], hex: bool = False) -> None:
        values = [self.to_tensor(a) for a in args]
        signed = ", ".join("1" if v.dtype.is_int_signed() else "0" for v in values)
        signed_text = f"array<i32: {signed}>" if values else "array<i32>"
        arguments = ""
        if values:
            arguments = (": " + ", ".join(v.handle.name for v in values) + " : "
                         + ", ".join(v.handle.type for v in values))
        self.builder.create(f"tt.print {_string_literal(prefix)}", [], arguments,
                            attributes={"hex": "true" if unwrap(hex) else "false",
                                        "isSigned": signed_text})

    def device_assert(self, condition: Any, message: str) -> None:
        condition = self.to_tensor(condition)
        if condition.dtype.is_floating() or condition.dtype.is_ptr():
            condition = self.cast(condition, tl.int1)
        self.builder.create(
            f"tt.assert {condition.handle.name}, {_string_literal(message)}", [],
            f": {condition.handle.type}")

    # Hints -------------------------------------------------------------------------------

    def hint(self, value: Any, name: str, values: Sequence[Any]) -> tensor:
        """Records `tt.divisibility`, `tt.contiguity` or `tt.constancy` on the op that defines
        `value`, as Triton does, for the AxisInfo analysis."""
        value = self.to_tensor(value)
        numbers = [int(unwrap(v)) for v in (values if isinstance(values, (list, tuple))
                                            else [values])]
        rank = len(value.type.shape) if value.type.is_block() else 1
        if len(numbers) == 1:
            numbers *= rank
        if len(numbers) != rank or any(n < 1 for n in numbers):
            raise SemanticError(f"{name} hints need one positive value per dimension")
        owner = value.handle.owner
        if owner is None:
            # A block argument (a loop variable or a function argument) has no op to carry
            # the hint. A hint never changes results, so it is dropped; kernel arguments are
            # specialized at launch instead.
            return value
        text = ", ".join(str(n) for n in numbers)
        owner.attributes[f"tt.{name}"] = f"dense<[{text}]> : tensor<{len(numbers)}xi32>"
        return value
