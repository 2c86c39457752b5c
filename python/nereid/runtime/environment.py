"""The environment variables that every launch reads (NEREID_INTERPRET, TRITON_INTERPRET,
NEREID_BACKEND, NEREID_NUM_THREADS, and the compile settings NEREID_DUMP_IR, TRITON_F32_DEFAULT
and TRITON_DEBUG), and NEREID_LOG, which compilations read. A backend's own variables are its
own (the CPU's: nereid_cpu/knobs.py); those that change what it compiles join the compile
settings through `compile_setting`.

`os.environ.get` of an unset name raises and catches a KeyError inside, which costs about a
microsecond on CPython, and a launch reads up to six names. Where CPython keeps the
environment as a bytes mapping behind `os.environ` (POSIX), a `Variable` looks its name up there
directly; both see every change made through `os.environ`, `monkeypatch.setenv` included."""

from __future__ import annotations

import os
from typing import Callable, Optional

# The bytes -> bytes mapping that `os.environ` updates, or None where there is none.
_ENVIRON_BYTES = getattr(os.environ, "_data", None) if os.name == "posix" else None


class Variable:
    """One environment variable, read afresh on every `get`."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.key = os.fsencode(name)

    def get(self) -> Optional[str]:
        """The variable's value, or None when it is unset."""
        if _ENVIRON_BYTES is None:
            return os.environ.get(self.name)
        value = _ENVIRON_BYTES.get(self.key)
        return None if value is None else os.fsdecode(value)


NEREID_INTERPRET = Variable("NEREID_INTERPRET")
TRITON_INTERPRET = Variable("TRITON_INTERPRET")
NEREID_BACKEND = Variable("NEREID_BACKEND")
NEREID_NUM_THREADS = Variable("NEREID_NUM_THREADS")
NEREID_DUMP_IR = Variable("NEREID_DUMP_IR")
NEREID_LOG = Variable("NEREID_LOG")
# Bounds-checked kernels where no `debug` option says otherwise (upstream's TRITON_DEBUG).
TRITON_DEBUG = Variable("TRITON_DEBUG")
# Upstream's default input precision of a tl.dot of f32 operands, in place of the backend's.
TRITON_F32_DEFAULT = Variable("TRITON_F32_DEFAULT")

# The compile settings, in the order compile_settings gives them: the core's, then those that
# backends add.
_COMPILE_SETTINGS: list[Variable] = [NEREID_DUMP_IR, TRITON_F32_DEFAULT, TRITON_DEBUG]


# What else decides where a launch runs, which `launch_settings` reads with the compile
# settings.
_ROUTING_SETTINGS: list[Variable] = [NEREID_INTERPRET, TRITON_INTERPRET, NEREID_BACKEND]


def _spelled_out_reader(variables: list[Variable]) -> Callable[[], tuple]:
    """A function that reads `variables`, each read spelled out on POSIX (a loop over them
    would cost more than the reads), with the environment's lookup and the keys as its
    locals."""
    if _ENVIRON_BYTES is None:
        names = [variable.name for variable in variables]
        return lambda: tuple(os.environ.get(name) for name in names)
    keys = [f"key{index}" for index in range(len(variables))]
    namespace = {"get": _ENVIRON_BYTES.get,
                 **{key: variable.key for key, variable in zip(keys, variables)}}
    exec(f"def read(get=get, {', '.join(f'{key}={key}' for key in keys)}):\n"
         f"    return ({''.join(f'get({key}), ' for key in keys)})", namespace)
    return namespace["read"]


_read_compile_settings = _spelled_out_reader(_COMPILE_SETTINGS)
_read_launch_settings = _spelled_out_reader(_ROUTING_SETTINGS + _COMPILE_SETTINGS)


def compile_setting(name: str) -> Variable:
    """The variable `name`, which changes what a backend compiles: `compile_settings` reads
    it from now on. A backend's module makes its own when it is imported."""
    global _read_compile_settings, _read_launch_settings
    variable = Variable(name)
    _COMPILE_SETTINGS.append(variable)
    _read_compile_settings = _spelled_out_reader(_COMPILE_SETTINGS)
    _read_launch_settings = _spelled_out_reader(_ROUTING_SETTINGS + _COMPILE_SETTINGS)
    return variable


def compile_settings() -> tuple:
    """The values of the variables that change what a backend compiles rather than how a
    launch runs (NEREID_DUMP_IR, TRITON_F32_DEFAULT, TRITON_DEBUG, and the backends' own: the
    CPU's NEREID_CPU_STREAMING_STORE_BYTES, NEREID_CPU_BF16_DOT and NEREID_CPU_CHECK_BOUNDS):
    a kernel launched under other values of them is compiled (and dumped) again. None where
    unset, else as the environment holds them (bytes on POSIX): every launch compares them, so
    they are read without decoding (a tenth of a microsecond)."""
    return _read_compile_settings()


def set_compile_settings() -> dict[str, str]:
    """The compile settings that are set, by name: what a key kept across processes holds
    (which settings exist depends on the backends that a process has imported)."""
    return {variable.name: os.fsdecode(value) if isinstance(value, bytes) else value
            for variable, value in zip(_COMPILE_SETTINGS, _read_compile_settings())
            if value is not None}


def launch_settings() -> tuple:
    """The compile settings (`compile_settings`) after the variables that route a launch
    (NEREID_INTERPRET, TRITON_INTERPRET, NEREID_BACKEND), as raw as `compile_settings` gives
    them: @jit keys its warm launches by them, so that a launch under other values takes the
    full path once, and one under the same values may repeat a relauncher without reading
    them one by one."""
    return _read_launch_settings()


def interpret_mode() -> bool:
    """Whether launches run in the interpreter: NEREID_INTERPRET, else TRITON_INTERPRET, is set
    and neither empty nor 0."""
    value = NEREID_INTERPRET.get()
    if value is None:
        value = TRITON_INTERPRET.get()
    return value not in (None, "", "0")
