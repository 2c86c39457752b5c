"""`triton.runtime.jit` under its Triton name: Nereid's @jit."""

from ...runtime.jit import CompiledKernel, JITFunction, jit

__all__ = ["CompiledKernel", "JITFunction", "jit"]
