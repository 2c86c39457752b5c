"""`triton.tools` under its Triton name: the host-side tensor descriptor."""

from . import tensor_descriptor

__all__ = ["tensor_descriptor"]
