"""What a kernel author sees when a kernel does not compile: a `CompilationError` (a
`TritonError`, as in Triton) whose text shows the kernel's line with a caret first and the
problem after it, raised without the frames of the compiler unless
NEREID_FRONT_END_DEBUGGING=1 or TRITON_FRONT_END_DEBUGGING=1 asks for them; and for a name that
does not exist, the names it was probably meant to be."""

from __future__ import annotations

import inspect
import linecache
import os
import traceback

import pytest

import nereid
import nereid.language as tl
import nereid.triton as triton
from frontend_util import array

COMPILER = os.path.join("nereid", "compiler")
LANGUAGE = os.path.join("nereid", "language")


def compile_error(kernel, *args, **kwargs) -> pytest.ExceptionInfo:
    with pytest.raises(nereid.CompilationError) as info:
        kernel.warmup(*args, **kwargs)
    return info


def frontend_frames(info: pytest.ExceptionInfo) -> list[traceback.FrameSummary]:
    frames = traceback.extract_tb(info.value.__traceback__)
    return [f for f in frames if COMPILER in f.filename or LANGUAGE in f.filename]


def position(function, fragment: str) -> tuple[str, int, int]:
    """The file, line and 1-based column of `fragment` in the source of `function`."""
    fn = getattr(function, "fn", function)
    lines, start = inspect.getsourcelines(fn)
    hits = [(start + i, line.index(fragment) + 1) for i, line in enumerate(lines)
            if fragment in line]
    assert hits, fragment
    return inspect.getsourcefile(fn), hits[0][0], hits[0][1]


# TritonError ---------------------------------------------------------------------------------

def test_triton_error_is_the_base_of_compilation_error():
    assert issubclass(nereid.CompilationError, nereid.TritonError)
    assert issubclass(nereid.TritonError, Exception)
    assert triton.TritonError is nereid.TritonError
    assert triton.CompilationError is nereid.CompilationError
    with pytest.raises(triton.TritonError):
        misspelled_arange.warmup(array())


# Frames --------------------------------------------------------------------------------------

@nereid.jit
def helper(x, n):
    total = x
    for step in range(n):
        if step > 1:
            total = total + tl.arange(0, 32)  # shapes [16] and [32] do not broadcast
    return total


@nereid.jit
def deep_error(x_ptr, n):
    offsets = tl.arange(0, 16)
    x = tl.load(x_ptr + offsets)
    if n > 2:
        x = helper(x * 2.0, n)
    tl.store(x_ptr + offsets, x)


def test_compiler_frames_are_cut(monkeypatch):
    monkeypatch.delenv("NEREID_FRONT_END_DEBUGGING", raising=False)
    monkeypatch.delenv("TRITON_FRONT_END_DEBUGGING", raising=False)
    info = compile_error(deep_error, array(), 5)
    frames = frontend_frames(info)
    assert len(frames) <= 2, traceback.format_list(frames)
    # Neither the cause nor the context of the error is shown: only the kernel's line.
    shown = "".join(traceback.format_exception(info.value))
    assert "During handling" not in shown and "direct cause" not in shown, shown
    assert info.value.__cause__ is None and info.value.__suppress_context__
    # This test's own frame is still the first.
    assert traceback.extract_tb(info.value.__traceback__)[0].name == "compile_error"


@pytest.mark.parametrize("variable", ["NEREID_FRONT_END_DEBUGGING", "TRITON_FRONT_END_DEBUGGING"])
def test_front_end_debugging_keeps_the_compiler_frames(monkeypatch, variable):
    monkeypatch.delenv("NEREID_FRONT_END_DEBUGGING", raising=False)
    monkeypatch.delenv("TRITON_FRONT_END_DEBUGGING", raising=False)
    monkeypatch.setenv(variable, "1")
    info = compile_error(deep_error, array(), 5)
    assert len(frontend_frames(info)) > 10
    # The internal error that the compiler turned into a CompilationError is chained.
    assert info.value.__cause__ is not None
    assert "[16] and [32]" in str(info.value.__cause__)


