"""`autotune`, `Config` and `heuristics`, with Triton's signatures and behaviour: the autotuner
times each configuration on the first launch for a key and reuses the fastest.

As upstream Triton 3.x does, the tuning key is the values of the `key` arguments followed by the
dtype of every argument that has one; `prune_configs_by` narrows the configurations before
timing; the default hooks zero the `reset_to_zero` arguments before each timed run and restore the
`restore_value` arguments after it, so that an in-place kernel sees its data once; and
`cache_results` keeps the choice on disk for later processes. NEREID_PRINT_AUTOTUNING=1 (or
TRITON_PRINT_AUTOTUNING=1) prints each choice, and NEREID_CACHE_AUTOTUNING=1 (or
TRITON_CACHE_AUTOTUNING=1) turns `cache_results` on for every autotuned kernel."""

from __future__ import annotations

import builtins
import hashlib
import inspect
import json
import platform
import time
from typing import Any, Callable, Optional, Sequence

import numpy as np

from ..compiler import errors
from ..compiler.errors import CompilationError
from . import environment
from .cache import KernelCache
from .jit import JITFunction

NEREID_PRINT_AUTOTUNING = environment.Variable("NEREID_PRINT_AUTOTUNING")
TRITON_PRINT_AUTOTUNING = environment.Variable("TRITON_PRINT_AUTOTUNING")
NEREID_CACHE_AUTOTUNING = environment.Variable("NEREID_CACHE_AUTOTUNING")
TRITON_CACHE_AUTOTUNING = environment.Variable("TRITON_CACHE_AUTOTUNING")

# The quantiles the autotuner asks of `do_bench`: configurations compare by median first.
_QUANTILES = (0.5, 0.2, 0.8)


class AutotunerError(RuntimeError):
    """The autotuner has no configuration left to run."""


def _flag(nereid: environment.Variable, triton: environment.Variable) -> bool:
    """Whether the NEREID_ variable, else the TRITON_ one, is set and neither empty nor 0."""
    value = nereid.get()
    if value is None:
        value = triton.get()
    return value not in (None, "", "0")


class Config:
    """One configuration: meta-parameters (`kwargs`), launch options, and a `pre_hook` that runs
    before every launch of this configuration with all the kernel's arguments by name."""

    def __init__(self, kwargs: dict, num_warps: int = 4, num_stages: int = 3, num_ctas: int = 1,
                 maxnreg: Optional[int] = None, pre_hook: Optional[Callable] = None,
                 ir_override: Optional[str] = None) -> None:
        self.kwargs = kwargs
        self.num_warps = num_warps
        self.num_ctas = num_ctas
        self.num_stages = num_stages
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook
        self.ir_override = ir_override

    def __setstate__(self, state: dict) -> None:
        self.kwargs = state.get("kwargs", {})
        self.num_warps = state.get("num_warps", 4)
        self.num_stages = state.get("num_stages", 3)
        self.num_ctas = state.get("num_ctas", 1)
        self.maxnreg = state.get("maxnreg", None)
        self.pre_hook = state.get("pre_hook", None)
        self.ir_override = state.get("ir_override", None)

    def all_kwargs(self) -> dict:
        """The meta-parameters and the launch options that are set, as a launch passes them."""
        options = (("num_warps", self.num_warps), ("num_ctas", self.num_ctas),
                   ("num_stages", self.num_stages), ("maxnreg", self.maxnreg),
                   ("ir_override", self.ir_override))
        return {**self.kwargs, **{k: v for k, v in options if v is not None}}

    def __str__(self) -> str:
        items = [f"{k}: {v}" for k, v in self.kwargs.items()]
        items += [f"num_warps: {self.num_warps}", f"num_ctas: {self.num_ctas}",
                  f"num_stages: {self.num_stages}", f"maxnreg: {self.maxnreg}",
                  f"ir_override: {self.ir_override}"]
        return ", ".join(items)

    __repr__ = __str__

    def __hash__(self) -> int:
        return hash((*self.all_kwargs().items(), self.pre_hook))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Config):
            return NotImplemented
        return ((*self.all_kwargs().items(), self.pre_hook)
                == (*other.all_kwargs().items(), other.pre_hook))


# Copies of arguments: torch tensors by their own methods, numpy arrays and other host arrays
# through a numpy view of their memory.

