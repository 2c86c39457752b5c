"""`@jit`: a Triton kernel as a Python object that specializes on its arguments, compiles to
tt IR (cached on disk) and launches with `kernel[grid](*args)`."""

from __future__ import annotations

import ast
import copy
import ctypes
import functools
import hashlib
import inspect
import os
import sys
import textwrap
from types import CellType, ModuleType
from typing import Any, Callable, Iterator, Mapping, Optional, Sequence

from numpy import ndarray

from ..compiler.compiler import KernelSignature, compile_to_ir
from ..compiler.errors import CompilationError
from ..compiler.specialization import kernel_name
from ..language.core import constexpr
from ..language.dtypes import dtype
from .. import backends
from ..compiler.options import FrontendOptions
from . import arguments as arguments_module
from . import environment, log
from .arguments import ndarray_launch_key
from .cache import KernelCache
from .environment import interpret_mode
from .launcher import backend_named, chosen_backend, launch, resolve_grid
from .stored_arguments import stored_parameters

# Launch options that are not kernel arguments: they tune code generation on GPUs;
# `num_threads` sets how many host threads run the programs on the CPU and in the interpreter,
# `scheduler` ("openmp" or "tbb") how the CPU runs them, and `backend` overrides the backend
# that the arguments' memory picks. `extern_libs` ({name: path}) names bitcode libraries a
# backend links in place of its own (`Backend.extern_libraries`: libdevice for NVIDIA).
# `target` names what the backend compiles for, as its
# `ttg.target` string ("cuda:90", "cpu:x86_64:avx2"; the current device or the host by
# default), so that `warmup` compiles for a GPU that the machine does not have.
# `matrix_instr_nonkdim`, `waves_per_eu` and `kpack` are upstream's AMD tuning options (the
# matrix-core instruction shape, the occupancy hint, the operand packing of AMD's dots): no
# backend of Nereid targets AMD GPUs and none changes what it computes for them, so they are
# accepted, as part of the key, and have no effect (upstream's own tutorials pass them to every
# target that is not CUDA).
LAUNCH_OPTIONS = ("num_warps", "num_stages", "num_ctas", "maxnreg", "enable_fp_fusion",
                  "debug", "num_threads", "scheduler", "backend", "target", "extern_libs",
                  "matrix_instr_nonkdim", "waves_per_eu", "kpack")
_LAUNCH_OPTION_NAMES = frozenset(LAUNCH_OPTIONS)
# The launch options that only say how to run a kernel, not what to compile: kernels that
# differ only in them share their compiled IR.
RUN_OPTIONS = ("num_threads", "scheduler", "backend")


_MISSING = object()


def check_num_warps(options: Mapping[str, Any]) -> None:
    """Refuses a `num_warps` that is not a power of 2, with Triton's error (an assertion
    there), though the CPU backends do not use the number."""
    num_warps = options.get("num_warps")
    if num_warps is not None and not (num_warps > 0 and num_warps & (num_warps - 1) == 0):
        raise AssertionError(f"num_warps must be a power of 2; got {num_warps}")


class UsedGlobal:
    """A value that a @jit function read from outside itself (a module global, a closure
    variable or a module's attribute) and compiled in: `name` as the source spells it, the value
    then (a copy: upstream's `tl.constexpr` objects can change in place), and where it lives
    (a namespace dict or a closure cell)."""

    # The kinds of values that are compiled in as constants; anything else a kernel names is
    # code (functions, classes, modules) or is not compiled in.
    _VALUE_TYPES = (bool, int, float, str, bytes, type(None), constexpr, dtype)

    def __init__(self, name: str, value: Any, home: Any) -> None:
        self.name = name
        self.value = copy.copy(value)
        self.home = home

    @classmethod
    def is_tracked(cls, value: Any) -> bool:
        if isinstance(value, tuple):
            return all(cls.is_tracked(item) for item in value)
        return isinstance(value, cls._VALUE_TYPES)

    def current(self) -> Any:
        if isinstance(self.home, CellType):
            try:
                return self.home.cell_contents
            except ValueError:
                return _MISSING
        return self.home.get(self.name.rsplit(".", 1)[-1], _MISSING)

    def matches(self, current: Any) -> bool:
        if type(current) is not type(self.value):
            return False
        if isinstance(current, constexpr):
            return type(current.value) is type(self.value.value) and bool(
                current.value == self.value.value)
        return bool(current == self.value)


