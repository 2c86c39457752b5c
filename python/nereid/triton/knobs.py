"""`triton.knobs`: upstream Triton's settings by group (`knobs.cache.dir`,
`knobs.runtime.interpret`, `knobs.compilation.dump_ir`, ...), on Nereid's environment variables.

Each knob is one of three kinds (docs/language.md, "Triton's host API", lists them):

- A knob Nereid has a setting for reads and writes that setting's environment variable, which
  every launch reads: `knobs.cache.dir` is NEREID_CACHE_DIR, `knobs.runtime.interpret` is
  NEREID_INTERPRET. Writing it always sets the variable (whatever `propagate_env` says), since
  that is where Nereid looks.
- A knob of a backend that the host's drivers do not use (`knobs.nvidia`, `knobs.amd`,
  `knobs.proton`, `knobs.build.cudart_path`, ...) is kept and written to upstream's variable,
  as upstream keeps it on a machine without that backend.
- A knob that asks for something Nereid does not do (`knobs.compilation.always_compile`,
  `knobs.runtime.launch_enter_hook`, `knobs.language.default_fp_fusion`, ...) reads as its
  default, and setting it to anything else raises NotImplementedError naming the knob, rather
  than being ignored in silence.

`knobs.nereid` and `knobs.cpu` hold Nereid's own settings (NEREID_BACKEND, NEREID_NUM_THREADS,
NEREID_CPU_STREAMING_STORE_BYTES, NEREID_CPU_BF16_DOT)."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Callable, Generator, Optional, TypeVar

from ..runtime import environment


class Env:
    """The value that, assigned to a knob, drops what Python set: `knobs.cache.dir =
    knobs.env`."""


env = Env()

# Upstream's switch that keeps knob values out of os.environ; Nereid's own knobs write the
# environment regardless, because launches read their settings there.
propagate_env: bool = True


def setenv(key: str, value: Optional[str]) -> None:
    if value is not None:
        os.environ[key] = value
    else:
        os.environ.pop(key, None)


def _getenv_bool(key: str, default: bool) -> bool:
    """Upstream's reading of a boolean variable: "1", "true", "on" or "yes", any case."""
    value = os.environ.get(key)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "on", "yes")


def _to_env(value: Any) -> Optional[str]:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (str, int, os.PathLike)):
        return os.fspath(value) if isinstance(value, os.PathLike) else str(value)
    return None


class knob:
    """A knob: a data descriptor on a knob group. Subclasses say what reading, writing and
    resetting mean. `key` is the environment variable behind it, if any."""

    key: Optional[str] = None

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        self.path = f"triton.knobs.{owner.group}.{name}"

    def __get__(self, obj: Any, owner: Optional[type] = None) -> Any:
        if obj is None:
            return self
        return self.read(obj)

    def __set__(self, obj: Any, value: Any) -> None:
        if isinstance(value, Env):
            self.reset(obj)
        else:
            self.write(obj, value)

    def __delete__(self, obj: Any) -> None:
        self.reset(obj)

    def read(self, obj: Any) -> Any:
        raise NotImplementedError

    def write(self, obj: Any, value: Any) -> None:
        raise NotImplementedError

    def reset(self, obj: Any) -> None:
        obj.__dict__.pop(self.name, None)


class nereid_knob(knob):
    """A knob on a Nereid environment variable: reading parses the variable as Nereid does
    (`parse(raw)`, where raw is None when unset); writing checks the value's type and sets the
    variable (None unsets it). Resetting keeps the variable, as upstream's reset keeps what it
    propagated: `scope()` restores it."""

    def __init__(self, key: str, kind: type, parse: Callable[[Optional[str]], Any],
                 optional: bool = False) -> None:
        self.key = key
        self.kind = kind
        self.parse = parse
        self.optional = optional

    def read(self, obj: Any) -> Any:
        return self.parse(os.environ.get(self.key))

    def write(self, obj: Any, value: Any) -> None:
        if value is None and self.optional:
            setenv(self.key, None)
            return
        allowed = (str, os.PathLike) if self.kind is str else (self.kind,)
        if not isinstance(value, allowed) or (self.kind is int and isinstance(value, bool)):
            raise TypeError(f"{self.path} takes a {self.kind.__name__}"
                            f"{' or None' if self.optional else ''} (it sets {self.key}); "
                            f"got {value!r}")
        setenv(self.key, _to_env(value))


