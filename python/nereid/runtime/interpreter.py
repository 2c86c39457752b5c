"""Runs compiled kernels in the interpreter (NEREID_INTERPRET=1 or TRITON_INTERPRET=1).

Host arrays are passed in place, so results land in the caller's arrays. Arrays in GPU memory
(`__cuda_array_interface__`, torch CUDA tensors) are copied to the host and back."""

from __future__ import annotations

import threading
from typing import Any

from .. import _capi, ir
from ..compiler.errors import format_source_line
from . import arguments as arguments_module
from . import environment
from .launcher import thread_count


class KernelError(RuntimeError):
    """A kernel failed at run time: a memory access out of bounds, a failed device_assert, or
    an op the interpreter cannot run. The message names the kernel, the program and the
    Python source line, and `where` it ran ("the interpreter", "the CPU backend")."""

    def __init__(self, kernel: str, diagnostics: list, where: str = "the interpreter") -> None:
        self.kernel = kernel
        self.diagnostics = diagnostics
        errors = [d for d in diagnostics if d.severity == "error"] or diagnostics
        parts = [f"kernel `{kernel}` failed in {where}: "
                 + (errors[0].message if errors else "unknown error")]
        if errors and errors[0].file:
            parts.append(format_source_line(errors[0].file, errors[0].line, errors[0].column))
        parts.extend(str(d) for d in diagnostics if errors and d is not errors[0])
        super().__init__("\n".join(parts))


# Parsed modules by compiled-kernel key, per thread (a context serves one thread).
_modules = threading.local()


def module_for(kernel: Any) -> ir.Module:
    """`kernel`'s tt IR, parsed once per thread."""
    cache = getattr(_modules, "by_key", None)
    if cache is None:
        cache = _modules.by_key = {}
    module = cache.get(kernel.key)
    if module is None:
        module = cache[kernel.key] = ir.parse(kernel.asm["ttir"], f"<{kernel.name}>")
    return module


class _HostCopy:
    """A host array standing in for a GPU array during a launch, copied back afterwards."""

    def __init__(self, original: Any) -> None:
        self.original = original
        if hasattr(original, "cpu"):
            self.host = original.detach().cpu().contiguous()
        else:
            import cupy  # arrays with __cuda_array_interface__ other than torch's

            self.host = cupy.asnumpy(original)

    def copy_back(self) -> None:
        if hasattr(self.original, "copy_"):
            self.original.copy_(self.host)
        else:
            self.original.set(self.host)


def _to_argument(name: str, value: Any, ty: Any) -> Any:
    argument = _capi.NereidArgument()
    if ty.is_ptr():
        address, size = arguments_module.buffer_extent(value)
        argument.kind = _capi.ARGUMENT_BUFFER
        argument.value.buffer.data = address
        argument.value.buffer.size_bytes = size
    elif ty.is_floating():
        argument.kind = _capi.ARGUMENT_FLOAT
        argument.value.floating = float(value)
    else:
        argument.kind = _capi.ARGUMENT_INTEGER
        integer = int(value)
        if integer >= 2**63:
            integer -= 2**64
        argument.value.integer = integer
    return argument


def num_threads(options: dict) -> int:
    """The threads that run the programs: the option `num_threads`, else NEREID_NUM_THREADS,
    else 1 (checked as `launcher.thread_count` checks them)."""
    configured = options.get("num_threads")
    if configured is not None:
        return thread_count(configured, "num_threads")
    configured = environment.NEREID_NUM_THREADS.get()
    return thread_count(configured, "NEREID_NUM_THREADS") if configured else 1


def launch(jit_fn: Any, kernel: Any, bound: dict, grid: tuple, options: dict) -> None:
    """Runs `kernel` for every program of `grid` on the arguments `bound` by name."""
    if any(g == 0 for g in grid):
        return
    copies = []
    arguments = []
    for name in jit_fn.arg_names:
        if name not in kernel.signature.types:
            continue  # a constexpr, compiled into the kernel
        value = bound[name]
        if arguments_module.on_gpu(value):
            copy = _HostCopy(value)
            copies.append(copy)
            value = copy.host
        arguments.append(_to_argument(name, value, kernel.signature.types[name]))
    try:
        module_for(kernel).interpret(kernel.name, grid, arguments, num_threads(options))
    except ir.IRError as error:
        raise KernelError(kernel.name, error.diagnostics) from None
    finally:
        for copy in copies:
            copy.copy_back()
