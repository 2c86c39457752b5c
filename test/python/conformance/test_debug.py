"""device_print on a backend writes what the interpreter writes (docs/semantics.md, Debugging):
one line per element, `pid (x, y, z) idx (i) name: value`, floats with the fewest digits
that read back to the same value; with one thread, programs print in order. A GPU backend
prints its floats with printf, with enough digits to read back to the same value, and its
lines in no set order."""

import numpy as np
import pytest

import nereid
import nereid.language as tl

from kernels.conformance import on_interpreter


@nereid.jit
def print_kernel(x_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.device_print("x: ", tl.load(x_ptr + offs))
    tl.device_print("i: ", tl.load(i_ptr + offs), hex=True)
    tl.device_print("pid: ", tl.program_id(0))


def test_device_print_matches_the_interpreter(conform, rng, capfd):
    x = rng.standard_normal(8).astype(np.float32)
    x[:3] = [np.inf, -0.0, 1e-40]
    i = rng.integers(-2**31, 2**31, 8, dtype=np.int32)
    with on_interpreter():
        print_kernel[(2,)](x, i, BLOCK=4, num_threads=1)
    expected = capfd.readouterr().out
    conform.launch(print_kernel, (2,), x, i, BLOCK=4, num_threads=1)
    actual = capfd.readouterr().out
    assert expected.count("\n") == 2 * 8 + 2
    if conform.in_order:
        assert actual == expected
    else:
        assert sorted(map(_float_read_back, actual.splitlines())) == \
            sorted(map(_float_read_back, expected.splitlines()))


def _float_read_back(line: str) -> str:
    """`line` with the f32 value that print_kernel's `x: ` prints read back and shown with the
    fewest digits, so that lines that print the same value in other digits compare equal."""
    head, separator, value = line.partition(" x: ")
    return head + separator + repr(float(np.float32(value))) if separator else line


@nereid.jit
def assert_kernel(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK))
    tl.device_assert(x > 0, "x must be positive")


@pytest.mark.xfail_on("nvidia", "a failing device_assert stops an NVIDIA kernel with CUDA's "
                      "device-side assert, which prints the Python line and the message but "
                      "reports no element to Python (test_nvidia_math.py checks it in a child "
                      "process); not run, as it leaves the CUDA context unusable for the tests "
                      "after it", run=False)
def test_device_assert_reports_as_the_interpreter(conform, rng):
    # The first failing program and element, the message and the source line; only the name
    # of what ran the kernel differs.
    x = rng.uniform(1, 2, 16).astype(np.float32)
    x[11] = -1
    reports = []
    for interpreted in (True, False):
        try:
            if interpreted:
                with on_interpreter():
                    assert_kernel[(2,)](x, BLOCK=8, num_threads=1)
            else:
                conform.launch(assert_kernel, (2,), x, BLOCK=8, num_threads=1)
        except RuntimeError as error:
            reports.append(str(error).replace("the interpreter", "BACKEND")
                           .replace(f"the {conform.backend.upper()} backend", "BACKEND"))
        else:
            reports.append(None)
    assert reports[0] is not None and "program (1, 0, 0)" in reports[0], reports[0]
    assert "element 3 is false" in reports[0]
    assert reports[1] == reports[0]
