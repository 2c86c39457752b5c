"""The CPU backend's Python driver: compiles tt IR to a native shared library and launches it
on host memory. `nereid.runtime.backends` imports it by the name "cpu"."""

from .compiler import STAGES, compile
from .kernel import CompiledCpuKernel
from .backend import describe, launch, occupancy

__all__ = ["STAGES", "CompiledCpuKernel", "compile", "describe", "launch", "occupancy"]