def _host_view(value: Any, name: str, action: str) -> np.ndarray:
    """A writable numpy view of an argument's memory, for zeroing, copying and restoring it."""
    if isinstance(value, np.ndarray):
        return value
    view = None
    if hasattr(value, "__array_interface__"):
        view = np.asarray(value)
    elif hasattr(value, "__dlpack__"):
        try:
            view = np.from_dlpack(value)
        except (BufferError, RuntimeError, TypeError, ValueError):
            view = None
    if view is None:
        raise TypeError(f"the autotuner cannot {action} argument `{name}`: a "
                        f"{type(value).__name__} is neither a host array nor has "
                        "clone()/copy_()/zero_()")
    return view


def _zero(value: Any, name: str) -> None:
    if hasattr(value, "zero_"):
        value.zero_()
    else:
        _host_view(value, name, "zero")[...] = 0


def _clone(value: Any, name: str) -> Any:
    if hasattr(value, "clone"):
        return value.clone()
    return _host_view(value, name, "copy").copy()


def _restore(value: Any, saved: Any, name: str) -> None:
    if hasattr(value, "copy_"):
        value.copy_(saved)
    else:
        np.copyto(_host_view(value, name, "restore"), saved)


def _key_value(value: Any) -> Any:
    """A `key` argument as the tuning key holds it: an array by its dtype (arrays do not hash),
    anything else as it is."""
    if getattr(value, "shape", ()) != () and hasattr(value, "dtype"):
        return str(value.dtype)
    return value


def _is_config_failure(error: Exception) -> bool:
    """Whether a launch failed because of its configuration (upstream's
    CompileTimeAssertionFailure: a tl.static_assert on the meta-parameters), so that the
    configuration times as infinite instead of failing the launch."""
    failure = getattr(errors, "CompileTimeAssertionFailure", None)
    if failure is not None:
        return isinstance(error, failure)
    return isinstance(error, CompilationError) and "static_assert failed" in error.message


def _takes_quantiles(do_bench: Callable) -> bool:
    """Whether `do_bench` takes upstream's `quantiles` keyword; one that takes only the function
    (`lambda call: ...`, as Nereid's first autotuner called it) is called with that alone."""
    try:
        inspect.signature(do_bench).bind(None, quantiles=_QUANTILES)
    except TypeError:
        return False
    except ValueError:  # no signature to read (a builtin): assume upstream's
        return True
    return True


def _fastest(timings: dict) -> "Config":
    """The configuration of the least timing: by median first where `do_bench` gave quantiles.
    A timing may be one number or several, and a configuration that failed times as
    `[inf, inf, inf]` whatever the others are."""
    def order(config: Config) -> tuple:
        timing = timings[config]
        return tuple(timing) if isinstance(timing, (list, tuple)) else (timing,)
    return builtins.min(timings, key=order)


def _jit_function(fn: Any) -> JITFunction:
    """The @jit function under `heuristics` and `autotune` wrappers."""
    while not isinstance(fn, JITFunction):
        fn = fn.fn
    return fn


