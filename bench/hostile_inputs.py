"""Issue 30's table, re-measured: the bad inputs that once crashed, hung or corrupted memory
without a word, each tried again in a fresh process.

    .venv/bin/python bench/hostile_inputs.py [--timeout S] [--only TEXT]

Each probe runs a small program (the kernels of PRELUDE, then its own lines) in a subprocess
with its own kernel cache and environment, and is classified by what happened:
- `clean error`: it raised a Python exception (the launch or compilation refused the input);
- `correct`: it finished and its check of the result held (`ok(True)`);
- `silent wrong`: it finished without an error but its check failed, or a probe that expects
  an error got none;
- `crash`: the process died of a signal (or an abort);
- `hang`: it ran past the time limit.
Probes that expect an error count a clean error as what they should do, probes that expect a
value only `correct`, and probes of inputs that may be refused or handled (negative strides,
as upstream refuses them) either. The table prints, per category, how many probes were tried and
how many ended each way, then each probe with the last line of what it said (an error's own
line: check that it refused the input, not the probe), then every probe that did not end as
it should."""

from __future__ import annotations

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

PRELUDE = r'''
import os, sys, threading, subprocess, glob
import numpy as np
import nereid
import nereid.language as tl

rng = np.random.default_rng(0)


def ok(condition):
    print("RESULT correct" if condition else "RESULT wrong")


@nereid.jit
def copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)


@nereid.jit
def store_at(out_ptr, start, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.store(out_ptr + start + i, tl.full([BLOCK], 1.0, tl.float32), mask=i < n)


@nereid.jit
def load_at(x_ptr, out_ptr, start, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.store(out_ptr + i, tl.load(x_ptr + start + i, mask=i < n, other=0.0), mask=i < n)


@nereid.jit
def atomic_at(out_ptr, start, BLOCK: tl.constexpr):
    tl.atomic_add(out_ptr + start + tl.arange(0, BLOCK), tl.full([BLOCK], 1.0, tl.float32))


@nereid.jit
def write_n(out_ptr, n):
    tl.store(out_ptr, n)


@nereid.jit
def transpose(x_ptr, out_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    x = tl.load(x_ptr + r[:, None] * N + r[None, :])
    tl.store(out_ptr + r[:, None] * N + r[None, :], tl.trans(x))


@nereid.jit
def matmul(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    m, n, k = tl.arange(0, M), tl.arange(0, N), tl.arange(0, K)
    a = tl.load(a_ptr + m[:, None] * K + k[None, :])
    b = tl.load(b_ptr + k[:, None] * N + n[None, :])
    tl.store(c_ptr + m[:, None] * N + n[None, :], tl.dot(a, b, input_precision="ieee"))


@nereid.jit
def checked_copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.device_assert(x >= 0, "negative input")
    tl.store(out_ptr + offs, x, mask=offs < n)


SCALE_ADD = """
import sys, numpy as np, nereid, nereid.language as tl
SCALE = 3.0 if sys.argv[1:] == ["other"] else 2.0
@nereid.jit
def scale_add(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * SCALE, mask=offs < n)
x = np.arange(1000, dtype=np.float32)
out = np.zeros_like(x)
scale_add[(8,)](x, out, 1000, BLOCK=128)
print("RESULT correct" if np.array_equal(out, x * np.float32(SCALE)) else "RESULT wrong")
"""


def launch_scale_add(cache, *args):
    """scale_add in a process of its own (a file: @jit reads its kernels' source) on `cache`."""
    import tempfile
    script = os.path.join(tempfile.mkdtemp(), "scale_add.py")
    with open(script, "w") as file:
        file.write(SCALE_ADD)
    return subprocess.run([sys.executable, script, *args],
                          env=dict(os.environ, NEREID_CACHE_DIR=cache), capture_output=True,
                          text=True, timeout=120)


def damaged_cache_launch(damage):
    """Fills a fresh cache with scale_add's library, damages it with `damage(path)`, and
    launches the kernel again in another process: its result."""
    import tempfile
    cache = tempfile.mkdtemp()
    run = lambda: launch_scale_add(cache)
    run()
    (library,) = glob.glob(os.path.join(cache, "**", "kernel.so"), recursive=True)
    damage(library)
    second = run()
    if second.returncode < 0:
        os.kill(os.getpid(), -second.returncode)
    print(second.stdout)
'''


