"""`nereid.testing`: benchmarking and comparison helpers with Triton's names: `do_bench`,
`assert_close`, and `perf_report` / `Benchmark`, which run a function over a grid of arguments
and print, save and plot the results as Triton's tutorials do. Plots need matplotlib; without
it the tables still print and save, and each plot is skipped with a warning."""

from __future__ import annotations

import csv
import os
import statistics
import time
import warnings
from typing import Any, Callable, Optional, Sequence, Union

_RETURN_MODES = ("mean", "min", "max", "median", "all")


def do_bench(fn: Callable, warmup: int = 25, rep: int = 100, grad_to_none: Any = None,
             quantiles: Optional[Sequence[float]] = None, return_mode: str = "mean") -> Any:
    """Runs `fn` for about `warmup` ms, then times it for about `rep` ms; returns the time of
    one call in milliseconds (mean by default, or `return_mode` "min", "max", "median", "all"),
    or the given `quantiles` of the times (linearly interpolated, a list, or one number for one
    quantile). Host-side timing: right for CPU kernels and the interpreter."""
    if return_mode not in _RETURN_MODES:
        raise ValueError(f"return_mode is one of {', '.join(_RETURN_MODES)}; got {return_mode!r}")
    fn()
    start = time.perf_counter()
    fn()
    estimate_ms = max((time.perf_counter() - start) * 1e3, 1e-3)
    for _ in range(max(1, int(warmup / estimate_ms))):
        fn()
    times = []
    for _ in range(max(1, int(rep / estimate_ms))):
        for tensor in grad_to_none or ():
            tensor.grad = None
        begin = time.perf_counter()
        fn()
        times.append((time.perf_counter() - begin) * 1e3)
    if quantiles is not None:
        import numpy as np

        result = [float(q) for q in np.quantile(np.asarray(times), list(quantiles))]
        return result[0] if len(result) == 1 else result
    return {"mean": statistics.fmean, "min": min, "max": max,
            "median": statistics.median, "all": list}[return_mode](times)


def assert_close(x: Any, y: Any, atol: Optional[float] = None, rtol: Optional[float] = None,
                 err_msg: str = "") -> None:
    """Asserts that two arrays are equal within tolerances (numpy's rules)."""
    import numpy as np

    np.testing.assert_allclose(np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64),
                               atol=1e-2 if atol is None else atol,
                               rtol=0 if rtol is None else rtol, err_msg=err_msg)


# perf_report ---------------------------------------------------------------------------


class Benchmark:
    """One benchmark of `perf_report`: the function runs at every value of `x_vals` (given to
    each argument in `x_names`, or one element of a tuple to each) for every value of
    `line_arg` in `line_vals`, with `args` fixed; each line of the plot is one of `line_vals`,
    labelled by `line_names`, drawn in `styles[i] = (color, linestyle)`."""

    def __init__(self, x_names: list[str], x_vals: list[Any], line_arg: str,
                 line_vals: list[Any], line_names: list[str], plot_name: str,
                 args: dict[str, Any], xlabel: str = "", ylabel: str = "", x_log: bool = False,
                 y_log: bool = False, color: Any = None,
                 styles: Optional[list[tuple[str, str]]] = None) -> None:
        self.x_names = x_names
        self.x_vals = x_vals
        self.x_log = x_log
        self.line_arg = line_arg
        self.line_vals = line_vals
        self.line_names = line_names
        self.y_log = y_log
        self.styles = styles
        self.xlabel = xlabel
        self.ylabel = ylabel
        self.plot_name = plot_name
        self.args = args


class Table:
    """The results of one benchmark: named columns of equal length. `table["name"]` is a
    column; `to_string()` formats it as pandas prints a data frame; `to_csv` saves it."""

    def __init__(self, columns: list[str]) -> None:
        self.columns = list(columns)
        self.rows: list[list[Any]] = []

    def __getitem__(self, column: str) -> list[Any]:
        index = self.columns.index(column)
        return [row[index] for row in self.rows]

    def __len__(self) -> int:
        return len(self.rows)

    def select(self, columns: list[str]) -> "Table":
        table = Table(columns)
        indices = [self.columns.index(column) for column in columns]
        table.rows = [[row[i] for i in indices] for row in self.rows]
        return table

    def add_column(self, name: str, values: list[Any]) -> None:
        self.columns.append(name)
        for row, value in zip(self.rows, values):
            row.append(value)

    def to_string(self) -> str:
        def cells(values: list[Any]) -> list[str]:
            if any(isinstance(v, float) for v in values):
                return ["NaN" if v is None else f"{float(v):.6f}" for v in values]
            return ["None" if v is None else str(v) for v in values]

        columns = [[str(i) for i in range(len(self.rows))]]
        columns += [cells(self[name]) for name in self.columns]
        headers = [""] + self.columns
        widths = [max([len(h)] + [len(c) for c in column])
                  for h, column in zip(headers, columns)]
        lines = ["  ".join(h.rjust(w) for h, w in zip(headers, widths))]
        for r in range(len(self.rows)):
            lines.append("  ".join(column[r].rjust(w) for column, w in zip(columns, widths)))
        return "\n".join(lines)

    __str__ = to_string

    def to_csv(self, path: str, precision: int = 6) -> None:
        with open(path, "w", newline="") as stream:
            writer = csv.writer(stream)
            writer.writerow(self.columns)
            for row in self.rows:
                writer.writerow([f"{v:.{precision}f}" if isinstance(v, float) else
                                 "" if v is None else v for v in row])


