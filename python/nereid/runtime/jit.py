"""`@jit`: a Triton kernel as a Python object that specializes on its arguments, compiles to
tt IR (cached on disk) and launches with `kernel[grid](*args)`."""

from __future__ import annotations

import ast
import functools
import hashlib
import inspect
import os
import textwrap
from typing import Any, Callable, Optional

from numpy import ndarray

from ..compiler.compiler import KernelSignature, compile_to_ir
from ..compiler.errors import CompilationError
from ..language.core import constexpr
from . import arguments as arguments_module
from . import environment
from .arguments import ndarray_address
from .cache import KernelCache
from .environment import interpret_mode
from .launcher import launch, resolve_grid

# Launch options that are not kernel arguments: they tune code generation on GPUs;
# `num_threads` sets how many host threads run the programs on the CPU and in the interpreter,
# `scheduler` ("openmp" or "tbb") how the CPU runs them, and `backend` overrides the backend
# that the arguments' memory picks.
LAUNCH_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion",
                  "debug", "num_threads", "scheduler", "backend")
_LAUNCH_OPTION_NAMES = frozenset(LAUNCH_OPTIONS)
# The launch options that only say how to run a kernel, not what to compile: kernels that
# differ only in them share their compiled IR.
RUN_OPTIONS = ("num_threads", "scheduler", "backend")


class CompiledKernel:
    """A kernel compiled for one signature: its IR by stage (`asm["ttir"]`) and metadata."""

    def __init__(self, name: str, ttir: str, signature: KernelSignature, key: str) -> None:
        self.name = name
        self.asm = {"ttir": ttir}
        self.signature = signature
        self.key = key

    def __repr__(self) -> str:
        return f"CompiledKernel({self.name}, key={self.key[:12]})"


