"""A launch's failure (a failed device_assert, an access out of bounds, an out-of-range gather
index) is reported by that launch and by no other, while launches run at the same time on other
Python threads: one thread launches a kernel that always fails, another a kernel that never
does. Each launch keeps its failure in its own LaunchContext (interpreter/lib/Interpreter.cpp)
and reports it through the diagnostics of its own call, in the MLIR context of its own thread
(runtime/interpreter.py parses a kernel's module once per thread)."""

import threading
import time

import numpy as np
import pytest

import nereid
import nereid.language as tl

pytestmark = pytest.mark.interpreter_only(
    reason="the interpreter's failure state; the CPU's is tested in test/python/cpu")

# Each thread stops after this many launches or this many seconds, whichever comes first.
LAUNCHES = 1000
SECONDS = 4.0
BLOCK, PROGRAMS = 16, 16


@nereid.jit
def doubles_positive(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_assert(x > 0, "x must be positive")
    tl.store(out_ptr + offs, x * 2.0)


@nereid.jit
def negates_negative(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_assert(x < 0, "x must be negative")
    tl.store(out_ptr + offs, -x)


@nereid.jit
def reads_past_the_end(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs + BLOCK))


@nereid.jit
def gathers_past_the_end(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.gather(x, tl.arange(0, BLOCK) + 1, 0))


# The kernel that always fails and what its failure says.
FAILING = {"assert": (negates_negative, "x must be negative"),
           "out_of_bounds": (reads_past_the_end, "out-of-bounds tt.load"),
           "gather": (gathers_past_the_end, f"outside [0, {BLOCK}) along axis 0")}


@pytest.mark.parametrize("failing", FAILING)
def test_failures_go_to_the_launch_that_failed(failing, rng):
    bad_kernel, failure = FAILING[failing]
    x = rng.uniform(0.5, 2.0, BLOCK * PROGRAMS).astype(np.float32)
    out = np.full_like(x, np.nan)
    bad_out = np.full_like(x, np.nan)

    def launch_good():
        doubles_positive[(PROGRAMS,)](x, out, BLOCK=BLOCK, num_threads=2)

    def launch_bad():
        bad_kernel[(PROGRAMS,)](x, bad_out, BLOCK=BLOCK, num_threads=2)

    launch_good()
    np.testing.assert_array_equal(out, x * np.float32(2))
    with pytest.raises(RuntimeError) as raised:
        launch_bad()
    assert failure in str(raised.value), str(raised.value)

    barrier = threading.Barrier(2)
    counts = {"good": 0, "bad": 0}
    wrong = []

    def loop(kind, launch):
        barrier.wait()
        deadline = time.monotonic() + SECONDS
        while counts[kind] < LAUNCHES and time.monotonic() < deadline:
            counts[kind] += 1
            try:
                launch()
            except Exception as error:  # noqa: BLE001 - any exception is an outcome to check
                if kind == "good" or failure not in str(error) or "positive" in str(error):
                    wrong.append(f"{kind}: {error}")
            else:
                if kind == "bad":
                    wrong.append("bad: returned normally")

    threads = [threading.Thread(target=loop, args=("good", launch_good)),
               threading.Thread(target=loop, args=("bad", launch_bad))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counts["good"] > 50 and counts["bad"] > 50, counts
    assert not wrong, (counts, len(wrong), wrong[:2])
    np.testing.assert_array_equal(out, x * np.float32(2))
