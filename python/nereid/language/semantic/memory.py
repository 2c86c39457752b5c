"""Pointers, loads, stores, atomics, block pointers and tensor descriptors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from .. import dtypes as tl
from ..core import tensor
from ..dtypes import pointer_type, tensor_descriptor_type
from .base import SemanticBase, SemanticError, tile_type, unwrap

# Triton's cache modifiers: loads take .ca, .cg and .cv; stores .wb, .cg, .cs and .wt.
_LOAD_CACHE_MODIFIERS = {"": "none", ".ca": "ca", ".cg": "cg", ".cv": "cv"}
_STORE_CACHE_MODIFIERS = {"": "none", ".wb": "wb", ".cg": "cg", ".cs": "cs", ".wt": "wt"}
_EVICTION_POLICIES = {"": "evict_normal", "evict_normal": "evict_normal",
                      "evict_first": "evict_first", "evict_last": "evict_last"}
_SEMANTICS = {None: "acq_rel", "acq_rel": "acq_rel", "acquire": "acquire", "release": "release",
              "relaxed": "relaxed"}
_SCOPES = {None: "gpu", "gpu": "gpu", "cta": "cta", "sys": "sys"}


@dataclass
class block_pointer:
    """What `tl.make_block_ptr` returns: a block of `block_shape` at `offsets` in a strided
    tensor at `base`. Loads through it become tensors of pointers with a bounds mask, which
    is what Triton's RewriteTensorPointer pass produces."""

    base: tensor
    shape: list  # tensor (int64) per dimension
    strides: list  # tensor (int64) per dimension
    offsets: list  # tensor (int32) per dimension
    block_shape: tuple
    order: tuple

    @property
    def dtype(self) -> Any:
        return pointer_type(tile_type(self.base.dtype.element_ty, self.block_shape))

    type = dtype


def _option(table: dict, value: Any, what: str) -> str:
    value = unwrap(value)
    if value not in table:
        raise SemanticError(f"unknown {what} {value!r}; expected one of "
                            + ", ".join(repr(k) for k in table if k))
    return table[value]


