"""The interpreter's memory checker, device_assert and device_print, seen from Python.

Every masked-in access is checked against the buffer its pointer came from. A violation raises
KernelError naming the kernel, the program id, the element of the accessed tile, how far past
the end (or before the start) of the buffer it reaches, and the Python source line of the
tl.load / tl.store. The expected lines are found in the kernels' source with inspect."""

import inspect
import re

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.runtime.interpreter import KernelError

THREADS = [1, 4]

# The subject is the interpreter's own checking and its KernelError reports: the CPU backend
# runs natively and does not check accesses (device_assert and device_print on the CPU are
# tested in the conformance suite).
pytestmark = pytest.mark.interpreter_only(
    reason="the interpreter's memory checker and its KernelError reports")


def source_line(kernel, needle: str) -> tuple[str, int]:
    """The file and line number of the only line of `kernel`'s source that contains `needle`."""
    lines, first = inspect.getsourcelines(kernel.fn)
    matches = [first + i for i, line in enumerate(lines) if needle in line]
    assert len(matches) == 1, (needle, matches)
    return inspect.getsourcefile(kernel.fn), matches[0]


def assert_reports(error: KernelError, *, kernel, program, element, op, what: str,
                   needle: str) -> None:
    message = str(error)
    file, line = source_line(kernel, needle)
    assert f"kernel `{kernel.__name__}`" in message, message
    assert f"'{kernel.__name__}'" in message, message
    assert f"{op} in kernel" in message, message
    assert f"at program ({program}, 0, 0)" in message, message
    assert re.search(rf"\belement {re.escape(element)} ", message), message
    assert what in message, message
    assert f"{file}:{line}:" in message, message
    diagnostic = next(d for d in error.diagnostics if d.severity == "error")
    assert (diagnostic.file, diagnostic.line) == (file, line)


@nereid.jit
def read_one_past_the_end(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs <= n)  # off by one
    tl.store(out_ptr + offs, x, mask=offs < n)


@pytest.mark.parametrize("n", [100, 128, 1000])
@pytest.mark.parametrize("dtype", ["float32", "float16", "int64"])
@pytest.mark.parametrize("num_threads", THREADS)
def test_read_one_element_past_the_end(rng, n, dtype, num_threads):
    block = 64
    x = rng.standard_normal(n).astype(dtype)
    # The grid covers element n: one more program when n is a multiple of the block.
    programs = n // block + 1
    out = np.zeros(programs * block, dtype=dtype)
    with pytest.raises(KernelError) as caught:
        read_one_past_the_end[(programs,)](x, out, n, BLOCK=block, num_threads=num_threads)
    itemsize = x.itemsize
    assert_reports(caught.value, kernel=read_one_past_the_end, program=n // block,
                   element=str(n % block), op="out-of-bounds tt.load",
                   what=f"reads bytes [{n * itemsize}, {(n + 1) * itemsize}) of argument 0, "
                        f"a buffer of {n * itemsize} bytes: {itemsize} bytes past its end",
                   needle="tl.load(")


@nereid.jit
def copy_with_the_wrong_mask(x_ptr, out_ptr, n_in, n_out, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n_in)
    tl.store(out_ptr + offs, x, mask=offs < n_in)  # should be offs < n_out


