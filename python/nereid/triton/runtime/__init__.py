"""`triton.runtime` under its Triton name: the driver, @jit, the autotuner and the errors,
so that `from triton.runtime import driver` and `from triton.runtime.jit import JITFunction`
work with `import nereid.triton as triton`. As upstream's package does, it binds `driver` to
the driver configuration (`triton.runtime.driver.active`), not to the submodule."""

from . import _allocation, autotuner, errors, jit
from .autotuner import Autotuner, Config, Heuristics, autotune, heuristics
from .driver import driver
from .errors import InterpreterError, OutOfResources
from .jit import JITFunction

__all__ = ["Autotuner", "Config", "Heuristics", "InterpreterError", "JITFunction",
           "OutOfResources", "autotune", "driver", "heuristics"]