class JITFunction:
    """A @jit function: a kernel, or a device function that kernels call."""

    def __init__(self, fn: Callable, do_not_specialize: tuple = (), noinline: bool = False,
                 debug: Optional[bool] = None) -> None:
        self.fn = fn
        self.__name__ = fn.__name__
        self.__qualname__ = getattr(fn, "__qualname__", fn.__name__)
        self.__doc__ = fn.__doc__
        self.__module__ = fn.__module__
        self.signature = inspect.signature(fn)
        self.arg_names = list(self.signature.parameters)
        self._arg_name_set = frozenset(self.arg_names)
        self.constexpr_names = {
            name for name, p in self.signature.parameters.items()
            if p.annotation is constexpr or p.annotation == "tl.constexpr"
            or getattr(p.annotation, "__name__", None) == "constexpr"
            or (isinstance(p.annotation, str) and p.annotation.endswith("constexpr"))}
        self.do_not_specialize = {self.arg_names[d] if isinstance(d, int) else d
                                  for d in do_not_specialize}
        # The launch key of this function's parameters (see `_make_launch_key`), made on the
        # first launch.
        self._launch_key: Optional[Callable] = None
        self.noinline = noinline
        self.debug = debug
        try:
            lines, self.starting_line_number = inspect.getsourcelines(fn)
        except (OSError, TypeError) as error:
            raise CompilationError(fn.__name__, "the source of a @jit function must be "
                                                f"available: {error}") from None
        self.raw_src = "".join(lines)
        self.src = textwrap.dedent(self.raw_src)
        self.dedent_indent = len(lines[0]) - len(lines[0].lstrip())
        self.file_name = inspect.getsourcefile(fn) or "<unknown>"
        self._definition: Optional[ast.FunctionDef] = None
        self._cache_key: Optional[str] = None
        self.compiled: dict[str, CompiledKernel] = {}
        # By `_launch_key` and the compile settings: the compiled kernel, and the backend's
        # relauncher when the launch went to the backend that host data picks.
        self._launches: dict[tuple, tuple[CompiledKernel, Optional[Callable]]] = {}
        functools.update_wrapper(self, fn)

    def __repr__(self) -> str:
        return f"JITFunction({self.__module__}:{self.__qualname__})"

    # Source ----------------------------------------------------------------------------

    def parse(self) -> ast.FunctionDef:
        if self._definition is None:
            module = ast.parse(self.src)
            definition = module.body[0]
            if not isinstance(definition, ast.FunctionDef):
                raise CompilationError(self.__name__, "@jit applies to functions")
            self._definition = definition
        return self._definition

    @property
    def cache_key(self) -> str:
        """A hash of this function's source and of every @jit function it references, directly
        or through others (a cycle of references counts each function once)."""
        if self._cache_key is None:
            self._cache_key = self._source_hash(set())
        return self._cache_key

    def _source_hash(self, visiting: set) -> str:
        if self._cache_key is not None:
            return self._cache_key
        visiting.add(id(self))
        digest = hashlib.sha256(self.src.encode())
        for dependency in self._dependencies():
            if id(dependency) not in visiting:
                digest.update(dependency._source_hash(visiting).encode())
        return digest.hexdigest()

    def _dependencies(self) -> list["JITFunction"]:
        """The @jit functions this one names: globals, closure variables, and attributes of
        modules (`mylib.helper`)."""
        scope = dict(self.fn.__globals__)
        closure = self.fn.__closure__ or ()
        for name, cell in zip(self.fn.__code__.co_freevars, closure):
            try:
                scope[name] = cell.cell_contents
            except ValueError:
                pass

        def resolve(node: ast.AST) -> Any:
            if isinstance(node, ast.Name):
                return scope.get(node.id)
            if isinstance(node, ast.Attribute):
                base = resolve(node.value)
                return getattr(base, node.attr, None) if base is not None else None
            return None

        found: list[JITFunction] = []
        for node in ast.walk(self.parse()):
            value = resolve(node) if isinstance(node, (ast.Name, ast.Attribute)) else None
            if isinstance(value, JITFunction) and value is not self and value not in found:
                found.append(value)
        return found

    # Arguments -------------------------------------------------------------------------

    def bind_arguments(self, args: list, kwargs: dict) -> dict[str, Any]:
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as error:
            raise TypeError(f"{self.__name__}() {error}; it takes "
                            f"({', '.join(self.arg_names)})") from None
        bound.apply_defaults()
        return dict(bound.arguments)

    # Launch ----------------------------------------------------------------------------

    def __getitem__(self, grid: Any) -> Callable:
        return functools.partial(self.run, grid=grid)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        from ..language import core

        semantic = core._active_semantic
        if semantic is not None and semantic.active_generator is not None:
            return semantic.active_generator.call_jit(self, list(args), kwargs, None)
        raise RuntimeError(f"@jit function `{self.__name__}` cannot be called directly from "
                           f"Python; launch it with {self.__name__}[grid](...)")

    def _split_options(self, kwargs: dict) -> tuple[dict, dict]:
        """Separates launch options from kernel arguments; an option that is also a parameter
        of the kernel (Triton's tutorials declare `num_stages: tl.constexpr`) is both."""
        options = {k: kwargs[k] for k in kwargs if k in LAUNCH_OPTIONS}
        for name in options:
            if name not in self.arg_names:
                del kwargs[name]
        return kwargs, options

    def specialize(self, args: tuple, kwargs: dict) -> tuple[dict[str, Any], KernelSignature]:
        """Binds the launch arguments and derives the signature the kernel compiles for."""
        bound = self.bind_arguments(list(args), kwargs)
        types, constexprs = {}, {}
        divisible, equal_to_1 = set(), set()
        for name, value in bound.items():
            if name in self.constexpr_names:
                constexprs[name] = value.value if isinstance(value, constexpr) else value
                continue
            if value is None:
                constexprs[name] = None
                continue
            ty, specialization = arguments_module.argument_type(
                name, value, specialize=name not in self.do_not_specialize)
            types[name] = ty
            if specialization == "divisible_by_16":
                divisible.add(name)
            elif specialization == "equal_to_1":
                equal_to_1.add(name)
        return bound, KernelSignature(types, constexprs, divisible, equal_to_1)

    def compile(self, signature: KernelSignature, options: dict) -> CompiledKernel:
        key = _signature_key(self, signature, options)
        kernel = self.compiled.get(key)
        if kernel is not None:
            return kernel
        cache = KernelCache()
        ttir = cache.get(key, "ttir")
        if ttir is None:
            ttir = compile_to_ir(self, signature)
            cache.put(key, "ttir", ttir)
        kernel = CompiledKernel(self.__name__, ttir, signature, key)
        self.compiled[key] = kernel
        return kernel

    def warmup(self, *args: Any, grid: Any = None, **kwargs: Any) -> CompiledKernel:
        """Compiles for these arguments without launching; returns the compiled kernel."""
        kwargs, options = self._split_options(dict(kwargs))
        _, signature = self.specialize(args, kwargs)
        return self.compile(signature, options)

    def _make_launch_key(self) -> Callable:
        """Generates `launch_key(options, *args, **kwargs)`, unrolled over this
        function's parameters (as upstream Triton generates its binder), which Python binds as
        it binds a call: it raises TypeError where the arguments need the full binding (a
        parameter left to its default, a keyword that is no parameter). It returns a key that
        tells apart every signature and options `specialize` and `compile` can derive; the
        argument values in parameter order; the same as the kernel ABI passes them (each numpy
        array's address, each number itself; None for other kinds); and whether every value
        is of a kind that lives in host memory (numpy arrays, Python numbers, None), so that
        the data picks the CPU. Its own names start with a prefix that no parameter has."""
        prefix = "_nereid_"
        while any(name.startswith(prefix) for name in self.arg_names):
            prefix += "_"
        kind, host = f"{prefix}kind", f"{prefix}host"
        lines = [f"def launch_key({prefix}options, {', '.join(self.arg_names)}):",
                 f"    {host} = True"]
        for index, name in enumerate(self.arg_names):
            key, abi = f"{prefix}key{index}", f"{prefix}abi{index}"
            specialize = name not in self.do_not_specialize
            if name in self.constexpr_names:
                lines += [f"    {key} = (type({name}), {name})", f"    {abi} = None"]
                continue
            # The common kinds are told apart inline, by what `argument_type` looks at.
            lines += [
                f"    {kind} = type({name})",
                f"    if {kind} is {prefix}ndarray:",
                f"        {abi} = {prefix}address({name})",
                f"        {key} = ({kind}, {name}.dtype, {specialize} and {abi} % 16 == 0)",
                f"    elif {kind} is int:",
                f"        {abi} = {name}",
                f"        {key} = ({kind}, {specialize} and {name} == 1, {specialize} and "
                f"{name} % 16 == 0, -2**31 <= {name} < 2**31, -2**63 <= {name} < 2**63, "
                f"0 <= {name} < 2**64)",
                f"    elif {kind} is float or {kind} is bool:",
                f"        {abi} = {name}",
                f"        {key} = {kind}",
                f"    elif {name} is None:",
                f"        {abi} = None",
                f"        {key} = ({kind}, None)",
                "    else:",
                f"        {abi} = None",
                f"        {key} = {prefix}argument_type({name!r}, {name}, {specialize})",
                f"        {host} = False",
            ]
        count = len(self.arg_names)
        keys = "".join(f"{prefix}key{index}, " for index in range(count))
        abis = "".join(f"{prefix}abi{index}, " for index in range(count))
        lines.append(f"    return ((tuple({prefix}options.items()), {keys}), "
                     f"[{''.join(name + ', ' for name in self.arg_names)}], [{abis}], {host})")
        namespace = {f"{prefix}ndarray": ndarray, f"{prefix}address": ndarray_address,
                     f"{prefix}argument_type": arguments_module.argument_type}
        exec("\n".join(lines), namespace)  # source generated from the parameters' names
        return namespace["launch_key"]

    def run(self, *args: Any, grid: Any, **kwargs: Any) -> CompiledKernel:
        if kwargs.keys() <= _LAUNCH_OPTION_NAMES and not kwargs.keys() & self._arg_name_set:
            options, kwargs = kwargs, {}
        else:
            kwargs, options = self._split_options(kwargs)
        # A launch like an earlier one skips binding, specialization and the hashed key, and,
        # on host data, the backend's choice: it repeats the backend's relauncher. Like means
        # the same arguments' kinds and options, under the same compile settings.
        if self._launch_key is None:
            self._launch_key = self._make_launch_key()
        try:
            matched = self._launch_key(options, *args, **kwargs)
        except TypeError:  # the full binding, or an argument it reports in its own words
            matched = None
        entry = None
        if matched is not None:
            launch_key = (matched[0], environment.compile_settings())
            try:
                entry = self._launches.get(launch_key)
            except TypeError:  # an unhashable constexpr or option
                matched = None
        direct = (matched is not None and matched[3] and not interpret_mode()
                  and environment.NEREID_BACKEND.get() is None)
        if entry is None:
            bound, signature = self.specialize(args, kwargs)
            kernel = self.compile(signature, options)
        else:
            kernel, relaunch = entry
            if direct and relaunch is not None:
                relaunch(matched[2], resolve_grid(grid, lambda: {
                    **dict(zip(self.arg_names, matched[1])), **kernel.signature.constexprs}))
                return kernel
            bound = dict(zip(self.arg_names, matched[1]))
        relaunch = launch(self, kernel, bound, grid, options)
        if matched is not None:
            self._launches[launch_key] = (kernel, relaunch if direct else None)
        return kernel


