"""`Backend`: what Nereid asks of a backend, and the defaults every backend shares.

A backend is a subclass that names itself, declares the memory it owns and its dot precisions,
and implements `compile` and `launch`; the registry (`registry.py`) finds it through the
entry-point group `nereid.backends`. docs/backends.md walks through adding one."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from ..compiler.options import DOT_INPUT_PRECISIONS, FrontendOptions
from ..runtime import environment
from .devices import memory_of


@dataclass(frozen=True)
class Availability:
    """Whether a backend can run kernels in this process, and if not, why (`reason`, a
    sentence a user can act on). True in a boolean context when it can."""

    usable: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.usable


# A relauncher: `relaunch(abi_values, grid)` runs the kernel a launch compiled again, with
# the same options, on arguments as the kernel ABI passes them (see `Backend.launch`).
Relauncher = Callable[[list, tuple], None]


class Backend:
    """A target that compiles tt IR and runs it.

    `name` is what launches choose it by (the launch option `backend`, NEREID_BACKEND) and
    its entry point's name. `owned_memory` holds the DLPack device types ("cpu", "cuda",
    "rocm"; `devices.py`) of the arrays whose data it runs on without a copy: a launch on such
    data goes to it. `default_dot_input_precision` and `allowed_dot_input_precisions` are how
    it computes a `tl.dot` of f32 operands (upstream's options of those names); the frontend
    applies them when it generates tt IR.

    `compile` is apart from `launch`, so that a kernel compiles for a backend that cannot run
    here (another machine's target, ahead of time); `available` says whether it can run."""

    name: str = ""
    owned_memory: frozenset[str] = frozenset()
    default_dot_input_precision: str = "ieee"
    allowed_dot_input_precisions: tuple[str, ...] = ("ieee",)
    # The libraries that upstream's launch option `extern_libs` ({name: path of bitcode}) may
    # name for this backend, which then links that file in place of its own; none by default.
    extern_libraries: frozenset[str] = frozenset()

    def available(self) -> Availability:
        """Whether this backend can launch kernels here (its device exists, its libraries
        load), and if not, why."""
        return Availability(True)

    def owns(self, value: Any) -> bool:
        """Whether `value` is an array whose memory this backend runs on."""
        memory = memory_of(value)
        return memory is not None and memory.kind in self.owned_memory

    def default_options(self) -> dict[str, Any]:
        """The options this backend compiles with when a launch does not set them."""
        return {"default_dot_input_precision": self.default_dot_input_precision,
                "allowed_dot_input_precisions": self.allowed_dot_input_precisions}

    def frontend_options(self) -> FrontendOptions:
        """What the frontend needs of this backend: its dot precisions, with upstream's
        TRITON_F32_DEFAULT in place of the default precision where it is set. Raises
        ValueError when TRITON_F32_DEFAULT names a precision this backend does not compute."""
        options = self.default_options()
        allowed = tuple(options["allowed_dot_input_precisions"])
        default = options["default_dot_input_precision"]
        configured = environment.TRITON_F32_DEFAULT.get()
        if configured:
            default = configured.lower()
            if default not in allowed:
                known = "" if default in DOT_INPUT_PRECISIONS else " (not an input precision)"
                raise ValueError(f"TRITON_F32_DEFAULT={configured!r}{known}: the {self.name} "
                                 f"backend computes tl.dot in {', '.join(allowed)}")
        return FrontendOptions(self.name, default, allowed)

    def compile(self, kernel: Any) -> Any:
        """Compiles `kernel` (a `nereid.runtime.jit.CompiledKernel`, whose tt IR the frontend
        generated with `frontend_options`) to what `launch` runs, without running it."""
        raise NotImplementedError(f"the {self.name} backend does not compile kernels")

    def compile_ahead_of_time(self, kernel: Any, output: Path) -> list[Path]:
        """Compiles `kernel` into the library `output`, which a C program loads and launches
        without Nereid (`python -m nereid compile`, docs/aot.md), with what it needs beside
        it. Returns the paths written, the library first."""
        raise NotImplementedError(f"the {self.name} backend does not compile kernels ahead of "
                                  "time yet")

    def launch(self, jit_fn: Any, kernel: Any, bound: dict, grid: tuple,
               options: dict) -> Optional[Relauncher]:
        """Runs `kernel` for every program of `grid` on the arguments `bound` by name, with
        the launch `options`. May return a relauncher, which @jit calls instead on later
        launches with the same key (skipping binding, checks and this call), where the key
        fixes the memory of every argument: host data, and the tensors whose kinds have a
        launch key of their own (`nereid.runtime.arguments.ARRAY_LAUNCH_KEYS`)."""
        raise NotImplementedError(f"the {self.name} backend does not launch kernels")

    def describe(self, kernel: Any) -> tuple[Optional[str], tuple[str, ...],
                                              Optional[Callable[[], dict]]]:
        """What this backend compiles `kernel` for: its target string, the names of its
        stages after tt IR in a compiled kernel's `asm`, and a function that compiles their
        texts (None where it has none)."""
        return None, (), None

    def occupancy(self, kernel: Any) -> dict:
        """What `kernel` uses of a device (`n_regs`, `n_spills`, `n_max_threads`, `shared`),
        for upstream's occupancy arithmetic."""
        raise NotImplementedError(f"the {self.name} backend does not report a kernel's "
                                  "resources")

    def driver(self) -> Any:
        """This backend's `triton.runtime.driver` (a `nereid.runtime.driver.DriverBase`), or
        None where it has none."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
