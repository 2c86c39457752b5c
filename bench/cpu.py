"""The CPU backend against numpy, torch CPU and this machine's ceilings, in one table.

    .venv/bin/python bench/cpu.py [--threads 1,2] [--quick] [--large] [--markdown] [--reps N]
                                  [--checked] [--only TEXT,...]

Kernels (Triton's tutorials, from test/python/kernels/tutorials.py; their sizes, inputs, checks
and peers in bench/cpu_cases.py): vector add 2^26 fp32, softmax 4096x4096 and 16384x1024 fp32,
layer norm forward 8192x4096 fp32, matmul fp32 and bf16 at 1024^3 and 2048^3 (4096^3 with
--large; block shapes autotuned, as the tutorial's are, on the first launch of each size, dtype
and thread count, and named in the notes; where the CPU has AVX-512 BF16, bf16 at the first size
also with NEREID_CPU_BF16_DOT=vdpbf16ps), flash attention forward (one head of 2048 x 64, f16),
and an empty kernel's launch. Each runs on the CPU
backend (NEREID_INTERPRET unset) with num_threads = each of --threads (default 1 and every core).

Before any timing, each kernel is checked: on a small size against numpy and against the
interpreter (the golden model), and at the benchmarked size against numpy. A kernel that fails to
compile or gives a wrong result gets a FAILED row and a note, and is not timed.

The ceilings come from libnereid_bench_ceilings.so (bench/ceilings.cpp, built with the project):
a STREAM triad over arrays far larger than the last-level cache, in GB/s, and an FMA-peak loop of
independent vector FMA chains, in fp32 GFLOP/s, both on 1 thread and on every thread count of the
run, each the best that its repetitions reach in the run (at its start, before every kernel and
at its end: on a machine shared with other work, bandwidth and clocks vary). Kernel times, and
their peers', are the best of --reps timed launches and of as many more as fit in a second,
after a warm-up (time.perf_counter around whole launches); GB/s counts the bytes a kernel must
move (add: 12 per element; softmax: 8; layer norm: 8 per element plus the weights and row
statistics), GFLOP/s counts 2*M*N*K (attention: 4*N*N*D, its two products).

--checked also times the memory-bound kernels (GB/s rows) bounds-checked (the launch option
`debug=True`; docs/cpu.md, Bounds-checked kernels), in the same run and right after the
unchecked launches, in a row of its own that gives the checked time over the unchecked one
(issue 30 asks at most 1.5x).
"""

from __future__ import annotations

import argparse
import ctypes
import math
import os
import platform
import subprocess
import time
import traceback
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

HERE = Path(__file__).resolve().parent
REPO = HERE.parent

os.environ.pop("NEREID_INTERPRET", None)
os.environ.pop("TRITON_INTERPRET", None)

# The kernels and their peers (bench/cpu_cases.py); the machine's ceilings (cpu_ceilings.py).
from cpu_cases import TORCH, Case, NumpyBlasThreads, assert_close, cases  # noqa: E402
from cpu_ceilings import Ceilings  # noqa: E402


def call_us(function: Callable[[], Any], calls: int, reps: int,
            timer: Callable[[], float] = time.perf_counter) -> float:
    """The best of `reps` runs of `calls` calls, in microseconds per call (wall time, or the
    calling thread's CPU time with timer=time.thread_time)."""
    function()
    best = math.inf
    for _ in range(reps):
        start = timer()
        for _ in range(calls):
            function()
        best = min(best, timer() - start)
    return best / calls * 1e6



# --- Measuring --------------------------------------------------------------------------------

# Longer than OpenMP's and OpenBLAS's idle threads spin after a parallel region (libomp's
# KMP_BLOCKTIME is 200 ms), so that one runtime's spinning threads do not take the cores of the next.
SETTLE_SECONDS = 0.3


# Each kernel and peer is timed for at least this long, and for at least --reps calls: the
# ceilings are the best of their runs before every case, seconds of them in all, and a kernel
# timed for a few milliseconds on a machine whose bandwidth varies with its neighbours' work
# would have much less chance than they of a quiet moment.
MIN_TIMED_SECONDS = 1.0


