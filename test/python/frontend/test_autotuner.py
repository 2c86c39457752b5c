"""The autotuner's behaviour as upstream Triton's: the tuning key (with the arguments' dtypes),
restore_value and reset_to_zero around every timed run of an in-place kernel, prune_configs_by,
pre_hook/post_hook, Config.pre_hook, warmup/rep and do_bench, cache_results on disk (reused by
another process), heuristics stacked over and under autotune, and the printed choice."""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import nereid
import nereid.language as tl
import nereid.triton as triton
from nereid.runtime import autotuner as autotuner_module
from nereid.runtime.autotuner import AutotunerError
from frontend_util import array

BLOCKS = (16, 32, 64, 128)


@nereid.jit
def scale_in_place(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(x_ptr + offs, x * 2.0 + 1.0, mask=mask)


@nereid.jit
def accumulate(out_ptr, x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    total = tl.load(out_ptr + offs, mask=mask) + tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, total, mask=mask)


@nereid.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask),
             mask=mask)


@nereid.jit
def scale_blocks_of_32(x_ptr, n, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK >= 32, "BLOCK must be at least 32")
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0 + 1.0, mask=mask)


@nereid.jit
def scale_by(x_ptr, n, SCALE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * SCALE + 1.0, mask=mask)


@nereid.jit
def scale_even(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2.0 + 1.0)
    else:
        mask = offs < n
        tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0 + 1.0, mask=mask)


def configs(blocks=BLOCKS, **options):
    return [nereid.Config({"BLOCK": block}, **options) for block in blocks]


def grid(n):
    return lambda meta: (nereid.cdiv(n, meta["BLOCK"]),)


def scripted_bench(times, runs=2, after_run=None):
    """A do_bench that runs the kernel `runs` times (calling `after_run()` after each) and
    returns the next of `times`, so that the choice is known."""
    remaining = iter(times)

    def bench(kernel_call, quantiles):
        bench.quantiles.append(quantiles)
        for _ in range(runs):
            kernel_call()
            if after_run is not None:
                after_run()
        return next(remaining)

    bench.quantiles = []
    return bench


def scaled(x0, scale=2.0):
    return x0 * np.float32(scale) + np.float32(1.0)


# restore_value and reset_to_zero -------------------------------------------------------------

def test_restore_value_restores_in_place_data_after_each_timing():
    n = 200
    x = array(n=n)
    x0 = x.copy()
    restored = []
    bench = scripted_bench([4.0, 1.0, 3.0, 2.0], runs=3,
                           after_run=lambda: restored.append(np.array_equal(x, x0)))
    tuned = nereid.autotune(configs(), key=["n"], restore_value=["x_ptr"], do_bench=bench)(
        scale_in_place)
    tuned[grid(n)](x, n)
    assert len(restored) == 12 and all(restored)
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)
    assert tuned.best_config.kwargs == {"BLOCK": 32}
    # A second launch with the same key runs the kernel once, without timing.
    tuned[grid(n)](x, n)
    np.testing.assert_allclose(x, scaled(scaled(x0)), rtol=1e-6)
    assert len(restored) == 12


def test_reset_to_zero_zeroes_before_each_timed_run_and_the_launch():
    n = 150
    x, out = array(n=n), array(n=n)
    fresh = []
    bench = scripted_bench([2.0, 1.0], runs=3,
                           after_run=lambda: fresh.append(np.array_equal(out, x)))
    tuned = nereid.autotune(configs((32, 64)), key=["n"], reset_to_zero=["out_ptr"],
                            do_bench=bench)(accumulate)
    tuned[grid(n)](out, x, n)
    assert len(fresh) == 6 and all(fresh)
    np.testing.assert_array_equal(out, x)
    # A launch with a cached choice does not reset: the kernel accumulates.
    tuned[grid(n)](out, x, n)
    np.testing.assert_allclose(out, x + x, rtol=1e-6)


