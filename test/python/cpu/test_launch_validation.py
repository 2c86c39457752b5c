"""Launches that must be refused with a clear error, on the CPU backend and in the interpreter
(issue 30): array views that a kernel would address out of bounds (negative and zero strides),
read-only arrays that a kernel stores through, an array where a kernel uses an integer, grids
and launch options out of their range. Each refusal leaves the arrays untouched; the launches
next to them that must still work are checked against numpy.

A launch that crashed the process before these checks runs in a subprocess, so that a crash
fails its test instead of pytest."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.compiler.errors import CompilationError
from nereid_cpu.marshal import ArgumentMarshaller

BACKENDS = ["cpu", "interpreter"]


@pytest.fixture(params=BACKENDS)
def backend(request, monkeypatch):
    if request.param == "interpreter":
        monkeypatch.setenv("NEREID_INTERPRET", "1")
    return request.param


@nereid.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask), mask=mask)


@nereid.jit
def strided_copy_kernel(x_ptr, stride, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets * stride, mask=mask), mask=mask)


@nereid.jit
def count_programs(count_ptr):
    tl.atomic_add(count_ptr, 1)


@nereid.jit
def carried_pointers(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    """Reads through one loop-carried pointer and stores through another."""
    source, target = x_ptr, y_ptr
    for _ in range(0, n, BLOCK):
        offsets = tl.arange(0, BLOCK)
        tl.store(target + offsets, tl.load(source + offsets) * 2.0)
        source += BLOCK
        target += BLOCK


def _random(rng, n=1000):
    return rng.standard_normal(n).astype(np.float32)


def run_isolated(tmp_path, backend, body, environment=None):
    """Runs `body` (Python source, with `np`, `nereid`, `tl` and `rng` defined) in a fresh
    process on `backend`; returns what it printed, after checking that it exited cleanly."""
    script = tmp_path / "launch.py"
    script.write_text("import numpy as np\nimport nereid\nimport nereid.language as tl\n"
                      "rng = np.random.default_rng()\n" + textwrap.dedent(body))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path),
               NEREID_CACHE_DIR=str(tmp_path / "cache"), **(environment or {}))
    env.pop("NEREID_INTERPRET", None)
    if backend == "interpreter":
        env["NEREID_INTERPRET"] = "1"
    result = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, f"exit status {result.returncode}\n{result.stderr[-3000:]}"
    return result.stdout


_COPY_KERNEL = """
@nereid.jit
def copy_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(y_ptr + offsets, tl.load(x_ptr + offsets, mask=mask), mask=mask)


def refused(launch):
    try:
        launch()
    except (ValueError, TypeError, nereid.CompilationError) as error:
        print("refused:", type(error).__name__, error)
    else:
        print("launched")
"""


# Negative and zero strides ----------------------------------------------------------------

@pytest.mark.parametrize("which", ["input", "output"])
def test_a_reversed_view_is_refused(tmp_path, backend, which):
    """x[::-1] was read (or written) forwards from its first element: 999 elements past the
    buffer; as an output, the process crashed."""
    output = run_isolated(tmp_path, backend, _COPY_KERNEL + f"""
x, y = rng.standard_normal(1000).astype(np.float32), rng.standard_normal(1000).astype(np.float32)
before = (x.copy(), y.copy())
if {which == "input"}:
    refused(lambda: copy_kernel[(1,)](x[::-1], y, 1000, BLOCK=1024))
else:
    refused(lambda: copy_kernel[(1,)](x, y[::-1], 1000, BLOCK=1024))
print("untouched:", np.array_equal(x, before[0]) and np.array_equal(y, before[1]))
""")
    argument = "x_ptr" if which == "input" else "y_ptr"
    assert f"refused: ValueError argument `{argument}` of kernel `copy_kernel`: an array " \
           "with a negative stride" in output
    assert "untouched: True" in output


@pytest.mark.parametrize("which", ["input", "output"])
def test_a_broadcast_view_is_refused(tmp_path, backend, which):
    """np.broadcast_to(scalar, (1000,)) is 4 bytes of memory: a kernel read 1000 elements
    from it, or wrote 1000 and crashed."""
    output = run_isolated(tmp_path, backend, _COPY_KERNEL + f"""