class KernelStages(Mapping):
    """A compiled kernel's IR by stage name, as upstream's `compiled.asm`: `ttir` at once, and
    the stages of the backend it ran on (the CPU's: `ttgir`, `vector`, `llir`, `ll`, `s`),
    compiled again on the first access to one of them, so that launches never pay for text
    nobody reads."""

    def __init__(self, ttir: str, names: Sequence[str] = (),
                 produce: Optional[Callable[[], dict]] = None) -> None:
        self._texts = {"ttir": ttir}
        self._names = ("ttir", *names)
        self._produce = produce

    def __getitem__(self, stage: str) -> str:
        if stage not in self._texts and stage in self._names and self._produce is not None:
            produce, self._produce = self._produce, None
            self._texts.update(produce())
        return self._texts[stage]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


class KernelMetadata:
    """What upstream's `compiled.metadata` says of a kernel: its `name`, `hash` (the cache key),
    the `backend` it ran on ("cpu", "interpreter"; None before a launch) and that backend's
    `target` (the CPU's target string, such as "cpu:x86_64:avx512"), and the launch options
    it was compiled under."""

    def __init__(self, name: str, key: str, options: dict, backend: Optional[str] = None,
                 target: Optional[str] = None) -> None:
        self.name = name
        self.hash = key
        self.backend = backend
        self.target = target
        self.num_warps = options.get("num_warps", 4)
        self.num_stages = options.get("num_stages", 3)
        self.num_ctas = options.get("num_ctas", 1)
        self.debug = bool(options.get("debug", False))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"KernelMetadata({fields})"


class CompiledKernel:
    """A kernel compiled for one signature: its IR by stage (`asm`) and its `metadata`. A
    launch returns it as compiled for the backend that ran it (`on_backend`)."""

    def __init__(self, name: str, ttir: str, signature: KernelSignature, key: str,
                 options: Optional[dict] = None, backend: Optional[str] = None,
                 frontend_options: Optional[FrontendOptions] = None) -> None:
        self.name = name
        self.signature = signature
        self.key = key
        self.options = dict(options or {})
        # What the frontend generated the tt IR for (the backend's dot precisions).
        self.frontend_options = frontend_options
        stages, target = KernelStages(ttir), None
        if backend is not None:
            target, names, produce = backends.get(backend).describe(self)
            stages = KernelStages(ttir, names, produce)
        self.asm = stages
        self.metadata = KernelMetadata(name, key, self.options, backend, target)
        self._on_backends: dict[str, CompiledKernel] = {}
        self._stored_arguments: Optional[frozenset[str]] = None
        # The @jit function compiled into this kernel, which `kernel[grid](...)` launches.
        self.function: Optional[JITFunction] = None

    @property
    def stored_arguments(self) -> frozenset[str]:
        """The pointer parameters that the kernel may store through (`stored_parameters`),
        read from its tt IR on first use; every pointer parameter where the IR cannot be
        read."""
        if self._stored_arguments is None:
            names = list(self.signature.types)
            positions = stored_parameters(self.asm["ttir"])
            if positions is None or any(p >= len(names) for p in positions):
                positions = range(len(names))
            self._stored_arguments = frozenset(
                names[p] for p in positions if self.signature.types[names[p]].is_ptr())
        return self._stored_arguments

    def on_backend(self, backend: str) -> "CompiledKernel":
        """This kernel with the stages and target of `backend` (made once per backend)."""
        if self.metadata.backend == backend:
            return self
        kernel = self._on_backends.get(backend)
        if kernel is None:
            kernel = self._on_backends[backend] = CompiledKernel(
                self.name, self.asm["ttir"], self.signature, self.key, self.options, backend,
                self.frontend_options)
            kernel.function = self.function
        return kernel

    def __getitem__(self, grid: Any) -> Callable:
        """Upstream's launch of a compiled kernel (`warmup(...)[grid](*args)`): the arguments
        are every parameter of the kernel, constexprs included, positionally or by name."""
        return functools.partial(self._launch, grid)

    def _launch(self, grid: Any, *args: Any, **kwargs: Any) -> None:
        """Runs this kernel on `args` over `grid`, on the backend it was compiled for (the one
        the arguments choose if none). Arguments that the kernel was not compiled for (another
        dtype, constexpr value or specialization) are a TypeError: a launch never runs a
        kernel on arguments it does not fit."""
        fn = self.function
        if fn is None:
            raise TypeError(f"`{self.name}` was not compiled from a @jit function here and "
                            "cannot be launched")
        bound, signature = fn.specialize(args, dict(kwargs))
        if signature != self.signature:
            raise TypeError(f"`{self.name}` was compiled for {self.signature}; these "
                            f"arguments need {signature}: launch the @jit function instead")
        options = {k: v for k, v in self.options.items() if k in LAUNCH_OPTIONS}
        backend = self.metadata.backend or chosen_backend(bound.values(), options)
        launch(fn, self, bound, grid, options, backend)

    def _init_handles(self) -> None:
        """Upstream's hook that loads a kernel on its device and reads what it uses: sets
        `n_regs`, `n_spills`, `n_max_threads` and `metadata.shared` from the backend, for the
        occupancy arithmetic that upstream's tutorials write for GPUs."""
        name = self.metadata.backend or backends.registry.host_backend()
        resources = backends.get(name).occupancy(self)
        self.n_regs = resources["n_regs"]
        self.n_spills = resources["n_spills"]
        self.n_max_threads = resources["n_max_threads"]
        self.metadata.shared = resources["shared"]

    def __repr__(self) -> str:
        backend = f", backend={self.metadata.backend}" if self.metadata.backend else ""
        return f"CompiledKernel({self.name}, key={self.key[:12]}{backend})"