class Autotuner:
    """Wraps a kernel: picks the fastest of `configs` per value of the tuning key (the `key`
    arguments and the dtypes of all arguments). `cache` maps each key seen to its choice,
    `best_config` is the last launch's, `configs_timings` the last benchmark's timings and
    `bench_time` how long it took in seconds."""

    def __init__(self, fn: Any, arg_names: list[str], configs: Sequence[Config],
                 key: Sequence[str], reset_to_zero: Optional[Sequence[str]] = None,
                 restore_value: Optional[Sequence[str]] = None,
                 pre_hook: Optional[Callable] = None, post_hook: Optional[Callable] = None,
                 prune_configs_by: Optional[dict] = None, warmup: Optional[int] = None,
                 rep: Optional[int] = None, use_cuda_graph: bool = False,
                 do_bench: Optional[Callable] = None, cache_results: bool = False) -> None:
        self.configs = list(configs) if configs else [Config({})]
        self.keys = list(key)
        self.cache: dict[tuple, Config] = {}
        self.arg_names = arg_names
        self.cache_results = cache_results
        self.fn = fn
        self.base_fn = fn
        while hasattr(self.base_fn, "fn") and not isinstance(self.base_fn, JITFunction):
            self.base_fn = self.base_fn.fn
        self.__name__ = getattr(self.base_fn, "__name__", "autotuned")
        self.reset_to_zero = list(reset_to_zero or ())
        self.restore_value = list(restore_value or ())
        for role, names in (("reset_to_zero", self.reset_to_zero),
                            ("restore_value", self.restore_value)):
            for name in names:
                if name not in arg_names:
                    raise ValueError(f"autotune's {role} names `{name}`, which is not an "
                                     f"argument of {self.__name__}({', '.join(arg_names)})")
        self.restore_copies: dict[str, Any] = {}
        # A pre_hook or post_hook of the user's replaces the default one, which resets and
        # restores the named arguments (as upstream's does).
        self.user_defined_pre_hook = pre_hook is not None
        self.user_defined_post_hook = post_hook is not None
        self.pre_hook: Callable = pre_hook or self._default_pre_hook
        self.post_hook: Callable = post_hook or self._default_post_hook

        prune_configs_by = prune_configs_by or {}
        self.perf_model = prune_configs_by.get("perf_model")
        self.configs_top_k = prune_configs_by.get("top_k", 1.0)
        self.early_config_prune = prune_configs_by.get("early_config_prune")

        self.num_warmups = warmup
        self.num_reps = rep
        # There are no CUDA graphs here: `use_cuda_graph` times on the host like the rest.
        self.use_cuda_graph = use_cuda_graph
        self._do_bench = do_bench
        if warmup is not None or rep is not None:
            self._do_bench = self._bench_with_warmup_and_rep
        self.nargs: Optional[dict] = None
        self.best_config: Optional[Config] = None
        self.configs_timings: Optional[dict] = None
        self.bench_time: Optional[float] = None

    # Hooks -----------------------------------------------------------------------------

    def _default_pre_hook(self, kwargs: dict, reset_only: bool = False) -> None:
        for name in self.reset_to_zero:
            if kwargs[name] is not None:
                _zero(kwargs[name], name)
        if not reset_only:
            self.restore_copies = {name: _clone(kwargs[name], name)
                                   for name in self.restore_value if kwargs[name] is not None}

    def _default_post_hook(self, kwargs: dict, exception: Optional[BaseException]) -> None:
        for name, saved in self.restore_copies.items():
            _restore(kwargs[name], saved, name)
        self.restore_copies = {}

    # Timing ----------------------------------------------------------------------------

    @property
    def do_bench(self) -> Callable:
        """`do_bench(kernel_call, quantiles)`: the user's, else `nereid.testing.do_bench`."""
        if self._do_bench is not None:
            return self._do_bench
        from .. import testing

        return testing.do_bench

    def _bench_with_warmup_and_rep(self, kernel_call: Callable, quantiles: Sequence[float]) -> Any:
        from .. import testing

        return testing.do_bench(kernel_call,
                                warmup=25 if self.num_warmups is None else self.num_warmups,
                                rep=100 if self.num_reps is None else self.num_reps,
                                quantiles=quantiles)

    def _bench(self, *args: Any, grid: Any, config: Config, **meta: Any) -> Any:
        verbose = _flag(NEREID_PRINT_AUTOTUNING, TRITON_PRINT_AUTOTUNING)
        if verbose:
            print(f"Autotuning kernel {self.__name__} with config {config}")
        conflicts = meta.keys() & config.kwargs.keys()
        if conflicts:
            raise ValueError(f"Conflicting meta-parameters: {', '.join(sorted(conflicts))}. "
                             "Make sure that you don't re-define auto-tuned symbols.")
        current = {**meta, **config.all_kwargs()}
        full_nargs = {**self.nargs, **current}

        def kernel_call() -> None:
            if config.pre_hook:
                config.pre_hook(full_nargs)
            self.pre_hook(full_nargs)
            try:
                self.fn.run(*args, grid=grid, **current)
            except Exception as error:
                self.post_hook(full_nargs, exception=error)
                raise
            self.post_hook(full_nargs, exception=None)

        try:
            if _takes_quantiles(self.do_bench):
                return self.do_bench(kernel_call, quantiles=_QUANTILES)
            return self.do_bench(kernel_call)
        except CompilationError as error:
            if not _is_config_failure(error):
                raise
            if verbose:
                print(f"Autotuning failed with {error}")
            return [float("inf")] * len(_QUANTILES)

    # The choice ------------------------------------------------------------------------

    def _tuning_key(self, kwargs: dict) -> tuple:
        named = {**self.nargs, **{k: v for k, v in kwargs.items() if k in self.arg_names}}
        # A key may also name a launch option (`num_threads`), which is no argument.
        every = {**kwargs, **named}
        key = [_key_value(every[name]) for name in self.keys if name in every]
        key += [str(value.dtype) for value in named.values() if hasattr(value, "dtype")]
        return tuple(key)

    def prune_configs(self, kwargs: dict) -> list[Config]:
        """The configurations left after `early_config_prune` and the `top_k` best by
        `perf_model`."""
        pruned = self.configs
        if self.early_config_prune:
            pruned = self.early_config_prune(self.configs, self.nargs, **kwargs)
            if not pruned:
                raise AutotunerError("No valid autotuner configs after pruning. "
                                     "`early_config_prune` should return at least one config.")
        if self.perf_model:
            top_k = self.configs_top_k
            if isinstance(top_k, float) and top_k <= 1.0:
                top_k = max(1, int(len(pruned) * top_k))
            elif not isinstance(top_k, int):
                raise TypeError("Error while pruning configs, top_k must be either 1) a float "
                                "<= 1.0 or 2) an int")
            if len(pruned) > top_k:
                estimates = {config: self.perf_model(**self.nargs, **kwargs,
                                                     **config.all_kwargs())
                             for config in pruned}
                pruned = sorted(estimates, key=estimates.get)[:top_k]
        return list(pruned)

    def run(self, *args: Any, grid: Any, **kwargs: Any) -> Any:
        self.nargs = dict(zip(self.arg_names, args))
        used_cached_result = True
        key: tuple = ()
        if len(self.configs) > 1:
            key = self._tuning_key(kwargs)
            if key not in self.cache:
                used_cached_result = False
                pruned = self.prune_configs(kwargs)
                if len(pruned) == 1:
                    self.cache[key] = pruned[0]
                    used_cached_result = True
                else:
                    def benchmark() -> None:
                        start = time.time()
                        timings = {config: self._bench(*args, grid=grid, config=config,
                                                       **kwargs)
                                   for config in pruned}
                        self.bench_time = time.time() - start
                        self.cache[key] = _fastest(timings)
                        self.pre_hook({**self.nargs, **kwargs, **self.cache[key].all_kwargs()},
                                      reset_only=True)
                        self.configs_timings = timings

                    if self.cache_results or _flag(NEREID_CACHE_AUTOTUNING,
                                                   TRITON_CACHE_AUTOTUNING):
                        used_cached_result = self.check_disk_cache(key, pruned, benchmark,
                                                                   args, kwargs)
                    else:
                        benchmark()
            config = self.cache[key]
        else:
            config = self.configs[0]
        self.best_config = config
        if _flag(NEREID_PRINT_AUTOTUNING, TRITON_PRINT_AUTOTUNING) and not used_cached_result:
            print(f"Triton autotuning for function {self.__name__},\nwith key as {key},\n"
                  f"finished after {self.bench_time:.2f}s,\nbest config selected: {config};")
        if config.pre_hook is not None:
            config.pre_hook({**self.nargs, **kwargs, **config.all_kwargs()})
        result = self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())
        self.nargs = None
        return result

    # The choice on disk ----------------------------------------------------------------

    def _disk_key(self, tuning_key: tuple, configs: list[Config], args: tuple,
                  kwargs: dict) -> str:
        """What a stored choice depends on: the compiler, the kernel's source (and that of the
        functions it calls), the backend and machine, the settings that change code
        generation or timing, the tuning key and the configurations."""
        from .. import __version__
        from .backend_choice import select
        from .jit import frontend_source_hash

        parts = [__version__, frontend_source_hash(), _jit_function(self.fn).cache_key,
                 select(list(args) + list(kwargs.values()), kwargs),
                 platform.machine(), str(sorted(environment.set_compile_settings().items())),
                 str(environment.NEREID_NUM_THREADS.get()), str(tuning_key)]
        parts += [str(config) for config in configs]
        return hashlib.sha256("-".join(parts).encode()).hexdigest()

    def check_disk_cache(self, tuning_key: tuple, configs: list[Config],
                         bench_fn: Callable[[], None], args: tuple = (),
                         kwargs: Optional[dict] = None) -> bool:
        """Takes the choice for `tuning_key` from disk, else benchmarks with `bench_fn` and
        stores the timings; returns whether the choice came from disk. Configurations with a
        pre_hook (which does not serialize) and the interpreter always benchmark."""
        kwargs = kwargs or {}
        if (not tuning_key or any(config.pre_hook for config in configs)
                or environment.interpret_mode()):
            bench_fn()
            return False
        digest = self._disk_key(tuning_key, configs, args, kwargs)
        file_name = f"{_jit_function(self.fn).__name__[:150]}.autotune.json"
        disk = KernelCache()
        stored = disk.get(digest, file_name)
        if stored is not None:
            try:
                entries = json.loads(stored)["configs_timings"]
                timings = {configs[index]: timing for index, (_, timing) in enumerate(entries)}
                if len(entries) == len(configs):
                    self.cache[tuning_key] = _fastest(timings)
                    self.configs_timings = timings
                    return True
            except (ValueError, KeyError, TypeError, IndexError):
                pass  # an unreadable entry: benchmark again, and replace it
        bench_fn()
        disk.put(digest, file_name, json.dumps({
            "key": [str(k) for k in tuning_key],
            "configs_timings": [[str(config), self.configs_timings[config]]
                                for config in configs],
        }, default=float))
        return False

    # Other entry points ----------------------------------------------------------------

    def __getitem__(self, grid: Any) -> Callable:
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def warmup(self, *args: Any, **kwargs: Any) -> list:
        """Compiles every configuration left after pruning; returns the compiled kernels."""
        self.nargs = dict(zip(self.arg_names, args))
        compiled = [self.fn.warmup(*args, **kwargs, **config.all_kwargs())
                    for config in self.prune_configs(kwargs)]
        self.nargs = None
        return compiled


