"""`triton.tools.tensor_descriptor` under its Triton name (see
`nereid.runtime.tensor_descriptor`)."""

from ...runtime.tensor_descriptor import TensorDescriptor

__all__ = ["TensorDescriptor"]
