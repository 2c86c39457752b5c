"""Bounds-checked kernels on the CPU (issue 30, item 1; docs/cpu.md, Bounds-checked kernels):
under the launch option `debug=True`, `@jit(debug=True)`, TRITON_DEBUG=1 or
NEREID_CPU_CHECK_BOUNDS=1, every masked-in element of a load, store or atomic outside its
argument's buffer raises the interpreter's error (kernel, program, element, bytes, source
line) and touches no memory; masked-off elements are never reported, and kernels that stay in
bounds compute the same bits checked and unchecked."""

import sys
from pathlib import Path

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.runtime.interpreter import KernelError

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels import tutorials  # noqa: E402

BLOCK = 64
MEBI = 1 << 20


@nereid.jit
def stores_one_past_the_end(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, offs.to(tl.float32) * 0.5, mask=offs <= n)


@nereid.jit
def reads_with_an_off_by_one_mask(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs <= n)
    tl.store(out_ptr + offs, x * 2.0, mask=offs < n)


@nereid.jit
def reads_before_the_start(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs - 1, mask=offs < n)
    tl.store(out_ptr + offs, x, mask=offs < n)


@nereid.jit
def reads_far_past_the_end(x_ptr, out_ptr, n, distance, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs + distance, mask=offs < n)
    tl.store(out_ptr + offs, x, mask=offs < n)


@nereid.jit
def writes_far_past_the_end(x_ptr, out_ptr, n, distance, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs + distance, x, mask=offs < n)


