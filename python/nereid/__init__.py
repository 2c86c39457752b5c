"""Nereid: a compiler for the Triton tile language with the CPU as a first-class target.

    import nereid
    import nereid.language as tl

    @nereid.jit
    def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        ...
"""

__version__ = "0.1.0"

from . import ir, language, testing
from .compiler.errors import CompilationError, TritonError
from .runtime.autotuner import Config, autotune, heuristics
from .runtime.jit import JITFunction, jit
from .utils import cdiv, next_power_of_2

__all__ = ["CompilationError", "Config", "JITFunction", "autotune", "cdiv", "heuristics", "ir",
           "jit", "language", "next_power_of_2", "testing", "TritonError"]
