"""`autotune`, `Config` and `heuristics`, with Triton's signatures: the autotuner times each
configuration on the first launch for a key and reuses the fastest."""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

from .jit import JITFunction


class Config:
    """One configuration: meta-parameters (`kwargs`) and launch options."""

    def __init__(self, kwargs: dict, num_warps: int = 4, num_stages: int = 3, num_ctas: int = 1,
                 maxnreg: Optional[int] = None, pre_hook: Optional[Callable] = None) -> None:
        self.kwargs = dict(kwargs)
        self.num_warps = num_warps
        self.num_stages = num_stages
        self.num_ctas = num_ctas
        self.maxnreg = maxnreg
        self.pre_hook = pre_hook

    def all_kwargs(self) -> dict:
        options = {"num_warps": self.num_warps, "num_stages": self.num_stages,
                   "num_ctas": self.num_ctas}
        if self.maxnreg is not None:
            options["maxnreg"] = self.maxnreg
        return {**self.kwargs, **options}

    def __repr__(self) -> str:
        items = [f"{k}: {v}" for k, v in self.kwargs.items()]
        items += [f"num_warps: {self.num_warps}", f"num_stages: {self.num_stages}"]
        return ", ".join(items)


class Autotuner:
    """Wraps a kernel: picks the fastest of `configs` per value of the `key` arguments."""

    def __init__(self, fn: Any, arg_names: list[str], configs: Sequence[Config],
                 key: Sequence[str], reset_to_zero: Sequence[str] = (),
                 restore_value: Sequence[str] = (), warmup: int = 25, rep: int = 100,
                 do_bench: Optional[Callable] = None) -> None:
        self.fn = fn
        self.arg_names = arg_names
        self.configs = list(configs) or [Config({})]
        self.key = list(key)
        self.reset_to_zero = list(reset_to_zero)
        self.restore_value = list(restore_value)
        # Triton's names: `warmup` is the method that compiles every configuration.
        self.num_warmups, self.num_reps = warmup, rep
        self.cache: dict[tuple, Config] = {}
        self.best_config: Optional[Config] = None
        self._do_bench = do_bench
        self.__name__ = getattr(fn, "__name__", "autotuned")

    def _bench(self, call: Callable) -> float:
        from ..testing import do_bench

        bench = self._do_bench or (lambda f: do_bench(f, warmup=self.num_warmups,
                                                        rep=self.num_reps))
        return bench(call)

    def run(self, *args: Any, grid: Any, **kwargs: Any) -> Any:
        bound = dict(zip(self.arg_names, args))
        bound.update(kwargs)
        key = tuple(bound.get(name) if not hasattr(bound.get(name), "dtype")
                    else str(bound[name].dtype) for name in self.key)
        if key not in self.cache:
            if len(self.configs) == 1:
                self.cache[key] = self.configs[0]
            else:
                timings = {}
                for config in self.configs:
                    def call(config=config):
                        self._reset(bound)
                        if config.pre_hook:
                            config.pre_hook({**bound, **config.all_kwargs()})
                        return self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())
                    timings[config] = self._bench(call)
                self.cache[key] = min(timings, key=timings.get)
        config = self.best_config = self.cache[key]
        if config.pre_hook:
            config.pre_hook({**bound, **config.all_kwargs()})
        return self.fn.run(*args, grid=grid, **kwargs, **config.all_kwargs())

    def _reset(self, bound: dict) -> None:
        for name in self.reset_to_zero:
            bound[name][...] = 0

    def __getitem__(self, grid: Any) -> Callable:
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def warmup(self, *args: Any, **kwargs: Any) -> Any:
        return [self.fn.warmup(*args, **kwargs, **c.all_kwargs()) for c in self.configs]


def autotune(configs: Sequence[Config], key: Sequence[str], prune_configs_by: Any = None,
             reset_to_zero: Sequence[str] = (), restore_value: Sequence[str] = (),
             pre_hook: Any = None, post_hook: Any = None, warmup: int = 25, rep: int = 100,
             use_cuda_graph: bool = False, do_bench: Optional[Callable] = None) -> Callable:
    """Decorates a @jit kernel to choose among `configs` by timing, per value of `key`."""
    def decorator(fn: Any) -> Autotuner:
        arg_names = fn.arg_names if isinstance(fn, JITFunction) else fn.arg_names
        return Autotuner(fn, arg_names, configs, key, reset_to_zero, restore_value, warmup,
                         rep, do_bench)
    return decorator


class Heuristics:
    """Wraps a kernel: computes meta-parameters from the other arguments before launching."""

    def __init__(self, fn: Any, arg_names: list[str], values: dict[str, Callable]) -> None:
        self.fn = fn
        self.arg_names = arg_names
        self.values = values
        self.__name__ = getattr(fn, "__name__", "heuristics")

    def run(self, *args: Any, **kwargs: Any) -> Any:
        bound = dict(zip(self.arg_names, args))
        bound.update(kwargs)
        for name, compute in self.values.items():
            kwargs[name] = compute(bound)
            bound[name] = kwargs[name]
        return self.fn.run(*args, **kwargs)

    def __getitem__(self, grid: Any) -> Callable:
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)

    def warmup(self, *args: Any, **kwargs: Any) -> Any:
        bound = dict(zip(self.arg_names, args))
        bound.update(kwargs)
        for name, compute in self.values.items():
            kwargs[name] = compute(bound)
            bound[name] = kwargs[name]
        return self.fn.warmup(*args, **kwargs)


def heuristics(values: dict[str, Callable]) -> Callable:
    """Decorates a kernel so that `values[name](args)` supplies meta-parameter `name`."""
    def decorator(fn: Any) -> Heuristics:
        return Heuristics(fn, fn.arg_names, values)
    return decorator