value = rng.standard_normal(1).astype(np.float32)
view = np.broadcast_to(value[0], (1000,))
other = rng.standard_normal(1000).astype(np.float32)
before = other.copy()
if {which == "input"}:
    refused(lambda: copy_kernel[(1,)](view, other, 1000, BLOCK=1024))
else:
    refused(lambda: copy_kernel[(1,)](other, view, 1000, BLOCK=1024))
# A writable view with a zero stride, which numpy lets one make, is refused the same way.
writable = np.lib.stride_tricks.as_strided(np.zeros(1, np.float32), (1000,), (0,))
refused(lambda: copy_kernel[(1,)](other, writable, 1000, BLOCK=1024))
print("untouched:", np.array_equal(other, before))
""")
    argument = "x_ptr" if which == "input" else "y_ptr"
    assert f"refused: ValueError argument `{argument}` of kernel `copy_kernel`: an array " \
           "with a zero stride" in output
    assert "refused: ValueError argument `y_ptr` of kernel `copy_kernel`: an array with a " \
           "zero stride" in output
    assert "untouched: True" in output


def test_a_view_with_positive_strides_is_still_passed(backend):
    """Triton passes data_ptr() and lets the kernel index: a view with positive strides
    reaches the kernel as the address of its first element."""
    rng = np.random.default_rng()
    base = _random(rng, 2048)
    x = base[3::2]
    out = np.full(1000, np.nan, np.float32)
    strided_copy_kernel[(1,)](x, 2, out, 1000, BLOCK=1024)
    np.testing.assert_array_equal(out, x[:1000])


# Read-only arrays -------------------------------------------------------------------------

def test_a_read_only_output_is_refused(backend):
    rng = np.random.default_rng()
    x = _random(rng)
    y = _random(rng)
    before = y.copy()
    y.flags.writeable = False
    with pytest.raises(ValueError, match="argument `y_ptr` of kernel `copy_kernel` is a "
                                         "read-only array"):
        copy_kernel[(1,)](x, y, 1000, BLOCK=1024)
    np.testing.assert_array_equal(y, before)
    # The same array made writable again launches, under the key of a writable array.
    y.flags.writeable = True
    copy_kernel[(1,)](x, y, 1000, BLOCK=1024)
    np.testing.assert_array_equal(y, x)
    # And read-only once more, after launches that took the quick path, is refused again.
    y.flags.writeable = False
    with pytest.raises(ValueError, match="read-only array"):
        copy_kernel[(1,)](x, y, 1000, BLOCK=1024)


def test_an_array_over_immutable_bytes_is_refused(backend):
    """np.frombuffer of a bytes object: the kernel wrote into an immutable Python object."""
    rng = np.random.default_rng()
    data = rng.standard_normal(1000).astype(np.float32).tobytes()
    y = np.frombuffer(data, np.float32)
    with pytest.raises(ValueError, match="argument `y_ptr` of kernel `copy_kernel` is a "
                                         "read-only array"):
        copy_kernel[(1,)](_random(rng), y, 1000, BLOCK=1024)
    assert y.tobytes() == data


def test_a_read_only_memory_map_is_refused_as_output(tmp_path, backend):
    """A np.memmap(mode='r') output crashed the process (its pages are read-only)."""
    path = tmp_path / "data.bin"
    np.random.default_rng().standard_normal(1000).astype(np.float32).tofile(path)
    output = run_isolated(tmp_path, backend, _COPY_KERNEL + f"""
y = np.memmap({str(path)!r}, np.float32, mode="r")
refused(lambda: copy_kernel[(1,)](rng.standard_normal(1000).astype(np.float32), y, 1000,
                                  BLOCK=1024))