class upstream_knob(knob):
    """A knob of a backend the host's drivers do not use: its value is kept, and written to
    upstream's variable for the backend that reads it; unset, it reads that variable, else
    `default`."""

    def __init__(self, key: Optional[str], default: Any = None,
                 kind: Optional[type] = None) -> None:
        self.key = key
        self.default = default
        self.kind = kind if kind is not None else type(default) if default is not None else None

    def read(self, obj: Any) -> Any:
        if self.name in obj.__dict__:
            return obj.__dict__[self.name]
        raw = os.environ.get(self.key) if self.key else None
        if raw is None:
            return self.default
        if self.kind is bool:
            return _getenv_bool(self.key, bool(self.default))
        if self.kind is int:
            try:
                return int(raw)
            except ValueError:
                raise RuntimeError(f"Unable to use {self.key}={raw}: expected int") from None
        return raw

    def write(self, obj: Any, value: Any) -> None:
        obj.__dict__[self.name] = value
        if propagate_env and self.key and (value is None or _to_env(value) is not None):
            setenv(self.key, _to_env(value))


class unsupported_knob(knob):
    """A knob for something Nereid does not do: it reads as `default`, accepts `default`, and
    raises NotImplementedError for any other value, saying `why`."""

    def __init__(self, key: Optional[str], default: Any, why: str) -> None:
        self.key = key
        self.default = default
        self.why = why

    def read(self, obj: Any) -> Any:
        return self.default

    def write(self, obj: Any, value: Any) -> None:
        if value == self.default and type(value) is type(self.default):
            return
        raise NotImplementedError(f"{self.path} = {value!r}: {self.why}")


class UnsupportedHookChain:
    """A chain of hooks that Nereid never calls (upstream's launch and kernel-load hooks):
    adding one raises NotImplementedError, so that a profiler that relies on it fails loudly."""

    def __init__(self, path: str, reversed: bool = False) -> None:
        self.path = path
        self.calls: list = []
        self.reversed = reversed

    def add(self, func: Callable) -> None:
        raise NotImplementedError(f"{self.path}.add: Nereid's launches do not call launch or "
                                  "kernel-load hooks")

    def remove(self, func: Callable) -> None:
        pass

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        pass


knobs_type = TypeVar("knobs_type", bound="base_knobs")


class base_knobs:
    """A group of knobs, with upstream's `knobs`, `copy`, `reset` and `scope`."""

    group = ""
    # Variables that the group's properties (not its knobs) may set, which `scope` restores.
    extra_keys: tuple = ()

    @property
    def knob_descriptors(self) -> dict[str, knob]:
        return {name: value for name, value in type(self).__dict__.items()
                if isinstance(value, knob)}

    @property
    def knobs(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.knob_descriptors}

    def copy(self: knobs_type) -> knobs_type:
        result = type(self)()
        result.__dict__.update(self.__dict__)
        return result

    def reset(self: knobs_type) -> knobs_type:
        for name in self.knob_descriptors:
            delattr(self, name)
        return self

    @contextmanager
    def scope(self) -> Generator[None, None, None]:
        """Restores this group's values and environment variables on exit."""
        keys = {k.key for k in self.knob_descriptors.values() if k.key} | set(self.extra_keys)
        initial_env = {key: os.environ.get(key) for key in keys}
        original = dict(self.__dict__)
        try:
            yield
        finally:
            self.__dict__.clear()
            self.__dict__.update(original)
            for key, value in initial_env.items():
                setenv(key, value)


# Parsers of Nereid's variables, as the code that reads them parses them.

def _nereid_bool(raw: Optional[str]) -> bool:
    return raw not in (None, "", "0")


def _optional_str(raw: Optional[str]) -> Optional[str]:
    return raw or None


def _optional_int(raw: Optional[str]) -> Optional[int]:
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise RuntimeError(f"Unable to use {raw!r}: expected an integer") from None


