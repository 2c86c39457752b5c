"""The frontend compiler: Python AST -> tt IR, and its errors."""

from .errors import CompilationError

__all__ = ["CompilationError"]