""")
    assert "refused: ValueError argument `y_ptr` of kernel `copy_kernel` is a read-only " \
           "array" in output


def test_read_only_inputs_are_read(tmp_path, backend):
    """Read-only arrays that the kernel only reads are passed: a memory map opened read-only,
    an array marked read-only, and one carried through a loop beside a pointer that is
    stored through."""
    rng = np.random.default_rng()
    x = _random(rng)
    path = tmp_path / "data.bin"
    x.tofile(path)
    mapped = np.memmap(path, np.float32, mode="r")
    out = np.full(1000, np.nan, np.float32)
    for _ in range(2):  # the first launch of the read-only key, then the quick path
        copy_kernel[(1,)](mapped, out, 1000, BLOCK=1024)
        np.testing.assert_array_equal(out, x)
    frozen = _random(rng, 256)
    frozen.flags.writeable = False
    out = np.full(256, np.nan, np.float32)
    carried_pointers[(1,)](frozen, out, 256, BLOCK=64)
    np.testing.assert_array_equal(out, frozen * np.float32(2))
    with pytest.raises(ValueError, match="argument `y_ptr` of kernel `carried_pointers` is "
                                         "a read-only array"):
        carried_pointers[(1,)](out, frozen, 256, BLOCK=64)


# Arguments of the wrong kind --------------------------------------------------------------

def test_an_array_where_the_kernel_uses_an_integer_is_an_error(tmp_path, backend):
    """The array made `n` a pointer, which `offsets < n` compared as an address: the CPU
    backend aborted."""
    output = run_isolated(tmp_path, backend, _COPY_KERNEL + """
x, y = rng.standard_normal(1000).astype(np.float32), rng.standard_normal(1000).astype(np.float32)
copy_kernel[(1,)](x, y, 1000, BLOCK=1024)
refused(lambda: copy_kernel[(1,)](x, y, x, BLOCK=1024))
""")
    assert "refused: CompilationError" in output
    assert "invalid operands of type int32 and pointer<float32>" in output


def test_a_number_where_the_kernel_uses_a_pointer_is_an_error(backend):
    rng = np.random.default_rng()
    x, y = _random(rng), _random(rng)
    copy_kernel[(1,)](x, y, 1000, BLOCK=1024)
    with pytest.raises(CompilationError, match="expected a pointer"):
        copy_kernel[(1,)](x, 12345, 1000, BLOCK=1024)
    # The CPU kernel's own launch refuses it too.
    marshaller = ArgumentMarshaller("k", {"p": tl.pointer_type(tl.float32)})
    with pytest.raises(TypeError, match="argument `p` of kernel `k` is a pointer to float32; "
                                        "got int 12345"):
        marshaller.pack([12345])


def test_an_integer_that_outgrows_int32_compiles_again(tmp_path, backend):
    """`n` is int32 for 16 and int64 for 2**40, whichever comes first."""
    output = run_isolated(tmp_path, backend, _COPY_KERNEL + """
@nereid.jit
def offset_copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    start = n % 3 * 16  # 0 for 2**40 cut to 32 bits, 16 for 2**40
    tl.store(y_ptr + offsets, tl.load(x_ptr + start + offsets))

x = rng.standard_normal(64).astype(np.float32)
for n in [16, 2**40, 16, 2**40 + 5, 2 * 2**40]:
    start = n % 3 * 16
    y = np.full(16, np.nan, np.float32)
    offset_copy[(1,)](x, y, n, BLOCK=16)
    print(n, np.array_equal(y, x[start:start + 16]))
    y = np.full(64, np.nan, np.float32)
    copy_kernel[(1,)](x, y, n, BLOCK=64)
    print(n, np.array_equal(y[:min(n, 64)], x[:n]) and np.isnan(y[n:]).all())
