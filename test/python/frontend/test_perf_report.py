"""`testing.perf_report` / `Benchmark` as Triton's tutorials use them: the table printed and
saved as CSV, the plot drawn through matplotlib (a recording stand-in here) or skipped with a
warning where matplotlib is missing; and `testing.do_bench`'s modes."""

import csv
import sys
import types

import numpy as np
import pytest

import nereid
import nereid.triton as triton
from nereid import testing

_rng = np.random.default_rng()


def make_report(values, plot_name="vector-sum", x_log=True, styles=(("blue", "-"), ("red", "--"))):
    """A perf_report whose 'numpy' line returns (mean, min, max) from the sum of `values[:size]`
    and whose 'half' line returns a single number."""
    calls = []

    @testing.perf_report(testing.Benchmark(
        x_names=["size"], x_vals=[8, 16, 32], line_arg="provider", line_vals=["numpy", "half"],
        line_names=["NumPy", "Half"], styles=list(styles), ylabel="sum", plot_name=plot_name,
        args={"scale": 3.0}, x_log=x_log))
    def bench(size, provider, scale):
        calls.append((size, provider, scale))
        total = float(np.sum(values[:size])) * scale
        if provider == "numpy":
            return total, total - 1.0, total + 1.0
        return total / 2.0

    return bench, calls


def expected_rows(values):
    return [(size, float(np.sum(values[:size])) * 3.0, float(np.sum(values[:size])) * 1.5)
            for size in (8, 16, 32)]


def test_print_data_prints_the_table(capsys):
    values = _rng.standard_normal(32)
    bench, calls = make_report(values)
    assert bench.run(print_data=True) is None
    assert calls == [(s, p, 3.0) for s in (8, 16, 32) for p in ("numpy", "half")]
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "vector-sum:"
    assert lines[1].split() == ["size", "NumPy", "Half"]
    for line, (size, full, half) in zip(lines[2:], expected_rows(values)):
        index, x, a, b = line.split()
        assert int(x) == size
        np.testing.assert_allclose([float(a), float(b)], [full, half], atol=1e-6)
    assert len(lines) == 5


