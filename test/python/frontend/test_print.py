"""`print(...)` in a kernel is `tl.device_print`, as in Triton: the same tt IR, and the same lines
at run time, on the interpreter (NEREID_INTERPRET=1) and on the CPU backend. The lines come from
native code, so they are read with capfd."""

from __future__ import annotations

import numpy as np
import pytest

import nereid
import nereid.language as tl
from frontend_util import array, op_lines, ttir

BLOCK = 8


@nereid.jit
def with_print(x_ptr, i_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    print("x", tl.load(x_ptr + offsets))
    print("pid: ", tl.program_id(0))
    print("i and pid", tl.load(i_ptr + offsets), tl.program_id(0))
    print("plain")


@nereid.jit
def with_device_print(x_ptr, i_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.device_print("x", tl.load(x_ptr + offsets))
    tl.device_print("pid: ", tl.program_id(0))
    tl.device_print("i and pid", tl.load(i_ptr + offsets), tl.program_id(0))
    tl.device_print("plain")


@pytest.fixture(params=["interpreter", "cpu"])
def backend(request, monkeypatch):
    if request.param == "interpreter":
        monkeypatch.setenv("NEREID_INTERPRET", "1")
    else:
        monkeypatch.delenv("NEREID_INTERPRET", raising=False)
        monkeypatch.delenv("TRITON_INTERPRET", raising=False)
        monkeypatch.setenv("NEREID_BACKEND", "cpu")
    return request.param


def inputs(programs: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng()
    # Floats in [1, 100) print in plain decimal, the same way in numpy and in native code.
    x = rng.uniform(1, 100, programs * BLOCK).astype(np.float32)
    i = rng.integers(-2**31, 2**31, programs * BLOCK, dtype=np.int32)
    i[i == 0] = 7
    return x, i


def test_print_emits_what_device_print_emits():
    x, i = inputs(2)
    printed = [line.split(" loc(")[0] for line in op_lines(ttir(with_print, x, i, BLOCK=BLOCK),
                                                           "tt.print")]
    expected = [line.split(" loc(")[0]
                for line in op_lines(ttir(with_device_print, x, i, BLOCK=BLOCK), "tt.print")]
    assert len(printed) == 4
    assert printed == expected
    assert printed[0].startswith('tt.print " x: "')
    assert printed[3].startswith('tt.print " plain"')


def test_print_writes_the_lines_device_print_writes(backend, capfd):
    programs = 2
    x, i = inputs(programs)
    capfd.readouterr()
    with_print[(programs,)](x, i, BLOCK=BLOCK, num_threads=1)
    printed = capfd.readouterr().out
    with_device_print[(programs,)](x, i, BLOCK=BLOCK, num_threads=1)
    expected = capfd.readouterr().out
    assert printed == expected
    # One line per element; with several operands, each operand's lines in turn (a scalar's
    # once). With one thread, programs print in order.
    lines = []
    for pid in range(programs):
        block = range(pid * BLOCK, (pid + 1) * BLOCK)
        head = f"pid ({pid}, 0, 0)"
        lines += [f"{head} idx ({k}) x: {str(x[n])}" for k, n in enumerate(block)]
        lines.append(f"{head} pid: {pid}")
        lines += [f"{head} idx ({k}) i and pid: (operand 0) {i[n]}" for k, n in enumerate(block)]
        lines.append(f"{head} i and pid: (operand 1) {pid}")
        lines.append(f"{head} plain")
    assert printed.splitlines() == lines


@nereid.jit
def print_without_prefix(x_ptr, BLOCK: tl.constexpr):
    print(tl.load(x_ptr + tl.arange(0, BLOCK)))


@nereid.jit
def empty_prefix(x_ptr, BLOCK: tl.constexpr):
    tl.device_print("", tl.load(x_ptr + tl.arange(0, BLOCK)))


def test_print_of_values_alone_has_an_empty_prefix(backend, capfd):
    x, _ = inputs(1)
    capfd.readouterr()
    print_without_prefix[(1,)](x, BLOCK=BLOCK, num_threads=1)
    printed = capfd.readouterr().out
    empty_prefix[(1,)](x, BLOCK=BLOCK, num_threads=1)
    assert printed == capfd.readouterr().out
    assert printed.splitlines() == [f"pid (0, 0, 0) idx ({k}): {str(x[k])}" for k in range(BLOCK)]


@nereid.jit
def print_with_keywords(x_ptr):
    print("x", tl.load(x_ptr), sep=",")


@nereid.jit
def print_two_strings(x_ptr):
    print("x", "y", tl.load(x_ptr))


@nereid.jit
def device_print_of_a_tensor_prefix(x_ptr):
    tl.device_print(tl.load(x_ptr))


@pytest.mark.parametrize("kernel, message", [
    (print_with_keywords, "print() in a kernel is tl.device_print and takes no keyword "
                          "arguments; got sep"),
    (print_two_strings, "tl.device_print prints one string prefix and then values; 'y' is a "
                        "second string"),
    (device_print_of_a_tensor_prefix, "tl.device_print's first argument is its prefix, a "
                                      "string"),
], ids=lambda v: getattr(v, "__name__", None))
def test_print_misuse_is_a_compilation_error(kernel, message):
    with pytest.raises(nereid.CompilationError) as info:
        kernel.warmup(array())
    assert message in str(info.value)


@nereid.jit
def static_checks(x_ptr, BLOCK: tl.constexpr):
    tl.static_print("BLOCK is", BLOCK, "and x is", x_ptr, sep="|")
    tl.static_assert(BLOCK > 4, "BLOCK must exceed 4")
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.5)


def test_static_print_prints_once_at_compile_time(capfd):
    x = array()
    static_checks.warmup(x, BLOCK=16)
    out = capfd.readouterr().out
    assert out == "BLOCK is|16|and x is|tensor(pointer<float32>)\n"
    static_checks[(1,)](x, BLOCK=16)  # compiled already: nothing more is printed
    assert "BLOCK is" not in capfd.readouterr().out


def test_static_assert_fails_compilation_with_its_message():
    with pytest.raises(nereid.CompilationError, match="static_assert failed: BLOCK must "
                                                      "exceed 4"):
        static_checks.warmup(array(), BLOCK=4)
