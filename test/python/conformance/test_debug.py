"""device_print on a backend writes what the interpreter writes (docs/semantics.md, Debugging):
one line per element, `pid (x, y, z) idx (i) name: value`, floats with the fewest digits
that read back to the same value; with one thread, programs print in order."""

import numpy as np

import nereid
import nereid.language as tl

from kernels.conformance import on_interpreter


@nereid.jit
def print_kernel(x_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.device_print("x: ", tl.load(x_ptr + offs))
    tl.device_print("i: ", tl.load(i_ptr + offs), hex=True)
    tl.device_print("pid: ", tl.program_id(0))


def test_device_print_matches_the_interpreter(backend, rng, capfd):
    x = rng.standard_normal(8).astype(np.float32)
    x[:3] = [np.inf, -0.0, 1e-40]
    i = rng.integers(-2**31, 2**31, 8, dtype=np.int32)
    with on_interpreter():
        print_kernel[(2,)](x, i, BLOCK=4, num_threads=1)
    expected = capfd.readouterr().out
    print_kernel[(2,)](x, i, BLOCK=4, num_threads=1)
    actual = capfd.readouterr().out
    assert expected.count("\n") == 2 * 8 + 2
    assert actual == expected
