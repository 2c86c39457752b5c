"""`python -m nereid.triton` runs a program written for upstream Triton with its `import triton`
resolved to Nereid; a compiled kernel launches as upstream's does (`warmup(...)[grid](...)`);
NEREID_BENCHMARK_POINTS limits perf_report's sweeps."""

import os
import subprocess
import sys

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid import testing

_rng = np.random.default_rng()

PROGRAM = '''
import sys
import triton
import triton.language as tl
import triton.testing
from triton.runtime import driver
from triton.language.extra import libdevice
import nereid.triton
assert triton is nereid.triton and tl is nereid.triton.language
assert triton.testing.do_bench is nereid.testing.do_bench
print(__name__, sys.argv[1:])
try:
    import triton.profiler
except ModuleNotFoundError as error:
    print("missing:", error)
'''


def run(arguments, cwd):
    return subprocess.run([sys.executable, "-m", "nereid.triton", *arguments], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_script_imports_nereid_as_triton(tmp_path):
    script = tmp_path / "program.py"
    script.write_text(PROGRAM)
    result = run([str(script), "a", "--b"], tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "__main__ ['a', '--b']"
    assert lines[1].startswith("missing: No module named 'triton.profiler': Nereid has no "
                               "'nereid.triton.profiler'")


def test_module_runs_with_the_alias(tmp_path):
    (tmp_path / "program_module.py").write_text(PROGRAM)
    result = run(["-m", "program_module", "x"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "__main__ ['x']"


def test_usage_without_a_script(tmp_path):
    result = run([], tmp_path)
    assert result.returncode != 0 and "usage: python -m nereid.triton" in result.stderr


@nereid.jit
def scale_kernel(x_ptr, out_ptr, n, factor, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask) * factor, mask=mask)


def test_compiled_kernel_launches_with_every_parameter():
    x = _rng.standard_normal(1000).astype(np.float32)
    out = np.zeros_like(x)
    kernel = scale_kernel.warmup(x, out, x.size, 2.5, BLOCK=128, grid=(1,))
    kernel[(nereid.cdiv(x.size, 128), 1, 1)](x, out, x.size, 2.5, 128)
    np.testing.assert_allclose(out, x * np.float32(2.5), rtol=1e-6)


def test_compiled_kernel_refuses_other_arguments():
    x = _rng.standard_normal(1000).astype(np.float32)
    out = np.zeros_like(x)
    kernel = scale_kernel.warmup(x, out, x.size, 2.5, BLOCK=128, grid=(1,))
    with pytest.raises(TypeError, match="was compiled for"):
        kernel[(8,)](x, out, x.size, 2.5, 256)
    with pytest.raises(TypeError, match="was compiled for"):
        kernel[(8,)](x.astype(np.float64), out, x.size, 2.5, 128)


@pytest.mark.parametrize("points, expected", [("", [8, 16, 32]), ("2", [8, 16]), ("0", [])])
def test_benchmark_points(monkeypatch, points, expected):
    monkeypatch.setenv("NEREID_BENCHMARK_POINTS", points)
    calls = []

    @testing.perf_report(testing.Benchmark(
        x_names=["size"], x_vals=[8, 16, 32], line_arg="provider", line_vals=["a"],
        line_names=["A"], ylabel="ms", plot_name="points", args={}))
    def bench(size, provider):
        calls.append(size)
        return float(size)

    bench.run()
    assert calls == expected


def test_benchmark_points_must_be_a_number(monkeypatch):
    monkeypatch.setenv("NEREID_BENCHMARK_POINTS", "all")
    bench = testing.perf_report(testing.Benchmark(
        x_names=["size"], x_vals=[8], line_arg="provider", line_vals=["a"], line_names=["A"],
        ylabel="ms", plot_name="points", args={}))(lambda size, provider: 1.0)
    with pytest.raises(ValueError, match="NEREID_BENCHMARK_POINTS"):
        bench.run()


def test_amd_tuning_options_are_accepted():
    """Upstream's tutorial 03 passes AMD's options to every target that is not CUDA."""
    x = _rng.standard_normal(1000).astype(np.float32)
    out = np.zeros_like(x)
    scale_kernel[(8,)](x, out, x.size, 3.0, BLOCK=128, matrix_instr_nonkdim=16, waves_per_eu=2,
                       kpack=2)
    np.testing.assert_allclose(out, x * np.float32(3.0), rtol=1e-6)