def _cache_dir(raw: Optional[str]) -> str:
    from ..runtime.cache import cache_dir

    return str(cache_dir())


_UPSTREAM_HOME = os.path.expanduser("~/")


class cache_knobs(base_knobs):
    group = "cache"
    extra_keys = ("NEREID_DUMP_IR",)
    dir = nereid_knob("NEREID_CACHE_DIR", str, _cache_dir)
    home_dir = unsupported_knob(
        "TRITON_HOME", _UPSTREAM_HOME,
        "Nereid's cache is not under a Triton home; set triton.knobs.cache.dir "
        "(NEREID_CACHE_DIR) to move it")
    override_dir = upstream_knob("TRITON_OVERRIDE_DIR", os.path.join(_UPSTREAM_HOME, ".triton",
                                                                     "override"))
    manager_class = unsupported_knob("TRITON_CACHE_MANAGER", None,
                                     "Nereid's kernel cache is a directory of files "
                                     "(nereid.runtime.cache), with no pluggable manager")
    remote_manager_class = unsupported_knob("TRITON_REMOTE_CACHE_BACKEND", None,
                                            "Nereid has no remote kernel cache")

    @property
    def dump_dir(self) -> str:
        """Where compilation.dump_ir writes each stage's IR: NEREID_DUMP_IR when it names a
        directory, else the directory set here, else the working directory (NEREID_DUMP_IR=1)."""
        configured = environment.NEREID_DUMP_IR.get()
        if configured not in (None, "", "0", "1"):
            return configured
        return self.__dict__.get("dump_dir") or os.getcwd()

    @dump_dir.setter
    def dump_dir(self, value: Any) -> None:
        if isinstance(value, Env):
            self.__dict__.pop("dump_dir", None)
            return
        if not isinstance(value, (str, os.PathLike)):
            raise TypeError(f"triton.knobs.cache.dump_dir takes a directory; got {value!r}")
        self.__dict__["dump_dir"] = os.fspath(value)
        if _nereid_bool(environment.NEREID_DUMP_IR.get()):
            setenv("NEREID_DUMP_IR", os.fspath(value))

    def get_triton_dir(self, dirname: str) -> str:
        return os.path.join(self.home_dir, ".triton", dirname)


class _dump_ir_knob(knob):
    """compilation.dump_ir on NEREID_DUMP_IR: on writes the stages of each kernel compiled to
    cache.dump_dir when one was set, else to the working directory."""

    key = "NEREID_DUMP_IR"

    def read(self, obj: Any) -> bool:
        return _nereid_bool(environment.NEREID_DUMP_IR.get())

    def write(self, obj: Any, value: Any) -> None:
        if not isinstance(value, bool):
            raise TypeError(f"{self.path} takes a bool (it sets NEREID_DUMP_IR); got {value!r}")
        if not value:
            setenv(self.key, None)
        elif not self.read(obj):
            setenv(self.key, cache.__dict__.get("dump_dir") or "1")


_NO_OVERRIDE = "Nereid does not replace compiled kernels with files from an override directory"


class compilation_knobs(base_knobs):
    group = "compilation"
    dump_ir = _dump_ir_knob()
    front_end_debugging = nereid_knob(
        "NEREID_FRONT_END_DEBUGGING", bool,
        lambda raw: _nereid_bool(raw if raw is not None
                                 else environment.Variable("TRITON_FRONT_END_DEBUGGING").get()))
    override = unsupported_knob("TRITON_KERNEL_OVERRIDE", False, _NO_OVERRIDE)
    dump_ir_extract_di_local_variables = unsupported_knob(
        "LLVM_EXTRACT_DI_LOCAL_VARIABLES", False, "Nereid's IR dumps have no such option")
    store_binary_only = unsupported_knob(
        "TRITON_STORE_BINARY_ONLY", False, "Nereid's cache keeps each kernel's tt IR beside its "
        "binary, which it needs")
    always_compile = unsupported_knob(
        "TRITON_ALWAYS_COMPILE", False, "Nereid reuses cached kernels; point "
        "triton.knobs.cache.dir (NEREID_CACHE_DIR) at an empty directory to compile afresh")
    use_ir_loc = unsupported_knob("USE_IR_LOC", None, "Nereid's locations are always the "
                                  "kernel's Python lines")
    enable_asan = unsupported_knob("TRITON_ENABLE_ASAN", False,
                                   "Nereid does not build kernels with AddressSanitizer")
    disable_line_info = unsupported_knob("TRITON_DISABLE_LINE_INFO", False,
                                         "Nereid's kernels always carry their Python lines")
    allow_non_constexpr_globals = upstream_knob("TRITON_ALLOW_NON_CONSTEXPR_GLOBALS", False)
    instrumentation_mode = unsupported_knob("TRITON_INSTRUMENTATION_MODE", "",
                                            "Nereid has no instrumentation passes")
    listener = unsupported_knob(None, None, "Nereid does not call compilation listeners")