class JITFunction:
    """A @jit function: a kernel, or a device function that kernels call."""

    def __init__(self, fn: Callable, do_not_specialize: Sequence = (), noinline: bool = False,
                 debug: Optional[bool] = None,
                 do_not_specialize_on_alignment: Sequence = ()) -> None:
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
        self.do_not_specialize = self._parameter_names(do_not_specialize)
        self.do_not_specialize_on_alignment = self._parameter_names(
            do_not_specialize_on_alignment)
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
        self._src = textwrap.dedent(self.raw_src)
        self.dedent_indent = len(lines[0]) - len(lines[0].lstrip())
        self.file_name = inspect.getsourcefile(fn) or "<unknown>"
        self._definition: Optional[ast.FunctionDef] = None
        self._cache_key: Optional[str] = None
        # The globals the compiled code read, recorded with the cache key (`check_globals`).
        self.used_globals: dict[tuple, UsedGlobal] = {}
        self.compiled: dict[str, CompiledKernel] = {}
        # By `_launch_key` and the compile settings: the compiled kernel, the same as launched
        # on its backend (what a launch returns), and the backend's relauncher when the launch
        # went to the backend that the data picks and the key fixed the data's memory.
        self._launches: dict[tuple, tuple[CompiledKernel, CompiledKernel,
                                          Optional[Callable]]] = {}
        functools.update_wrapper(self, fn)

    def __repr__(self) -> str:
        return f"JITFunction({self.__module__}:{self.__qualname__})"

    def _parameter_names(self, parameters: Sequence) -> set[str]:
        """Parameters given by name or position, checked against the signature."""
        names = set()
        for parameter in parameters:
            if isinstance(parameter, int) and 0 <= parameter < len(self.arg_names):
                names.add(self.arg_names[parameter])
            elif isinstance(parameter, str) and parameter in self.arg_names:
                names.add(parameter)
            else:
                raise ValueError(f"@jit of `{self.__name__}`: {parameter!r} is not a parameter "
                                 f"of ({', '.join(self.arg_names)})")
        return names

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
        """A hash of this function's source, of the values of the globals it reads, and of
        every @jit function it references, directly or through others (a cycle of references
        counts each function once). Computing it records those globals (`used_globals`)."""
        if self._cache_key is None:
            self._cache_key = self._source_hash(set())
        return self._cache_key

    @property
    def hash(self) -> Optional[str]:
        """Upstream Triton's name of the cache key; `fn.hash = None` makes it computed again
        (after `_unsafe_update_src` of a function this one calls)."""
        return self._cache_key

    @hash.setter
    def hash(self, value: Optional[str]) -> None:
        if value is not None:
            raise AttributeError("only `None` may be assigned to `hash`, to recompute it")
        self._cache_key = None
        self.used_globals = {}
        self._launches.clear()  # their kernels were found by the old key

    @property
    def src(self) -> str:
        """The function's source (dedented), which the compiler parses."""
        return self._src

    @src.setter
    def src(self, value: str) -> None:
        raise AttributeError("cannot set `src` directly; use `_unsafe_update_src()` and set "
                             "`hash = None` on every @jit function that calls this one")

    def _unsafe_update_src(self, new_src: str) -> None:
        """Replaces the source the compiler parses (upstream Triton's hook, which its test
        suites use to patch kernels). The signature stays the Python function's. Kernels
        compiled from the old source are forgotten; callers keep their cache keys until their
        `hash` is set to None, as upstream's do."""
        self._src = textwrap.dedent(new_src)
        self._definition = None
        self.hash = None

    def _source_hash(self, visiting: set) -> str:
        if self._cache_key is not None:
            return self._cache_key
        visiting.add(id(self))
        digest = hashlib.sha256(self.src.encode())
        # The IR's locations name the file and lines, as upstream's key has the first line:
        # the same source moved elsewhere must not report errors at its old lines.
        digest.update(f"{inspect.getsourcefile(self.fn)}:{self.starting_line_number}".encode())
        dependencies, used = self._references()
        for dependency in dependencies:
            if id(dependency) not in visiting:
                digest.update(dependency._source_hash(visiting).encode())
            used.update(dependency.used_globals)
        for global_ in sorted(used.values(), key=lambda g: g.name):
            digest.update(f"{global_.name}={global_.value!r}".encode())
        self.used_globals = used
        return digest.hexdigest()

    def check_globals(self) -> None:
        """Raises upstream Triton's RuntimeError when a global that this kernel (or a function
        it calls) read when it was compiled has another value now: the compiled code holds the
        old one."""
        for global_ in self.used_globals.values():
            current = global_.current()
            if not global_.matches(current):
                raise RuntimeError(f"Global variable {global_.name} has changed since we "
                                   f"compiled this kernel, from {global_.value!r} to "
                                   f"{current!r}")

    def _references(self) -> tuple[list["JITFunction"], dict[tuple, "UsedGlobal"]]:
        """The @jit functions this one names (globals, closure variables, and attributes of
        modules such as `mylib.helper`), and the values it reads from its module's globals, its
        closure and modules' attributes, by (name, id of where it lives). Parameters and names
        the function assigns are its own; functions, classes and modules are code, not
        values."""
        closure = {}
        for name, cell in zip(self.fn.__code__.co_freevars, self.fn.__closure__ or ()):
            try:
                closure[name] = (cell.cell_contents, cell)
            except ValueError:
                pass
        definition = self.parse()
        local = set(self.arg_names)
        for node in ast.walk(definition):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                local.add(node.id)

        def resolve(node: ast.AST) -> tuple[Any, Any, str]:
            """The value a name or dotted name refers to, where it lives (a cell or a
            namespace dict) and its spelling; (None, None, "") when it is local or unknown."""
            if isinstance(node, ast.Name):
                if node.id in local:
                    return None, None, ""
                if node.id in closure:
                    value, cell = closure[node.id]
                    return value, cell, node.id
                if node.id in self.fn.__globals__:
                    return self.fn.__globals__[node.id], self.fn.__globals__, node.id
                return None, None, ""
            if isinstance(node, ast.Attribute):
                base, _, spelling = resolve(node.value)
                if isinstance(base, ModuleType) and node.attr in vars(base):
                    return vars(base)[node.attr], vars(base), f"{spelling}.{node.attr}"
            return None, None, ""

        found: list[JITFunction] = []
        used: dict[tuple, UsedGlobal] = {}
        for node in ast.walk(definition):
            if not isinstance(node, (ast.Name, ast.Attribute)):
                continue
            value, home, spelling = resolve(node)
            if isinstance(value, JITFunction):
                if value is not self and value not in found:
                    found.append(value)
            elif home is not None and UsedGlobal.is_tracked(value):
                key = (spelling.rsplit(".", 1)[-1], id(home))
                used[key] = UsedGlobal(spelling, value, home)
        return found, used

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
            if specialization == "divisible_by_16" and \
                    name not in self.do_not_specialize_on_alignment:
                divisible.add(name)
            elif specialization == "equal_to_1":
                equal_to_1.add(name)
        return bound, KernelSignature(types, constexprs, divisible, equal_to_1)

    def compile(self, signature: KernelSignature, options: dict,
                backend: str) -> CompiledKernel:
        """The kernel for `signature` and `options`, in tt IR generated for the backend called
        `backend` (its `frontend_options`), from memory, the disk cache or the frontend."""
        frontend_options = backend_named(self.__name__, backend).frontend_options()
        key = _signature_key(self, signature, options, frontend_options)
        kernel = self.compiled.get(key)
        if kernel is not None:
            return kernel
        cache = KernelCache()
        with log.timed(f"compiled `{self.__name__}` to tt IR") as report:
            ttir = cache.get(key, "ttir", self.__name__)
            if ttir is None:
                ttir = compile_to_ir(self, signature, frontend_options)
                cache.put(key, "ttir", ttir)
            else:
                report["note"] = "from the cache"
        compile_options = {k: v for k, v in options.items() if k not in RUN_OPTIONS}
        if self.debug is not None:  # @jit(debug=...): the launch option's default
            compile_options.setdefault("debug", self.debug)
        kernel = CompiledKernel(kernel_name(self, signature), ttir, signature, key,
                                compile_options, frontend_options=frontend_options)
        kernel.function = self
        self.compiled[key] = kernel
        return kernel

    def warmup(self, *args: Any, grid: Any = None, **kwargs: Any) -> CompiledKernel:
        """Compiles for these arguments without launching; returns the compiled kernel, for the
        backend that a launch on them would run on."""
        if self.used_globals:
            self.check_globals()
        kwargs, options = self._split_options(dict(kwargs))
        check_num_warps(options)
        bound, signature = self.specialize(args, kwargs)
        backend = chosen_backend(bound.values(), options)
        return self.compile(signature, options, backend).on_backend(backend)

    def _make_launch_key(self) -> Callable:
        """Generates `launch_key(options, *args, **kwargs)`, unrolled over this
        function's parameters (as upstream Triton generates its binder), which Python binds as
        it binds a call: it raises TypeError where the arguments need the full binding (a
        parameter left to its default, a keyword that is no parameter). It returns a key that
        tells apart every signature and options `specialize` and `compile` can derive; the
        argument values in parameter order; the same as the kernel ABI passes them (each array's
        address, each number itself; None for other kinds); and whether the key fixes the
        memory of every value, and so the backend that the data picks: host data (numpy
        arrays, Python numbers, None) and the array kinds with a launch key of their own
        (`arguments.ARRAY_LAUNCH_KEYS`: torch's tensors, with their device). It raises
        ValueError for an array that no kernel can take (a negative or zero stride). A read-only array has a key of its own, whose first
        launch checks that the kernel does not store through it (`launcher.launch`). Its own
        names start with a prefix that no parameter has."""
        prefix = "_nereid_"
        while any(name.startswith(prefix) for name in self.arg_names):
            prefix += "_"
        kind, keyed = f"{prefix}kind", f"{prefix}keyed"
        array_key = f"{prefix}array_key"
        lines = [f"def launch_key({prefix}options, {', '.join(self.arg_names)}):",
                 f"    {keyed} = True"]
        for index, name in enumerate(self.arg_names):
            key, abi = f"{prefix}key{index}", f"{prefix}abi{index}"
            specialize = name not in self.do_not_specialize
            align = specialize and name not in self.do_not_specialize_on_alignment
            if name in self.constexpr_names:
                lines += [f"    {key} = (type({name}), {name})", f"    {abi} = None"]
                continue
            # The common kinds are told apart inline, by what `argument_type` looks at.
            # A writable C-contiguous array gives its address through the buffer protocol;
            # any other array is checked (`ndarray_launch_key`), and its key tells whether
            # it is writable.
            lines += [
                f"    {kind} = type({name})",
                f"    if {kind} is {prefix}ndarray:",
                "        try:",
                f"            {abi} = {prefix}addressof({prefix}from_buffer({name}))",
                f"            {key} = ({kind}, {name}.dtype, {align} and {abi} % 16 == 0)",
                "        except (TypeError, ValueError):",
                f"            {abi}, {key} = {prefix}unusual({prefix}kernel, {name!r}, {name}, "
                f"{align})",
                f"    elif {kind} is int:",
                f"        {abi} = {name}",
                f"        {key} = ({kind}, {specialize} and {name} == 1, {align} and "
                f"{name} % 16 == 0, -2**31 <= {name} < 2**31, -2**63 <= {name} < 2**63, "
                f"0 <= {name} < 2**64)",
                f"    elif {kind} is float or {kind} is bool:",
                f"        {abi} = {name}",
                f"        {key} = {kind}",
                f"    elif {name} is None:",
                f"        {abi} = None",
                f"        {key} = ({kind}, None)",
                "    else:",
                f"        {array_key} = {prefix}array_keys.get({kind})",
                f"        if {array_key} is not None:",
                f"            {abi}, {key} = {array_key}({prefix}kernel, {name!r}, {name}, "
                f"{align})",
                "        else:",
                f"            {abi} = None",
                f"            {key} = {prefix}argument_type({name!r}, {name}, {specialize})",
                f"            {keyed} = False",
            ]
        count = len(self.arg_names)
        keys = "".join(f"{prefix}key{index}, " for index in range(count))
        abis = "".join(f"{prefix}abi{index}, " for index in range(count))
        lines.append(f"    return ((tuple({prefix}options.items()), {keys}), "
                     f"[{''.join(name + ', ' for name in self.arg_names)}], [{abis}], {keyed})")
        namespace = {f"{prefix}ndarray": ndarray, f"{prefix}addressof": ctypes.addressof,
                     f"{prefix}from_buffer": ctypes.c_byte.from_buffer,
                     f"{prefix}unusual": ndarray_launch_key, f"{prefix}kernel": self.__name__,
                     f"{prefix}array_keys": arguments_module.ARRAY_LAUNCH_KEYS,
                     f"{prefix}argument_type": arguments_module.argument_type}
        exec("\n".join(lines), namespace)  # source generated from the parameters' names
        return namespace["launch_key"]

    def run(self, *args: Any, grid: Any, **kwargs: Any) -> Optional[CompiledKernel]:
        # On torch's fake tensors (torch.compile tracing a custom op) a launch does nothing and
        # returns None: see nereid.torch, which only a program that imported torch loads.
        if (sys.modules.get("torch") is not None
                and _torch_integration().skips_launch(args, kwargs)):
            return None
        if self.used_globals:
            self.check_globals()
        if kwargs.keys() <= _LAUNCH_OPTION_NAMES and not kwargs.keys() & self._arg_name_set:
            options, kwargs = kwargs, {}
        else:
            kwargs, options = self._split_options(kwargs)
        # A launch like an earlier one skips binding, specialization, the checks of its
        # options and the hashed key, and, where the key fixes every argument's memory (host
        # data, torch tensors) and no variable routes launches elsewhere, the backend's choice:
        # it repeats the backend's relauncher. Like means the same arguments' kinds and
        # options, under the same launch settings (`environment.launch_settings`).
        if self._launch_key is None:
            self._launch_key = self._make_launch_key()
        try:
            matched = self._launch_key(options, *args, **kwargs)
        except TypeError:  # the full binding, or an argument it reports in its own words
            matched = None
        entry = None
        if matched is not None:
            launch_key = (matched[0], environment.launch_settings())
            try:
                entry = self._launches.get(launch_key)
            except TypeError:  # an unhashable constexpr or option
                matched = None
        if entry is not None and entry[2] is not None:
            kernel, launched, relaunch = entry
            relaunch(matched[2], resolve_grid(grid, lambda: {
                **dict(zip(self.arg_names, matched[1])), **kernel.signature.constexprs}))
            return launched
        check_num_warps(options)
        direct = (matched is not None and matched[3] and not interpret_mode()
                  and environment.NEREID_BACKEND.get() is None)
        if entry is None:
            bound, signature = self.specialize(args, kwargs)
            backend = chosen_backend(bound.values(), options)
            kernel = self.compile(signature, options, backend)
        else:
            kernel = entry[0]
            bound = dict(zip(self.arg_names, matched[1]))
            backend = chosen_backend(bound.values(), options)
            if kernel.frontend_options != backend_named(self.__name__,
                                                        backend).frontend_options():
                # Another backend than last time (arrays whose memory the key does not
                # fix), whose frontend options generate other tt IR.
                kernel = self.compile(kernel.signature, options, backend)
        relaunch = launch(self, kernel, bound, grid, options, backend)
        launched = kernel.on_backend(backend)
        if matched is not None:
            # The settings read again: the first launch on a backend imports it, and with it
            # the compile settings it adds. A relauncher is kept only where the key fixed the
            # backend (`direct`), which the same key and settings then always do.
            launch_key = (matched[0], environment.launch_settings())
            self._launches[launch_key] = (kernel, launched, relaunch if direct else None)
        return launched


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


