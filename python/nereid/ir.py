"""tt IR as text: parse, verify, print and transform modules through libnereid's C API.

    import nereid
    nereid.ir.verify(text)               # raises IRError carrying the diagnostics
    module = nereid.ir.parse(text, "kernel.mlir")
    module.run_pipeline("builtin.module(canonicalize)")
    print(module)

A `Context` serves one thread at a time; `parse` and `verify` make a fresh one unless given one.
"""

from __future__ import annotations

import ctypes
import itertools
import os
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional, Sequence, TypeVar, Union

from . import _capi

__all__ = ["Context", "Diagnostic", "IRError", "Module", "parse", "verify"]

_T = TypeVar("_T")


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic from the compiler, with the source location it points at.

    `file` is empty, and `line` and `column` are 0, when it has no file location.
    """

    severity: str  # "note", "warning", "error" or "remark"
    message: str
    file: str = ""
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        location = f"{self.file}:{self.line}:{self.column}: " if self.file else ""
        return f"{location}{self.severity}: {self.message}"


class IRError(Exception):
    """Parsing, verifying or transforming IR failed; `diagnostics` says why and where."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: list[Diagnostic] = list(diagnostics)
        super().__init__(self.diagnostics)

    def __str__(self) -> str:
        if not self.diagnostics:
            return "the compiler failed without recording a diagnostic"
        return "\n".join(str(diagnostic) for diagnostic in self.diagnostics)


def _decode(raw: Optional[bytes]) -> str:
    # Messages may quote the bytes of malformed input, which need not be UTF-8.
    return raw.decode("utf-8", errors="replace") if raw else ""


def _collecting(call: Callable[[int], _T]) -> tuple[_T, list[Diagnostic]]:
    """Runs `call` with a fresh C diagnostics list and returns its result with what was
    recorded; the list is destroyed whatever happens."""
    lib = _capi.lib()
    handle = lib.nereid_diagnostics_create()
    try:
        result = call(handle)
        diagnostics = []
        for index in range(lib.nereid_diagnostics_count(handle)):
            record = lib.nereid_diagnostics_get(handle, index)
            diagnostics.append(
                Diagnostic(
                    severity=_capi.SEVERITY_NAMES.get(record.severity, "error"),
                    message=_decode(record.message),
                    file=_decode(record.file),
                    line=record.line,
                    column=record.column,
                )
            )
    finally:
        lib.nereid_diagnostics_destroy(handle)
    return result, diagnostics


def link_shared_library(arguments: Sequence[str]) -> None:
    """Runs lld's ELF linker in this process with the command-line `arguments` of `ld.lld`
    (without the program name); raises IRError with lld's messages when the link fails."""
    encoded = (ctypes.c_char_p * max(len(arguments), 1))(
        *[os.fsencode(argument) for argument in arguments])
    lib = _capi.lib()
    status, diagnostics = _collecting(
        lambda handle: lib.nereid_link_shared_library(encoded, len(arguments), handle))
    if status != _capi.SUCCESS:
        raise IRError(diagnostics)


class Context:
    """A compiler context with every Nereid dialect loaded. Closing it closes its modules."""

    def __init__(self) -> None:
        self._lib = _capi.lib()
        # The C handles of the modules still open in this context, by module token. The
        # context owns them, so that whichever of a context and its modules is finalized
        # first (the order is arbitrary when they sit in a reference cycle), every module is
        # destroyed before its context.
        self._modules: dict[int, int] = {}
        self._tokens = itertools.count()
        self._handle: Optional[int] = self._lib.nereid_context_create()

    @property
    def closed(self) -> bool:
        return self._handle is None

    def _require_handle(self) -> int:
        if self._handle is None:
            raise ValueError("the nereid Context is closed")
        return self._handle

    def close(self) -> None:
        """Destroys the context and every module still open in it; closing twice is harmless."""
        if getattr(self, "_handle", None) is None:
            return
        while self._modules:
            _, module_handle = self._modules.popitem()
            self._lib.nereid_module_destroy(module_handle)
        self._lib.nereid_context_destroy(self._handle)
        self._handle = None

    def __enter__(self) -> "Context":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