def best_seconds(function: Callable[[], None], reps: int) -> float:
    """The best of at least `reps` timed calls, and of as many more as fit in MIN_TIMED_SECONDS,
    after one warm-up call; fewer when one call takes more than a second (at least 2)."""
    time.sleep(SETTLE_SECONDS)
    start = time.perf_counter()
    function()
    warmup = time.perf_counter() - start
    budget = MIN_TIMED_SECONDS
    if warmup > 1.0:
        reps, budget = max(2, min(reps, int(6.0 / warmup))), 0.0
    best, spent, calls = math.inf, 0.0, 0
    while calls < reps or spent < budget:
        start = time.perf_counter()
        function()
        elapsed = time.perf_counter() - start
        best, spent, calls = min(best, elapsed), spent + elapsed, calls + 1
    return best


def interpreted(launch: Callable[[], None]) -> None:
    os.environ["NEREID_INTERPRET"] = "1"
    try:
        launch()
    finally:
        del os.environ["NEREID_INTERPRET"]


def short_error(error: BaseException) -> str:
    text = f"{type(error).__name__}: {error}".strip()
    first = text.splitlines()[0] if text else type(error).__name__
    return first[:160]


def verify(case: Case) -> tuple[Optional[str], str]:
    """Checks `case` before timing it; returns (why it failed or None, the full error)."""
    stage = "small size on the CPU backend"
    try:
        on_cpu = case.make(case.small)
        case.launch(on_cpu, 1)
        case.check(on_cpu)
        stage = "small size in the interpreter"
        golden = case.make(case.small)
        interpreted(lambda: case.launch(golden, 1))
        case.check(golden)
        stage = "small size, CPU backend against the interpreter"
        if case.agree is not None:
            case.agree(on_cpu, golden)
        else:
            for name, value in on_cpu.items():
                assert_close(value, golden[name], 1e-5, 1e-6, f"{case.name}: `{name}`")
        return None, ""
    except Exception as error:  # noqa: BLE001 -- any failure is the row's result
        return f"{stage}: {short_error(error)}", traceback.format_exc()


@dataclass
class Row:
    kernel: str
    threads: str
    time: str = "-"
    achieved: str = "-"
    numpy: str = "-"
    vs_numpy: str = "-"
    torch: str = "-"
    vs_torch: str = "-"
    ceiling: str = "-"
    of_ceiling: str = "-"
    target: str = "-"
    met: str = "-"


HEADER = ["kernel", "threads", "time", "achieved", "numpy", "x numpy", "torch", "x torch",
          "ceiling", "of ceiling", "target", "met"]


def fmt_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} us"
    if seconds < 1.0:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.3f} s"


def fmt_rate(value: float, unit: str) -> str:
    return f"{value:.1f} {unit}" if value >= 10 else f"{value:.2f} {unit}"


def verdict(case: Case, rate: float, ceiling: float, numpy_rate: Optional[float]) -> str:
    if not case.target_fraction and not case.faster_than_numpy:
        return "no target"
    reasons = []
    if case.target_fraction and rate < case.target_fraction * ceiling:
        label = "triad" if case.ceiling == "triad" else "FMA peak"
        reasons.append(f"{rate / ceiling:.1%} of the {label}, not {case.target_fraction:.0%}")
    if case.faster_than_numpy and numpy_rate is not None and rate <= numpy_rate:
        reasons.append(f"{rate / numpy_rate:.2f}x numpy, not faster")
    return "no: " + "; ".join(reasons) if reasons else "yes"


@dataclass
class Measurement:
    """One case on one thread count (or, failed, on all of them): what was measured, before it
    is put against the ceilings of the whole run."""
    case: Case
    threads: str
    failed: bool = False
    seconds: float = 0.0            # best time of one launch; per call for the launch case
    cpu_seconds: float = 0.0        # launch case: the launching thread's CPU time per call
    numpy_rate: Optional[float] = None
    torch_rate: Optional[float] = None
    torch_failed: bool = False
    checked_seconds: Optional[float] = None  # --checked: the same launch bounds-checked


