"""Errors a kernel author sees: what is wrong, in the language's terms, at which source line,
with a caret under the column."""

from __future__ import annotations

import linecache
from typing import Any, Optional, Sequence


def format_source_line(file: str, line: int, column: int) -> str:
    """`file:line:column`, the source line, and a caret under the column (1-based)."""
    text = linecache.getline(file, line).rstrip("\n") if file else ""
    header = f"{file}:{line}:{column}"
    if not text:
        return header
    caret = " " * max(column - 1, 0) + "^"
    return f"{header}\n{text}\n{caret}"


class TritonError(Exception):
    """The base of the errors that Nereid reports about a kernel, as `triton.TritonError` is
    Triton's: `except nereid.TritonError` catches every one of them."""


class CompilationError(TritonError):
    """A kernel could not be compiled. `kernel`, `file`, `line` and `column` say where; the
    message says what is wrong."""

    def __init__(self, kernel: str, message: str, file: str = "", line: int = 0,
                 column: int = 0, notes: Optional[list[str]] = None) -> None:
        self.kernel = kernel
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.notes = list(notes or [])
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [f"in kernel `{self.kernel}`: {self.message}"]
        if self.file:
            parts.append(format_source_line(self.file, self.line, self.column))
        parts.extend(self.notes)
        return "\n".join(parts)

    def __reduce__(self):
        return (CompilationError, (self.kernel, self.message, self.file, self.line, self.column,
                                   self.notes))


def error_from_diagnostics(kernel: str, problem: str,
                           diagnostics: Sequence[Any]) -> CompilationError:
    """A CompilationError at the location of the first error among the compiler's
    `diagnostics` (`nereid.ir.Diagnostic`s), saying `problem: <its message>`, with the other
    diagnostics as notes."""
    errors = [d for d in diagnostics if d.severity == "error"] or list(diagnostics)
    first = errors[0] if errors else None
    message = first.message if first else "the compiler failed without a diagnostic"
    notes = [str(d) for d in diagnostics if d is not first]
    return CompilationError(kernel, f"{problem}: {message}", first.file if first else "",
                            first.line if first else 0, first.column if first else 0, notes)
