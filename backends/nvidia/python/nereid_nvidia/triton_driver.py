"""The NVIDIA backend's `triton.runtime.driver` (`driver.active` under NEREID_BACKEND=nvidia):
the current GPU as upstream's CUDA driver describes it to host code, so that programs written
for upstream Triton pick their device, target and occupancy the way they do there. Devices and
streams are torch's, as for launches (docs/nvidia.md)."""

from __future__ import annotations

from typing import Any, Optional

from nereid.runtime.driver import DriverBase, GPUTarget

from . import driver


def _torch() -> Any:
    import torch

    return torch


def _device_index(device: Any) -> int:
    """The ordinal of `device`: None (the current one), an int, "cuda", "cuda:N" or a
    torch.device of type cuda."""
    if device is None:
        return _torch().cuda.current_device()
    if isinstance(device, int):
        return device
    if isinstance(device, str):
        device = _torch().device(device)
    if getattr(device, "type", None) != "cuda":
        raise ValueError(f"the nvidia driver's devices are CUDA devices; got {device!r}")
    return device.index if device.index is not None else _torch().cuda.current_device()


class NvidiaUtils:
    """`driver.active.utils` of the NVIDIA backend."""

    def get_device_properties(self, device: Any = None) -> dict[str, int]:
        """Upstream's keys for the CUDA device `device` (an ordinal, a torch device or None
        for the current one), read from the driver: `max_shared_mem` is the shared memory a
        block may opt in to, `max_num_regs` the registers a block may use, the clocks in kHz
        and the bus width in bits."""
        properties = driver.device_properties(_device_index(device))
        return {
            "max_shared_mem": properties.max_shared_memory_per_block_optin,
            "max_num_regs": properties.max_registers_per_block,
            "multiprocessor_count": properties.multiprocessor_count,
            "warpSize": properties.warp_size,
            "sm_clock_rate": properties.clock_rate_khz,
            "mem_clock_rate": properties.memory_clock_rate_khz,
            "mem_bus_width": properties.memory_bus_width,
        }


class NvidiaDriver(DriverBase):
    """The current CUDA device (torch's), its target `GPUTarget("cuda", 90, 32)` for compute
    capability 9.0, and torch's current stream."""

    backend = "nvidia"

    def __init__(self) -> None:
        self.utils = NvidiaUtils()

    @classmethod
    def is_active(cls) -> bool:
        try:
            driver.init()
            return driver.device_count() > 0
        except (driver.CudaError, OSError):
            return False

    def get_current_target(self) -> GPUTarget:
        properties = driver.device_properties(self.get_current_device())
        major, minor = properties.compute_capability
        return GPUTarget("cuda", major * 10 + minor, properties.warp_size)

    def get_active_torch_device(self) -> Any:
        return _torch().device("cuda", self.get_current_device())

    def get_current_device(self) -> int:
        return _torch().cuda.current_device()

    def set_current_device(self, device: int) -> None:
        _torch().cuda.set_device(device)

    def get_current_stream(self, device: Optional[int] = None) -> int:
        return _torch().cuda.current_stream(device).cuda_stream

    def get_device_interface(self) -> Any:
        return _torch().cuda