# The most a bounds-checked launch of a memory-bound kernel may take, in unchecked launches
# (issue 30).
CHECKED_TARGET = 1.5


def measure_case(case: Case, threads: list[int], reps: int, blas_threads,
                 notes: list[str], checked: bool = False) -> list[Measurement]:
    start = time.perf_counter()
    failure, details = verify(case)
    arrays = None
    if failure is None:
        try:
            arrays = case.make(case.shape)
            case.launch(arrays, threads[-1])
            case.check(arrays)
        except Exception as error:  # noqa: BLE001 -- any failure is the row's result
            failure = f"benchmarked size: {short_error(error)}"
            details = traceback.format_exc()
    if failure is not None:
        notes.append(f"{case.name} FAILED ({failure})\n" + "\n".join(
            "      " + line for line in details.strip().splitlines()[-12:]))
        return [Measurement(case, ",".join(map(str, threads)), failed=True)]
    notes.append(f"{case.name}: checks and first launch {time.perf_counter() - start:.1f} s "
                 "(including compilation, or loading it from the kernel cache)")
    checked = checked and case.unit == "GB/s"
    if checked:
        start = time.perf_counter()
        try:
            case.launch(arrays, threads[-1], debug=True)
            case.check(arrays)
        except Exception as error:  # noqa: BLE001 -- any failure is the row's result
            notes.append(f"{case.name}, bounds-checked FAILED ({short_error(error)})")
            checked = False
        else:
            notes.append(f"{case.name}, bounds-checked: checks and first launch "
                         f"{time.perf_counter() - start:.1f} s")
    measured = []
    for count in threads:
        m = Measurement(case, str(count))
        launch = lambda: case.launch(arrays, count)  # noqa: E731
        if case.ceiling == "launch":
            m.seconds = call_us(launch, 20000, reps) * 1e-6
            m.cpu_seconds = call_us(launch, 20000, reps, time.thread_time) * 1e-6
            measured.append(m)
            continue
        m.seconds = best_seconds(launch, reps)
        if checked:
            m.checked_seconds = best_seconds(lambda: case.launch(arrays, count, debug=True),
                                             reps)
        if case.numpy is not None:
            blas_threads(count)
            m.numpy_rate = case.work / best_seconds(case.numpy(arrays), reps) / 1e9
        if TORCH is not None and case.torch is not None:
            TORCH.set_num_threads(count)
            try:
                m.torch_rate = case.work / best_seconds(case.torch(arrays), reps) / 1e9
            except Exception as error:  # noqa: BLE001
                m.torch_failed = True
                notes.append(f"torch on {case.name}: {short_error(error)}")
        measured.append(m)
    if case.tuned is not None:
        notes.append(f"{case.name}: autotuned blocks " + ", ".join(
            f"{case.tuned(arrays, count)} on {count} thread{'s' * (count > 1)}"
            for count in threads))
    return measured


def kernel_row(m: Measurement, ceilings: dict) -> Row:
    case = m.case
    if m.failed:
        return Row(case.name, m.threads, time="FAILED", target=case.target,
                   met="failed, see notes")
    row = Row(case.name, m.threads, target=case.target)
    row.torch = row.vs_torch = "n/a"
    if case.ceiling == "launch":
        micros, floor = m.seconds * 1e6, ceilings[("launch", 1)]
        row.time = f"{micros:.2f} us (CPU {m.cpu_seconds * 1e6:.2f})"
        row.numpy = row.vs_numpy = "n/a"
        row.ceiling = f"ctypes call {floor:.2f} us"
        row.of_ceiling = f"{micros / floor:.1f}x the floor"
        row.met = "yes" if micros < 10.0 else f"no: {micros:.1f} us"
        return row
    rate = case.work / m.seconds / 1e9
    row.time, row.achieved = fmt_time(m.seconds), fmt_rate(rate, case.unit)
    if m.numpy_rate is not None:
        row.numpy, row.vs_numpy = fmt_rate(m.numpy_rate, case.unit), f"{rate / m.numpy_rate:.2f}x"
    if m.torch_rate is not None:
        row.torch, row.vs_torch = fmt_rate(m.torch_rate, case.unit), f"{rate / m.torch_rate:.2f}x"
    elif m.torch_failed:
        row.torch = row.vs_torch = "failed"
    ceiling = ceilings[(case.ceiling, int(m.threads))]
    if case.ceiling == "triad":
        row.ceiling = f"triad {fmt_rate(ceiling, 'GB/s')}"
    else:
        row.ceiling = f"FMA peak {fmt_rate(ceiling, 'GFLOP/s')}"
    row.of_ceiling = f"{rate / ceiling:.0%}"
    row.met = verdict(case, rate, ceiling, m.numpy_rate)
    return row