class autotuning_knobs(base_knobs):
    group = "autotuning"
    cache = unsupported_knob("TRITON_CACHE_AUTOTUNING", False,
                             "Nereid's autotuner keeps its choices in memory, for the process")
    print = unsupported_knob("TRITON_PRINT_AUTOTUNING", False,
                             "Nereid's autotuner does not print; read the Autotuner's "
                             "best_config after a launch")
    listener = unsupported_knob(None, None, "Nereid's autotuner does not call listeners")


class runtime_knobs(base_knobs):
    group = "runtime"
    interpret = nereid_knob("NEREID_INTERPRET", bool,
                            lambda raw: environment.interpret_mode())
    # tl.device_assert is always checked in Nereid; debug (TRITON_DEBUG) is the default of the
    # launch option `debug`, which compiles bounds-checked kernels on the CPU.
    debug = upstream_knob("TRITON_DEBUG", False)
    override_arch = unsupported_knob(
        "TRITON_OVERRIDE_ARCH", None, "Nereid compiles for the host CPU unless a launch passes "
        "the options triple=, cpu=, features= or ttg_target=")
    jit_cache_hook = unsupported_knob(None, None, "Nereid's @jit calls no cache hooks")
    jit_post_compile_hook = unsupported_knob(None, None, "Nereid's @jit calls no compile hooks")
    add_stages_inspection_hook = unsupported_knob(
        None, None, "Nereid's compilation stages are fixed pipelines")

    def __init__(self) -> None:
        for name in ("launch_enter_hook", "launch_exit_hook", "kernel_load_start_hook",
                     "kernel_load_end_hook", "kernel_unload_hook"):
            self.__dict__[name] = UnsupportedHookChain(f"triton.knobs.runtime.{name}",
                                                       reversed=name.endswith("_end_hook")
                                                       or name == "launch_exit_hook")


class language_knobs(base_knobs):
    group = "language"
    # The input precision of an f32 tl.dot that names none, in place of the backend's default.
    fp32_default = nereid_knob("TRITON_F32_DEFAULT", str, _optional_str, optional=True)
    default_fp_fusion = unsupported_knob(
        "TRITON_DEFAULT_FP_FUSION", True, "Nereid does not switch floating-point fusion off")


class build_knobs(base_knobs):
    group = "build"
    cc = unsupported_knob("CC", None, "the CPU backend links kernels with its own clang")
    cudacrt_path = upstream_knob("TRITON_CUDACRT_PATH", None, str)
    cudart_path = upstream_knob("TRITON_CUDART_PATH", None, str)
    impl = None

    @property
    def backend_dirs(self) -> set[str]:
        return {path for path in (self.cudacrt_path, self.cudart_path) if path is not None}


class redis_knobs(base_knobs):
    group = "redis"
    key_format = upstream_knob("TRITON_REDIS_KEY_FORMAT", "triton:{key}:{filename}")
    host = upstream_knob("TRITON_REDIS_HOST", "localhost")
    port = upstream_knob("TRITON_REDIS_PORT", 6379)