def test_front_end_debugging_0_cuts_the_frames(monkeypatch):
    monkeypatch.setenv("TRITON_FRONT_END_DEBUGGING", "0")
    monkeypatch.delenv("NEREID_FRONT_END_DEBUGGING", raising=False)
    assert len(frontend_frames(compile_error(deep_error, array(), 5))) <= 2


# The text ------------------------------------------------------------------------------------

def test_the_kernels_line_and_caret_come_first():
    error = compile_error(deep_error, array(), 5).value
    file, line, column = position(helper, "total + tl.arange(0, 32)")
    rows = str(error).splitlines()
    assert rows[0] == "in kernel `deep_error`:"
    assert rows[1] == f"{file}:{line}:{column}"
    assert rows[2] == linecache.getline(file, line).rstrip("\n")
    assert rows[3] == " " * (column - 1) + "^"
    assert "[16] and [32]" in rows[4], rows
    call_file, call_line, call_column = position(deep_error, "helper(x * 2.0, n)")
    assert rows[5] == f"called from {call_file}:{call_line}:{call_column}"
    # What Python prints last: the exception's type and this text, after the user's frames.
    shown = traceback.format_exception(error)
    assert shown[-1].startswith("nereid.compiler.errors.CompilationError: in kernel "
                                "`deep_error`:\n")


def test_an_error_without_source_keeps_its_message_first():
    error = nereid.CompilationError("k", "the backend failed", "kernel.mlir", 3, 5)
    assert str(error).splitlines() == ["in kernel `k`: the backend failed", "kernel.mlir:3:5"]


# Did you mean --------------------------------------------------------------------------------

@nereid.jit
def misspelled_arange(x_ptr):
    offsets = tl.arrange(0, 16)
    tl.store(x_ptr + offsets, 1.0)


@nereid.jit
def misspelled_zeros(x_ptr):
    tl.store(x_ptr + tl.arange(0, 16), tl.zero([16], tl.float32))


@nereid.jit
def misspelled_math(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 16), tl.math.exp3(x))


@nereid.jit
def misspelled_name(x_ptr):
    offsets = tl.arange(0, 16)
    tl.store(x_ptr + offset, 1.0)


@nereid.jit
def misspelled_tensor_attribute(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 16), x.to(x.dtpye))


@nereid.jit
def nothing_close(x_ptr):
    tl.store(x_ptr, tl.qqqqqqqqq)


@pytest.mark.parametrize("kernel, fragment, message", [
    (misspelled_arange, "tl.arrange", "`arrange` is not a name of triton.language; did you mean "
                                      "`tl.arange` or `tl.range`?"),
    (misspelled_zeros, "tl.zero(", "`zero` is not a name of triton.language; did you mean "
                                   "`tl.zeros`?"),
    (misspelled_math, "tl.math.exp3", "`exp3` is not a name of triton.language.math; did you "
                                      "mean `tl.math.exp` or `tl.math.exp2`?"),
    (misspelled_name, "offset,", "name `offset` is not defined; did you mean `offsets`?"),
    (misspelled_tensor_attribute, "x.dtpye", "`dtpye` is not a name of tensor; did you mean "
                                             "`x.dtype`?"),
], ids=lambda v: getattr(v, "__name__", None))
def test_unknown_names_suggest_the_closest(kernel, fragment, message):
    error = compile_error(kernel, array()).value
    file, line, column = position(kernel, fragment)
    assert message in str(error), str(error)
    assert (error.file, error.line, error.column) == (file, line, column)


def test_no_suggestion_when_nothing_is_close():
    error = compile_error(nothing_close, array()).value
    assert "`qqqqqqqqq` is not a name of triton.language" in str(error)
    assert "did you mean" not in str(error)