def checked_row(m: Measurement, ceilings: dict) -> Row:
    """The row of `m`'s bounds-checked launches, against its unchecked ones."""
    case = m.case
    rate = case.work / m.checked_seconds / 1e9
    ratio = m.checked_seconds / m.seconds
    ceiling = ceilings[(case.ceiling, int(m.threads))]
    return Row(f"{case.name}, bounds-checked", m.threads, time=fmt_time(m.checked_seconds),
               achieved=fmt_rate(rate, case.unit), ceiling=f"triad {fmt_rate(ceiling, 'GB/s')}",
               of_ceiling=f"{rate / ceiling:.0%}",
               target=f"<= {CHECKED_TARGET}x unchecked",
               met=f"{'yes' if ratio <= CHECKED_TARGET else 'no'}: {ratio:.2f}x unchecked")


def measure_ceilings(ceilings: Ceilings, threads: list[int], quick: bool, reps: int,
                     best: dict) -> None:
    elements = 2**23 if quick else 2**25   # doubles per array: 3 x 256 MiB, 8x the L3 here
    iterations = 2**22 if quick else 2**24
    for count in threads:
        triad = ceilings.triad_gbps(elements, count, reps)
        fma = ceilings.fma_gflops(iterations, count, reps)
        best[("triad", count)] = max(best.get(("triad", count), 0.0), triad)
        best[("fma", count)] = max(best.get(("fma", count), 0.0), fma)
    noop_args = ctypes.c_void_p(0)
    floor = call_us(lambda: ceilings.noop(noop_args, 1, 1, 1, 1), 20000, reps)
    best[("launch", 1)] = min(best.get(("launch", 1), math.inf), floor)


def ceiling_rows(ceilings: Ceilings, best: dict, threads: list[int]) -> list[Row]:
    rows = []
    for count in threads:
        rows.append(Row("STREAM triad (ceiling)", str(count),
                        achieved=fmt_rate(best[("triad", count)], "GB/s")))
    for count in threads:
        rows.append(Row(f"FMA peak, {ceilings.isa} (ceiling)", str(count),
                        achieved=fmt_rate(best[("fma", count)], "GFLOP/s")))
    rows.append(Row("ctypes call of a no-op (launch floor)", "1",
                    time=f"{best[('launch', 1)]:.2f} us"))
    return rows


# --- Output -----------------------------------------------------------------------------------

def render(rows: list[Row], markdown: bool) -> str:
    cells = [HEADER] + [[r.kernel, r.threads, r.time, r.achieved, r.numpy, r.vs_numpy, r.torch,
                         r.vs_torch, r.ceiling, r.of_ceiling, r.target, r.met] for r in rows]
    if markdown:
        lines = ["| " + " | ".join(cells[0]) + " |", "|" + "---|" * len(HEADER)]
        return "\n".join(lines + ["| " + " | ".join(c) + " |" for c in cells[1:]])
    widths = [max(len(c[i]) for c in cells) for i in range(len(HEADER))]
    lines = ["  ".join(c[i].ljust(widths[i]) for i in range(len(HEADER))).rstrip()
             for c in cells]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def describe_machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} CPUs, {platform.system()} {platform.release()}"


