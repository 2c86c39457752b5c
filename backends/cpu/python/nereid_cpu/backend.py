"""The backend entry that `nereid.runtime.launcher` calls: a @jit kernel's launch on the CPU.
The native kernel is compiled once per compiled tt kernel (by its key) and compile settings
(`nereid.runtime.environment.compile_settings`), and kept."""

from __future__ import annotations

from typing import Any, Callable

from nereid.runtime.environment import compile_settings

from .compiler import ASM_STAGE_NAMES, compile, compile_stages
from .kernel import CompiledCpuKernel, resolve_num_threads
from .target import resolve_target

# Native kernels by the key of the tt kernel they were compiled from and the compile settings
# they were compiled under.
_kernels: dict[tuple, CompiledCpuKernel] = {}


def launch(jit_fn: Any, kernel: Any, bound: dict, grid: tuple, options: dict) -> Any:
    """Runs `kernel` (a `nereid.runtime.jit.CompiledKernel`) for every program of `grid` on
    the arguments `bound` by name; launch options `num_threads` and `scheduler`. Returns the
    relauncher that @jit calls for later launches with the same key (see
    `CompiledCpuKernel.relauncher`)."""
    key = (kernel.key, compile_settings())
    native = _kernels.get(key)
    if native is None:
        native = _kernels[key] = compile(kernel.asm["ttir"], kernel.name,
                                         kernel.signature.types, options)
    native.launch([bound[name] for name in kernel.signature.types], grid,
                  resolve_num_threads(options), options.get("scheduler"))
    names = list(bound)
    return native.relauncher([names.index(name) for name in kernel.signature.types], options)


def describe(kernel: Any) -> tuple[str, tuple[str, ...], Callable[[], dict]]:
    """The target `kernel` compiles for on this host, the names of its stages in a compiled
    kernel's `asm` after tt IR, and a function that compiles them (`compile_stages`)."""
    target = resolve_target(kernel.name, kernel.options)
    return (target.ttg_target, tuple(dict.fromkeys(ASM_STAGE_NAMES.values())),
            lambda: compile_stages(kernel.asm["ttir"], kernel.name, kernel.options))


def occupancy(kernel: Any) -> dict:
    """What `kernel` uses of a core, in the terms of GPU occupancy arithmetic, which divides a
    device's registers and shared memory by a kernel's (upstream's fused-softmax tutorial:
    `max_num_regs // (n_regs * warp_size * num_warps)` and `max_shared_mem // shared`). A CPU
    program has a core to itself, so each program counts as using all of the core's vector
    registers across its warps and all of its private cache, and the arithmetic gives one
    program per core at a time (`multiprocessor_count` of them)."""
    from nereid.runtime.driver import HostUtils

    properties = HostUtils().get_device_properties()
    num_warps = max(1, int(kernel.metadata.num_warps))
    return {"n_regs": max(1, properties["max_num_regs"] // num_warps), "n_spills": 0,
            "n_max_threads": 1, "shared": properties["max_shared_mem"]}
