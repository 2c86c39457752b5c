"""`nereid.testing`: benchmarking and comparison helpers with Triton's names."""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable, Optional, Sequence


def do_bench(fn: Callable, warmup: int = 25, rep: int = 100, grad_to_none: Any = None,
             quantiles: Optional[Sequence[float]] = None, return_mode: str = "mean") -> Any:
    """Runs `fn` for about `warmup` ms, then times it for about `rep` ms; returns the time of
    one call in milliseconds (mean by default, or `return_mode` "min", "max", "median", or the
    given `quantiles`). Host-side timing: right for CPU kernels and the interpreter."""
    fn()
    start = time.perf_counter()
    fn()
    estimate_ms = max((time.perf_counter() - start) * 1e3, 1e-3)
    for _ in range(max(1, int(warmup / estimate_ms))):
        fn()
    times = []
    for _ in range(max(1, int(rep / estimate_ms))):
        begin = time.perf_counter()
        fn()
        times.append((time.perf_counter() - begin) * 1e3)
    if quantiles is not None:
        ordered = sorted(times)
        result = [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in quantiles]
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