class Module:
    """A parsed module. Made by `parse`; it keeps its Context alive."""

    def __init__(self, context: Context, handle: int) -> None:
        self._context = context
        self._lib = context._lib
        self._token = next(context._tokens)
        context._modules[self._token] = handle

    @property
    def context(self) -> Context:
        return self._context

    @property
    def closed(self) -> bool:
        return self._token not in self._context._modules

    def _require_handle(self) -> int:
        handle = self._context._modules.get(self._token)
        if handle is None:
            raise ValueError("the nereid Module is closed")
        return handle

    def close(self) -> None:
        """Destroys the module; closing twice is harmless."""
        context = getattr(self, "_context", None)
        handle = context._modules.pop(self._token, None) if context is not None else None
        if handle is not None:
            self._lib.nereid_module_destroy(handle)

    def __del__(self) -> None:
        self.close()

    def print(self, with_locations: bool = False) -> str:
        """The module as IR text, with `loc(...)` locations when asked."""
        raw = self._lib.nereid_module_print(self._require_handle(), int(bool(with_locations)))
        return _decode(raw)

    def __str__(self) -> str:
        return self.print(with_locations=False)

    def verify(self) -> None:
        """Verifies the module again, after changes; raises IRError when it is invalid."""
        handle = self._require_handle()
        status, diagnostics = _collecting(
            lambda diagnostics_handle: self._lib.nereid_module_verify(handle, diagnostics_handle)
        )
        if status != _capi.SUCCESS:
            raise IRError(diagnostics)

    def run_pipeline(self, pipeline: str) -> None:
        """Runs a textual pass pipeline, such as "builtin.module(canonicalize,cse)", on the
        module in place; raises IRError when the pipeline is invalid or a pass fails."""
        handle = self._require_handle()
        encoded = pipeline.encode("utf-8")
        status, diagnostics = _collecting(
            lambda diagnostics_handle: self._lib.nereid_module_run_pipeline(
                handle, encoded, diagnostics_handle
            )
        )
        if status != _capi.SUCCESS:
            raise IRError(diagnostics)

    def emit(self, kind: int, triple: str = "", cpu: str = "", features: str = "",
             opt_level: int = 3, bitcode_libraries: Sequence[os.PathLike] = ()) -> bytes:
        """The module, which must be in the LLVM dialect, as optimized LLVM IR, assembly or an
        object file (`kind` is `_capi.EMIT_LLVM_IR`, `EMIT_ASSEMBLY` or `EMIT_OBJECT`) for the
        machine that `triple`, `cpu` and `features` name; empty strings mean the host's. The
        functions it declares that the LLVM bitcode files `bitcode_libraries` define are linked
        in before optimization. Raises IRError for an unknown target, an unreadable bitcode
        library or an op with no translation to LLVM IR."""
        handle = self._require_handle()
        buffer = ctypes.c_void_p()
        libraries = (ctypes.c_char_p * max(len(bitcode_libraries), 1))(
            *[os.fsencode(path) for path in bitcode_libraries])
        status, diagnostics = _collecting(
            lambda diagnostics_handle: self._lib.nereid_module_emit(
                handle, kind, triple.encode(), cpu.encode(), features.encode(), opt_level,
                libraries, len(bitcode_libraries), ctypes.byref(buffer), diagnostics_handle
            )
        )
        if status != _capi.SUCCESS:
            raise IRError(diagnostics)
        try:
            size = self._lib.nereid_buffer_size(buffer)
            return ctypes.string_at(self._lib.nereid_buffer_data(buffer), size)
        finally:
            self._lib.nereid_buffer_destroy(buffer)

    def interpret(self, kernel: str, grid: Sequence[int], arguments: Sequence[Any],
                  num_threads: int = 1) -> None:
        """Runs `kernel` in the interpreter for every program of the 3-D `grid`;
        `arguments` are `_capi.NereidArgument`s in parameter order. Raises IRError with the
        diagnostics of the first failure (a memory violation, a failed assertion, ...)."""
        handle = self._require_handle()
        grid_array = (ctypes.c_uint32 * 3)(*grid)
        argument_array = (_capi.NereidArgument * max(len(arguments), 1))(*arguments)
        options = _capi.NereidInterpretOptions(num_threads, _capi.PRINT_CALLBACK(), None)
        status, diagnostics = _collecting(
            lambda diagnostics_handle: self._lib.nereid_interpret(
                handle, kernel.encode("utf-8"), grid_array, argument_array, len(arguments),
                ctypes.byref(options), diagnostics_handle
            )
        )
        if status != _capi.SUCCESS:
            raise IRError(diagnostics)


def parse(
    text: Union[str, bytes],
    filename: str = "<string>",
    context: Optional[Context] = None,
) -> Module:
    """Parses and verifies IR text; `filename` names the buffer in the locations of syntax
    errors. Raises IRError with the diagnostics when the text is not a valid module."""
    if context is None:
        context = Context()
    data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
    encoded_filename = filename.encode("utf-8", errors="surrogateescape")
    context_handle = context._require_handle()
    lib = context._lib
    handle, diagnostics = _collecting(
        lambda diagnostics_handle: lib.nereid_module_parse(
            context_handle, data, len(data), encoded_filename, diagnostics_handle
        )
    )
    if not handle:
        raise IRError(diagnostics)
    return Module(context, handle)


def verify(text: Union[str, bytes], filename: str = "<string>") -> None:
    """Parses and verifies IR text, raising IRError carrying the diagnostics when it is not a
    valid module."""
    parse(text, filename).close()