def test_restore_value_and_reset_to_zero_together():
    n = 100
    x, out = array(n=n), array(n=n)
    x0 = x.copy()

    @nereid.jit
    def scale_and_count(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offs < n
        x = tl.load(x_ptr + offs, mask=mask)
        tl.store(out_ptr + offs, tl.load(out_ptr + offs, mask=mask) + x, mask=mask)
        tl.store(x_ptr + offs, x * 2.0 + 1.0, mask=mask)

    tuned = nereid.autotune(configs((16, 64)), key=["n"], reset_to_zero=["out_ptr"],
                            restore_value=["x_ptr"], do_bench=scripted_bench([1.0, 2.0]))(
        scale_and_count)
    tuned[grid(n)](x, out, n)
    np.testing.assert_array_equal(out, x0)
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


class HostTensor:
    """A tensor with torch's in-place methods over a numpy array, and no numpy interface."""

    def __init__(self, values):
        self.values = values
        self.calls = []

    def clone(self):
        self.calls.append("clone")
        return HostTensor(self.values.copy())

    def copy_(self, other):
        self.calls.append("copy_")
        self.values[...] = other.values

    def zero_(self):
        self.calls.append("zero_")
        self.values[...] = 0


class DLPackOnly:
    """An array that offers only DLPack."""

    def __init__(self, values):
        self.values = values

    def __dlpack__(self, **kwargs):
        return self.values.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.values.__dlpack_device__()


@pytest.mark.parametrize("wrap", [HostTensor, DLPackOnly, lambda values: values],
                         ids=["torch-like", "dlpack", "numpy"])
def test_default_hooks_copy_restore_and_zero_any_array(wrap):
    x0, y0 = array(n=32), array(n=32)
    x, y = wrap(x0.copy()), wrap(y0.copy())
    tuned = nereid.autotune(configs(), key=["n"], reset_to_zero=["out_ptr"],
                            restore_value=["x_ptr"])(accumulate)
    nargs = {"out_ptr": y, "x_ptr": x, "n": 32, "BLOCK": 16}
    tuned.pre_hook(nargs)
    values = x.values if hasattr(x, "values") else x
    values *= 3.0
    tuned.post_hook(nargs, exception=None)
    np.testing.assert_array_equal(values, x0)
    np.testing.assert_array_equal(y.values if hasattr(y, "values") else y, 0.0)
    if isinstance(x, HostTensor):
        assert x.calls == ["clone", "copy_"] and y.calls == ["zero_"]


def test_reset_and_restore_name_arguments():
    with pytest.raises(ValueError, match="restore_value names `y_ptr`"):
        nereid.autotune(configs(), key=["n"], restore_value=["y_ptr"])(scale_in_place)


# The tuning key ------------------------------------------------------------------------------

@pytest.mark.parametrize("other", ["bfloat16", "float64"])
def test_key_holds_every_arguments_dtype(other):
    n = 130
    x32 = array(n=n)
    x_other = array(other, n=n)
    x32_0, x_other_0 = x32.copy(), x_other.copy()
    bench = scripted_bench([1.0, 2.0, 2.0, 1.0])
    tuned = nereid.autotune(configs((16, 64)), key=["n"], restore_value=["x_ptr"],
                            do_bench=bench)(scale_in_place)
    tuned[grid(n)](x32, n)
    assert tuned.best_config.kwargs == {"BLOCK": 16}
    tuned[grid(n)](x_other, n)
    assert tuned.best_config.kwargs == {"BLOCK": 64}
    assert list(tuned.cache) == [(n, "float32"), (n, other)]
    assert len(bench.quantiles) == 4
    np.testing.assert_allclose(x32, scaled(x32_0), rtol=1e-6)
    wide = x_other_0.astype(np.float32) * np.float32(2.0) + np.float32(1.0)
    expected = wide.astype(x_other.dtype)
    np.testing.assert_allclose(x_other.astype(np.float64), expected.astype(np.float64),
                               rtol=1e-2 if other == "bfloat16" else 1e-6)
    # Back to fp32 with the same n: the fp32 choice, with no timing.
    tuned[grid(n)](x32, n)
    assert tuned.best_config.kwargs == {"BLOCK": 16} and len(bench.quantiles) == 4


def test_key_values_retune():
    bench = scripted_bench([1.0, 2.0, 2.0, 1.0])
    tuned = nereid.autotune(configs((16, 64)), key=["n"], restore_value=["x_ptr"],
                            do_bench=bench)(scale_in_place)
    for n, block in ((64, 16), (100, 64), (64, 16)):
        x = array(n=n)
        x0 = x.copy()
        tuned[grid(n)](x, n)
        assert tuned.best_config.kwargs == {"BLOCK": block}
        np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)
    assert list(tuned.cache) == [(64, "float32"), (100, "float32")]


