"""`triton.runtime.errors` under its Triton name.

`InterpreterError` is Nereid's KernelError, which the interpreter (and the CPU backend) raise
when a kernel fails at run time, so that `except InterpreterError` catches what it catches
upstream. `OutOfResources` has upstream's fields; the GPU backends raise it when a kernel needs
more shared memory or registers than the device has."""

from typing import Any

from ...runtime.interpreter import KernelError as InterpreterError

from ...compiler.errors import TritonError


class OutOfResources(TritonError):
    """A kernel needs more of a device resource (`name`) than the device has (`limit`)."""

    def __init__(self, required: Any, limit: Any, name: str) -> None:
        self.required = required
        self.limit = limit
        self.name = name
        super().__init__(required, limit, name)

    def __str__(self) -> str:
        return (f"out of resource: {self.name}, Required: {self.required}, Hardware limit: "
                f"{self.limit}. Reducing block sizes or `num_stages` may help.")

    def __reduce__(self) -> tuple:
        return (type(self), (self.required, self.limit, self.name))


class AutotunerError(TritonError):
    """The autotuner could not run a configuration."""

    def __init__(self, error_message: str = "") -> None:
        self.error_message = error_message
        super().__init__(error_message)

    def __str__(self) -> str:
        return f"Autotuner error: {self.error_message}"


__all__ = ["AutotunerError", "InterpreterError", "OutOfResources", "TritonError"]