@dataclass
class Probe:
    category: str
    name: str
    expect: str  # "error", "value", or "either" (refused, or computed correctly)
    code: str
    environment: dict | None = None


def probes() -> list[Probe]:
    memory = "memory safety (debug=True)"
    launch = "launch validation"
    probes = [
        Probe(memory, "store one past the end", "error", """
            buffer = np.zeros(32, np.float32)
            store_at[(1,)](buffer[:16], 0, 17, BLOCK=32, debug=True)"""),
        Probe(memory, "off-by-one mask reads past the end", "error", """
            load_at[(1,)](np.ones(16, np.float32), np.zeros(32, np.float32), 0, 17, BLOCK=32,
                          debug=True)"""),
        Probe(memory, "read at x[-1]", "error", """
            load_at[(1,)](np.ones(16, np.float32), np.zeros(32, np.float32), -1, 1, BLOCK=32,
                          debug=True)"""),
        Probe(memory, "read 1 Mi elements past the end", "error", """
            load_at[(1,)](np.ones(16, np.float32), np.zeros(32, np.float32), 1 << 20, 1,
                          BLOCK=32, debug=True)"""),
        Probe(memory, "write 1 Mi elements past the end", "error", """
            store_at[(1,)](np.zeros(16, np.float32), 1 << 20, 1, BLOCK=32, debug=True)"""),
        Probe(memory, "atomic one past the end", "error", """
            buffer = np.zeros(32, np.float32)
            atomic_at[(1,)](buffer[:16], 1, BLOCK=16, debug=True)"""),
        Probe(launch, "negative-stride input", "either", """
            x = rng.standard_normal(64).astype(np.float32)[::-1]
            out = np.zeros(64, np.float32)
            copy[(1,)](x, out, 64, BLOCK=64)
            ok(np.array_equal(out, x))"""),
        Probe(launch, "negative-stride output", "either", """
            x = rng.standard_normal(64).astype(np.float32)
            backing = np.zeros(128, np.float32)
            out = backing[64:][::-1]
            copy[(1,)](x, out, 64, BLOCK=64)
            ok(np.array_equal(out, x) and not backing[:64].any())"""),
        Probe(launch, "read-only output (writeable=False)", "error", """
            out = np.zeros(64, np.float32)
            out.setflags(write=False)
            copy[(1,)](np.ones(64, np.float32), out, 64, BLOCK=64)"""),
        Probe(launch, "read-only output (np.frombuffer of bytes)", "error", """
            out = np.frombuffer(bytes(256), np.float32)
            copy[(1,)](np.ones(64, np.float32), out, 64, BLOCK=64)"""),
        Probe(launch, "read-only output (np.memmap mode='r')", "error", """
            import tempfile
            path = tempfile.mktemp()
            np.zeros(64, np.float32).tofile(path)
            out = np.memmap(path, np.float32, mode="r")
            copy[(1,)](np.ones(64, np.float32), out, 64, BLOCK=64)"""),
        Probe(launch, "zero-stride output (np.broadcast_to)", "error", """
            out = np.broadcast_to(np.zeros(1, np.float32), (1000,))
            copy[(1,)](np.ones(1000, np.float32), out, 1000, BLOCK=1024)"""),
        Probe(launch, "an array where an integer is expected", "error", """
            copy[(1,)](np.ones(64, np.float32), np.zeros(64, np.float32), np.zeros(64),
                       BLOCK=64)"""),
        Probe(launch, "n = 16, then n = 2**40 (respecialized to i64)", "value", """
            out = np.zeros(1, np.int64)
            write_n[(1,)](out, 16)
            first = out[0]
            write_n[(1,)](out, 2**40)
            ok(first == 16 and out[0] == 2**40)"""),
        Probe(launch, "n = 16, then n = 2**40, interpreter", "value", """
            out = np.zeros(1, np.int64)
            write_n[(1,)](out, 16, backend="interpreter")
            write_n[(1,)](out, 2**40, backend="interpreter")
            ok(out[0] == 2**40)"""),
        Probe(launch, "comparing an int tensor with a pointer (r < x_ptr)", "error", """
            @nereid.jit
            def compare(x_ptr):
                r = tl.arange(0, 16)
                tl.store(x_ptr + r, r < x_ptr)
            compare[(1,)](np.zeros(16, np.int32))"""),
        Probe(launch, "tl.zeros((2**31, 1))", "error", """
            @nereid.jit
            def huge(x_ptr):
                tl.store(x_ptr, tl.sum(tl.sum(tl.zeros((2**31, 1), tl.float32), 1), 0))
            huge[(1,)](np.zeros(1, np.float32))"""),
    ]
    for grid in ("2.5", "'12'", "2**32", "2**32 + 3"):
        for backend in ("cpu", "interpreter"):
            probes.append(Probe(launch, f"grid ({grid},) on {backend}", "error", f"""
                copy[({grid},)](np.ones(64, np.float32), np.zeros(64, np.float32), 64, BLOCK=64,
                                 backend="{backend}")"""))
    for name, option in (("num_threads=10**6", "num_threads=10**6"),
                         ("num_threads=-1, interpreter", "num_threads=-1, backend='interpreter'"),
                         ("scheduler='bogus', interpreter",
                          "scheduler='bogus', backend='interpreter'"),
                         ("backend='nonexistent'", "backend='nonexistent'")):
        probes.append(Probe(launch, name, "error", f"""
            copy[(1,)](np.ones(64, np.float32), np.zeros(64, np.float32), 64, BLOCK=64,
                       {option})"""))
    for variable, value in (("NEREID_NUM_THREADS", "1000000"), ("OMP_NUM_THREADS", "abc")):
        probes.append(Probe(launch, f"{variable}={value}", "error", """
            copy[(1,)](np.ones(64, np.float32), np.zeros(64, np.float32), 64, BLOCK=64)""",
                            {variable: value}))

    threads = "threads"
    probes += [
        Probe(threads, "a 256x512x64 dot launched from a thread with a 256 KiB stack", "value", """
            a = rng.standard_normal((256, 64)).astype(np.float32)
            b = rng.standard_normal((64, 512)).astype(np.float32)
            c = np.zeros((256, 512), np.float32)
            threading.stack_size(256 * 1024)
            worker = threading.Thread(target=lambda: matmul[(1,)](a, b, c, M=256, N=512, K=64))
            worker.start(); worker.join()
            ok(np.allclose(c, a @ b, rtol=1e-4, atol=1e-3))"""),
        Probe(threads, "an assertion that fails in one of two concurrent launches", "value", """
            good, bad = np.ones(64, np.float32), -np.ones(64, np.float32)
            checked_copy[(1,)](good, np.zeros(64, np.float32), 64, BLOCK=64, debug=True)
            wrong = []
            def launch(x, fails):
                for _ in range(200):
                    try:
                        checked_copy[(1,)](x, np.zeros(64, np.float32), 64, BLOCK=64,
                                           debug=True)
                        raised = False
                    except Exception:
                        raised = True
                    if raised != fails:
                        wrong.append(fails)
            workers = [threading.Thread(target=launch, args=(good, False)),
                       threading.Thread(target=launch, args=(bad, True))]
            for w in workers: w.start()
            for w in workers: w.join()
            ok(not wrong)"""),
    ]
    compile_time = "compile time"
    # 4096 x 4096 is more than a tile may hold (2^20 elements): upstream refuses it too.
    for n, expect in ((256, "value"), (4096, "either")):
        probes.append(Probe(compile_time, f"a {n}x{n} transpose", expect, f"""
            x = rng.standard_normal(({n}, {n})).astype(np.float32)
            out = np.zeros_like(x)
            transpose[(1,)](x, out, N={n})
            ok(np.array_equal(out, x.T))"""))
    cache = "kernel cache"
    for name, damage in (
            ("a truncated kernel.so", "lambda p: os.truncate(p, os.path.getsize(p) // 2)"),
            ("a zeroed kernel.so",
             "lambda p: open(p, 'r+b').write(bytes(os.path.getsize(p)))"),
            ("a kernel.so filled with int3",
             "lambda p: open(p, 'r+b').write(b'\\xcc' * os.path.getsize(p))"),
            ("16 random bytes of kernel.so overwritten",
             "lambda p: (lambda f: (f.seek(os.path.getsize(p) // 3), f.write(os.urandom(16))))"
             "(open(p, 'r+b'))")):
        probes.append(Probe(cache, name, "value", f"damaged_cache_launch({damage})"))
    probes.append(Probe(cache, "kernel.so replaced by another kernel of the same name", "value",
                        """
        import tempfile, shutil
        other = tempfile.mkdtemp()
        launch_scale_add(other, "other").check_returncode()
        (replacement,) = glob.glob(os.path.join(other, "**", "kernel.so"), recursive=True)
        damaged_cache_launch(lambda p: shutil.copyfile(replacement, p))"""))
    return probes


