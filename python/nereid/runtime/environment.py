"""The environment variables that every launch reads (NEREID_INTERPRET, TRITON_INTERPRET,
NEREID_BACKEND, NEREID_NUM_THREADS, OMP_NUM_THREADS, NEREID_CPU_SCHEDULER, and the compile
settings NEREID_DUMP_IR, NEREID_CPU_STREAMING_STORE_BYTES, NEREID_CPU_BF16_DOT,
TRITON_F32_DEFAULT, NEREID_CPU_CHECK_BOUNDS and TRITON_DEBUG), and NEREID_LOG, which
compilations read.

`os.environ.get` of an unset name raises and catches a KeyError inside, which costs about a
microsecond on CPython, and a launch reads up to six names. Where CPython keeps the
environment as a bytes mapping behind `os.environ` (POSIX), a `Variable` looks its name up there
directly; both see every change made through `os.environ`, `monkeypatch.setenv` included."""

from __future__ import annotations

import os
from typing import Optional

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
NEREID_CPU_STREAMING_STORE_BYTES = Variable("NEREID_CPU_STREAMING_STORE_BYTES")
NEREID_CPU_BF16_DOT = Variable("NEREID_CPU_BF16_DOT")
NEREID_LOG = Variable("NEREID_LOG")
NEREID_CPU_SCHEDULER = Variable("NEREID_CPU_SCHEDULER")
OMP_NUM_THREADS = Variable("OMP_NUM_THREADS")
# Bounds-checked kernels on the CPU: always (NEREID_CPU_CHECK_BOUNDS), or where no `debug`
# option says otherwise (upstream's TRITON_DEBUG).
NEREID_CPU_CHECK_BOUNDS = Variable("NEREID_CPU_CHECK_BOUNDS")
TRITON_DEBUG = Variable("TRITON_DEBUG")
# Upstream's default input precision of a tl.dot of f32 operands, in place of the backend's.
TRITON_F32_DEFAULT = Variable("TRITON_F32_DEFAULT")

# The compile settings, in the order compile_settings gives them (which spells them out on
# POSIX, where a launch reads them: a loop over this tuple would cost more than the reads).
_COMPILE_SETTINGS = (NEREID_DUMP_IR, NEREID_CPU_STREAMING_STORE_BYTES, NEREID_CPU_BF16_DOT,
                     TRITON_F32_DEFAULT, NEREID_CPU_CHECK_BOUNDS, TRITON_DEBUG)


def compile_settings() -> tuple:
    """The variables that change what a backend compiles rather than how a launch runs,
    NEREID_DUMP_IR, NEREID_CPU_STREAMING_STORE_BYTES, NEREID_CPU_BF16_DOT,
    TRITON_F32_DEFAULT, NEREID_CPU_CHECK_BOUNDS and TRITON_DEBUG: a kernel launched
    under other values of them is compiled (and dumped) again. Their values (None where unset)
    as the environment holds them (bytes on POSIX): every launch compares them, so they are
    read without decoding (a tenth of a microsecond)."""
    if _ENVIRON_BYTES is None:
        return tuple(os.environ.get(variable.name) for variable in _COMPILE_SETTINGS)
    get = _ENVIRON_BYTES.get
    return (get(NEREID_DUMP_IR.key), get(NEREID_CPU_STREAMING_STORE_BYTES.key),
            get(NEREID_CPU_BF16_DOT.key), get(TRITON_F32_DEFAULT.key),
            get(NEREID_CPU_CHECK_BOUNDS.key), get(TRITON_DEBUG.key))


def interpret_mode() -> bool:
    """Whether launches run in the interpreter: NEREID_INTERPRET, else TRITON_INTERPRET, is set
    and neither empty nor 0."""
    value = NEREID_INTERPRET.get()
    if value is None:
        value = TRITON_INTERPRET.get()
    return value not in (None, "", "0")