def git_revision() -> str:
    try:
        revision = subprocess.run(["git", "-C", str(REPO), "rev-parse", "--short", "HEAD"],
                                  capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(REPO), "status", "--porcelain",
                                "--untracked-files=no"], capture_output=True, text=True).stdout
        return revision + (" plus uncommitted changes" if dirty.strip() else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def parse_threads(text: Optional[str]) -> list[int]:
    cores = os.cpu_count() or 1
    if not text:
        return sorted({1, cores})
    counts = sorted({int(t) for t in text.split(",") if t.strip()})
    if not counts or counts[0] < 1:
        raise argparse.ArgumentTypeError(f"--threads takes positive integers; got {text!r}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=str, default=None,
                        help="comma-separated thread counts (default: 1 and every core)")
    parser.add_argument("--quick", action="store_true", help="small sizes, for smoke tests")
    parser.add_argument("--large", action="store_true", help="also matmul 4096^3")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--reps", type=int, default=5, help="timed repetitions (best of)")
    parser.add_argument("--checked", action="store_true",
                        help="also time the memory-bound kernels bounds-checked (debug=True)")
    parser.add_argument("--only", type=str, default=None,
                        help="only the kernels whose names contain one of these comma-separated "
                             "texts")
    args = parser.parse_args()
    threads = parse_threads(args.threads)
    reps = 3 if args.quick and args.reps == 5 else args.reps

    started = time.time()
    load_start = os.getloadavg()
    ceilings = Ceilings()
    blas_threads = NumpyBlasThreads()
    best: dict = {}
    measure_ceilings(ceilings, threads, args.quick, reps, best)
    notes: list[str] = []
    measured: list[Measurement] = []
    for case in cases(args.quick, args.large):
        if args.only is not None and not any(text in case.name
                                             for text in args.only.split(",")):
            continue
        # The machine's bandwidth and clock vary with other work on it: the ceilings are the best
        # they reach in the run, measured before every case too.
        measure_ceilings(ceilings, threads, args.quick, 5, best)
        measured += measure_case(case, threads, reps, blas_threads, notes, args.checked)
    measure_ceilings(ceilings, threads, args.quick, reps, best)
    load_end = os.getloadavg()

    torch_note = (f"torch {TORCH.__version__} CPU, torch.set_num_threads(row's threads)"
                  if TORCH is not None else "torch: n/a (not installed)")
    print(f"Nereid CPU backend, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(started))}, "
          f"{git_revision()}; {describe_machine()}")
    print(f"threads {threads}; best of at least {reps} calls and {MIN_TIMED_SECONDS:.0f} s "
          f"after a warm-up; {torch_note}; "
          f"{blas_threads.note}; load average {load_start[0]:.2f} at the start, "
          f"{load_end[0]:.2f} at the end ({time.time() - started:.0f} s)"
          + ("; --quick sizes" if args.quick else ""))
    print()
    rows = ceiling_rows(ceilings, best, threads)
    for m in measured:
        rows.append(kernel_row(m, best))
        if m.checked_seconds is not None:
            rows.append(checked_row(m, best))
    print(render(rows, args.markdown))
    print()
    print("Notes:")
    print("- x numpy / x torch: Nereid's speed over the peer's (above 1: Nereid is faster). numpy's "
          "elementwise ops run on one thread at every row's thread count; bf16 matmul's numpy "
          "is sgemm on the same values widened to fp32 (numpy has no bf16 BLAS).")
    print("- Ceilings: the best that the triad and FMA loops reach in the run; they run at its start, "
          "before every kernel, and at its end.")
    print("- empty kernel launch: `empty_kernel[(1,)](x, y, out, n, scale, num_threads=t)`, the "
          "whole @jit path, per call over 20000 calls; wall time, and in brackets the launching "
          "thread's CPU time, which other work on the machine inflates less.")
    for note in notes:
        print(f"- {note}")


if __name__ == "__main__":
    main()
