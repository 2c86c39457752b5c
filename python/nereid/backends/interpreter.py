"""The interpreter as a backend: it runs a kernel's tt IR as it is, on host memory (GPU arrays
are copied to the host and back), with the semantics docs/semantics.md specifies.

Launches go to it by name (`backend="interpreter"`, NEREID_BACKEND=interpreter) or under
NEREID_INTERPRET=1, never because of where the data lives. It computes what the backend it
stands in for computes: under NEREID_INTERPRET=1 with NEREID_BACKEND naming another backend
(as a conformance run compares them), its frontend options are that backend's; otherwise its
dot precision is `ieee`."""

from __future__ import annotations

from typing import Any, Optional

from ..compiler.options import DOT_INPUT_PRECISIONS, FrontendOptions
from ..runtime import environment
from ..runtime.driver import GPUTarget
from ..runtime.host import HostDriver, host_occupancy
from .backend import Backend, Relauncher

NAME = "interpreter"


class InterpreterBackend(Backend):
    name = NAME
    # Every precision: tf32 rounds the operands; tf32x3, bf16x3 and bf16x6 compute as ieee.
    allowed_dot_input_precisions = DOT_INPUT_PRECISIONS

    def frontend_options(self) -> FrontendOptions:
        stands_in_for = environment.NEREID_BACKEND.get()
        if stands_in_for and stands_in_for != NAME and environment.interpret_mode():
            from . import registry

            return registry.get(stands_in_for).frontend_options()
        return super().frontend_options()

    def compile(self, kernel: Any) -> Any:
        """The kernel's tt IR, parsed: what the interpreter runs."""
        from ..runtime import interpreter

        return interpreter.module_for(kernel)

    def launch(self, jit_fn: Any, kernel: Any, bound: dict, grid: tuple,
               options: dict) -> Optional[Relauncher]:
        from ..runtime import interpreter

        interpreter.launch(jit_fn, kernel, bound, grid, options)
        return None

    def describe(self, kernel: Any) -> tuple[str, tuple[str, ...], None]:
        return NAME, (), None

    def occupancy(self, kernel: Any) -> dict:
        """The host's, as the CPU backend reports them: the interpreter runs on the host."""
        return host_occupancy(kernel)

    def driver(self) -> Any:
        return InterpreterDriver()


class InterpreterDriver(HostDriver):
    """The interpreter's driver: kernels run on host memory, as on the CPU backend (so torch
    code gets the "cpu" device and backend, and the host's properties), but nothing is
    compiled for the machine: its target's arch is "interpreter"."""

    def get_current_target(self) -> GPUTarget:
        return GPUTarget("cpu", "interpreter", 1)