def test_save_path_writes_csv_and_html(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    values = _rng.standard_normal(32)
    bench, _ = make_report(values)
    out = tmp_path / "report"
    with pytest.warns(RuntimeWarning, match="matplotlib is not installed: the plot of "
                                            "`vector-sum` is skipped"):
        bench.run(save_path=str(out), save_precision=4)
    with open(out / "vector-sum.csv") as stream:
        rows = list(csv.reader(stream))
    assert rows[0] == ["size", "NumPy", "Half"]
    for row, (size, full, half) in zip(rows[1:], expected_rows(values)):
        assert int(row[0]) == size and len(row[1].split(".")[1]) == 4
        np.testing.assert_allclose([float(row[1]), float(row[2])], [full, half], atol=1e-4)
    assert len(rows) == 4
    assert not (out / "vector-sum.png").exists()
    assert "<image" not in (out / "results.html").read_text()


def test_show_plots_without_matplotlib_warns_and_still_prints(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    bench, calls = make_report(_rng.standard_normal(32))
    with pytest.warns(RuntimeWarning, match="pip install matplotlib"):
        bench.run(show_plots=True, print_data=True)
    assert len(calls) == 6 and capsys.readouterr().out.startswith("vector-sum:\n")


class RecordingAxes:
    def __init__(self, log):
        self.log = log

    def __getattr__(self, name):
        return lambda *args, **kwargs: self.log.append((name, args, kwargs))


@pytest.fixture
def pyplot(monkeypatch):
    """A stand-in for matplotlib.pyplot that records every call."""
    log = []
    module = types.ModuleType("matplotlib.pyplot")
    axes = RecordingAxes(log)
    module.figure = lambda *a, **k: log.append(("figure", a, k)) or "the-figure"
    module.subplot = lambda *a, **k: axes
    module.show = lambda *a, **k: log.append(("show", a, k))
    module.close = lambda *a, **k: log.append(("close", a, k))

    def savefig(path, *args, **kwargs):
        log.append(("savefig", (path,), kwargs))
        with open(path, "wb") as stream:
            stream.write(b"png")

    module.savefig = savefig
    package = types.ModuleType("matplotlib")
    package.pyplot = module
    monkeypatch.setitem(sys.modules, "matplotlib", package)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", module)
    return log


@pytest.mark.parametrize("x_log", [True, False])
def test_the_plot_has_a_line_per_provider(pyplot, tmp_path, x_log):
    values = _rng.standard_normal(32)
    bench, _ = make_report(values, x_log=x_log)
    bench.run(save_path=str(tmp_path), show_plots=True)
    names = [name for name, _, _ in pyplot]
    assert names == ["figure", "plot", "fill_between", "plot", "legend", "set_xlabel",
                     "set_ylabel", "set_xscale", "set_yscale", "show", "savefig", "close"]
    plots = [(args, kwargs) for name, args, kwargs in pyplot if name == "plot"]
    rows = expected_rows(values)
    (x, y), style = plots[0]
    assert x == [8, 16, 32] and style == {"label": "NumPy", "color": "blue", "ls": "-"}
    np.testing.assert_allclose(y, [r[1] for r in rows], atol=1e-9)
    (x, y), style = plots[1]
    assert style == {"label": "Half", "color": "red", "ls": "--"}
    np.testing.assert_allclose(y, [r[2] for r in rows], atol=1e-9)
    band = next(args for name, args, _ in pyplot if name == "fill_between")
    np.testing.assert_allclose(band[1], [r[1] - 1.0 for r in rows], atol=1e-9)
    np.testing.assert_allclose(band[2], [r[1] + 1.0 for r in rows], atol=1e-9)
    calls = {name: args for name, args, _ in pyplot}
    assert calls["set_xlabel"] == ("size",) and calls["set_ylabel"] == ("sum",)
    assert calls["set_xscale"] == ("log" if x_log else "linear",)
    assert calls["savefig"] == (str(tmp_path / "vector-sum.png"),)
    assert '<image src="vector-sum.png"/>' in (tmp_path / "results.html").read_text()


def test_the_plot_is_drawn_by_matplotlib(tmp_path, monkeypatch):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    bench, _ = make_report(_rng.standard_normal(32))
    bench.run(save_path=str(tmp_path))
    image = (tmp_path / "vector-sum.png").read_bytes()
    assert image.startswith(b"\x89PNG") and len(image) > 5000


def test_no_plot_is_drawn_unless_shown_or_saved(pyplot):
    bench, _ = make_report(_rng.standard_normal(32))
    bench.run(print_data=False)
    assert pyplot == []


def test_several_x_names_and_benchmarks_and_return_df():
    values = _rng.standard_normal(64)

    def benchmark(x_vals, name):
        return testing.Benchmark(x_names=["m", "n"], x_vals=x_vals, line_arg="op",
                                 line_vals=["sum", "max"], line_names=["Sum", "Max"],
                                 plot_name=name, args={})

    @testing.perf_report([benchmark([(4, 8), (16, 32)], "pairs"), benchmark([8, 16], "same")])
    def bench(m, n, op):
        part = values[m:m + n]
        return float(part.sum() if op == "sum" else part.max())

    pairs, same = bench.run(return_df=True)
    assert list(pairs["m"]) == [4, 16] and list(pairs["n"]) == [8, 32]
    np.testing.assert_allclose(list(pairs["Sum"]), [values[4:12].sum(), values[16:48].sum()])
    np.testing.assert_allclose(list(same["Max"]), [values[8:16].max(), values[16:32].max()])
    with pytest.raises(ValueError, match="Expected 2 values"):
        testing.perf_report(benchmark([(1, 2, 3)], "bad"))(bench.fn).run()


def test_diff_col_and_extra_arguments():
    # As upstream's: with one x and one line, "Diff" is the line less the x.
    scale = float(_rng.uniform(1.0, 2.0))

    @testing.perf_report(testing.Benchmark(x_names=["n"], x_vals=[2, 5], line_arg="kind",
                                           line_vals=[3], line_names=["three"],
                                           plot_name="diff", args={}))
    def bench(n, kind, factor):
        return n * kind * factor

    table = bench.run(return_df=True, diff_col=True, factor=scale)
    np.testing.assert_allclose(list(table["Diff"]), [2 * 3 * scale - 2, 5 * 3 * scale - 5])


def test_triton_testing_names():
    assert triton.testing.perf_report is testing.perf_report
    assert triton.testing.Benchmark is testing.Benchmark is nereid.testing.Benchmark


def test_do_bench_modes():
    calls = []
    work = _rng.standard_normal(2000)

    def fn():
        calls.append(float(np.sort(work)[0]))

    low, median, high = testing.do_bench(fn, warmup=1, rep=3, quantiles=[0.2, 0.5, 0.8])
    assert 0 < low <= median <= high
    times = testing.do_bench(fn, warmup=1, rep=3, return_mode="all")
    assert isinstance(times, list) and len(times) >= 1
    assert calls[0] == work.min()
    with pytest.raises(ValueError, match="return_mode"):
        testing.do_bench(fn, return_mode="p50")
