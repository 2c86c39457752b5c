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

import importlib.abc
import importlib.util
import sys
from typing import Any, Callable, Iterable, Optional

import torch
from numpy import ndarray
from torch._subclasses.fake_tensor import FakeTensor
from torch._subclasses.functional_tensor import FunctionalTensor

from .runtime.arguments import ARRAY_LAUNCH_KEYS, check_array_argument
from .runtime.autotuner import Autotuner, Heuristics
from .runtime.jit import JITFunction

__all__ = ["triton_op", "wrap_triton"]

# The kinds of Nereid kernels: `kernel[grid](...)` launches each.
_KERNEL_TYPES = (JITFunction, Autotuner, Heuristics)

_FAKE, _FUNCTIONAL, _PROXY = (torch._C._TorchDispatchModeKey.FAKE,
                              torch._C._TorchDispatchModeKey.FUNCTIONAL,
                              torch._C._TorchDispatchModeKey.PROXY)
_get_dispatch_mode = torch._C._get_dispatch_mode
_dispatch_modes = torch._C._len_torch_dispatch_stack
# The kinds of launch arguments that a launch on tensors looks past at once (isinstance against
# torch.Tensor costs a few hundred nanoseconds).
_NOT_TENSORS = frozenset((int, float, bool, type(None), ndarray))

_NOT_TRACEABLE = ("a Nereid kernel cannot be launched while torch traces {}: the launch is no "
                  "torch operation, so the traced graph would leave it out. Launch it in a "
                  "function decorated with nereid.torch.triton_op, which torch traces as one "
                  "operator")
_FUNCTIONALIZED = _NOT_TRACEABLE.format("it with functionalization (AOTAutograd, as in "
                                        "torch.compile's aot_eager and inductor backends, and "
                                        "torch.library.triton_op's body)")
_RECORDED = _NOT_TRACEABLE.format("a graph (make_fx, torch.export)")


def tensor_launch_key(kernel: str, name: str, tensor: torch.Tensor,
                      align: bool) -> tuple[int, tuple]:
    """The address and launch key of tensor argument `name` of `kernel`
    (`arguments.ARRAY_LAUNCH_KEYS`): its kind, dtype and device (which picks the backend, and
    the GPU it runs on), and whether its address is divisible by 16 where `align`. A view with
    a negative or zero stride is the ValueError of the full path (`check_array_argument`); a
    contiguous tensor has neither."""
    address = tensor.data_ptr()
    if not tensor.is_contiguous():
        check_array_argument(kernel, name, tensor)
    return address, (type(tensor), tensor.dtype, tensor.device, align and address % 16 == 0)


# Launches on plain tensors and on parameters (a module's weights) find their kernel by key;
# other subclasses (fake and functional tensors among them) take the full path.
ARRAY_LAUNCH_KEYS[torch.Tensor] = ARRAY_LAUNCH_KEYS[torch.nn.Parameter] = tensor_launch_key


def skips_launch(args: tuple, kwargs: dict) -> bool:
    """Whether a launch on these arguments runs nothing because torch is only tracing it: an
    argument is a fake or meta tensor, or a FakeTensorMode is active (a custom operator's fake
    implementation, shape propagation in torch.compile). Raises where torch traces a program
    into a graph that the launch would be missing from (functionalization, make_fx). Every
    launch calls it once torch is imported."""
    fake = False
    if _dispatch_modes():
        if _get_dispatch_mode(_FUNCTIONAL) is not None:
            raise RuntimeError(_FUNCTIONALIZED)
        if _get_dispatch_mode(_PROXY) is not None:
            # Not so in an operator's fake implementation: torch records the operator, then
            # runs the fake implementation with the proxy mode off.
            raise RuntimeError(_RECORDED)
        fake = _get_dispatch_mode(_FAKE) is not None
    for values in (args, kwargs.values()):
        for value in values:
            kind = type(value)
            if kind is torch.Tensor:
                fake = fake or value.is_meta
            elif kind not in _NOT_TENSORS and isinstance(value, torch.Tensor):
                if isinstance(value, FakeTensor) or value.is_meta:
                    fake = True
                elif isinstance(value, FunctionalTensor) or torch._is_functional_tensor(value):
                    raise RuntimeError(_FUNCTIONALIZED)
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
        op = torch.library.custom_op(name, fn, mutates_args=mutates_args, schema=schema)
        op.register_fake(fn)
        return op

    return register if fn is None else register(fn)


def _hide_launches_from_dynamo() -> None:
    """Wraps the launch entry points of Nereid's kernels in `torch.compiler.disable`: dynamo,
    on reaching a launch in a compiled function, breaks the graph there with the reason below
    and runs the launch eagerly, instead of tracing the launch path (generated code, ctypes
    calls), which would break its graph at every step and compile each of its frames. The
    wrapper costs a launch well under a microsecond."""
    reason = ("a Nereid launch runs eagerly between graphs; for fullgraph=True, launch it in an "
              "operator made with nereid.torch.triton_op")
    for cls, name in ((JITFunction, "run"), (JITFunction, "warmup"), (Autotuner, "run"),
                      (Autotuner, "warmup"), (Heuristics, "run"), (Heuristics, "warmup"),
                      (TorchKernel, "run")):
        method = getattr(cls, name)
        if not getattr(method, "_torchdynamo_disable", False):
            setattr(cls, name, torch.compiler.disable(method, reason=reason))


class _HideLaunchesWhenDynamoLoads(importlib.abc.MetaPathFinder):
    """Hides the launch entry points from dynamo as soon as `torch._dynamo` is imported
    (torch.compile imports it), rather than importing it here: that takes more than a second,
    which a program that launches on torch tensors without compiling should not pay."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "torch._dynamo":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            load = spec.loader.exec_module

            def load_and_hide(module: Any) -> None:
                load(module)
                _hide_launches_from_dynamo()
            spec.loader.exec_module = load_and_hide
        return spec


if "torch._dynamo" in sys.modules:
    _hide_launches_from_dynamo()
else:
    sys.meta_path.insert(0, _HideLaunchesWhenDynamoLoads())
