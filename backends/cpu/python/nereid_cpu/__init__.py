"""The CPU backend: compiles tt IR to a native shared library and launches it on host memory.
`nereid.backends` finds it through its entry point `cpu` (`backend.CpuBackend`)."""

from .compiler import STAGES, compile
from .kernel import CompiledCpuKernel
from .backend import CpuBackend

__all__ = ["STAGES", "CompiledCpuKernel", "CpuBackend", "compile"]
