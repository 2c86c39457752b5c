"""`triton.runtime.jit` under its Triton name: Nereid's @jit."""

from ...runtime.jit import CompiledKernel, JITFunction, jit
from ...runtime.reinterpret import TensorWrapper, reinterpret

__all__ = ["CompiledKernel", "JITFunction", "TensorWrapper", "jit", "reinterpret"]