@functools.lru_cache(maxsize=None)
def frontend_source_hash() -> str:
    """A hash of the frontend's own sources, so that a changed compiler never reuses kernels it
    cached before, even at the same version."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    digest = hashlib.sha256()
    for root, directories, files in sorted(os.walk(package)):
        directories.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                with open(os.path.join(root, name), "rb") as stream:
                    digest.update(name.encode() + stream.read())
    return digest.hexdigest()


def _signature_key(fn: JITFunction, signature: KernelSignature, options: dict) -> str:
    from .. import __version__

    parts = [
        __version__, frontend_source_hash(), fn.cache_key,
        repr(sorted((k, str(v)) for k, v in signature.types.items())),
        repr(sorted((k, repr(v)) for k, v in signature.constexprs.items())),
        repr(sorted(signature.divisible_by_16)), repr(sorted(signature.equal_to_1)),
        repr(sorted((k, repr(v)) for k, v in options.items() if k not in RUN_OPTIONS)),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def jit(fn: Optional[Callable] = None, *, do_not_specialize: tuple = (), noinline: bool = False,
        debug: Optional[bool] = None, **unused: Any) -> Any:
    """Decorates a Triton kernel or device function: `@jit` or `@jit(...)`."""
    def decorator(function: Callable) -> JITFunction:
        return JITFunction(function, do_not_specialize, noinline, debug)

    if fn is not None:
        return decorator(fn)
    return decorator

