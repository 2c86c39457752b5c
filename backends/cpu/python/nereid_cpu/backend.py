"""The CPU as a `nereid.backends.Backend`: its entry point `cpu` in pyproject.toml names
`CpuBackend`. A native kernel is compiled once per compiled tt kernel (by its key) and compile
settings (`nereid.runtime.environment.compile_settings`), and kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from nereid import _capi
from nereid.backends import Availability, Backend
from nereid.compiler.options import DOT_INPUT_PRECISIONS
from nereid.runtime.environment import compile_settings
from nereid.runtime.host import host_occupancy

from .compiler import ASM_STAGE_NAMES, compile, compile_stages, compile_standalone_library
from .driver import CpuDriver
from .kernel import CompiledCpuKernel, resolve_num_threads
from .linker import missing_toolchain
from .target import host_target, resolve_target


class CpuBackend(Backend):
    """Kernels compiled for this machine's (or a named) CPU, on host memory."""

    name = "cpu"
    owned_memory = frozenset({"cpu"})
    # ieee, as upstream's CPU backend computes; tf32 rounds the operands as NVIDIA's
    # cvt.rna.tf32 does; tf32x3, bf16x3 and bf16x6 compute as ieee.
    default_dot_input_precision = "ieee"
    allowed_dot_input_precisions = DOT_INPUT_PRECISIONS

    def __init__(self) -> None:
        # Native kernels by the key of the tt kernel they were compiled from and the compile
        # settings they were compiled under.
        self.kernels: dict[tuple, CompiledCpuKernel] = {}

    def available(self) -> Availability:
        try:
            host = host_target()
        except ImportError as error:  # libnereid did not load
            return Availability(False, str(error))
        missing = _capi.missing_backend(self.name)
        if missing:
            return Availability(False, missing)
        if not host.ttg_target:
            return Availability(False, f"no CPU lowering for {host.cpu} ({host.triple}): the "
                                       "CPU backend needs x86-64 with AVX2 or AVX-512, or "
                                       "AArch64")
        missing = missing_toolchain()
        if missing:
            return Availability(False, missing)
        return Availability(True)

    def compile(self, kernel: Any) -> CompiledCpuKernel:
        """The native kernel of `kernel` (a `nereid.runtime.jit.CompiledKernel`) for the target
        its options name (the host's by default), compiled once per compile settings."""
        key = (kernel.key, compile_settings())
        native = self.kernels.get(key)
        if native is None:
            native = self.kernels[key] = compile(kernel.asm["ttir"], kernel.name,
                                                 kernel.signature.types, kernel.options)
        return native

    def compile_ahead_of_time(self, kernel: Any, output: Path) -> list[Path]:
        """`output` exports `<kernel>_grid(void **args, int32_t gridX, int32_t gridY, int32_t
        gridZ, int32_t numThreads)` (docs/cpu.md, "The grid"); libomp, the CPU runtime and
        oneTBB are copied beside it."""
        return compile_standalone_library(kernel.asm["ttir"], kernel.name, kernel.options,
                                          output)

    def launch(self, jit_fn: Any, kernel: Any, bound: dict, grid: tuple, options: dict) -> Any:
        """Launch options `num_threads` and `scheduler`. Returns the relauncher that @jit
        calls for later launches with the same key (see `CompiledCpuKernel.relauncher`)."""
        native = self.compile(kernel)
        native.launch([bound[name] for name in kernel.signature.types], grid,
                      resolve_num_threads(options), options.get("scheduler"))
        names = list(bound)
        return native.relauncher([names.index(name) for name in kernel.signature.types],
                                 options)

    def describe(self, kernel: Any) -> tuple[str, tuple[str, ...], Callable[[], dict]]:
        """The target `kernel` compiles for, the names of its stages in a compiled kernel's
        `asm` after tt IR, and a function that compiles them (`compile_stages`)."""
        target = resolve_target(kernel.name, kernel.options)
        return (target.ttg_target, tuple(dict.fromkeys(ASM_STAGE_NAMES.values())),
                lambda: compile_stages(kernel.asm["ttir"], kernel.name, kernel.options))

    def occupancy(self, kernel: Any) -> dict:
        return host_occupancy(kernel)

    def driver(self) -> Any:
        return CpuDriver()