def autotune(configs: Sequence[Config], key: Sequence[str],
             prune_configs_by: Optional[dict] = None,
             reset_to_zero: Optional[Sequence[str]] = None,
             restore_value: Optional[Sequence[str]] = None, pre_hook: Optional[Callable] = None,
             post_hook: Optional[Callable] = None, warmup: Optional[int] = None,
             rep: Optional[int] = None, use_cuda_graph: bool = False,
             do_bench: Optional[Callable] = None, cache_results: bool = False) -> Callable:
    """Decorates a @jit kernel (or a `heuristics` one) to choose among `configs` by timing, per
    value of `key` and of the arguments' dtypes.

    `prune_configs_by`: {"early_config_prune": f(configs, named_args, **kwargs) -> configs,
    "perf_model": f(**args, **config_kwargs) -> estimated time, "top_k": how many (an int) or
    which fraction (a float <= 1) of the estimated fastest to time}. `reset_to_zero` arguments
    are zeroed before each timed run (and before the launch that follows), `restore_value`
    arguments restored after each. `pre_hook(args, reset_only)` and `post_hook(args, exception)`
    replace those default hooks. `do_bench(fn, quantiles)` times one configuration; `warmup` and
    `rep` (ms) configure the default one. `cache_results` stores the choice on disk."""
    def decorator(fn: Any) -> Autotuner:
        return Autotuner(fn, fn.arg_names, configs, key, reset_to_zero, restore_value,
                         pre_hook=pre_hook, post_hook=post_hook,
                         prune_configs_by=prune_configs_by, warmup=warmup, rep=rep,
                         use_cuda_graph=use_cuda_graph, do_bench=do_bench,
                         cache_results=cache_results)
    return decorator


class Heuristics:
    """Wraps a kernel: computes meta-parameters from the other arguments before launching."""

    def __init__(self, fn: Any, arg_names: list[str], values: dict[str, Callable]) -> None:
        self.fn = fn
        self.arg_names = arg_names
        self.values = values
        self.__name__ = getattr(fn, "__name__", "heuristics")

    def _with_values(self, args: tuple, kwargs: dict) -> dict:
        for name, compute in self.values.items():
            kwargs[name] = compute({**dict(zip(self.arg_names, args)), **kwargs})
        return kwargs

    def run(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn.run(*args, **self._with_values(args, kwargs))

    def __getitem__(self, grid: Any) -> Callable:
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def warmup(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn.warmup(*args, **self._with_values(args, kwargs))


def heuristics(values: dict[str, Callable]) -> Callable:
    """Decorates a kernel so that `values[name](args)` supplies meta-parameter `name`; `args`
    holds every argument of the launch by name (with an autotuner above, the configuration's
    meta-parameters too)."""
    def decorator(fn: Any) -> Heuristics:
        return Heuristics(fn, fn.arg_names, values)
    return decorator