class MemoryMixin(SemanticBase):
    """Memory access through pointers, block pointers and descriptors."""

    def addptr(self, pointer: tensor, offset: tensor) -> tensor:
        if not offset.dtype.is_int():
            raise SemanticError(f"pointer offsets must be integers; got {offset.dtype}")
        if offset.dtype.is_int_unsigned() and offset.dtype.int_bitwidth < 64:
            # tt.addptr reads offsets as signed: zero-extend unsigned ones, as Triton does.
            offset = self.cast(offset, tl.uint64)
        pointer, offset = self.broadcast_values(pointer, offset)
        handle = self.builder.create_one(
            f"tt.addptr {pointer.handle.name}, {offset.handle.name}", pointer.handle.type,
            f": {pointer.handle.type}, {offset.handle.type}")
        return tensor(handle, pointer.type)

    def _memory_attributes(self, cache: Any, eviction: Any, store: bool = False) -> str:
        parts = []
        cache = _option(_STORE_CACHE_MODIFIERS if store else _LOAD_CACHE_MODIFIERS,
                        cache or "", "cache modifier")
        eviction = _option(_EVICTION_POLICIES, eviction or "", "eviction policy")
        if cache != "none":
            parts.append(f" cacheModifier = {cache}")
        if eviction != "evict_normal":
            parts.append(f" evictionPolicy = {eviction}")
        return "".join(parts)

    def _mask_for(self, mask: Any, pointer: tensor) -> Optional[tensor]:
        if unwrap(mask) is None:
            return None
        mask = self.cast(self.to_tensor(mask), tl.int1)
        if pointer.type.is_block():
            return self.broadcast_to_shape(mask, pointer.type.shape)
        if mask.type.is_block():
            raise SemanticError("a mask of a scalar pointer must be a scalar")
        return mask

    def load(self, pointer: Any, mask: Any = None, other: Any = None,
             boundary_check: Sequence[int] = (), padding_option: Any = "",
             cache_modifier: Any = "", eviction_policy: Any = "", volatile: Any = False
             ) -> tensor:
        pointer = unwrap(pointer)
        if isinstance(pointer, block_pointer):
            return self._load_block_pointer(pointer, boundary_check, padding_option,
                                            cache_modifier, eviction_policy, volatile)
        pointer = self.to_tensor(pointer)
        element = self.pointer_element(pointer)
        if boundary_check or unwrap(padding_option):
            raise SemanticError("tl.load: boundary_check and padding_option apply to block "
                                "pointers (tl.make_block_ptr) only; mask a load through a "
                                "tensor of pointers instead")
        if unwrap(mask) is None and unwrap(other) is not None:
            raise SemanticError("`other` cannot be provided without `mask`")
        mask_t = self._mask_for(mask, pointer)
        if mask_t is not None and mask_t.type.is_block() and not pointer.type.is_block():
            pointer = self.broadcast_to_shape(pointer, mask_t.type.shape)
            mask_t = self._mask_for(mask_t, pointer)
        # Booleans live in memory as bytes.
        load_pointer = pointer
        if element.is_bool():
            load_pointer = self.cast(pointer, pointer_type(tl.int8, pointer.dtype.address_space))
            element = tl.int8
        operands = [load_pointer.handle.name]
        if mask_t is not None:
            operands.append(mask_t.handle.name)
            if unwrap(other) is not None:
                other_t = self.cast(self.to_tensor(other, element), element)
                other_t = self.broadcast_to_shape(other_t, pointer.type.shape) \
                    if pointer.type.is_block() else other_t
                operands.append(other_t.handle.name)
        result_type = self.same_shape(pointer, element)
        volatile_text = " volatile" if unwrap(volatile) else ""
        handle = self.builder.create_one(
            f"tt.load {', '.join(operands)}"
            f"{self._memory_attributes(cache_modifier, eviction_policy)}{volatile_text}",
            result_type.to_ir(), f": {load_pointer.handle.type}")
        loaded = tensor(handle, result_type)
        if self.pointer_element(pointer).is_bool():
            return self.cast(loaded, tl.int1)
        return loaded

    def store(self, pointer: Any, value: Any, mask: Any = None,
              boundary_check: Sequence[int] = (), cache_modifier: Any = "",
              eviction_policy: Any = "") -> None:
        pointer = unwrap(pointer)
        if isinstance(pointer, block_pointer):
            self._store_block_pointer(pointer, value, boundary_check, cache_modifier,
                                      eviction_policy)
            return
        pointer = self.to_tensor(pointer)
        element = self.pointer_element(pointer)
        if pointer.dtype.const:
            raise SemanticError("Cannot store to a constant pointer")
        value = self.to_tensor(value, element)
        if value.type.is_block() and not pointer.type.is_block():
            pointer = self.broadcast_to_shape(pointer, value.type.shape)
        store_pointer = pointer
        if element.is_bool():
            store_pointer = self.cast(pointer, pointer_type(tl.int8, pointer.dtype.address_space))
            element = tl.int8
        value = self.cast(value, element)
        if pointer.type.is_block():
            value = self.broadcast_to_shape(value, pointer.type.shape)
        operands = [store_pointer.handle.name, value.handle.name]
        mask_t = self._mask_for(mask, pointer)
        if mask_t is not None:
            operands.append(mask_t.handle.name)
        self.builder.create(
            f"tt.store {', '.join(operands)}"
            f"{self._memory_attributes(cache_modifier, eviction_policy, store=True)}",
            [], f": {store_pointer.handle.type}")

    # Atomics ---------------------------------------------------------------------------

    def atomic_rmw(self, op: str, pointer: Any, value: Any, mask: Any = None, sem: Any = None,
                   scope: Any = None) -> tensor:
        pointer = self.to_tensor(pointer)
        element = self.pointer_element(pointer)
        value = self.to_tensor(value, element)
        if value.type.is_block() and not pointer.type.is_block():
            pointer = self.broadcast_to_shape(pointer, value.type.shape)
        value = self.cast(value, element)
        if pointer.type.is_block():
            value = self.broadcast_to_shape(value, pointer.type.shape)
        # Triton's rules: no 8- or 16-bit integer atomics; fp16 and bf16 with atomic_add only.
        name = "xchg" if op == "exch" else op
        if (element.is_int() and element.int_bitwidth < 32) or element.is_fp8() or (
                element in (tl.float16, tl.bfloat16) and op != "add"):
            raise SemanticError(f"tl.atomic_{name} does not support {element}")
        if op == "add" and element.is_floating():
            op = "fadd"
        elif op in ("max", "min") and element.is_int_unsigned():
            op = "u" + op
        elif op in ("and", "or", "xor") and not element.is_int():
            raise SemanticError(f"tl.atomic_{op} is defined on integers only; got {element}")
        if element.primitive_bitwidth not in (16, 32, 64):
            raise SemanticError(f"atomics need 16-, 32- or 64-bit elements; got {element}")
        operands = [pointer.handle.name, value.handle.name]
        mask_t = self._mask_for(mask, pointer)
        if mask_t is not None:
            operands.append(mask_t.handle.name)
        sem_text = _option(_SEMANTICS, sem, "memory semantic")
        scope_text = _option(_SCOPES, scope, "memory scope")
        handle = self.builder.create_one(
            f"tt.atomic_rmw {op}, {sem_text}, {scope_text}, {', '.join(operands)}",
            value.handle.type, f": {pointer.handle.type}")
        return tensor(handle, value.type)

    def atomic_cas(self, pointer: Any, cmp: Any, value: Any, sem: Any = None,
                   scope: Any = None) -> tensor:
        pointer = self.to_tensor(pointer)
        element = self.pointer_element(pointer)
        cmp = self.cast(self.to_tensor(cmp, element), element)
        value = self.cast(self.to_tensor(value, element), element)
        if pointer.type.is_block():
            cmp = self.broadcast_to_shape(cmp, pointer.type.shape)
            value = self.broadcast_to_shape(value, pointer.type.shape)
        if element.primitive_bitwidth not in (16, 32, 64):
            raise SemanticError(f"atomics need 16-, 32- or 64-bit elements; got {element}")
        sem_text = _option(_SEMANTICS, sem, "memory semantic")
        scope_text = _option(_SCOPES, scope, "memory scope")
        handle = self.builder.create_one(
            f"tt.atomic_cas {sem_text}, {scope_text}, {pointer.handle.name}, "
            f"{cmp.handle.name}, {value.handle.name}", value.handle.type,
            f": {pointer.handle.type}")
        return tensor(handle, value.type)

    # Block pointers ----------------------------------------------------------------------

    def make_block_ptr(self, base: Any, shape: Sequence[Any], strides: Sequence[Any],
                       offsets: Sequence[Any], block_shape: Sequence[Any],
                       order: Sequence[Any]) -> block_pointer:
        base = self.to_tensor(base)
        self.pointer_element(base)
        block_shape = tuple(int(unwrap(b)) for b in block_shape)
        rank = len(block_shape)
        if not (len(shape) == len(strides) == len(offsets) == len(order) == rank):
            raise SemanticError("tl.make_block_ptr: shape, strides, offsets, block_shape and "
                                "order must have one entry per dimension")
        return block_pointer(
            base,
            [self.cast(self.to_tensor(s, tl.int64), tl.int64) for s in shape],
            [self.cast(self.to_tensor(s, tl.int64), tl.int64) for s in strides],
            [self.cast(self.to_tensor(o, tl.int32), tl.int32) for o in offsets],
            block_shape, tuple(int(unwrap(o)) for o in order))

    def advance(self, pointer: block_pointer, offsets: Sequence[Any]) -> block_pointer:
        if not isinstance(pointer, block_pointer):
            raise SemanticError("tl.advance expects a block pointer from tl.make_block_ptr")
        if len(offsets) != len(pointer.offsets):
            raise SemanticError("tl.advance needs one offset per dimension")
        moved = [self.add(o, self.cast(self.to_tensor(d, tl.int32), tl.int32))
                 for o, d in zip(pointer.offsets, offsets)]
        return block_pointer(pointer.base, pointer.shape, pointer.strides, moved,
                             pointer.block_shape, pointer.order)

    def _block_pointers_and_mask(self, pointer: block_pointer, boundary_check: Sequence[int]
                                 ) -> tuple[tensor, Optional[tensor]]:
        rank = len(pointer.block_shape)
        pointers = pointer.base
        mask = None
        checked = {int(unwrap(d)) for d in boundary_check}
        for dim in range(rank):
            index = self.add(self.cast(pointer.offsets[dim], tl.int64),
                             self.cast(self.arange(0, pointer.block_shape[dim]), tl.int64))
            for other in range(rank):
                if other != dim:
                    index = self.expand_dims(index, other)
            pointers = self.add(pointers, self.mul(index, pointer.strides[dim]))
            if dim in checked:
                in_bounds = self.logical_and(self.compare("ge", index, 0),
                                             self.compare("lt", index, pointer.shape[dim]))
                mask = in_bounds if mask is None else self.logical_and(mask, in_bounds)
        pointers = self.broadcast_to_shape(pointers, pointer.block_shape)
        if mask is not None:
            mask = self.broadcast_to_shape(mask, pointer.block_shape)
        return pointers, mask

    def _load_block_pointer(self, pointer: block_pointer, boundary_check: Sequence[int],
                            padding_option: Any, cache: Any, eviction: Any, volatile: Any
                            ) -> tensor:
        pointers, mask = self._block_pointers_and_mask(pointer, boundary_check)
        other = None
        padding = unwrap(padding_option) or ""
        if padding not in ("", "zero", "nan"):
            raise SemanticError(f"padding_option must be 'zero' or 'nan'; got {padding!r}")
        if mask is not None:
            other = float("nan") if padding == "nan" else 0
        return self.load(pointers, mask, other, (), "", cache, eviction, volatile)

    def _store_block_pointer(self, pointer: block_pointer, value: Any,
                             boundary_check: Sequence[int], cache: Any, eviction: Any) -> None:
        pointers, mask = self._block_pointers_and_mask(pointer, boundary_check)
        self.store(pointers, value, mask, (), cache, eviction)

    # Tensor descriptors ----------------------------------------------------------------

    def make_tensor_descriptor(self, base: Any, shape: Sequence[Any], strides: Sequence[Any],
                               block_shape: Sequence[Any]) -> tensor:
        base = self.to_tensor(base)
        element = self.pointer_element(base)
        block_shape = tuple(int(unwrap(b)) for b in block_shape)
        if not (len(shape) == len(strides) == len(block_shape)):
            raise SemanticError("tl.make_tensor_descriptor: shape, strides and block_shape "
                                "must have one entry per dimension")
        row_bytes = block_shape[-1] * element.primitive_bitwidth // 8
        if row_bytes < 16:
            # Triton's rule (a TMA limit on GPUs), kept so that a kernel runs everywhere.
            raise SemanticError("Descriptor block shape must have at least 16 bytes in the last "
                                f"dimension, but got {block_shape[-1]} * "
                                f"{element.primitive_bitwidth // 8} = {row_bytes} bytes")
        shape_values = [self.cast(self.to_tensor(s, tl.int32), tl.int32) for s in shape]
        stride_values = [self.cast(self.to_tensor(s, tl.int64), tl.int64) for s in strides]
        ty = tensor_descriptor_type(tile_type(element, block_shape))
        handle = self.builder.create_one(
            f"tt.make_tensor_descriptor {base.handle.name}, "
            f"[{', '.join(s.handle.name for s in shape_values)}], "
            f"[{', '.join(s.handle.name for s in stride_values)}]",
            ty.to_ir(), f": {base.handle.type}, {ty.to_ir()}")
        return tensor(handle, ty)

    def descriptor_load(self, descriptor: tensor, offsets: Sequence[Any]) -> tensor:
        block = descriptor.type.block_type
        indices = [self.cast(self.to_tensor(o, tl.int32), tl.int32) for o in offsets]
        if len(indices) != len(block.shape):
            raise SemanticError(f"descriptor load needs {len(block.shape)} offsets; got "
                                f"{len(indices)}")
        handle = self.builder.create_one(
            f"tt.descriptor_load {descriptor.handle.name}"
            f"[{', '.join(i.handle.name for i in indices)}]",
            block.to_ir(), f": {descriptor.handle.type} -> {block.to_ir()}")
        return tensor(handle, block)

    def descriptor_store(self, descriptor: tensor, offsets: Sequence[Any], value: Any) -> None:
        block = descriptor.type.block_type
        indices = [self.cast(self.to_tensor(o, tl.int32), tl.int32) for o in offsets]
        if len(indices) != len(block.shape):
            raise SemanticError(f"descriptor store needs {len(block.shape)} offsets; got "
                                f"{len(indices)}")
        value = self.broadcast_to_shape(self.cast(self.to_tensor(value), block.element_ty),
                                        block.shape)
        self.builder.create(
            f"tt.descriptor_store {descriptor.handle.name}"
            f"[{', '.join(i.handle.name for i in indices)}], {value.handle.name}",
            [], f": {descriptor.handle.type}, {value.handle.type}")
