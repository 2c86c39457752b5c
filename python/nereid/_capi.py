"""Loads libnereid with ctypes and declares the C API of `include/nereid-c/Nereid.h`.

This module is the only place that knows the C signatures. Everything else calls `lib()`, which
finds, loads and checks the library once, on first use.
"""

from __future__ import annotations

import ctypes
import functools
import os
from pathlib import Path
from typing import Optional

# The NEREID_C_API_VERSION these bindings were written for.
API_VERSION = 3

_PACKAGE_DIR = Path(__file__).resolve().parent
_REPO_ROOT = _PACKAGE_DIR.parent.parent
_LIBRARY_NAME = "libnereid.so"

# NereidStatus
SUCCESS = 0
FAILURE = 1

# NereidSeverity, by value.
SEVERITY_NAMES = {0: "note", 1: "warning", 2: "error", 3: "remark"}


class LibraryNotFoundError(ImportError):
    """libnereid could not be found or loaded."""


class LibraryVersionError(ImportError):
    """The loaded libnereid implements a different C API version than these bindings."""


class NereidDiagnostic(ctypes.Structure):
    """The C `NereidDiagnostic`: strings are owned by the diagnostics list it came from."""

    _fields_ = [
        ("severity", ctypes.c_int),
        ("message", ctypes.c_char_p),
        ("file", ctypes.c_char_p),
        ("line", ctypes.c_uint32),
        ("column", ctypes.c_uint32),
    ]


# NereidArgumentKind
ARGUMENT_BUFFER = 0
ARGUMENT_INTEGER = 1
ARGUMENT_FLOAT = 2


class _BufferValue(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("size_bytes", ctypes.c_size_t)]


class _ArgumentValue(ctypes.Union):
    _fields_ = [("buffer", _BufferValue), ("integer", ctypes.c_int64),
                ("floating", ctypes.c_double)]


class NereidArgument(ctypes.Structure):
    """The C `NereidArgument`: a buffer, an integer or a float, tagged by `kind`."""

    _fields_ = [("kind", ctypes.c_int), ("value", _ArgumentValue)]


PRINT_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p)


class NereidInterpretOptions(ctypes.Structure):
    """The C `NereidInterpretOptions`."""

    _fields_ = [("num_threads", ctypes.c_uint32), ("print", PRINT_CALLBACK),
                ("print_user_data", ctypes.c_void_p)]


class NereidTarget(ctypes.Structure):
    """The C `NereidTarget`: strings that live as long as the process."""

    _fields_ = [("triple", ctypes.c_char_p), ("cpu", ctypes.c_char_p),
                ("features", ctypes.c_char_p), ("ttg_target", ctypes.c_char_p),
                ("chip", ctypes.c_char_p), ("isa_version", ctypes.c_char_p)]


# NereidEmitKind
EMIT_LLVM_IR = 0
EMIT_ASSEMBLY = 1
EMIT_OBJECT = 2


def candidate_paths() -> list[Path]:
    """The paths tried, in order. NEREID_LIBRARY, when set, is the only one."""
    override = os.environ.get("NEREID_LIBRARY")
    if override:
        return [Path(override)]
    return [
        _PACKAGE_DIR / "_lib" / _LIBRARY_NAME,  # where `pip install .` puts it
        _REPO_ROOT / "build" / "lib" / _LIBRARY_NAME,  # the development build tree
    ]


def _declare(library: ctypes.CDLL) -> None:
    """Sets argtypes and restype of every function in Nereid.h."""
    void_p = ctypes.c_void_p
    signatures = {
        "nereid_api_version": ([], ctypes.c_int32),
        # Diagnostics
        "nereid_diagnostics_create": ([], void_p),
        "nereid_diagnostics_destroy": ([void_p], None),
        "nereid_diagnostics_count": ([void_p], ctypes.c_size_t),
        "nereid_diagnostics_get": ([void_p, ctypes.c_size_t], NereidDiagnostic),
        # Contexts and modules
        "nereid_context_create": ([], void_p),
        "nereid_context_destroy": ([void_p], None),
        "nereid_module_parse": (
            [void_p, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, void_p],
            void_p,
        ),
        "nereid_module_destroy": ([void_p], None),
        "nereid_module_verify": ([void_p, void_p], ctypes.c_int),
        "nereid_module_print": ([void_p, ctypes.c_int], ctypes.c_char_p),
        "nereid_module_run_pipeline": ([void_p, ctypes.c_char_p, void_p], ctypes.c_int),
        # Interpreter
        "nereid_interpret": (
            [void_p, ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint32),
             ctypes.POINTER(NereidArgument), ctypes.c_size_t,
             ctypes.POINTER(NereidInterpretOptions), void_p],
            ctypes.c_int,
        ),
        # Code generation
        "nereid_host_target": ([], NereidTarget),
        "nereid_backends": ([], ctypes.c_char_p),
        "nereid_buffer_data": ([void_p], void_p),
        "nereid_buffer_size": ([void_p], ctypes.c_size_t),
        "nereid_buffer_destroy": ([void_p], None),
        "nereid_link_shared_library": (
            [ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t, void_p], ctypes.c_int),
        "nereid_module_emit": (
            [void_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,
             ctypes.c_int32, ctypes.POINTER(ctypes.c_char_p), ctypes.c_size_t,
             ctypes.POINTER(void_p), void_p],
            ctypes.c_int,
        ),
    }
    for name, (argtypes, restype) in signatures.items():
        function = getattr(library, name)
        function.argtypes = argtypes
        function.restype = restype


@functools.lru_cache(maxsize=None)
def lib() -> ctypes.CDLL:
    """The loaded and checked libnereid. Raises an ImportError subclass when it is unusable;
    a failure is not cached, so a later call tries again."""
    tried = candidate_paths()
    path = next((p for p in tried if p.is_file()), None)
    if path is None:
        listed = "\n".join(f"  {p}" for p in tried)
        raise LibraryNotFoundError(
            f"nereid: cannot find {_LIBRARY_NAME}; tried:\n{listed}\n"
            "Build it with `make` in the repository root (or `pip install .`), "
            "or set NEREID_LIBRARY to the path of libnereid.so."
        )
    try:
        library = ctypes.CDLL(str(path))
    except OSError as error:
        raise LibraryNotFoundError(f"nereid: cannot load {path}: {error}") from error
    try:
        _declare(library)
    except AttributeError as error:
        raise LibraryVersionError(
            f"nereid: {path} lacks a function of the C API: {error}"
        ) from error
    version = library.nereid_api_version()
    if version != API_VERSION:
        raise LibraryVersionError(
            f"nereid: {path} implements C API version {version}, but these Python bindings "
            f"were written for version {API_VERSION}; rebuild the library and the package "
            "from the same source"
        )
    return library


def library_path() -> Path:
    """The path of the loaded libnereid; the libraries built with it lie beside it."""
    return Path(lib()._name)


def built_backends() -> frozenset[str]:
    """The backends that the loaded libnereid was built with (CMake's NEREID_BACKENDS), by
    their names: "cpu", "nvidia", "amd"."""
    return frozenset(lib().nereid_backends().decode().split(","))


def missing_backend(name: str) -> Optional[str]:
    """Why the loaded libnereid cannot compile for the backend `name` (it was built without
    it), or None when it can."""
    if name in built_backends():
        return None
    return (f"libnereid ({library_path()}) was built without the {name} backend; build it "
            f"with {name} in NEREID_BACKENDS")
