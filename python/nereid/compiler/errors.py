"""Errors a kernel author sees: what is wrong, in the language's terms, at which source line,
with a caret under the column."""

from __future__ import annotations

import difflib
import linecache
import os
from typing import Any, Iterable, Optional, Sequence


def front_end_debugging() -> bool:
    """Whether NEREID_FRONT_END_DEBUGGING (or Triton's TRITON_FRONT_END_DEBUGGING) is set to
    something other than empty or 0: then a CompilationError keeps the compiler's frames and
    the internal error that caused it, for debugging the compiler rather than the kernel."""
    for name in ("NEREID_FRONT_END_DEBUGGING", "TRITON_FRONT_END_DEBUGGING"):
        value = os.environ.get(name)
        if value is not None:
            return value not in ("", "0")
    return False


def did_you_mean(name: str, candidates: Iterable[str], qualifier: str = "") -> str:
    """The hint `; did you mean `tl.arange`?` that names the candidates closest to the unknown
    `name`, each written after `qualifier`, or "" when none is close. Private names are
    candidates only for a private `name`."""
    names = [c for c in dict.fromkeys(candidates)
             if isinstance(c, str) and (not c.startswith("_") or name.startswith("_"))]
    matches = [f"`{qualifier}{match}`" for match in difflib.get_close_matches(name, names, n=3, cutoff=0.7)]
    if not matches:
        return ""
    listed = matches[0] if len(matches) == 1 else f"{', '.join(matches[:-1])} or {matches[-1]}"
    return f"; did you mean {listed}?"


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
    message says what is wrong.

    As Triton's does, the text shows the kernel's source line with a caret under the column
    first and the problem after it:

        in kernel `add`:
        add.py:12:9
            x = tl.arange(0, BLOCK) + y
                ^
        <what is wrong>
    """

    def __init__(self, kernel: str, message: str, file: str = "", line: int = 0,
                 column: int = 0, notes: Optional[list[str]] = None) -> None:
        self.kernel = kernel
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.notes = list(notes or [])
        super().__init__(str(self))

    @property
    def error_message(self) -> str:
        """What is wrong, without the source line: Triton's name for it."""
        return self.message

    def __str__(self) -> str:
        source = linecache.getline(self.file, self.line) if self.file else ""
        if source.strip():
            parts = [f"in kernel `{self.kernel}`:",
                     format_source_line(self.file, self.line, self.column), self.message]
        else:  # no source to show (IR given as text): the problem is the first line
            parts = [f"in kernel `{self.kernel}`: {self.message}"]
            if self.file:
                parts.append(format_source_line(self.file, self.line, self.column))
        parts.extend(self.notes)
        return "\n".join(parts)

    def __reduce__(self):
        return (CompilationError, (self.kernel, self.message, self.file, self.line, self.column,
                                   self.notes))


class CompileTimeAssertionFailure(CompilationError):
    """A `tl.static_assert` failed, as Triton names it (its autotuner prunes configurations
    that fail so)."""

    def __reduce__(self):
        return (CompileTimeAssertionFailure, (self.kernel, self.message, self.file, self.line,
                                              self.column, self.notes))


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
