"""Program identity, ranges and the operations that change a tensor's shape."""

from __future__ import annotations

from typing import Any, Sequence

from .. import dtypes as tl
from ..core import tensor
from ...ir_builder import Region
from .base import SemanticBase, SemanticError, tile_type, unwrap, wrap_axis


def is_power_of_two(value: int) -> bool:
    return value > 0 and value & (value - 1) == 0


def check_shape(shape: Sequence[Any]) -> tuple[int, ...]:
    """A tensor shape must be compile-time powers of two, as Triton requires."""
    dims = []
    for dim in shape:
        dim = unwrap(dim)
        if not isinstance(dim, int):
            raise SemanticError(f"tensor shapes must be tl.constexpr integers; got {dim!r}")
        if not is_power_of_two(dim):
            raise SemanticError(f"Shape element {len(dims)} must be a power of 2: tensor "
                                f"dimensions are powers of two; got shape "
                                f"{[unwrap(d) for d in shape]}")
        dims.append(dim)
    return tuple(dims)


_AXES = {0: "x", 1: "y", 2: "z"}


class ShapeMixin(SemanticBase):
    """Creation of ranges and constants, and shape manipulation."""

    def program_id(self, axis: Any) -> tensor:
        return self._grid_query("tt.get_program_id", axis)

    def num_programs(self, axis: Any) -> tensor:
        return self._grid_query("tt.get_num_programs", axis)

    def _grid_query(self, op: str, axis: Any) -> tensor:
        axis = unwrap(axis)
        if axis not in _AXES:
            raise SemanticError(f"program_id axis must be 0, 1, or 2 but got {axis!r}")
        return tensor(self.builder.create_one(f"{op} {_AXES[axis]}", "i32", ": i32"), tl.int32)

    def arange(self, start: Any, end: Any) -> tensor:
        start, end = unwrap(start), unwrap(end)
        if not isinstance(start, int) or not isinstance(end, int):
            raise SemanticError("arange's arguments must be of type tl.constexpr: "
                                "tl.arange's start and end must be tl.constexpr integers")
        if end <= start:
            raise SemanticError(f"arange's end argument must be greater than the start "
                                f"argument; got arange({start}, {end})")
        if not is_power_of_two(end - start):
            raise SemanticError(f"arange's range must be a power of 2; got arange({start}, "
                                f"{end}) with {end - start} elements")
        if not (-2**31 <= start and end <= 2**31):
            raise SemanticError("tl.arange's bounds must fit in int32")
        ty = tile_type(tl.int32, (end - start,))
        handle = self.builder.create_one(
            "tt.make_range", ty.to_ir(), f": {ty.to_ir()}",
            attributes={"end": f"{end} : i32", "start": f"{start} : i32"})
        return tensor(handle, ty)

    def zeros(self, shape: Sequence[Any], ty: Any) -> tensor:
        return self.full(check_shape(shape), 0, unwrap(ty))

    def full_of(self, shape: Sequence[Any], value: Any, ty: Any) -> tensor:
        return self.full(check_shape(shape), value, unwrap(ty))

    # Shape changes -----------------------------------------------------------------------

    def broadcast_to(self, value: Any, shape: Sequence[Any]) -> tensor:
        return self.broadcast_to_shape(self.to_tensor(value), [unwrap(s) for s in shape])

    def broadcast_pair(self, lhs: Any, rhs: Any) -> tuple[tensor, tensor]:
        lhs, rhs = self.broadcast_values(self.to_tensor(lhs), self.to_tensor(rhs))
        return lhs, rhs

    def reshape(self, value: Any, shape: Sequence[Any], can_reorder: bool = False) -> tensor:
        value = self.to_tensor(value)
        shape = check_shape(shape)
        numel = value.type.numel if value.type.is_block() else 1
        target = 1
        for dim in shape:
            target *= dim
        if target != numel:
            raise SemanticError(f"reshape() cannot change total number of elements in tensor: "
                                f"{numel} elements to shape {list(shape)}")
        if not value.type.is_block():
            return self.splat(value, shape)
        ty = tile_type(value.dtype, shape)
        reorder = " allow_reorder" if unwrap(can_reorder) else ""
        handle = self.builder.create_one(f"tt.reshape {value.handle.name}{reorder}",
                                         ty.to_ir(), f": {value.handle.type} -> {ty.to_ir()}")
        return tensor(handle, ty)

    def permute(self, value: Any, order: Sequence[Any]) -> tensor:
        value = self.to_tensor(value)
        order = [int(unwrap(o)) for o in order]
        shape = value.type.shape if value.type.is_block() else ()
        if len(order) != len(shape):
            raise SemanticError(f"permute dims must have the same length as input shape: "
                                f"permutation {order} of a tensor of rank {len(shape)}")
        if sorted(order) != list(range(len(shape))):
            raise SemanticError(f"permute dims must be a permutation of 0, 1, ..., n-1, but "
                                f"were {order}")
        ty = tile_type(value.dtype, [shape[o] for o in order])
        order_text = ", ".join(str(o) for o in order)
        handle = self.builder.create_one(
            f"tt.trans {value.handle.name}", ty.to_ir(), f": {value.handle.type} -> {ty.to_ir()}",
            attributes={"order": f"array<i32: {order_text}>"})
        return tensor(handle, ty)

    def cat(self, lhs: Any, rhs: Any) -> tensor:
        lhs, rhs = self.to_tensor(lhs), self.to_tensor(rhs)
        if lhs.type != rhs.type or not lhs.type.is_block():
            raise SemanticError(f"tl.cat needs two tensors of one type; got {lhs.type} and "
                                f"{rhs.type}")
        shape = list(lhs.type.shape)
        shape[0] *= 2
        ty = tile_type(lhs.dtype, shape)
        handle = self.builder.create_one(f"tt.cat {lhs.handle.name}, {rhs.handle.name}",
                                         ty.to_ir(), f": {lhs.handle.type} -> {ty.to_ir()}")
        return tensor(handle, ty)

    def join(self, lhs: Any, rhs: Any) -> tensor:
        lhs, rhs = self.broadcast_pair(lhs, rhs)
        if lhs.dtype != rhs.dtype:
            raise SemanticError(f"tl.join needs tensors of one dtype; got {lhs.dtype} and "
                                f"{rhs.dtype}")
        if not lhs.type.is_block():
            lhs, rhs = self.splat(lhs, (1,)), self.splat(rhs, (1,))
            joined = self.join(lhs, rhs)
            return self.reshape(joined, (2,))
        ty = tile_type(lhs.dtype, (*lhs.type.shape, 2))
        handle = self.builder.create_one(f"tt.join {lhs.handle.name}, {rhs.handle.name}",
                                         ty.to_ir(), f": {lhs.handle.type} -> {ty.to_ir()}")
        return tensor(handle, ty)

    def split(self, value: Any) -> tuple[tensor, tensor]:
        value = self.to_tensor(value)
        if not value.type.is_block() or value.type.shape[-1] != 2:
            raise SemanticError(f"tl.split needs a tensor whose last dimension is 2; got "
                                f"{value.type}")
        if len(value.type.shape) == 1:  # into two scalars, as in Triton
            lhs, rhs = self.split(self.reshape(value, (1, 2)))
            return self.unsplat(lhs), self.unsplat(rhs)
        ty = tile_type(value.dtype, value.type.shape[:-1])
        lhs, rhs = self.builder.create(f"tt.split {value.handle.name}", [ty.to_ir()] * 2,
                                       f": {value.handle.type} -> {ty.to_ir()}")
        return tensor(lhs, ty), tensor(rhs, ty)

    def unsplat(self, value: tensor) -> tensor:
        """The element of a tensor of one element, as a scalar (Triton's tt.unsplat): the
        reduction of that one element, whose combiner (`take the first`) never runs."""
        if value.type.numel != 1:
            raise SemanticError(f"only a tensor of one element is a scalar; got {value.type}")
        flat = self.reshape(value, (1,)) if len(value.type.shape) != 1 else value
        element = value.dtype.to_ir()
        block = self.builder.new_block([element] * 2)
        with self.builder.at(block):
            self.builder.create(f"tt.reduce.return {block.arguments[0].name}", [],
                                f": {element}")
        handle = self.builder.create_one(
            f"tt.reduce({flat.handle.name}) axis = 0", element,
            f": ({flat.handle.type}) -> {element}", regions=[Region(block, show_arguments=True)])
        return tensor(handle, value.dtype)

    def interleave(self, lhs: Any, rhs: Any) -> tensor:
        joined = self.join(lhs, rhs)
        if len(joined.type.shape) == 1:
            return joined  # two scalars, as in Triton
        shape = list(joined.type.shape[:-2]) + [joined.type.shape[-2] * 2]
        return self.reshape(joined, shape)

    def ravel(self, value: Any) -> tensor:
        value = self.to_tensor(value)
        numel = value.type.numel if value.type.is_block() else 1
        return self.reshape(value, (numel,), can_reorder=True)

    def gather(self, src: Any, index: Any, axis: Any) -> tensor:
        src, index = self.to_tensor(src), self.to_tensor(index)
        axis = int(unwrap(axis))
        if not src.type.is_block() or not index.type.is_block():
            raise SemanticError("tl.gather needs tensor operands")
        rank = len(src.type.shape)
        if len(index.type.shape) != rank:
            raise SemanticError(f"tl.gather needs an index of the source's rank {rank}; got "
                                f"{list(index.type.shape)}")
        axis = wrap_axis(axis, rank)
        if not index.dtype.is_int():
            raise SemanticError(f"tl.gather needs integer indices; got {index.dtype}")
        ty = tile_type(src.dtype, index.type.shape)
        handle = self.builder.create_one(
            f"tt.gather {src.handle.name}[{index.handle.name}]", ty.to_ir(),
            f": ({src.handle.type}, {index.handle.type}) -> {ty.to_ir()}",
            attributes={"axis": f"{axis} : i32"})
        return tensor(handle, ty)

    def flip(self, value: Any, dim: Any = None) -> tensor:
        """Reverses `value` along `dim` (the last dimension by default), as a gather of the
        reversed indices."""
        value = self.to_tensor(value)
        shape = value.type.shape
        dim = len(shape) - 1 if unwrap(dim) is None else int(unwrap(dim))
        if dim < 0:
            dim += len(shape)
        n = shape[dim]
        reversed_indices = self.sub(n - 1, self.arange(0, n))
        for axis in range(len(shape)):
            if axis != dim:
                reversed_indices = self.expand_dims(reversed_indices, axis)
        reversed_indices = self.broadcast_to_shape(reversed_indices, shape)
        return self.gather(value, reversed_indices, dim)