def _plot(bench: Benchmark, table: Table, show_plots: bool, save_path: str) -> bool:
    """Draws one benchmark's lines, with the band between their min and max where the
    function returned them; returns whether it drew (False without matplotlib)."""
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        warnings.warn(f"matplotlib is not installed: the plot of `{bench.plot_name}` is skipped "
                      "(pip install matplotlib); its table is printed and saved as usual",
                      RuntimeWarning, stacklevel=3)
        return False
    figure = plt.figure()
    axes = plt.subplot()
    first_x = bench.x_names[0]
    for i, name in enumerate(bench.line_names):
        color = bench.styles[i][0] if bench.styles else None
        style = bench.styles[i][1] if bench.styles else None
        axes.plot(table[first_x], table[name], label=name, color=color, ls=style)
        low, high = table[f"{name}-min"], table[f"{name}-max"]
        if any(v is not None for v in low) and any(v is not None for v in high):
            nan = float("nan")
            axes.fill_between(table[first_x], [nan if v is None else float(v) for v in low],
                              [nan if v is None else float(v) for v in high], alpha=0.15,
                              color=color)
    axes.legend()
    axes.set_xlabel(bench.xlabel or first_x)
    axes.set_ylabel(bench.ylabel)
    axes.set_xscale("log" if bench.x_log else "linear")
    axes.set_yscale("log" if bench.y_log else "linear")
    if show_plots:
        plt.show()
    if save_path:
        plt.savefig(os.path.join(save_path, f"{bench.plot_name}.png"))
    plt.close(figure)
    return True


def _benchmark_points(count: int) -> int:
    """How many of a benchmark's `count` x values `Mark.run` measures: all of them, unless
    NEREID_BENCHMARK_POINTS holds a smaller number (0 measures none and leaves the table
    empty). It runs a GPU-sized sweep, such as those of upstream's tutorials, on a small host
    for its first sizes only."""
    setting = os.environ.get("NEREID_BENCHMARK_POINTS", "").strip()
    if not setting:
        return count
    if not setting.isdigit():
        raise ValueError(f"NEREID_BENCHMARK_POINTS is a number of points; got {setting!r}")
    return min(count, int(setting))


class Mark:
    """A function marked by `perf_report`: `run(...)` runs its benchmarks."""

    def __init__(self, fn: Callable, benchmarks: Union[Benchmark, list[Benchmark]]) -> None:
        self.fn = fn
        self.benchmarks = benchmarks

    def _run(self, bench: Benchmark, save_path: str, show_plots: bool, print_data: bool,
             diff_col: bool = False, save_precision: int = 6, **kwargs: Any) -> Any:
        x_names = list(bench.x_names)
        means = list(bench.line_names)
        table = Table(x_names + means + [f"{name}-min" for name in means]
                      + [f"{name}-max" for name in means])
        x_vals = list(bench.x_vals)
        for x in x_vals[:_benchmark_points(len(x_vals))]:
            if not isinstance(x, (list, tuple)):
                x = [x for _ in x_names]
            if len(x) != len(x_names):
                raise ValueError(f"Expected {len(x_names)} values, got {x}")
            row_mean, row_min, row_max = [], [], []
            for y in bench.line_vals:
                result = self.fn(**dict(zip(x_names, x)), **{bench.line_arg: y}, **bench.args,
                                 **kwargs)
                try:
                    y_mean, y_min, y_max = result
                except TypeError:
                    y_mean, y_min, y_max = result, None, None
                row_mean.append(y_mean)
                row_min.append(y_min)
                row_max.append(y_max)
            table.rows.append(list(x) + row_mean + row_min + row_max)
        plotted = False
        if bench.plot_name and (show_plots or save_path):
            plotted = _plot(bench, table, show_plots, save_path)
        table = table.select(x_names + means)
        if diff_col and len(table.columns) == 2:
            first, second = table.columns
            table.add_column("Diff", [b - a for a, b in zip(table[first], table[second])])
        if print_data:
            print(bench.plot_name + ":")
            print(table.to_string())
        if save_path:
            table.to_csv(os.path.join(save_path, f"{bench.plot_name}.csv"), save_precision)
        return _as_data_frame(table), plotted

    def run(self, show_plots: bool = False, print_data: bool = False, save_path: str = "",
            return_df: bool = False, **kwargs: Any) -> Any:
        """Runs every benchmark: prints its table (`print_data`), shows its plot
        (`show_plots`), and saves `<plot_name>.csv`, `<plot_name>.png` and a `results.html`
        of the plots under `save_path`. Returns the tables (`return_df`): pandas data frames
        where pandas is installed, else `Table`s."""
        single = isinstance(self.benchmarks, Benchmark)
        benchmarks = [self.benchmarks] if single else self.benchmarks
        if save_path:
            os.makedirs(save_path, exist_ok=True)
        tables, images = [], []
        for bench in benchmarks:
            table, plotted = self._run(bench, save_path, show_plots, print_data, **kwargs)
            tables.append(table)
            if plotted:
                images.append(f"{bench.plot_name}.png")
        if save_path:
            with open(os.path.join(save_path, "results.html"), "w") as html:
                html.write("<html><body>\n")
                for image in images:
                    html.write(f'<image src="{image}"/>\n')
                html.write("</body></html>\n")
        if return_df:
            return tables[0] if single else tables
        return None


def _as_data_frame(table: Table) -> Any:
    """`table` as a pandas DataFrame where pandas is installed, else as it is."""
    try:
        import pandas
    except ImportError:
        return table
    return pandas.DataFrame(table.rows, columns=table.columns)


def perf_report(benchmarks: Union[Benchmark, list[Benchmark]]) -> Callable[[Callable], Mark]:
    """Marks a function for benchmarking over `benchmarks`; `.run(...)` on the result runs
    them."""
    return lambda fn: Mark(fn, benchmarks)