def test_key_may_name_a_launch_option():
    n = 48
    bench = scripted_bench([1.0, 2.0, 2.0, 1.0])
    tuned = nereid.autotune(configs((16, 32)), key=["n", "num_threads"], restore_value=["x_ptr"],
                            do_bench=bench)(scale_in_place)
    for threads, block in ((1, 16), (2, 32), (1, 16)):
        x = array(n=n)
        x0 = x.copy()
        tuned[grid(n)](x, n, num_threads=threads)
        assert tuned.best_config.kwargs == {"BLOCK": block}
        np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)
    assert list(tuned.cache) == [(n, 1, "float32"), (n, 2, "float32")]


def test_one_config_never_benchmarks():
    n = 40
    x = array(n=n)
    x0 = x.copy()
    tuned = nereid.autotune(configs((64,)), key=["n"], do_bench=scripted_bench([]))(
        scale_in_place)
    tuned[grid(n)](x, n)
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)
    assert tuned.best_config.kwargs == {"BLOCK": 64} and tuned.cache == {}


# prune_configs_by ----------------------------------------------------------------------------

def test_early_config_prune_narrows_the_timed_configs():
    n = 40
    x = array(n=n)
    x0 = x.copy()
    seen = []

    def prune(all_configs, named_args, **kwargs):
        seen.append((len(all_configs), sorted(named_args), sorted(kwargs)))
        return [c for c in all_configs if c.kwargs["BLOCK"] <= named_args["n"]]

    tuned = nereid.autotune(configs(), key=["n"], restore_value=["x_ptr"],
                            prune_configs_by={"early_config_prune": prune},
                            do_bench=scripted_bench([2.0, 1.0]))(scale_in_place)
    tuned[grid(n)](x, n)
    assert seen == [(4, ["n", "x_ptr"], [])]
    assert [c.kwargs["BLOCK"] for c in tuned.configs_timings] == [16, 32]
    assert tuned.best_config.kwargs == {"BLOCK": 32}
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


def test_early_config_prune_must_leave_a_config():
    tuned = nereid.autotune(configs(), key=["n"],
                            prune_configs_by={"early_config_prune": lambda c, a, **k: []})(
        scale_in_place)
    with pytest.raises(AutotunerError, match="at least one config"):
        tuned[grid(8)](array(n=8), 8)


@pytest.mark.parametrize("top_k, timed", [(2, [32, 64]), (0.5, [32, 64]), (3, [32, 64, 16]),
                                          (0.1, [])])
def test_perf_model_keeps_the_top_k_estimates(top_k, timed):
    n = 300
    x = array(n=n)
    x0 = x.copy()
    estimated = []

    def perf_model(x_ptr, n, BLOCK, num_warps, num_ctas, num_stages):
        estimated.append(BLOCK)
        return {16: 3.0, 32: 1.0, 64: 2.0, 128: 4.0}[BLOCK]

    bench = scripted_bench([2.0, 1.0, 3.0][:len(timed)])
    tuned = nereid.autotune(configs(), key=["n"], restore_value=["x_ptr"], do_bench=bench,
                            prune_configs_by={"perf_model": perf_model, "top_k": top_k})(
        scale_in_place)
    tuned[grid(n)](x, n)
    assert sorted(estimated) == sorted(BLOCKS)
    if timed:
        assert [c.kwargs["BLOCK"] for c in tuned.configs_timings] == timed
        assert tuned.best_config.kwargs == {"BLOCK": 64}
    else:  # one config left: chosen without timing
        assert bench.quantiles == [] and tuned.best_config.kwargs == {"BLOCK": 32}
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


def test_top_k_must_be_an_int_or_a_fraction():
    tuned = nereid.autotune(configs(), key=["n"],
                            prune_configs_by={"perf_model": lambda **a: 1.0, "top_k": 2.5})(
        scale_in_place)
    with pytest.raises(TypeError, match="top_k"):
        tuned[grid(8)](array(n=8), 8)


# Hooks ---------------------------------------------------------------------------------------