@pytest.mark.parametrize("n_out", [1, 200, 256, 999])
@pytest.mark.parametrize("num_threads", THREADS)
def test_write_through_a_wrong_mask(rng, n_out, num_threads):
    block, n_in = 128, 1000
    x = rng.standard_normal(n_in).astype(np.float32)
    out = np.zeros(n_out, dtype=np.float32)
    with pytest.raises(KernelError) as caught:
        copy_with_the_wrong_mask[(nereid.cdiv(n_in, block),)](x, out, n_in, n_out, BLOCK=block,
                                                                num_threads=num_threads)
    # The first program in order of program id that writes past the end, at its first such
    # element; every later program fails too, but the report is the same with any threads.
    assert_reports(caught.value, kernel=copy_with_the_wrong_mask, program=n_out // block,
                   element=str(n_out % block), op="out-of-bounds tt.store",
                   what=f"writes bytes [{4 * n_out}, {4 * n_out + 4}) of argument 1, a buffer "
                        f"of {4 * n_out} bytes: 4 bytes past its end",
                   needle="tl.store(")
    # Nothing past the end was written, and the programs before the first failure completed.
    np.testing.assert_array_equal(out[:n_out // block * block], x[:n_out // block * block])


@nereid.jit
def read_before_the_start(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs - 3))


def test_read_before_the_start():
    x = np.zeros(16, dtype=np.int32)
    out = np.zeros(16, dtype=np.int32)
    with pytest.raises(KernelError) as caught:
        read_before_the_start[(1,)](x, out, BLOCK=16)
    assert_reports(caught.value, kernel=read_before_the_start, program=0, element="0",
                   op="out-of-bounds tt.load",
                   what="reads bytes [-12, -8) of argument 0, a buffer of 64 bytes: 12 bytes "
                        "before its start",
                   needle="tl.load(")


@nereid.jit
def tile_without_column_mask(x_ptr, out_ptr, rows, cols, BLOCK_R: tl.constexpr,
                             BLOCK_C: tl.constexpr):
    r = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    c = tl.arange(0, BLOCK_C)
    pointers = x_ptr + r[:, None] * cols + c[None, :]
    tile = tl.load(pointers, mask=r[:, None] < rows)  # the column mask is missing
    tl.store(out_ptr + r[:, None] * BLOCK_C + c[None, :], tile, mask=r[:, None] < rows)


def test_two_dimensional_element_index(rng):
    rows, cols, block_r, block_c = 10, 12, 4, 16
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    out = np.zeros((12, block_c), dtype=np.float32)
    with pytest.raises(KernelError) as caught:
        tile_without_column_mask[(3,)](x, out, rows, cols, BLOCK_R=block_r, BLOCK_C=block_c)
    # Rows wrap into the next row until the last one, row 9 = program 2, tile row 1, which runs
    # past the end at column 12.
    assert_reports(caught.value, kernel=tile_without_column_mask, program=2, element="[1, 12]",
                   op="out-of-bounds tt.load", what="4 bytes past its end", needle="tl.load(")


@nereid.jit
def shifted_copy(out_ptr, x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs + 1, x, mask=offs < n)


def test_masked_out_lanes_are_not_checked(rng):
    # A mask that keeps every access in bounds: the out-of-bounds addresses of masked-out
    # lanes are never touched, and the kernel runs.
    n = 37
    x = rng.standard_normal(n).astype(np.float32)
    out = np.zeros(n + 1, dtype=np.float32)
    shifted_copy[(1,)](out, x, n, BLOCK=64)
    np.testing.assert_array_equal(out[1:], x)


# device_assert and device_print ------------------------------------------------------------

@nereid.jit
def assert_non_negative(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.device_assert(x >= 0, "x must be non-negative")


@pytest.mark.parametrize("num_threads", THREADS)
def test_device_assert_reports_its_line(rng, num_threads):
    n, block = 1000, 128
    x = rng.integers(0, 100, n, dtype=np.int32)
    assert_non_negative[(nereid.cdiv(n, block),)](x, n, BLOCK=block, num_threads=num_threads)
    bad = int(rng.integers(0, n))
    x[bad] = -1
    with pytest.raises(KernelError) as caught:
        assert_non_negative[(nereid.cdiv(n, block),)](x, n, BLOCK=block, num_threads=num_threads)
    assert_reports(caught.value, kernel=assert_non_negative, program=bad // block,
                   element=str(bad % block), op="assertion failed",
                   what="x must be non-negative", needle="tl.device_assert(")


@nereid.jit
def print_values(x_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.device_print("x", tl.load(x_ptr + offs))


@pytest.mark.parametrize("num_threads", THREADS)
def test_device_print_shows_the_program_id(rng, capfd, num_threads):
    programs, block = 3, 4
    x = rng.integers(-1000, 1000, programs * block, dtype=np.int32)
    print_values[(programs,)](x, BLOCK=block, num_threads=num_threads)
    lines = capfd.readouterr().out.splitlines()
    printed = {}
    for line in lines:
        match = re.fullmatch(r"pid \((\d+), 0, 0\) idx \((\d+)\)\s*x:?\s*(-?\d+)", line)
        if match:
            pid, index, value = (int(g) for g in match.groups())
            printed[pid, index] = value
    expected = {(p, i): int(x[p * block + i]) for p in range(programs) for i in range(block)}
    assert printed == expected, lines
    assert len(lines) == programs * block, lines


def test_device_print_formats_the_prefix_as_triton(capfd):
    x = np.array([5, -6, 7, 8], dtype=np.int32)
    print_values[(1,)](x, BLOCK=4)
    lines = capfd.readouterr().out.splitlines()
    assert lines == [f"pid (0, 0, 0) idx ({i}) x: {v}" for i, v in enumerate(x)], lines