@nereid.jit
def adds_one_past_the_end(x_ptr, counts_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.atomic_add(counts_ptr + offs, x, mask=offs <= n)


@nereid.jit
def reads_through_an_address(x_ptr, out_ptr, address, n, BLOCK: tl.constexpr):
    """Reads through a pointer made from an integer: it derives from no parameter that can be
    proven, so its elements are checked against every parameter's buffer."""
    offs = tl.arange(0, BLOCK)
    source = address.to(tl.pointer_type(tl.float32))
    tl.store(out_ptr + offs, tl.load(source + offs, mask=offs < n), mask=offs < n)


@nereid.jit
def reads_far_but_masked_off(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    """Every lane past `n` points 1 Mi elements before or after the buffer, masked off."""
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    far = tl.where(offs % 2 == 0, offs + 1048576, offs - 1048576)
    inside = offs < n
    ptrs = x_ptr + tl.where(inside, offs, far)
    x = tl.load(ptrs, mask=inside, other=-1.0)
    tl.store(out_ptr + tl.where(inside, offs, far), x + 1.0, mask=inside)
    tl.atomic_add(out_ptr + tl.where(inside, offs, far), x, mask=inside)


@nereid.jit(debug=True)
def debug_decorated(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, offs.to(tl.float32), mask=offs <= n)


def random(n, seed, dtype=np.float32):
    return np.random.default_rng(seed).standard_normal(n).astype(dtype)


def guarded(n, seed):
    """An array of `n` random elements that lies inside a larger one, and the larger one: the
    elements after it show whether anything wrote past its end."""
    whole = random(n + 2 * BLOCK, seed)
    return whole[:n], whole


# The ways to ask for a checked kernel: launch options, and the environment.
MODES = {"debug option": ({"debug": True}, {}),
         "NEREID_CPU_CHECK_BOUNDS": ({}, {"NEREID_CPU_CHECK_BOUNDS": "1"}),
         "TRITON_DEBUG": ({}, {"TRITON_DEBUG": "1"})}


@pytest.fixture(params=list(MODES))
def checked(request, monkeypatch):
    """The launch options of a checked launch, with the environment it needs set."""
    options, environment = MODES[request.param]
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return options


def failure(kernel, grid, args, options, monkeypatch=None, interpret=False):
    """The message of the KernelError that the launch raises (the backend's name left out)."""
    if interpret:
        monkeypatch.setenv("NEREID_INTERPRET", "1")
    try:
        with pytest.raises(KernelError) as raised:
            kernel[grid](*args, BLOCK=BLOCK, **options)
    finally:
        if interpret:
            monkeypatch.delenv("NEREID_INTERPRET")
    backend = "the interpreter" if interpret else "the CPU backend"
    message = str(raised.value)
    assert f"failed in {backend}:" in message
    return message.replace(f"failed in {backend}:", "failed:")


def interpreter_failure(kernel, grid, args, monkeypatch):
    """The interpreter's message for the same launch, on copies of the arrays."""
    copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
    return failure(kernel, grid, copies, {}, monkeypatch, interpret=True)


def test_a_store_one_past_the_end(checked, monkeypatch):
    x, whole = guarded(100, 1)
    before = whole.copy()
    expected = interpreter_failure(stores_one_past_the_end, (2,), [x, 100], monkeypatch)
    assert "element 36 writes bytes [400, 404) of argument 0, a buffer of 400 bytes: 4 bytes " \
           "past its end" in expected
    assert "at program (1, 0, 0)" in expected
    assert failure(stores_one_past_the_end, (2,), [x, 100], checked) == expected
    # Every element inside was written, and the neighbour was not.
    np.testing.assert_array_equal(x, np.arange(100, dtype=np.float32) * 0.5)
    np.testing.assert_array_equal(whole[100:], before[100:])


def test_an_off_by_one_mask_read(checked, monkeypatch):
    x, out = random(100, 2), random(128, 3)
    args = [x, out, 100]
    expected = interpreter_failure(reads_with_an_off_by_one_mask, (2,), args, monkeypatch)
    assert "out-of-bounds tt.load" in expected and "4 bytes past its end" in expected
    assert failure(reads_with_an_off_by_one_mask, (2,), args, checked) == expected


def test_a_read_at_minus_one(checked, monkeypatch):
    x, out = random(100, 4), random(100, 5)
    args = [x, out, 100]
    expected = interpreter_failure(reads_before_the_start, (2,), args, monkeypatch)
    assert "element 0 reads bytes [-4, 0) of argument 0, a buffer of 400 bytes: 4 bytes " \
           "before its start" in expected
    assert failure(reads_before_the_start, (2,), args, checked) == expected


def test_a_read_a_mebi_elements_past_the_end(checked, monkeypatch):
    x, out = random(100, 6), random(100, 7)
    args = [x, out, 100, MEBI]
    expected = interpreter_failure(reads_far_past_the_end, (2,), args, monkeypatch)
    assert f"bytes [{4 * MEBI}, {4 * MEBI + 4}) of argument 0" in expected
    assert failure(reads_far_past_the_end, (2,), args, checked) == expected


def test_a_write_a_mebi_elements_past_the_end(checked, monkeypatch):
    x = random(100, 8)
    out, whole = guarded(100, 9)
    before = whole.copy()
    args = [x, out, 100, MEBI]
    expected = interpreter_failure(writes_far_past_the_end, (2,), args, monkeypatch)
    assert "out-of-bounds tt.store" in expected and "of argument 1" in expected
    assert failure(writes_far_past_the_end, (2,), args, checked) == expected
    np.testing.assert_array_equal(whole, before)


def test_an_atomic_one_past_the_end(checked, monkeypatch):
    x = random(100, 10)
    counts, whole = guarded(100, 11)
    before = whole.copy()
    args = [x, counts, 100]
    expected = interpreter_failure(adds_one_past_the_end, (2,), args, monkeypatch)
    assert "out-of-bounds tt.atomic_rmw" in expected and "updates bytes [400, 404)" in expected
    assert failure(adds_one_past_the_end, (2,), args, checked) == expected
    np.testing.assert_array_equal(counts, before[:100] + x)
    np.testing.assert_array_equal(whole[100:], before[100:])


def test_a_pointer_made_from_an_integer_is_checked_against_every_argument(checked,
                                                                          monkeypatch):
    x, out = random(64, 12), random(64, 13)
    reads_through_an_address[(1,)](x, out, x.ctypes.data, 64, BLOCK=BLOCK, **checked)
    np.testing.assert_array_equal(out, x)
    outside = x.ctypes.data + 4 * MEBI
    message = failure(reads_through_an_address, (1,), [x, out, outside, 64], checked)
    assert f"invalid tt.load in kernel 'reads_through_an_address' at program (0, 0, 0): " \
           f"element 0 reads 4 bytes at address {outside:#x}, which derives from no " \
           "argument buffer" in message


def test_masked_off_elements_are_never_reported(checked):
    x = random(100, 14)
    out = random(100, 15)
    expected = x + 1.0 + x
    reads_far_but_masked_off[(2,)](x, out, 100, BLOCK=BLOCK, **checked)
    np.testing.assert_array_equal(out, expected)


def test_the_extents_are_each_launchs_own(checked):
    """A checked kernel's launches do not reuse the first launch's extents."""
    x, _ = guarded(200, 16)
    stores_one_past_the_end[(4,)](x, 199, BLOCK=BLOCK, **checked)
    smaller, _ = guarded(100, 17)
    with pytest.raises(KernelError, match="a buffer of 400 bytes"):
        stores_one_past_the_end[(2,)](smaller, 100, BLOCK=BLOCK, **checked)


def test_jit_debug_is_the_default_of_the_launch_option():
    x, whole = guarded(100, 18)
    before = whole.copy()
    with pytest.raises(KernelError, match="out-of-bounds tt.store in kernel 'debug_decorated'"):
        debug_decorated[(2,)](x, 100, BLOCK=BLOCK)
    np.testing.assert_array_equal(whole[100:], before[100:])
    # debug=False at launch overrides it: nothing is checked, and in-bounds launches agree.
    debug_decorated[(2,)](x, 99, BLOCK=BLOCK, debug=False)
    np.testing.assert_array_equal(x, np.arange(100, dtype=np.float32))


def test_unchecked_kernels_take_no_extents():
    """Without any of the settings, a kernel is compiled unchecked: its compiled IR has no
    bounds checks."""
    x, _ = guarded(100, 19)
    compiled = stores_one_past_the_end[(2,)](x, 99, BLOCK=BLOCK)
    assert "report_out_of_bounds" not in compiled.asm["vector"]
    checked = stores_one_past_the_end[(2,)](x, 99, BLOCK=BLOCK, debug=True)
    assert "nereid_cpu_access_out_of_bounds" in checked.asm["llvm"]


def _tutorial_launches():
    """In-bounds launches of the tutorials' kernels: (name, kernel, grid, arrays, scalars,
    options)."""
    rng = np.random.default_rng(20)
    a, b = rng.standard_normal((64, 48), np.float32), rng.standard_normal((48, 32), np.float32)
    rows = rng.standard_normal((12, 100)).astype(np.float32)
    w, bias = rng.standard_normal(100).astype(np.float32), rng.standard_normal(100).astype(
        np.float32)
    x = rng.standard_normal(1000).astype(np.float32)
    return [
        ("add", tutorials.add_kernel, (8,), [x, x[::-1].copy(), np.zeros_like(x)], [1000],
         {"BLOCK_SIZE": 128}),
        ("softmax", tutorials.softmax_kernel, (4,), [np.zeros_like(rows), rows],
         [100, 100, 12, 100], {"BLOCK_SIZE": 128, "num_stages": 2}),
        ("layer_norm", tutorials.layer_norm_fwd, (12,),
         [rows, np.zeros_like(rows), w, bias, np.zeros(12, np.float32),
          np.zeros(12, np.float32)], [100, 100, 1e-5], {"BLOCK_SIZE": 128}),
        ("matmul", tutorials.matmul_kernel, (4,), [a, b, np.zeros((64, 32), np.float32)],
         [64, 32, 48, 48, 1, 32, 1, 32, 1],
         {"BLOCK_SIZE_M": 32, "BLOCK_SIZE_N": 16, "BLOCK_SIZE_K": 16, "GROUP_SIZE_M": 2}),
        ("cumsum", tutorials.cumsum_kernel, (1,), [x[:256].copy(), np.zeros(256, np.float32)],
         [256], {"BLOCK": 256}),
        ("atomic_add", tutorials.atomic_add_kernel, (8,), [x, np.zeros(128, np.float32)],
         [1000], {"BLOCK": 128}),
    ]


@pytest.mark.parametrize("launch", _tutorial_launches(), ids=lambda launch: launch[0])
def test_in_bounds_tutorials_compute_the_same_checked(launch):
    name, kernel, grid, arrays, scalars, options = launch
    results = []
    for debug in (False, True):
        copies = [array.copy() for array in arrays]
        kernel[grid](*copies, *scalars, **options, debug=debug, num_threads=1)
        results.append(copies)
    for unchecked, checked in zip(*results):
        np.testing.assert_array_equal(checked, unchecked)