def test_user_hooks_replace_the_default_ones():
    n = 90
    x = array(n=n)
    x0 = x.copy()
    events, saved = [], {}

    def pre_hook(nargs, reset_only=False):
        events.append(("pre", nargs["BLOCK"], reset_only))
        if not reset_only:
            saved["x"] = nargs["x_ptr"].copy()

    def post_hook(nargs, exception):
        events.append(("post", nargs["BLOCK"], exception))
        nargs["x_ptr"][...] = saved["x"]

    # reset_to_zero is the default pre_hook's work; the user's pre_hook replaces it.
    tuned = nereid.autotune(configs((16, 32)), key=["n"], reset_to_zero=["x_ptr"],
                            pre_hook=pre_hook, post_hook=post_hook,
                            do_bench=scripted_bench([2.0, 1.0]))(scale_in_place)
    tuned[grid(n)](x, n)
    assert events == [("pre", 16, False), ("post", 16, None)] * 2 + \
        [("pre", 32, False), ("post", 32, None)] * 2 + [("pre", 32, True)]
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


def test_a_config_failing_static_assert_times_as_infinite():
    n = 100
    x = array(n=n)
    x0 = x.copy()
    exceptions = []

    def post_hook(nargs, exception):
        exceptions.append((nargs["BLOCK"], exception))

    tuned = nereid.autotune(configs((16, 32, 64)), key=["n"], post_hook=post_hook,
                            restore_value=["x_ptr"], do_bench=scripted_bench([2.0, 1.0], runs=1))(
        scale_blocks_of_32)
    tuned[grid(n)](x, n)
    block, error = exceptions[0]
    assert block == 16 and isinstance(error, nereid.CompilationError)
    assert "BLOCK must be at least 32" in str(error)
    assert [e for _, e in exceptions[1:]] == [None, None]
    timings = {c.kwargs["BLOCK"]: t for c, t in tuned.configs_timings.items()}
    assert timings == {16: [float("inf")] * 3, 32: 2.0, 64: 1.0}
    assert tuned.best_config.kwargs == {"BLOCK": 64}
    # The user's post_hook replaced the default, which would restore x: x ran 3 times.
    np.testing.assert_allclose(x, scaled(scaled(scaled(x0))), rtol=1e-5)


def test_config_pre_hook_runs_before_every_launch_of_its_config():
    n = 120
    x, y, out = array(n=n), array(n=n), array(n=n)
    seen = []

    def filler(value):
        def pre_hook(nargs):
            seen.append((nargs["BLOCK"], nargs["n"]))
            nargs["y_ptr"].fill(value)
        return pre_hook

    tuned = nereid.autotune(
        [nereid.Config({"BLOCK": 32}, pre_hook=filler(1.5)),
         nereid.Config({"BLOCK": 64}, pre_hook=filler(-2.25))],
        key=["n"], do_bench=scripted_bench([2.0, 1.0]), cache_results=True)(add)
    tuned[grid(n)](x, y, out, n)
    assert seen == [(32, n)] * 2 + [(64, n)] * 3
    np.testing.assert_array_equal(out, x + np.float32(-2.25))
    np.testing.assert_array_equal(y, -2.25)
    # Hooks do not serialize: configurations with one are never stored on disk.
    assert not list(autotuner_module.KernelCache().root.rglob("*.autotune.json"))


def test_conflicting_meta_parameters():
    tuned = nereid.autotune(configs((16, 32)), key=["n"], do_bench=scripted_bench([1.0, 2.0]))(
        scale_in_place)
    with pytest.raises(ValueError, match="Conflicting meta-parameters: BLOCK"):
        tuned[grid(16)](array(n=16), 16, BLOCK=16)


# Timing --------------------------------------------------------------------------------------

def test_do_bench_gets_quantiles_and_its_timings_are_kept():
    n = 70
    x = array(n=n)
    x0 = x.copy()
    bench = scripted_bench([[3.0, 1.0, 4.0], [2.0, 1.5, 2.5], [2.0, 1.0, 9.0]])
    tuned = nereid.autotune(configs((16, 32, 64)), key=["n"], restore_value=["x_ptr"],
                            do_bench=bench)(scale_in_place)
    tuned[grid(n)](x, n)
    assert bench.quantiles == [(0.5, 0.2, 0.8)] * 3
    # By median, then the 20th percentile.
    assert tuned.best_config.kwargs == {"BLOCK": 64}
    assert [t for t in tuned.configs_timings.values()] == \
        [[3.0, 1.0, 4.0], [2.0, 1.5, 2.5], [2.0, 1.0, 9.0]]
    assert isinstance(tuned.bench_time, float) and tuned.bench_time >= 0
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


