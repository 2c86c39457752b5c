"""A failed device_assert (or an out-of-range gather index) is reported by the launch that
failed, and only by it, while other launches run at the same time on other Python threads
(docs/cpu.md, Printing and asserting): one thread launches a kernel that always fails, another
a kernel whose assertion never does, both at once, on each scheduler; then two kernel objects
of one library, whose launches the driver serializes. While the runtime kept
one failure record per process, up to 9 launches in 10 of each kind got the other's outcome
on OpenMP, and about 1 in 1000 on oneTBB."""

import threading
import time

import numpy as np
import pytest

import nereid
import nereid.language as tl

# Each thread stops after this many launches or this many seconds, whichever comes first.
LAUNCHES = 1000
SECONDS = 5.0


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
def gathers_past_the_end(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.gather(x, tl.arange(0, BLOCK) + 1, 0))


def negated(x, block):
    return -x


def shifted(x, block):
    """gathers_past_the_end's result: each block shifted by one, 0 for the index past it."""
    blocks = x.reshape(-1, block)
    return np.concatenate([blocks[:, 1:], np.zeros_like(blocks[:, :1])], axis=1).reshape(-1)


# The kernel that always fails, what its failure says, and what it computes all the same.
FAILING = {"assert": (negates_negative, "x must be negative", negated),
           "gather": (gathers_past_the_end, "outside [0, 64) along axis 0", shifted)}


def run_concurrently(launch_good, launch_bad, failure, foreign="x must be positive"):
    """Runs both launch functions at once, each in its own thread, until LAUNCHES launches or
    SECONDS; returns (launches of each, good launches that raised, bad ones that did not or
    raised with `foreign`, the good kernel's message, first wrong outcome seen)."""
    barrier = threading.Barrier(2)
    counts = {"good": 0, "bad": 0, "good_raised": 0, "bad_returned": 0}
    wrong = []

    def loop(kind, launch):
        barrier.wait()
        deadline = time.monotonic() + SECONDS
        while counts[kind] < LAUNCHES and time.monotonic() < deadline:
            counts[kind] += 1
            try:
                launch()
            except Exception as error:  # noqa: BLE001 - any exception is an outcome to count
                if kind == "good":
                    counts["good_raised"] += 1
                    wrong.append(f"the good launch raised: {error}")
                elif failure not in str(error) or foreign in str(error):
                    counts["bad_returned"] += 1  # raised, but with another launch's failure
                    wrong.append(f"the failing launch raised another's failure: {error}")
            else:
                if kind == "bad":
                    counts["bad_returned"] += 1
                    wrong.append("the failing launch returned normally")

    threads = [threading.Thread(target=loop, args=("good", launch_good)),
               threading.Thread(target=loop, args=("bad", launch_bad))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return counts, wrong[:1]


@pytest.mark.parametrize("failing", FAILING)
@pytest.mark.parametrize("scheduler", ["openmp", "tbb"])
def test_failures_go_to_the_launch_that_failed(scheduler, failing):
    bad_kernel, failure, reference = FAILING[failing]
    rng = np.random.default_rng()
    block, programs = 64, 8
    x = rng.uniform(0.5, 2.0, block * programs).astype(np.float32)
    out = np.full_like(x, np.nan)
    bad_out = np.full_like(x, np.nan)
    options = dict(BLOCK=block, num_threads=2, scheduler=scheduler)

    def launch_good():
        doubles_positive[(programs,)](x, out, **options)

    def launch_bad():
        bad_kernel[(programs,)](x, bad_out, **options)

    # Compile both first, so that the threads only launch.
    launch_good()
    np.testing.assert_array_equal(out, x * np.float32(2))
    with pytest.raises(RuntimeError) as raised:
        launch_bad()
    assert failure in str(raised.value)

    counts, wrong = run_concurrently(launch_good, launch_bad, failure)
    assert counts["good"] > 50 and counts["bad"] > 50, counts
    assert counts["good_raised"] == 0 and counts["bad_returned"] == 0, (counts, wrong)
    np.testing.assert_array_equal(out, x * np.float32(2))
    np.testing.assert_array_equal(bad_out, reference(x, block))


@pytest.mark.parametrize("scheduler", ["openmp", "tbb"])
def test_failures_of_one_library_go_to_the_launch_that_failed(scheduler):
    # Two CompiledCpuKernels of one cached library (one tt IR compiled twice, as @jit keys that
    # differ only in what does not change the IR do): dlopen gives both the same handle and the
    # runtime one failure record, so their launches must not overlap.
    import nereid_cpu

    rng = np.random.default_rng()
    block, programs = 64, 8
    x = rng.uniform(0.5, 2.0, block * programs).astype(np.float32)
    negative = -x
    out, bad_out = np.full_like(x, np.nan), np.full_like(x, np.nan)
    compiled = doubles_positive.warmup(x, out, BLOCK=block, grid=(programs,))
    first, second = (nereid_cpu.compile(compiled.asm["ttir"], compiled.name,
                                        compiled.signature.types) for _ in range(2))
    assert first is not second and first.path == second.path

    def launch_good():
        first.launch([x, out], (programs, 1, 1), 2, scheduler)

    def launch_bad():
        second.launch([negative, bad_out], (programs, 1, 1), 2, scheduler)

    launch_good()
    with pytest.raises(RuntimeError, match="x must be positive"):
        launch_bad()

    counts, wrong = run_concurrently(launch_good, launch_bad, "x must be positive",
                                     foreign="never")
    assert counts["good"] > 50 and counts["bad"] > 50, counts
    assert counts["good_raised"] == 0 and counts["bad_returned"] == 0, (counts, wrong)
    np.testing.assert_array_equal(out, x * np.float32(2))
    np.testing.assert_array_equal(bad_out, -2 * x)
