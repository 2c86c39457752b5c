"""`triton.runtime.interpreter` under its Triton name. Nereid's interpreter runs a kernel's tt
IR (not its Python source, as upstream's does) on host memory; `launch` is what @jit calls under
NEREID_INTERPRET=1 (or TRITON_INTERPRET=1, or `triton.knobs.runtime.interpret = True`)."""

from ...runtime.interpreter import KernelError, launch
from .errors import InterpreterError

__all__ = ["InterpreterError", "KernelError", "launch"]