def test_a_do_bench_of_one_argument_gets_the_function_alone():
    n = 45
    x = array(n=n)
    x0 = x.copy()
    times = iter([2.0, 1.0])

    def bench(kernel_call):
        kernel_call()
        return next(times)

    tuned = nereid.autotune(configs((16, 32)), key=["n"], restore_value=["x_ptr"],
                            do_bench=bench)(scale_in_place)
    tuned[grid(n)](x, n)
    assert tuned.best_config.kwargs == {"BLOCK": 32}
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


def test_warmup_and_rep_reach_the_benchmark(monkeypatch):
    calls = []

    def recording_do_bench(fn, warmup=25, rep=100, grad_to_none=None, quantiles=None,
                           return_mode="mean"):
        calls.append((warmup, rep, quantiles))
        fn()
        return [float(len(calls))] * 3

    monkeypatch.setattr(nereid.testing, "do_bench", recording_do_bench)
    n = 50
    for options, expected in (({"warmup": 3, "rep": 7}, (3, 7)), ({"rep": 9}, (25, 9)),
                              ({}, (25, 100))):
        calls.clear()
        x = array(n=n)
        x0 = x.copy()
        tuned = nereid.autotune(configs((16, 32)), key=["n"], restore_value=["x_ptr"],
                                **options)(scale_in_place)
        tuned[grid(n)](x, n)
        assert calls == [(*expected, (0.5, 0.2, 0.8))] * 2
        assert tuned.best_config.kwargs == {"BLOCK": 16}
        np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


def test_the_default_benchmark_times_each_config():
    n = 64
    x = array(n=n)
    x0 = x.copy()
    tuned = nereid.autotune(configs((16, 64)), key=["n"], restore_value=["x_ptr"], warmup=1,
                            rep=2)(scale_in_place)
    tuned[grid(n)](x, n)
    assert tuned.best_config in configs((16, 64))
    for timing in tuned.configs_timings.values():
        median, low, high = timing
        assert 0 < low <= median <= high
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)


# cache_results -------------------------------------------------------------------------------

TUNED_MODULE = '''
import nereid
import nereid.language as tl

BENCH = None


@nereid.autotune(configs=[nereid.Config({"BLOCK": b}) for b in (16, 32, 64)], key=["n"],
                 restore_value=["x_ptr"], cache_results=True,
                 do_bench=lambda fn, quantiles: BENCH(fn, quantiles))
@nereid.jit
def tuned_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 2.0 + 1.0, mask=mask)


def grid(n):
    return lambda meta: (nereid.cdiv(n, meta["BLOCK"]),)
'''

SECOND_PROCESS = '''
import json
import sys

import numpy as np

import tuned_module


def refuse(fn, quantiles):
    raise AssertionError("benchmarked")


tuned_module.BENCH = refuse
x = np.load(sys.argv[1])
x0 = x.copy()
tuned_module.tuned_kernel[tuned_module.grid(x.size)](x, x.size)
ok = bool(np.allclose(x, x0 * np.float32(2) + np.float32(1), rtol=1e-6))
result = {"block": tuned_module.tuned_kernel.best_config.kwargs["BLOCK"], "ok": ok}
try:  # a new key must be benchmarked
    tuned_module.tuned_kernel[tuned_module.grid(x.size - 1)](x, x.size - 1)
except AssertionError as error:
    result["new_key"] = str(error)
print(json.dumps(result))
'''


@pytest.fixture
def compiled_backend(monkeypatch):
    """Launches on the backend, not the interpreter (which never caches tuning results)."""
    monkeypatch.delenv("NEREID_INTERPRET", raising=False)
    monkeypatch.delenv("TRITON_INTERPRET", raising=False)


