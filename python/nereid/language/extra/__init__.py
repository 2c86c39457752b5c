"""`tl.extra`: libraries of functions beyond the core language."""

from . import libdevice

__all__ = ["libdevice"]