def _torch_integration() -> ModuleType:
    """`nereid.torch`, imported by the first launch of a program that imported torch."""
    module = sys.modules.get("nereid.torch")
    if module is None:
        from .. import torch as module
    return module


def _signature_key(fn: JITFunction, signature: KernelSignature, options: dict,
                   frontend_options: FrontendOptions) -> str:
    from .. import __version__

    parts = [
        __version__, frontend_source_hash(), fn.cache_key,
        repr(sorted((k, str(v)) for k, v in signature.types.items())),
        repr(sorted((k, repr(v)) for k, v in signature.constexprs.items())),
        repr(sorted(signature.divisible_by_16)), repr(sorted(signature.equal_to_1)),
        repr(sorted((k, repr(v)) for k, v in options.items() if k not in RUN_OPTIONS)),
        repr(frontend_options),
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def jit(fn: Optional[Callable] = None, *, version: Any = None, repr: Optional[Callable] = None,
        launch_metadata: Optional[Callable] = None, do_not_specialize: Sequence = (),
        do_not_specialize_on_alignment: Sequence = (), debug: Optional[bool] = None,
        noinline: Optional[bool] = None) -> Any:
    """Decorates a Triton kernel or device function: `@jit` or `@jit(...)`, with upstream
    Triton's keywords (a keyword it does not have is a TypeError).

    `do_not_specialize` names (or numbers) parameters whose values are not specialized on
    (equal to 1, divisible by 16); `do_not_specialize_on_alignment` those that are not
    specialized on divisibility by 16 only. `noinline=True` keeps a device function a call.
    `repr(specialization)` names the kernel function (`compiled.name`), as in Triton: it gets
    the parameters' types (`signature`: "i32", "*fp32", "constexpr") and the compile-time values
    (`constants`, with the integers specialized as 1). `debug=True` is the default of the
    launch option `debug`: on the CPU, kernels check every access against its argument's
    buffer (docs/cpu.md). `version` and `launch_metadata` are accepted for upstream's code and
    do not change what is compiled."""
    def decorator(function: Callable) -> JITFunction:
        jit_fn = JITFunction(function, do_not_specialize, bool(noinline), debug,
                             do_not_specialize_on_alignment)
        # The kernel's name from its specialization (compiler/specialization.py).
        jit_fn._repr = repr
        return jit_fn

    if fn is not None:
        return decorator(fn)
    return decorator