def test_cache_results_are_reused_by_another_process(tmp_path, private_kernel_cache,
                                                     compiled_backend, monkeypatch):
    (tmp_path / "tuned_module.py").write_text(TUNED_MODULE)
    (tmp_path / "second.py").write_text(SECOND_PROCESS)
    monkeypatch.syspath_prepend(str(tmp_path))
    import tuned_module

    n = 333
    x = array(n=n)
    x0 = x.copy()
    tuned_module.BENCH = scripted_bench([3.0, 1.0, 2.0])
    tuned_module.tuned_kernel[tuned_module.grid(n)](x, n)
    assert tuned_module.tuned_kernel.best_config.kwargs == {"BLOCK": 32}
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)
    stored = list(private_kernel_cache.rglob("*.autotune.json"))
    assert [path.name for path in stored] == ["tuned_kernel.autotune.json"]
    entry = json.loads(stored[0].read_text())
    assert entry["key"] == [str(n), "float32"]
    assert [timing for _, timing in entry["configs_timings"]] == [3.0, 1.0, 2.0]

    np.save(tmp_path / "x.npy", array(n=n))
    environment = dict(os.environ, NEREID_CACHE_DIR=str(private_kernel_cache),
                       PYTHONPATH=os.pathsep.join([str(tmp_path)] + sys.path))
    result = subprocess.run([sys.executable, str(tmp_path / "second.py"), str(tmp_path / "x.npy")],
                            env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.splitlines()[-1]) == {
        "block": 32, "ok": True, "new_key": "benchmarked"}


def test_cache_results_off_stores_nothing(private_kernel_cache, compiled_backend):
    n = 50
    x = array(n=n)
    tuned = nereid.autotune(configs((16, 32)), key=["n"], restore_value=["x_ptr"],
                            do_bench=scripted_bench([1.0, 2.0]))(scale_in_place)
    tuned[grid(n)](x, n)
    assert not list(private_kernel_cache.rglob("*.autotune.json"))


def test_cache_results_another_autotuner_in_this_process(private_kernel_cache, compiled_backend):
    n = 77
    first = nereid.autotune(configs((16, 32, 64)), key=["n"], restore_value=["x_ptr"],
                            cache_results=True, do_bench=scripted_bench([2.0, 3.0, 1.0]))(
        scale_in_place)
    x = array(n=n)
    first[grid(n)](x, n)
    second = nereid.autotune(configs((16, 32, 64)), key=["n"], restore_value=["x_ptr"],
                             cache_results=True, do_bench=scripted_bench([]))(scale_in_place)
    x = array(n=n)
    x0 = x.copy()
    second[grid(n)](x, n)
    assert second.best_config.kwargs == {"BLOCK": 64}
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)
    # Other configurations are another entry.
    third = nereid.autotune(configs((16, 32)), key=["n"], restore_value=["x_ptr"],
                            cache_results=True, do_bench=scripted_bench([2.0, 1.0]))(
        scale_in_place)
    third[grid(n)](array(n=n), n)
    assert third.best_config.kwargs == {"BLOCK": 32}
    assert len(list(private_kernel_cache.rglob("*.autotune.json"))) == 2


# heuristics and autotune stacked -------------------------------------------------------------

def test_heuristics_over_autotune():
    n = 203
    x = array(n=n)
    x0 = x.copy()
    tuned = nereid.autotune(configs((32, 64)), key=["n"], restore_value=["x_ptr"],
                            do_bench=scripted_bench([2.0, 1.0]))(scale_by)
    stacked = nereid.heuristics({"SCALE": lambda args: float(args["n"] % 5 + 2)})(tuned)
    stacked[grid(n)](x, n)
    assert tuned.best_config.kwargs == {"BLOCK": 64}
    np.testing.assert_allclose(x, scaled(x0, 5.0), rtol=1e-6)


