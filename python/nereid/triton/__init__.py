"""Triton's names, so that a Triton program runs after changing only its imports:

    import nereid.triton as triton
    import nereid.triton.language as tl
"""

import sys

from .. import __version__, testing
from ..compiler.errors import CompilationError, TritonError
from ..runtime.autotuner import Config, autotune, heuristics
from ..runtime.jit import JITFunction, jit
from ..runtime.reinterpret import TensorWrapper, reinterpret
from ..utils import cdiv, next_power_of_2
from . import compiler, knobs, language, runtime, tools
from .runtime._allocation import set_allocator
from .runtime.errors import InterpreterError, OutOfResources

# `import triton.testing` (the tutorials' spelling) finds nereid.testing under this name.
sys.modules[f"{__name__}.testing"] = testing

__all__ = ["CompilationError", "Config", "JITFunction", "autotune", "cdiv", "heuristics", "jit",
           "language", "next_power_of_2", "testing", "TritonError", "__version__",
           "InterpreterError", "OutOfResources", "knobs", "runtime", "set_allocator",
           "TensorWrapper", "reinterpret", "compiler", "tools"]
