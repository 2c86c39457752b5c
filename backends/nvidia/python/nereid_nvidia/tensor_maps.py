"""Tensor maps: the descriptors of Hopper's tensor copy engine (TMA), which a kernel takes as
parameters after the @jit function's and the launcher encodes at each launch
(cuTensorMapEncodeTiled) from the arguments the compiler names.

The compiler (nvidia-tensor-map-parameters) writes each down in the parameter's
`nvidia.tensor_map` attribute: the parameter of the tensor's address (`base = "%0"`), its
`shape` and `strides` in elements (constants, or parameters "%N"), `element_bytes`, the `box`
that one copy moves and its `swizzle` in bytes. The launch's specialization proved what the
copy engine needs of the address and the strides (16-byte alignment); what only the values
tell (a dimension of 0, a negative stride) is an error at launch."""

from __future__ import annotations

import ctypes
import json
import re
from dataclasses import asdict, dataclass
from typing import Any, Sequence, Union

from . import driver

# The bytes of a tensor map, in 64-bit words.
TENSOR_MAP_WORDS = 16

Entry = Union[int, str]


@dataclass(frozen=True)
class TensorMapParameter:
    """A kernel parameter that is a tensor map; `base`, and the entries of `shape` and
    `strides` that are strings, are parameter indices ("%2")."""

    base: str
    shape: tuple[Entry, ...]
    strides: tuple[Entry, ...]
    element_bytes: int
    box: tuple[int, ...]
    swizzle: int


# A tensor map parameter of the lowered module: `%arg4: !llvm.ptr {..., nvidia.tensor_map =
# {base = "%0", box = [64, 64], ...}, ...}`.
_PARAMETER = re.compile(r"%arg\d+: !llvm\.ptr \{[^{}]*nvidia\.tensor_map = \{([^{}]*)\}")
_FIELD = re.compile(r'(\w+) = (\[[^\]]*\]|"[^"]*"|-?\d+)')


def _entry(text: str) -> Entry:
    text = text.strip().split(" : ")[0]
    return text.strip('"') if text.startswith('"') else int(text)


def tensor_map_parameters(module_text: str) -> list[TensorMapParameter]:
    """The tensor map parameters of a kernel lowered to the LLVM dialect (the `llir` stage),
    in their order, which follows the @jit function's parameters."""
    parameters = []
    for match in _PARAMETER.finditer(module_text):
        fields = {}
        for name, value in _FIELD.findall(match.group(1)):
            fields[name] = (tuple(_entry(e) for e in value[1:-1].split(",") if e.strip())
                            if value.startswith("[") else _entry(value))
        parameters.append(TensorMapParameter(**fields))
    return parameters


def to_json(parameters: Sequence[TensorMapParameter]) -> str:
    return json.dumps([asdict(parameter) for parameter in parameters])


def from_json(text: str) -> list[TensorMapParameter]:
    return [TensorMapParameter(**{name: tuple(value) if isinstance(value, list) else value
                                  for name, value in fields.items()})
            for fields in json.loads(text)]


def _parameter_index(entry: str) -> int:
    return int(entry[1:])


class TensorMapEncoder:
    """Encodes a kernel's tensor maps into their parameter slots from the values of its
    other parameters' slots, again only where those changed since the last launch."""

    def __init__(self, kernel_name: str, parameters: Sequence[TensorMapParameter],
                 slots: Sequence[Any], names: Sequence[str]) -> None:
        self.kernel_name = kernel_name
        self.parameters = list(parameters)
        self.slots = slots
        self.names = names
        self.maps = [(ctypes.c_uint64 * TENSOR_MAP_WORDS)() for _ in self.parameters]
        self._encoded: list[Any] = [None] * len(self.parameters)

    def _value(self, entry: Entry) -> int:
        return entry if isinstance(entry, int) else self.slots[_parameter_index(entry)].value

    def encode(self) -> None:
        for index, parameter in enumerate(self.parameters):
            address = self.slots[_parameter_index(parameter.base)].value or 0
            shape = [self._value(entry) for entry in parameter.shape]
            strides = [self._value(entry) for entry in parameter.strides]
            values = (address, *shape, *strides)
            if values == self._encoded[index]:
                continue
            self._check(parameter, shape, strides)
            driver.encode_tensor_map(ctypes.addressof(self.maps[index]),
                                     parameter.element_bytes, address, shape, strides,
                                     list(parameter.box), parameter.swizzle)
            self._encoded[index] = values

    def _check(self, parameter: TensorMapParameter, shape: list[int],
               strides: list[int]) -> None:
        base = self.names[_parameter_index(parameter.base)]
        if any(size < 1 or size >= 2**32 for size in shape) or any(
                stride < 1 or stride * parameter.element_bytes >= 2**40
                for stride in strides):
            raise ValueError(
                f"kernel `{self.kernel_name}`: the tensor descriptor of `{base}` has shape "
                f"{shape} and strides {strides}; the NVIDIA backend copies its blocks with the "
                "tensor copy engine, which takes sizes from 1 to 2^32 - 1 and positive strides "
                "under 2^40 bytes")
