"""The CPU backend's driver (`triton.runtime.driver.active` when launches go to the CPU)."""

from __future__ import annotations

from nereid.runtime.driver import GPUTarget
from nereid.runtime.host import HostDriver

from .target import host_target


class CpuDriver(HostDriver):
    """Kernels compiled for this machine, on host memory."""

    def get_current_target(self) -> GPUTarget:
        """GPUTarget("cpu", the host's vector target as libnereid detects it, 1). Where the
        CPU backend has no lowering for the host, its arch is the LLVM triple's."""
        host = host_target()
        return GPUTarget("cpu", host.ttg_target or host.triple.split("-", 1)[0], 1)