def run(probe: Probe, timeout: float) -> tuple[str, str]:
    """How `probe` ended ("clean error", "correct", "silent wrong", "crash" or "hang"), and
    what it said: the error's last line, or the signal."""
    with tempfile.TemporaryDirectory() as cache:
        # A file, not `python -c`: @jit reads its kernels' source.
        script = Path(cache) / "probe.py"
        script.write_text(PRELUDE + textwrap.dedent(probe.code))
        environment = dict(os.environ, NEREID_CACHE_DIR=cache, NEREID_BACKEND="cpu",
                           PYTHONPATH=os.pathsep.join([str(REPO / "python"), *sys.path]))
        for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_NUM_THREADS",
                     "OMP_NUM_THREADS"):
            environment.pop(name, None)
        environment.update(probe.environment or {})
        try:
            result = subprocess.run([sys.executable, str(script)], env=environment,
                                    capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return "hang", f"still running after {timeout:.0f} s"
    # The exception's own line ("ValueError: ..."), not the caret under a source line.
    headers = [line for line in result.stderr.splitlines()
               if re.match(r"[A-Za-z_][\w.]*(Error|Exception|Warning)\b.*:", line)]
    said = headers[-1] if headers else (result.stderr.strip().splitlines() or [""])[-1]
    if result.returncode < 0 or result.returncode == 128 + signal.SIGABRT:
        return "crash", f"exit status {result.returncode}; {said}"
    if result.returncode != 0:
        return ("clean error", said) if "Traceback" in result.stderr else ("crash", said)
    if "RESULT wrong" in result.stdout:
        return "silent wrong", "the result differs"
    if "RESULT correct" in result.stdout:
        return "correct", ""
    return "silent wrong", "no error"  # an error was expected and none came


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=150.0,
                        help="seconds before a probe counts as a hang")
    parser.add_argument("--only", default=None, help="only probes whose names contain this")
    arguments = parser.parse_args()
    outcomes = ("clean error", "silent wrong", "crash", "hang", "correct")
    table: dict[str, dict[str, int]] = {}
    failures = []
    outcomes_said: list[str] = []
    for probe in probes():
        if arguments.only and arguments.only not in probe.name:
            continue
        outcome, said = run(probe, arguments.timeout)
        row = table.setdefault(probe.category, dict.fromkeys(outcomes, 0))
        row[outcome] += 1
        wanted = {"error": ("clean error",), "value": ("correct",),
                  "either": ("clean error", "correct")}[probe.expect]
        if outcome not in wanted:
            failures.append((probe, outcome))
        said = said if len(said) <= 160 else said[:157] + "..."
        outcomes_said.append(f"- {probe.category}: {probe.name}: {outcome}"
                             + (f" ({said})" if said else ""))
        print(outcomes_said[-1], file=sys.stderr, flush=True)
    print("| category | tried | " + " | ".join(outcomes) + " |")
    print("|---|---|" + "---|" * len(outcomes))
    for category, row in table.items():
        print(f"| {category} | {sum(row.values())} | "
              + " | ".join(str(row[o]) for o in outcomes) + " |")
    print("\nEach probe, and what an error said (check that it refused the bad input, not the "
          "probe):")
    print("\n".join(outcomes_said))
    for probe, outcome in failures:
        print(f"- not as expected ({probe.expect} expected): {probe.category}: {probe.name}: "
              f"{outcome}")


if __name__ == "__main__":
    main()
