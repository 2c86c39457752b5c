"""Where an array's memory lives, as DLPack names it: the question a backend's `owns` answers
from.

Three protocols say it: torch's `.device`, DLPack's `__dlpack_device__()`, and CuPy/Numba's
`__cuda_array_interface__`. Their answers are mapped onto DLPack's device types (`dlpack.h`),
so that a backend declares the memory it owns once, in one vocabulary: "cpu" for host memory,
"cuda" for NVIDIA GPU memory, "rocm" for AMD GPU memory."""

from __future__ import annotations

from typing import Any, NamedTuple, Optional


class Memory(NamedTuple):
    """The memory an array lives in: its DLPack device type and the device's index."""

    kind: str
    index: int

    def __str__(self) -> str:
        return f"{self.kind}:{self.index}"


HOST = Memory("cpu", 0)

# DLPack's DLDeviceType values (dlpack.h), by number.
DLPACK_DEVICE_TYPES = {1: "cpu", 2: "cuda", 3: "cuda_host", 4: "opencl", 7: "vulkan",
                       8: "metal", 9: "vpi", 10: "rocm", 11: "rocm_host", 12: "ext_dev",
                       13: "cuda_managed", 14: "oneapi", 15: "webgpu", 16: "hexagon",
                       17: "maia"}

# torch's device types where they differ from DLPack's names. torch calls AMD GPUs "cuda"
# too: `_torch_memory` tells them apart by the build (torch.version.hip).
_TORCH_DEVICE_TYPES = {"mps": "metal", "xpu": "oneapi"}


def _torch_memory(device: Any) -> Memory:
    kind = device.type
    if kind == "cuda":
        import torch

        kind = "rocm" if getattr(torch.version, "hip", None) else "cuda"
    return Memory(_TORCH_DEVICE_TYPES.get(kind, kind), device.index or 0)


def memory_of(value: Any) -> Optional[Memory]:
    """The memory `value` lives in, or None when it is not an array that says so. Host arrays
    (numpy's, anything with `__array_interface__`) are in HOST."""
    device = getattr(value, "device", None)
    if device is not None and type(device).__module__ == "torch":
        return _torch_memory(device)
    dlpack_device = getattr(value, "__dlpack_device__", None)
    if dlpack_device is not None:
        kind, index = dlpack_device()
        return Memory(DLPACK_DEVICE_TYPES.get(int(kind), f"dlpack device type {int(kind)}"),
                      int(index))
    if hasattr(value, "__array_interface__"):
        return HOST
    if hasattr(value, "__cuda_array_interface__"):
        return Memory("cuda", 0)
    return None
