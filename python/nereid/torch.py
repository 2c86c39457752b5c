"""Nereid kernels in torch programs: `triton_op` makes a function that launches Nereid kernels a
torch custom operator, which `torch.compile(fullgraph=True)` keeps in its graph, as torch's own
`torch.library.triton_op` does for upstream Triton kernels.

    import nereid.torch

    @nereid.torch.triton_op("mylib::add", mutates_args=())
    def add(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        nereid.torch.wrap_triton(add_kernel)[(nereid.cdiv(x.numel(), 1024),)](
            x, y, out, x.numel(), BLOCK=1024)
        return out

torch's own `wrap_triton` accepts upstream Triton's kernel classes only (it checks
`isinstance(kernel, triton.JITFunction)` and then analyzes the kernel with upstream Triton's
compiler), and `torch.library.triton_op` decomposes its body while `torch.compile` traces it,
where a Nereid launch, which is no torch operation, would leave no trace in the graph. So the
operator here is opaque: `torch.library.custom_op`, whose fake implementation is the same
function run on fake tensors, where Nereid launches do nothing.

A launch directly inside a compiled function (not in an operator) is a graph break: dynamo
never traces Nereid's launch path, which runs eagerly between the two graphs. `fullgraph=True`
needs the operator.

Importing this module imports torch; `import nereid` does not, and a launch looks at torch only
where a program has imported it."""

from __future__ import annotations

import sys
from typing import Any, Callable, Iterable, Optional

import torch
from torch._subclasses.fake_tensor import FakeTensor
from torch._subclasses.functional_tensor import FunctionalTensor

from .runtime.autotuner import Autotuner, Heuristics
from .runtime.jit import JITFunction

__all__ = ["triton_op", "wrap_triton"]

# The kinds of Nereid kernels: `kernel[grid](...)` launches each.
_KERNEL_TYPES = (JITFunction, Autotuner, Heuristics)

_FAKE, _FUNCTIONAL, _PROXY = (torch._C._TorchDispatchModeKey.FAKE,
                              torch._C._TorchDispatchModeKey.FUNCTIONAL,
                              torch._C._TorchDispatchModeKey.PROXY)
_get_dispatch_mode = torch._C._get_dispatch_mode

_NOT_TRACEABLE = ("a Nereid kernel cannot be launched while torch traces {what}: the launch is "
                  "no torch operation, so the traced graph would leave it out. Launch it in a "
                  "function decorated with nereid.torch.triton_op, which torch traces as one "
                  "operator")


def skips_launch(args: tuple, kwargs: dict) -> bool:
    """Whether a launch on these arguments runs nothing because torch is only tracing it: an
    argument is a fake or meta tensor, or a FakeTensorMode is active (a custom operator's fake
    implementation, shape propagation in torch.compile). Raises where torch traces a program
    into a graph that the launch would be missing from (functionalization, which
    `torch.library.triton_op` decomposes its body under; make_fx on real tensors). Called by
    every launch once torch is imported."""
    if not _hidden and "torch._dynamo" in sys.modules:
        _hide_launches_from_dynamo()
    if _get_dispatch_mode(_FUNCTIONAL) is not None:
        raise RuntimeError(_NOT_TRACEABLE.format(what="it with functionalization "
                                                      "(torch.library.triton_op, AOTAutograd)"))
    fake = _get_dispatch_mode(_FAKE) is not None
    for value in (*args, *kwargs.values()):
        if isinstance(value, torch.Tensor):
            if isinstance(value, FunctionalTensor) or torch._is_functional_tensor(value):
                raise RuntimeError(_NOT_TRACEABLE.format(what="it with functionalization "
                                                              "(torch.library.triton_op, "
                                                              "AOTAutograd)"))
            if isinstance(value, FakeTensor) or value.is_meta:
                fake = True
    if not fake and _get_dispatch_mode(_PROXY) is not None:
        raise RuntimeError(_NOT_TRACEABLE.format(what="a graph (make_fx, torch.export)"))
    return fake


class TorchKernel:
    """A Nereid kernel as `wrap_triton` returns it: `TorchKernel(kernel)[grid](*args)` launches
    `kernel`, and does nothing on fake tensors (autotuned kernels included, which would
    otherwise time launches that do nothing)."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel

    def __getitem__(self, grid: Any) -> Callable:
        def launch(*args: Any, **kwargs: Any) -> Any:
            return self.run(*args, grid=grid, **kwargs)
        return launch

    def run(self, *args: Any, grid: Any, **kwargs: Any) -> Any:
        if skips_launch(args, kwargs):
            return None
        return self.kernel.run(*args, grid=grid, **kwargs)

    def __repr__(self) -> str:
        return f"TorchKernel({self.kernel!r})"


def wrap_triton(kernel: Any, /) -> Any:
    """As `torch.library.wrap_triton`, for Nereid kernels (@jit, @autotune, @heuristics):
    `wrap_triton(kernel)[grid](*args)` launches `kernel` in the body of a `triton_op`. Other
    kernels (upstream Triton's) go to torch's `wrap_triton`."""
    if not isinstance(kernel, _KERNEL_TYPES):
        return torch.library.wrap_triton(kernel)
    _hide_launches_from_dynamo()
    return TorchKernel(kernel)


def triton_op(name: str, fn: Optional[Callable] = None, /, *,
              mutates_args: str | Iterable[str], schema: Optional[str] = None) -> Callable:
    """As `torch.library.triton_op`, for functions that launch Nereid kernels: registers `fn`
    (which allocates its outputs with torch and launches kernels, through `wrap_triton` or
    directly) as the custom operator `name` ("namespace::name"), and `fn` itself as its fake
    implementation, in which launches do nothing. `mutates_args` names the arguments that `fn`
    writes, as torch.library.custom_op's does; `schema` is inferred from `fn`'s annotations
    where it is None. Returns torch's CustomOpDef, which calls like `fn`.

    Unlike torch's, the operator is opaque to torch.compile (as a custom_op is): inductor calls
    it rather than fusing its kernels with the code around it."""
    def register(fn: Callable) -> Any:
        _hide_launches_from_dynamo()
        op = torch.library.custom_op(name, fn, mutates_args=mutates_args, schema=schema)
        op.register_fake(fn)
        return op

    return register if fn is None else register(fn)


# Whether the launch entry points are hidden from dynamo.
_hidden = False


def _hide_launches_from_dynamo() -> None:
    """Wraps the launch entry points of Nereid's kernels in `torch.compiler.disable`: dynamo,
    on reaching a launch in a compiled function, breaks the graph there with the reason below
    and runs the launch eagerly, instead of tracing the launch path (generated code, ctypes
    calls), which breaks its graph at every step and compiles each of its frames. The wrapper
    costs a launch well under a microsecond."""
    global _hidden
    if _hidden:
        return
    _hidden = True
    reason = ("a Nereid launch runs eagerly between graphs; for fullgraph=True, launch it in an "
              "operator made with nereid.torch.triton_op")
    for cls, name in ((JITFunction, "run"), (JITFunction, "warmup"), (Autotuner, "run"),
                      (Autotuner, "warmup"), (Heuristics, "run"), (Heuristics, "warmup"),
                      (TorchKernel, "run")):
        method = getattr(cls, name)
        if not getattr(method, "_torchdynamo_disable", False):
            setattr(cls, name, torch.compiler.disable(method, reason=reason))


if "torch._dynamo" in sys.modules:
    _hide_launches_from_dynamo()
