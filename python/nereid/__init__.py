"""Nereid: a Triton-language compiler with the CPU as a first-class target."""

from . import ir

__version__ = "0.1.0"

__all__ = ["__version__", "ir"]
