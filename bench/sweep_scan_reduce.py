"""Sweeps tt.scan and tt.reduce on the CPU backend against the interpreter, over 2-D block
shapes (M, N) with M, N powers of two up to 1024 (M * N <= 2^20), both axes, int32, float32
and bfloat16, standard combiners (cumsum, cumprod, sum, max, min, argmax, xor_sum) and user
ones (a 3-operand 'roll', a 1-operand 'pick_right', a 2-operand pair, a user reduce).

Each case runs in its own subprocess with a timeout, so that a crash (SIGSEGV in the pass
pipeline) or a compile that does not end is recorded and the sweep goes on. Run by hand:

    .venv/bin/python bench/sweep_scan_reduce.py [--ops roll,pick_right] [--max-elements 65536]
        [--dtypes int32] [--timeout 60] [--sample K] [--out sweep.jsonl]

Prints one line per case (ok, wrong, crash (signal), error, timeout) and a summary. With
--case '<json>' it runs one case in this process (what the subprocesses do)."""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SCANS = ["roll", "pick_right", "pair", "cumsum", "cumprod"]
REDUCES = ["sum", "max", "min", "argmax", "xor_sum", "reduce_pick", "reduce_pair"]
USER = {"roll", "pick_right", "pair", "reduce_pick", "reduce_pair"}


