"""`triton.compiler.errors` under its Triton name."""

from ...compiler.errors import CompilationError, CompileTimeAssertionFailure, TritonError

__all__ = ["CompilationError", "CompileTimeAssertionFailure", "TritonError"]
