"""The CPU driver end to end on the hand-written probe kernel: compilation, the cache, IR dumps,
launches on both schedulers, and the errors a user meets."""

import numpy as np
import pytest

import nereid_cpu
from nereid.compiler.errors import CompilationError
from nereid_cpu import compiler as cpu_compiler

from conftest import (PROBE_SIGNATURE, PROBE_TEXT, ArrayInterfaceOnly, DLPackOnly,
                      probe_expected)

GRIDS = [(1, 1, 1), (7, 1, 1), (3, 4, 1), (2, 3, 5)]


@pytest.mark.parametrize("grid", GRIDS)
@pytest.mark.parametrize("scheduler,num_threads", [("openmp", 1), ("openmp", 2), ("tbb", 1),
                                                   ("tbb", 2), ("tbb", 0)])
def test_every_program_runs_once(probe, grid, scheduler, num_threads):
    size = grid[0] * grid[1] * grid[2]
    out_i = np.full(size + 1, -1, np.int32)  # one guard element past the grid
    out_f = np.zeros(size + 1, np.float32)
    probe.launch([out_i, out_f, 3, 0.25], grid, num_threads=num_threads, scheduler=scheduler)
    expected_i, expected_f = probe_expected(grid, 3, 0.25)
    np.testing.assert_array_equal(out_i[:size], expected_i)
    np.testing.assert_array_equal(out_f[:size], expected_f)
    assert out_i[size] == -1 and out_f[size] == 0


def test_an_empty_grid_runs_nothing(probe):
    out_i, out_f = np.full(4, -1, np.int32), np.zeros(4, np.float32)
    probe.launch([out_i, out_f, 1, 1.0], (0, 4, 1))
    assert (out_i == -1).all()


def test_thread_count_comes_from_the_environment(probe, monkeypatch):
    for wrong in ("0", "-2", "four"):
        monkeypatch.setenv("NEREID_NUM_THREADS", wrong)
        with pytest.raises(ValueError, match="NEREID_NUM_THREADS.* must be a positive integer; "
                                             f"got '{wrong}'"):
            probe.launch([np.zeros(1, np.int32), np.zeros(1, np.float32), 1, 1.0], (1, 1, 1))
    monkeypatch.setenv("NEREID_NUM_THREADS", "2")
    out_i, out_f = np.zeros(6, np.int32), np.zeros(6, np.float32)
    probe.launch([out_i, out_f, 2, 0.0], (6, 1, 1), scheduler="tbb")
    np.testing.assert_array_equal(out_i, probe_expected((6, 1, 1), 2, 0.0)[0])


def test_array_interface_and_dlpack_objects_are_arrays(probe):
    out_i, out_f = np.zeros(6, np.int32), np.zeros(6, np.float32)
    probe.launch([ArrayInterfaceOnly(out_i), DLPackOnly(out_f), np.int32(4), np.float32(2)],
                 (2, 3, 1))
    expected_i, expected_f = probe_expected((2, 3, 1), 4, 2.0)
    np.testing.assert_array_equal(out_i, expected_i)
    np.testing.assert_array_equal(out_f, expected_f)


@pytest.mark.parametrize("arguments,error,message", [
    (lambda: [np.zeros(4, np.int32), np.zeros(4, np.float32), 1], TypeError,
     r"kernel `probe` takes 4 arguments \(out_i, out_f, scale, bias\); got 3"),
    (lambda: [np.zeros(4, np.float64), np.zeros(4, np.float32), 1, 1.0], TypeError,
     r"argument `out_i` of kernel `probe` must be an array of int32; got an array of float64"),
    (lambda: [np.zeros(4, np.int32), np.zeros(4, np.float32), 1.5, 1.0], TypeError,
     r"argument `scale` of kernel `probe` has type int32; got float 1.5"),
    (lambda: [np.zeros(4, np.int32), np.zeros(4, np.float32), 2**31, 1.0], ValueError,
     r"argument `scale` of kernel `probe` has type int32; 2147483648 is out of its range"),
    (lambda: [np.zeros(4, np.int32), np.zeros(4, np.float32), 1, "1.0"], TypeError,
     r"argument `bias` of kernel `probe` has type float32; got str"),
    (lambda: [3, np.zeros(4, np.float32), 1, 1.0], TypeError,
     r"argument `out_i` of kernel `probe` is a pointer to int32; got int 3"),
])
def test_bad_arguments_are_rejected_before_launch(probe, arguments, error, message):
    with pytest.raises(error, match=message):
        probe.launch(arguments(), (4, 1, 1))