""")
    assert output.split("\n").count("16 True") == 4, output
    assert "False" not in output, output


# Grids ------------------------------------------------------------------------------------

@pytest.mark.parametrize("grid, error", [
    ((2.5,), "grid sizes must be integers; got float 2.5"),
    (2.5, "grid sizes must be integers; got float 2.5"),
    (("12",), "grid sizes must be integers; got str '12'"),
    ("12", "grid sizes must be integers; got str '12'"),
    ((True,), "grid sizes must be integers; got bool True"),
    ((4, 1.0), "grid sizes must be integers; got float 1.0"),
    ((2**32,), r"grid sizes must lie in \[0, 2\^31\); got 4294967296"),
    ((2**32 + 3,), r"grid sizes must lie in \[0, 2\^31\); got 4294967299"),
    ((1, 2**31), r"grid sizes must lie in \[0, 2\^31\); got 2147483648"),
    ((-1,), r"grid sizes must lie in \[0, 2\^31\); got -1"),
    (lambda meta: (2**32 + 3,), r"grid sizes must lie in \[0, 2\^31\)"),
    ((), "a grid has 1 to 3 dimensions"),
    ((1, 1, 1, 1), "a grid has 1 to 3 dimensions"),
], ids=["float", "bare-float", "str", "bare-str", "bool", "float-y", "2^32", "2^32+3",
        "2^31-y", "negative", "callable", "empty", "4-d"])
def test_a_grid_out_of_range_is_refused(backend, grid, error):
    count = np.zeros(1, np.int32)
    with pytest.raises((TypeError, ValueError), match=error):
        count_programs[grid](count)
    assert count[0] == 0


@pytest.mark.parametrize("grid, programs", [
    ((np.int64(3),), 3), ((np.int32(2), 3), 6), (0, 0), ((5, 0), 0), ([2, 2], 4), (3, 3),
    (lambda meta: (np.uint8(5),), 5)],
    ids=["numpy", "numpy-2d", "zero", "zero-y", "list", "int", "callable"])
def test_grids_of_integers_launch_their_programs(backend, grid, programs):
    count = np.zeros(1, np.int32)
    count_programs[grid](count, num_threads=1)
    assert count[0] == programs


# Launch options ---------------------------------------------------------------------------

@pytest.mark.parametrize("options, error", [
    ({"num_threads": -1}, "num_threads of kernel `copy_kernel` must be a positive integer; "
                          "got -1"),
    ({"num_threads": 0}, "must be a positive integer; got 0"),
    ({"num_threads": 2.0}, "must be a positive integer; got 2.0"),
    ({"num_threads": 4096}, "must be at most 1024"),
    ({"scheduler": "bogus"}, "unknown scheduler 'bogus'; expected one of openmp, tbb"),
    ({"backend": "nonexistent"}, "no backend is called 'nonexistent'"),
], ids=["negative", "zero", "float", "too-many", "scheduler", "backend"])
def test_bad_launch_options_are_refused_on_every_backend(backend, options, error):
    rng = np.random.default_rng()
    x, y = _random(rng), _random(rng)
    before = y.copy()
    with pytest.raises(RuntimeError if "backend" in options else ValueError, match=error):
        copy_kernel[(1,)](x, y, 1000, BLOCK=1024, **options)
    np.testing.assert_array_equal(y, before)


@pytest.mark.parametrize("how", ["option", "environment"])
def test_a_million_threads_are_refused(tmp_path, backend, how):
    """num_threads=10**6 (or NEREID_NUM_THREADS=1000000) aborted the process on OpenMP."""
    option = ", num_threads=10**6" if how == "option" else ""
    environment = {"NEREID_NUM_THREADS": "1000000"} if how == "environment" else {}
    output = run_isolated(tmp_path, backend, _COPY_KERNEL + f"""
x, y = rng.standard_normal(1000).astype(np.float32), rng.standard_normal(1000).astype(np.float32)
refused(lambda: copy_kernel[(4,)](x, y, 1000, BLOCK=256, scheduler="openmp"{option}))
""", environment)
    name = "num_threads of kernel `copy_kernel`" if how == "option" else "NEREID_NUM_THREADS"
    assert f"refused: ValueError {name} must be at most 1024" in output