def test_autotune_over_heuristics_sees_each_configs_meta_parameters(private_kernel_cache,
                                                                     compiled_backend):
    n = 96
    x = array(n=n)
    x0 = x.copy()
    computed = []

    def even(args):
        computed.append((args["BLOCK"], args["num_warps"], args["n"] % args["BLOCK"] == 0))
        return computed[-1][2]

    stacked = nereid.autotune(configs((32, 64), num_warps=2), key=["n"], restore_value=["x_ptr"],
                              cache_results=True, do_bench=scripted_bench([2.0, 1.0], runs=1))(
        nereid.heuristics({"EVEN": even})(scale_even))
    stacked[grid(n)](x, n)
    assert computed == [(32, 2, True), (64, 2, False), (64, 2, False)]
    assert stacked.best_config.kwargs == {"BLOCK": 64}
    np.testing.assert_allclose(x, scaled(x0), rtol=1e-6)
    stored = list(private_kernel_cache.rglob("*.autotune.json"))
    assert [path.name for path in stored] == ["scale_even.autotune.json"]


def test_autotune_warmup_compiles_the_pruned_configs():
    tuned = nereid.autotune(configs(), key=["n"], prune_configs_by={
        "early_config_prune": lambda c, a, **k: c[1:3]})(scale_in_place)
    compiled = tuned.warmup(array(n=64), 64)
    assert len(compiled) == 2
    assert "end = 32 : i32" in compiled[0].asm["ttir"] and "end = 64" in compiled[1].asm["ttir"]


# Printing the choice -------------------------------------------------------------------------

@pytest.mark.parametrize("variable", ["NEREID_PRINT_AUTOTUNING", "TRITON_PRINT_AUTOTUNING"])
def test_print_autotuning(variable, monkeypatch, capsys):
    monkeypatch.delenv("NEREID_PRINT_AUTOTUNING", raising=False)
    monkeypatch.delenv("TRITON_PRINT_AUTOTUNING", raising=False)
    monkeypatch.setenv(variable, "1")
    n = 60
    x = array(n=n)
    x0 = x.copy()
    tuned = nereid.autotune(configs((16, 32)), key=["n"], restore_value=["x_ptr"],
                            do_bench=scripted_bench([2.0, 1.0]))(scale_in_place)
    tuned[grid(n)](x, n)
    out = capsys.readouterr().out
    assert "Autotuning kernel scale_in_place with config BLOCK: 16, num_warps: 4" in out
    assert "Autotuning kernel scale_in_place with config BLOCK: 32" in out
    assert (f"Triton autotuning for function scale_in_place,\nwith key as ({n}, 'float32'),\n"
            "finished after ") in out
    assert "best config selected: BLOCK: 32, num_warps: 4" in out
    tuned[grid(n)](x, n)
    assert capsys.readouterr().out == ""
    np.testing.assert_allclose(x, scaled(scaled(x0)), rtol=1e-6)


def test_nothing_prints_by_default(monkeypatch, capsys):
    monkeypatch.delenv("NEREID_PRINT_AUTOTUNING", raising=False)
    monkeypatch.delenv("TRITON_PRINT_AUTOTUNING", raising=False)
    tuned = nereid.autotune(configs((16, 32)), key=["n"], restore_value=["x_ptr"],
                            do_bench=scripted_bench([2.0, 1.0]))(scale_in_place)
    tuned[grid(20)](array(n=20), 20)
    assert capsys.readouterr().out == ""


# Config and the decorator's signature --------------------------------------------------------

def test_config_equality_hash_and_text():
    hook = lambda nargs: None  # noqa: E731
    a = nereid.Config({"BLOCK": 32}, num_warps=2, maxnreg=64)
    assert a == nereid.Config({"BLOCK": 32}, num_warps=2, maxnreg=64)
    assert hash(a) == hash(nereid.Config({"BLOCK": 32}, num_warps=2, maxnreg=64))
    assert a != nereid.Config({"BLOCK": 32}, num_warps=2, maxnreg=64, pre_hook=hook)
    assert a != nereid.Config({"BLOCK": 32}, num_warps=4, maxnreg=64)
    assert a.all_kwargs() == {"BLOCK": 32, "num_warps": 2, "num_ctas": 1, "num_stages": 3,
                              "maxnreg": 64}
    assert str(a) == ("BLOCK: 32, num_warps: 2, num_ctas: 1, num_stages: 3, maxnreg: 64, "
                      "ir_override: None")
    assert triton.Config is nereid.Config


def test_autotune_rejects_unknown_keywords():
    with pytest.raises(TypeError, match="unexpected keyword argument 'warmups'"):
        nereid.autotune(configs(), key=["n"], warmups=3)

