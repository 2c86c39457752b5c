"""Kernel arguments in the NVIDIA kernel ABI, for cuLaunchKernelEx's `kernelParams`: `args[i]`
points at the value of the i-th parameter.

The parameters of a compiled kernel's `.entry` are the @jit function's non-constexpr arguments
in order: a pointer as a 64-bit global address, an integer as its specialized type (i32, i64,
...), a float as f32 or f64 (f16 and bf16 as their 16 bits), a bool as one byte; then the
kernel's tensor maps (`tensor_maps.py`), 128 bytes each, which a launch encodes from the others.

The slots are `nereid.runtime.argument_slots`'. Arrays are CUDA memory: torch CUDA tensors,
anything with `__cuda_array_interface__`, and DLPack arrays on a CUDA device; an array on
another device than the launch's is an error."""

from __future__ import annotations

import ctypes
from typing import Any, Callable, Mapping, Optional, Sequence

import numpy as np

from nereid.language.dtypes import dtype
from nereid.runtime.arguments import array_dtype
from nereid.runtime.argument_slots import Setter, SlotMarshaller
from nereid.runtime.tensor_descriptor import TensorDescriptor

from .tensor_maps import TensorMapEncoder, TensorMapParameter

# DLPack's kDLCUDA, and its DLDataTypeCode values by the numpy kind they name.
_DLPACK_CUDA = 2
_DLPACK_TYPE_CODES = {0: "int", 1: "uint", 2: "float", 4: "bfloat", 6: "bool"}

class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    """DLPack's DLTensor (dlpack.h), the head of the DLManagedTensor a capsule holds."""

    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32),
                ("device_id", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.c_void_p),
                ("strides", ctypes.c_void_p), ("byte_offset", ctypes.c_uint64)]


_capsule_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_pointer.restype = ctypes.c_void_p
_capsule_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]


def dlpack_cuda_address(value: Any) -> tuple[int, int, str]:
    """The device, the address of the first element and the numpy dtype name of a DLPack array
    in CUDA memory. The capsule is not consumed: `value` keeps owning its memory."""
    capsule = value.__dlpack__()
    tensor = _DLTensor.from_address(_capsule_pointer(capsule, b"dltensor"))
    if tensor.device_type != _DLPACK_CUDA:
        raise ValueError(f"DLPack device type {tensor.device_type} is not CUDA memory")
    code = _DLPACK_TYPE_CODES.get(tensor.dtype.code)
    if code is None or tensor.dtype.lanes != 1:
        raise TypeError(f"DLPack dtype (code {tensor.dtype.code}, {tensor.dtype.bits} bits, "
                        f"{tensor.dtype.lanes} lanes) is not an element type of Triton kernels")
    name = "bool" if code == "bool" else f"{code}{tensor.dtype.bits}"
    return tensor.device_id, (tensor.data or 0) + tensor.byte_offset, name


class ArgumentMarshaller(SlotMarshaller):
    """Packs a launch's arguments into `args`, for a launch on the CUDA device `device` (set
    before `pack`)."""

    kernels = "NVIDIA kernels"

    def __init__(self, kernel_name: str, signature: Mapping[str, dtype],
                 tensor_maps: Sequence[TensorMapParameter] = ()) -> None:
        self.device = 0
        self._tensor_maps = list(tensor_maps)
        super().__init__(kernel_name, signature)

    def pack(self, values: Sequence[Any]) -> None:
        super().pack(values)
        if self._tensor_maps:
            self._encoder.encode()

    def packer(self, positions: Sequence[int]) -> Callable[[Sequence[Any]], None]:
        pack = super().packer(positions)
        if not self._tensor_maps:
            return pack
        encode = self._encoder.encode

        def pack_and_encode(abi_values: Sequence[Any]) -> None:
            pack(abi_values)
            encode()

        return pack_and_encode

    def _add_hidden_slots(self, signature: Mapping[str, dtype]) -> None:
        self._encoder = TensorMapEncoder(self.kernel_name, self._tensor_maps, self._slots,
                                         self.names)
        self._slots.extend(self._encoder.maps)

    def wrong_device_error(self, name: str, device: int, current: int) -> ValueError:
        """The error of a launch on the current device `current` that passes argument `name`
        on CUDA device `device`."""
        return ValueError(f"{self._describe(name)} is on CUDA device {device}, but the launch "
                          f"runs on the current device, {current}: call "
                          f"torch.cuda.set_device({device}) or move the tensor")

    def _pointer_slot(self, name: str, element: dtype) -> tuple[Any, Setter]:
        slot = ctypes.c_uint64()
        return slot, self._pointer_setter(name, element, slot)

    def _pointer_setter(self, name: str, element: dtype, slot: Any) -> Setter:
        describe = self._describe
        marshaller = self
        # The dtype object last checked to be `element`: launches on tensors of one dtype
        # compare only its identity.
        accepted: Any = None

        def check(found: Optional[dtype], shown: Any, device: int) -> None:
            if found != element:
                raise TypeError(f"{describe(name)} must be an array of {element}; got an array "
                                f"of {shown}")
            if device != marshaller.device:
                raise marshaller.wrong_device_error(name, device, marshaller.device)

        def set_pointer(value: Any) -> None:
            nonlocal accepted
            if isinstance(value, TensorDescriptor):  # the kernel takes its base
                value = value.base
            device = getattr(value, "device", None)
            if device is not None and getattr(device, "type", None) == "cuda":  # torch
                if value.dtype is not accepted or device.index != marshaller.device:
                    check(array_dtype(value), value.dtype, device.index)
                    accepted = value.dtype
                slot.value = value.data_ptr()
            else:
                set_other(value)

        def set_other(value: Any) -> None:
            interface = getattr(value, "__cuda_array_interface__", None)
            if interface is not None:
                # The interface names no device: its memory is taken to be the current one's.
                shown = np.dtype(interface["typestr"])
                check(array_dtype(np.empty(0, shown)), shown, marshaller.device)
                slot.value = interface["data"][0]
            elif hasattr(value, "__dlpack_device__") and \
                    int(value.__dlpack_device__()[0]) == _DLPACK_CUDA:
                device, address, shown = dlpack_cuda_address(value)
                check(array_dtype(np.empty(0, _numpy_dtype(shown))), shown, device)
                slot.value = address
            elif hasattr(value, "data_ptr") or hasattr(value, "__array_interface__") \
                    or hasattr(value, "__dlpack__"):
                raise ValueError(f"{describe(name)} is not in CUDA memory; the NVIDIA backend "
                                 "takes torch CUDA tensors, __cuda_array_interface__ or CUDA "
                                 "DLPack arrays")
            else:
                raise TypeError(f"{describe(name)} is a pointer to {element}; got "
                                f"{type(value).__name__} {value!r}")

        return set_pointer


def _numpy_dtype(name: str) -> Any:
    """The numpy dtype of a DLPack dtype's name ("float32", "bfloat16", "bool")."""
    if name == "bfloat16":
        import ml_dtypes

        return ml_dtypes.bfloat16
    return np.dtype(name)