def test_strided_views_pass_their_first_element(probe):
    """As Triton passes data_ptr(): the kernel addresses a view through the strides it is given
    (the probe writes 4 consecutive elements, so they land in the view's base array)."""
    base = np.zeros(8, np.int32)
    view = base[2::2]
    probe.launch([view, np.zeros(4, np.float32), 1, 1.0], (4, 1, 1))
    reference = np.zeros(8, np.int32)
    probe.launch([reference[2:6], np.zeros(4, np.float32), 1, 1.0], (4, 1, 1))
    np.testing.assert_array_equal(base, reference)


def test_unknown_scheduler_is_an_error(probe):
    with pytest.raises(ValueError, match="unknown scheduler 'cilk'"):
        probe.launch([np.zeros(1, np.int32), np.zeros(1, np.float32), 1, 1.0], (1, 1, 1),
                     scheduler="cilk")


def test_a_grid_beyond_int32_is_an_error(probe):
    with pytest.raises(ValueError, match=r"grid sizes must lie in \[0, 2\^31\)"):
        probe.launch([np.zeros(1, np.int32), np.zeros(1, np.float32), 1, 1.0], (2**31, 1, 1))


def test_the_library_is_cached(monkeypatch):
    first = nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE, stages=())

    def no_build(*args, **kwargs):
        raise AssertionError("a cached kernel was compiled again")

    monkeypatch.setattr(cpu_compiler, "_build_library", no_build)
    second = nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE, stages=())
    assert second.path == first.path
    # Another optimization level is another library.
    with pytest.raises(AssertionError, match="compiled again"):
        nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE, {"opt_level": 2}, stages=())


def test_dumps_every_stage(tmp_path, monkeypatch):
    dump = tmp_path / "dump"
    monkeypatch.setenv("NEREID_DUMP_IR", str(dump))
    kernel = nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE,
                                stages=[("llvm", "builtin.module(canonicalize)")])
    assert sorted(p.name for p in dump.iterdir()) == ["probe.ll", "probe.llvm", "probe.s",
                                                      "probe.tt"]
    assert "llvm.func @probe_grid" in (dump / "probe.tt").read_text()
    assert "llvm.func @probe_grid" in (dump / "probe.llvm").read_text()
    assert "define void @probe_grid(ptr" in (dump / "probe.ll").read_text()
    assert "probe_grid:" in (dump / "probe.s").read_text()
    out_i, out_f = np.zeros(2, np.int32), np.zeros(2, np.float32)
    kernel.launch([out_i, out_f, 5, 0.0], (2, 1, 1))
    np.testing.assert_array_equal(out_i, [0, 5])


def test_a_failing_stage_names_the_kernel_and_stage():
    with pytest.raises(CompilationError, match=r"in kernel `probe`: the CPU backend failed in "
                                               r"stage `ttg`: .*no-such-pass"):
        nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE,
                           stages=[("ttg", "builtin.module(no-such-pass)")])


def test_an_unlowered_op_is_an_error_at_its_location():
    text = ('module {\n  tt.func public @k(%x: !tt.ptr<f32>) {\n    tt.return\n  } '
            'loc("kernel.py":12:5)\n}\n')
    with pytest.raises(CompilationError) as raised:
        nereid_cpu.compile(text, "k", {"x": PROBE_SIGNATURE["out_f"]}, stages=())
    assert "in kernel `k`: the CPU backend cannot generate code" in str(raised.value)
    assert (raised.value.file, raised.value.line) == ("kernel.py", 12)


def test_a_library_without_the_entry_points_is_an_error():
    with pytest.raises(nereid_cpu.kernel.KernelLoadError, match="kernel `other`"):
        nereid_cpu.compile(PROBE_TEXT, "other", PROBE_SIGNATURE, stages=())


def test_dump_ir_1_writes_into_the_current_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NEREID_DUMP_IR", "1")
    nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE, stages=())
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("probe.")) == [
        "probe.ll", "probe.s", "probe.tt"]
