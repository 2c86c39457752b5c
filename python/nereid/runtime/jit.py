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
from .arguments import ndarray_address
from .cache import KernelCache
from .launcher import launch

# Launch options that are not kernel arguments: they tune code generation on GPUs;
# `num_threads` sets how many host threads run the programs on the CPU and in the interpreter,
# `scheduler` ("openmp" or "tbb") how the CPU runs them, and `backend` overrides the backend
# that the arguments' memory picks.
LAUNCH_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion",
                  "debug", "num_threads", "scheduler", "backend")
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
        self.constexpr_names = {
            name for name, p in self.signature.parameters.items()
            if p.annotation is constexpr or p.annotation == "tl.constexpr"
            or getattr(p.annotation, "__name__", None) == "constexpr"
            or (isinstance(p.annotation, str) and p.annotation.endswith("constexpr"))}
        self.do_not_specialize = {self.arg_names[d] if isinstance(d, int) else d
                                  for d in do_not_specialize}
        # What the launch key needs of each parameter, in order: its name, whether it is a
        # constexpr, and whether it is specialized.
        self._key_parameters = [(name, name in self.constexpr_names,
                                 name not in self.do_not_specialize) for name in self.arg_names]
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
        # Compiled kernels by `_launch_key`.
        self._launches: dict[tuple, CompiledKernel] = {}
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
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

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

    def _launch_key(self, args: tuple, kwargs: dict,
                    options: dict) -> Optional[tuple[tuple, dict[str, Any]]]:
        """A key that tells apart every signature and options `specialize` and `compile` can
        derive, computed without binding the arguments, and the arguments bound by name. None
        when they need the full binding: a parameter left to its default, or a keyword that
        is no parameter."""
        names = self.arg_names
        if len(args) + len(kwargs) != len(names):
            return None
        values = list(args)
        for name in names[len(args):]:
            if name not in kwargs:
                return None
            values.append(kwargs[name])
        parts: list[Any] = [tuple(options.items())]
        for (name, is_constexpr, specialize), value in zip(self._key_parameters, values):
            kind = type(value)
            if value is None or is_constexpr:
                parts.append((kind, value))
                continue
            # The common kinds are told apart inline, by what `argument_type` looks at.
            if kind is ndarray:
                parts.append((kind, value.dtype,
                              specialize and ndarray_address(value) % 16 == 0))
            elif kind is int:
                parts.append((kind, specialize and value == 1, specialize and value % 16 == 0,
                              -2**31 <= value < 2**31, -2**63 <= value < 2**63,
                              0 <= value < 2**64))
            elif kind is float or kind is bool:
                parts.append(kind)
            else:
                parts.append(arguments_module.argument_type(name, value, specialize))
        return tuple(parts), dict(zip(names, values))

    def run(self, *args: Any, grid: Any, **kwargs: Any) -> CompiledKernel:
        kwargs, options = self._split_options(dict(kwargs))
        # A launch like an earlier one skips binding, specialization and the hashed key.
        try:
            launch_key = self._launch_key(args, kwargs, options)
        except TypeError:  # an argument the full path reports in its own words
            launch_key = None
        kernel = None
        if launch_key is not None:
            try:
                kernel = self._launches.get(launch_key[0])
            except TypeError:  # an unhashable constexpr or option
                launch_key = None
        if kernel is None:
            bound, signature = self.specialize(args, kwargs)
            kernel = self.compile(signature, options)
            if launch_key is not None:
                self._launches[launch_key[0]] = kernel
        else:
            bound = launch_key[1]
        launch(self, kernel, bound, grid, options)
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

