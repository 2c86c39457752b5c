"""NVIDIA GPUs as a `nereid.backends.Backend`: its entry point `nvidia` in pyproject.toml names
`NvidiaBackend`."""

from __future__ import annotations

from typing import Any, Optional

from nereid.backends import Availability, Backend
from nereid.backends.backend import Relauncher
from nereid.runtime.environment import compile_settings

from . import compiler, driver
from .kernel import CompiledNvidiaKernel


class NvidiaBackend(Backend):
    """Kernels compiled to cubins for NVIDIA GPUs, on CUDA memory."""

    name = "nvidia"
    owned_memory = frozenset({"cuda"})
    # tf32, as upstream Triton computes an f32 tl.dot on NVIDIA GPUs by default.
    default_dot_input_precision = "tf32"
    allowed_dot_input_precisions = ("tf32", "tf32x3", "ieee")
    # extern_libs={"libdevice": path} links that libdevice (compiler.libdevice_for).
    extern_libraries = frozenset({"libdevice"})

    def __init__(self) -> None:
        # The cubins compiled in this process, by the compiled kernel's key and options.
        self.kernels: dict[tuple, CompiledNvidiaKernel] = {}
        # Set once the backend was found usable, which it then stays: a launch asks every time.
        self._usable = False

    def available(self) -> Availability:
        """Usable when the runtime library and the driver load, the driver is CUDA 11.8 or
        newer and there is a device; once it was, the driver is not asked again."""
        if self._usable:
            return Availability(True)
        try:
            driver.init()
            version = driver.driver_version()
            if version < driver.MIN_DRIVER_VERSION:
                return Availability(False, f"the NVIDIA driver supports CUDA "
                                           f"{driver.format_version(version)}; Nereid needs "
                                           f"{driver.format_version(driver.MIN_DRIVER_VERSION)} "
                                           "or newer")
            if driver.device_count() == 0:
                return Availability(False, "the NVIDIA driver finds no GPU")
        except (driver.CudaError, OSError) as error:
            return Availability(False, str(error))
        self._usable = True
        return Availability(True)

    def compile(self, kernel: Any) -> CompiledNvidiaKernel:
        """The cubin of `kernel` (a `nereid.runtime.jit.CompiledKernel`) for the GPU its options
        name (`target="cuda:90"`; the current device's by default), compiled once per key,
        chip and compile settings (NEREID_IMPLICIT_TMA...): a process whose GPUs differ gets a
        cubin for each."""
        chip = compiler.resolve_target(kernel.name, kernel.options).chip
        key = (kernel.key, repr(sorted(kernel.options.items(), key=str)), chip,
               compile_settings())
        native = self.kernels.get(key)
        if native is None:
            native = self.kernels[key] = compiler.compile(kernel.asm["ttir"], kernel.name,
                                                          kernel.signature.types, kernel.options)
        return native

    def launch(self, jit_fn: Any, kernel: Any, bound: dict, grid: tuple,
               options: dict) -> Optional[Relauncher]:
        """Runs the kernel on the current device and torch's current stream. Returns the
        relauncher that @jit calls for later launches with the same key
        (`CompiledNvidiaKernel.relauncher`)."""
        native = self.compile(kernel)
        native.launch([bound[name] for name in kernel.signature.types], grid)
        names = list(bound)
        return native.relauncher([names.index(name) for name in kernel.signature.types])

    def driver(self) -> Any:
        """The current CUDA device as `triton.runtime.driver.active` (`NvidiaDriver`)."""
        from .triton_driver import NvidiaDriver

        return NvidiaDriver()

    def occupancy(self, kernel: Any) -> dict:
        """Registers, spills (as upstream counts them: local bytes / 4), threads and shared
        memory (static and dynamic) of the kernel on the current device."""
        native = self.compile(kernel)
        resources = native.resources()
        return {"n_regs": resources.registers, "n_spills": resources.local_bytes // 4,
                "n_max_threads": resources.max_threads_per_block,
                "shared": resources.static_shared_bytes + native.shared_bytes}