def run_case(case: dict) -> str:
    """Runs one case here; returns 'ok' or raises (AssertionError: wrong result)."""
    sys.path.insert(0, str(ROOT / "test" / "python"))
    import ml_dtypes
    import numpy as np

    import nereid
    import nereid.language as tl
    from kernels.conformance import Tolerance, assert_conforms, on_interpreter

    @nereid.jit
    def roll(a1, b1_last, b1_cur, a2, b2_last, b2_cur):
        return a1 + a2, tl.where(a2 == 1, b1_cur, 0) + b2_last, b2_cur

    @nereid.jit
    def pick_right(a, b):
        return b

    @nereid.jit
    def pair(a1, b1, a2, b2):
        # The later first operand, and the second operand of the pair whose first is larger.
        return a2, tl.where(a2 > a1, b2, b1)

    @nereid.jit
    def kernel(x_ptr, y_ptr, z_ptr, o0_ptr, o1_ptr, o2_ptr, AXIS: tl.constexpr,
               OP: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
        rm = tl.arange(0, BM)
        rn = tl.arange(0, BN)
        offsets = rm[:, None] * BN + rn[None, :]
        x = tl.load(x_ptr + offsets)
        y = tl.load(y_ptr + offsets)
        z = tl.load(z_ptr + offsets)
        out = tl.arange(0, BN if AXIS == 0 else BM)
        if OP == "roll":
            a, b, c = tl.associative_scan((x, y, z), AXIS, roll)
            tl.store(o0_ptr + offsets, a)
            tl.store(o1_ptr + offsets, b)
            tl.store(o2_ptr + offsets, c)
        elif OP == "pick_right":
            tl.store(o0_ptr + offsets, tl.associative_scan(x, AXIS, pick_right))
        elif OP == "pair":
            a, b = tl.associative_scan((x, y), AXIS, pair)
            tl.store(o0_ptr + offsets, a)
            tl.store(o1_ptr + offsets, b)
        elif OP == "cumsum":
            tl.store(o0_ptr + offsets, tl.cumsum(x, axis=AXIS))
        elif OP == "cumprod":
            tl.store(o0_ptr + offsets, tl.cumprod(x, axis=AXIS))
        elif OP == "sum":
            tl.store(o0_ptr + out, tl.sum(x, axis=AXIS))
        elif OP == "max":
            tl.store(o0_ptr + out, tl.max(x, axis=AXIS))
        elif OP == "min":
            tl.store(o0_ptr + out, tl.min(x, axis=AXIS))
        elif OP == "argmax":
            tl.store(o0_ptr + out, tl.argmax(x, axis=AXIS))
        elif OP == "xor_sum":
            tl.store(o0_ptr + out, tl.xor_sum(x, axis=AXIS))
        elif OP == "reduce_pick":
            tl.store(o0_ptr + out, tl.reduce(x, AXIS, pick_right))
        else:  # reduce_pair
            a, b = tl.reduce((x, y), AXIS, pair)
            tl.store(o0_ptr + out, a)
            tl.store(o1_ptr + out, b)

    op, m, n, axis = case["op"], case["m"], case["n"], case["axis"]
    dtype = {"int32": np.int32, "float32": np.float32,
             "bfloat16": ml_dtypes.bfloat16}[case["dtype"]]
    rng = np.random.default_rng(case.get("seed", 0))
    if op == "roll":
        x = rng.integers(0, 2, (m, n))  # the flags that roll tests with == 1
    elif op == "cumprod":
        x = rng.choice([-1, 1, 2, -2, 0.5], (m, n)) if dtype != np.int32 else \
            rng.integers(-3, 4, (m, n))
    elif dtype == np.int32:
        x = rng.integers(-2**31, 2**31, (m, n))
    else:
        x = rng.integers(-8, 9, (m, n)) * 0.25 + rng.standard_normal((m, n)) * \
            (rng.random((m, n)) < 0.5)
    x = x.astype(dtype)
    y = rng.integers(-100, 100, (m, n)).astype(dtype)
    z = rng.integers(-100, 100, (m, n)).astype(dtype)
    length = n if axis == 0 else m
    if op in SCANS:
        outs = [np.zeros((m, n), dtype) for _ in range(3)]
    elif op == "argmax":
        outs = [np.zeros(length, np.int32), np.zeros(1, dtype), np.zeros(1, dtype)]
    else:
        outs = [np.zeros(length, dtype) for _ in range(3)]
    if op == "xor_sum" and dtype != np.int32:
        return "skip"
    args = [x, y, z, *outs]
    reference = [a.copy() for a in args]
    with on_interpreter():
        kernel[(1,)](*reference, AXIS=axis, OP=op, BM=m, BN=n)
    kernel[(1,)](*args, AXIS=axis, OP=op, BM=m, BN=n)
    tolerance = Tolerance()
    if dtype != np.int32 and op in ("sum", "cumsum", "cumprod"):
        # Sums in another order: (length - 1) roundings of partial sums, each within eps of
        # the sum of magnitudes (test_reductions.py); products compared in relative terms.
        eps = 2.0 ** -24 if dtype == np.float32 else 2.0 ** -8
        total = float(np.abs(x.astype(np.float64)).sum(axis=axis).max())
        tolerance = Tolerance(atol=length * eps * total) if op != "cumprod" else \
            Tolerance(rtol=length * eps)
    for i in range(3, 6):
        assert_conforms(args[i], reference[i], tolerance, name=f"output {i - 3}")
    return "ok"


def cases(args) -> list[dict]:
    ops = args.ops.split(",")
    dtypes = args.dtypes.split(",")
    sizes = [1 << k for k in range(11)]
    out = []
    for op in ops:
        for dtype in dtypes:
            if op == "xor_sum" and dtype != "int32":
                continue
            for m in sizes:
                for n in sizes:
                    if m * n > args.max_elements or m * n < args.min_elements:
                        continue
                    for axis in (0, 1):
                        out.append({"op": op, "dtype": dtype, "m": m, "n": n, "axis": axis})
    if args.sample and len(out) > args.sample:
        random.Random(args.seed).shuffle(out)
        out = sorted(out[:args.sample], key=lambda c: (c["op"], c["dtype"], c["m"] * c["n"]))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--case")
    parser.add_argument("--ops", default=",".join(SCANS + REDUCES))
    parser.add_argument("--dtypes", default="int32,float32,bfloat16")
    parser.add_argument("--max-elements", type=int, default=1 << 20)
    parser.add_argument("--min-elements", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--sample", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out")
    args = parser.parse_args()
    if args.case:
        print(run_case(json.loads(args.case)))
        return
    todo = cases(args)
    counts: dict[str, int] = {}
    cache = tempfile.mkdtemp(prefix="nereid-sweep-")
    env = dict(os.environ, NEREID_BACKEND="cpu", NEREID_CACHE_DIR=cache)
    env.pop("NEREID_INTERPRET", None)
    log = open(args.out, "a") if args.out else None
    for case in todo:
        start = time.time()
        try:
            proc = subprocess.run([sys.executable, __file__, "--case", json.dumps(case)],
                                  env=env, capture_output=True, text=True,
                                  timeout=args.timeout)
            if proc.returncode < 0:
                status, detail = "crash", f"signal {-proc.returncode}"
            elif proc.returncode:
                tail = (proc.stderr.strip().splitlines() or [""])[-1]
                status = "wrong" if "AssertionError" in tail else \
                    "crash" if "crash: signal" in tail else "error"
                detail = tail[:300]
            else:
                status, detail = proc.stdout.strip().splitlines()[-1], ""
        except subprocess.TimeoutExpired:
            status, detail = "timeout", f">{args.timeout:.0f} s"
        counts[status] = counts.get(status, 0) + 1
        record = dict(case, status=status, detail=detail, seconds=round(time.time() - start, 1))
        print(json.dumps(record), flush=True)
        if log:
            log.write(json.dumps(record) + "\n")
            log.flush()
    print("summary:", json.dumps(counts, sort_keys=True), f"of {len(todo)} cases")


if __name__ == "__main__":
    main()
