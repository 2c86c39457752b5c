"""The language's own @jit: functions of `triton.language` written in the language (the
combiners of reductions and scans, argmax, softmax, cumsum, the random numbers), as upstream
writes them with `@triton.jit`.

Kernels call them as they call a @jit function. The runtime's `JITFunction` of each is made on
first use, so that importing the language imports neither the runtime nor the compiler
(test/python/frontend/test_import_layers.py checks it)."""

from __future__ import annotations

import functools
from typing import Any, Callable, Optional


class DeviceFunction:
    """A function of the language written in the language; `jit_function` is the runtime's
    JITFunction of it, made once, when a kernel first calls it."""

    def __init__(self, fn: Callable) -> None:
        self.fn = fn
        self._jit_function: Optional[Any] = None
        functools.update_wrapper(self, fn)

    @property
    def jit_function(self) -> Any:
        if self._jit_function is None:
            from ..runtime.jit import JITFunction

            self._jit_function = JITFunction(self.fn)
        return self._jit_function

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.jit_function(*args, **kwargs)

    def __repr__(self) -> str:
        return f"DeviceFunction({self.__module__}:{self.__qualname__})"


def jit(fn: Callable) -> DeviceFunction:
    """Decorates a function of the language written in the language."""
    return DeviceFunction(fn)


def as_jit_function(value: Any) -> Any:
    """The JITFunction a kernel calls for `value`: a DeviceFunction's, else `value` itself."""
    return value.jit_function if isinstance(value, DeviceFunction) else value