class nvidia_knobs(base_knobs):
    group = "nvidia"
    cuobjdump = upstream_knob("TRITON_CUOBJDUMP_PATH", None, str)
    nvdisasm = upstream_knob("TRITON_NVDISASM_PATH", None, str)
    ptxas = upstream_knob("TRITON_PTXAS_PATH", None, str)
    ptxas_blackwell = upstream_knob("TRITON_PTXAS_BLACKWELL_PATH", None, str)
    dump_nvptx = upstream_knob("NVPTX_ENABLE_DUMP", False)
    disable_ptxas_opt = upstream_knob("DISABLE_PTXAS_OPT", False)
    ptxas_options = upstream_knob("PTXAS_OPTIONS", None, str)
    mock_ptx_version = upstream_knob("TRITON_MOCK_PTX_VERSION", None, str)
    dump_ptxas_log = upstream_knob("TRITON_DUMP_PTXAS_LOG", False)
    libdevice_path = upstream_knob("TRITON_LIBDEVICE_PATH", None, str)
    libcuda_path = upstream_knob("TRITON_LIBCUDA_PATH", None, str)


class amd_knobs(base_knobs):
    group = "amd"
    use_buffer_ops = upstream_knob("AMDGCN_USE_BUFFER_OPS", True)
    use_buffer_atomics = upstream_knob("AMDGCN_USE_BUFFER_ATOMICS", True)
    buffer_ops_analyze_small_tensor_range = upstream_knob("AMDGCN_ANALYZE_SMALL_TENSOR_RANGE",
                                                          False)
    dump_amdgcn = upstream_knob("AMDGCN_ENABLE_DUMP", False)
    libhip_path = upstream_knob("TRITON_LIBHIP_PATH", None, str)
    use_block_pingpong = upstream_knob("TRITON_HIP_USE_BLOCK_PINGPONG", None, bool)
    use_in_thread_transpose = upstream_knob("TRITON_HIP_USE_IN_THREAD_TRANSPOSE", None, bool)
    use_async_copy = upstream_knob("TRITON_HIP_USE_ASYNC_COPY", None, bool)
    scalarize_packed_fops = upstream_knob("AMDGCN_SCALARIZE_PACKED_FOPS", False)
    dump_mir = upstream_knob("TRITON_DUMP_MIR", None, str)
    swap_mir = upstream_knob("TRITON_SWAP_MIR", None, str)
    swap_mir_enable_misched = upstream_knob("TRITON_SWAP_MIR_ENABLE_MISCHED", False)


class proton_knobs(base_knobs):
    group = "proton"
    disable = upstream_knob("TRITON_PROTON_DISABLE", False)
    cupti_lib_dir = upstream_knob("TRITON_CUPTI_LIB_PATH", None, str)
    cupti_lib_blackwell_dir = upstream_knob("TRITON_CUPTI_LIB_BLACKWELL_PATH", None, str)
    profile_buffer_size = upstream_knob("TRITON_PROFILE_BUFFER_SIZE", 64 * 1024 * 1024)
    profile_metric_buffer_size = upstream_knob("TRITON_PROFILE_METRIC_BUFFER_SIZE",
                                               64 * 1024 * 1024)
    enable_nvtx = upstream_knob("TRITON_ENABLE_NVTX", True)
    enable_hw_trace = upstream_knob("TRITON_ENABLE_HW_TRACE", False)


class nereid_knobs(base_knobs):
    """Nereid's own launch settings."""

    group = "nereid"
    backend = nereid_knob("NEREID_BACKEND", str, _optional_str, optional=True)
    num_threads = nereid_knob("NEREID_NUM_THREADS", int, _optional_int, optional=True)


class cpu_knobs(base_knobs):
    """The CPU backend's compile settings."""

    group = "cpu"
    streaming_store_bytes = nereid_knob("NEREID_CPU_STREAMING_STORE_BYTES", int, _optional_int,
                                        optional=True)
    bf16_dot = nereid_knob("NEREID_CPU_BF16_DOT", str, _optional_str, optional=True)


build = build_knobs()
redis = redis_knobs()
cache = cache_knobs()
compilation = compilation_knobs()
autotuning = autotuning_knobs()
runtime = runtime_knobs()
language = language_knobs()
nvidia = nvidia_knobs()
amd = amd_knobs()
proton = proton_knobs()
nereid = nereid_knobs()
cpu = cpu_knobs()


def refresh_knobs() -> None:
    """Upstream re-reads the knobs it caches; Nereid's read the environment on every access."""
