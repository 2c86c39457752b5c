"""`triton.compiler` under its Triton name: the compilation errors."""

from . import errors
from .errors import CompilationError, CompileTimeAssertionFailure

__all__ = ["CompilationError", "CompileTimeAssertionFailure", "errors"]
