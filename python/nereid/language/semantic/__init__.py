"""The meaning of the language's operations: each method checks its operands with Triton's
rules (types, promotion, broadcasting, shapes) and emits tt IR through the builder. The code
generator makes one `Semantic` per kernel and activates it while it runs."""

from .arith import ArithmeticMixin
from .base import SemanticError
from .memory import MemoryMixin, block_pointer
from .reduction import ReductionMixin
from .shape import ShapeMixin


class Semantic(ArithmeticMixin, ShapeMixin, MemoryMixin, ReductionMixin):
    """Every operation of the language, on one builder."""


__all__ = ["Semantic", "SemanticError", "block_pointer"]
