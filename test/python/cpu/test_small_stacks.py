"""Launches from threads whose stack cannot hold a kernel's frame run on a thread whose stack
can (nereid_cpu/stack.py): a small-stack thread launching a kernel with large tile buffers
died with SIGSEGV."""

import os
import subprocess
import sys
import textwrap
import threading

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.runtime.interpreter import KernelError
from nereid_cpu import stack


@nereid.jit
def checked_add(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.device_assert(x < n, "x is out of range")
    tl.store(out_ptr + offs, x + 1.0)


def on_thread(stack_bytes, function):
    """Runs `function` on a new thread with a stack of `stack_bytes`; returns what it returned
    or raises what it raised."""
    outcome = {}

    def body():
        try:
            outcome["result"] = function()
        except BaseException as error:
            outcome["error"] = error

    previous = threading.stack_size(stack_bytes)
    try:
        thread = threading.Thread(target=body)
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("result")


def test_stack_sizes_are_read():
    assert on_thread(512 * 1024, stack.stack_bytes) == 512 * 1024
    assert not on_thread(512 * 1024, stack.stack_is_enough)
    assert on_thread(8 << 20, stack.stack_is_enough)


def test_a_kernel_with_large_buffers_runs_from_a_small_stack(tmp_path):
    """The launch that crashed: a 128 x 128 x 32 dot (about 100 KiB of buffers) from a thread
    of 64 KiB, in a subprocess so that a crash fails the test rather than pytest."""
    script = tmp_path / "small_stack.py"
    script.write_text(textwrap.dedent("""
        import sys, threading
        import numpy as np
        import nereid
        import nereid.language as tl

        @nereid.jit
        def block_dot(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
            m, n, k = tl.arange(0, M), tl.arange(0, N), tl.arange(0, K)
            a = tl.load(a_ptr + m[:, None] * K + k[None, :])
            b = tl.load(b_ptr + k[:, None] * N + n[None, :])
            tl.store(c_ptr + m[:, None] * N + n[None, :], tl.dot(a, b, input_precision="ieee"))

        rng = np.random.default_rng()
        a = rng.standard_normal((128, 32)).astype(np.float32)
        b = rng.standard_normal((32, 128)).astype(np.float32)
        block_dot[(1,)](a, b, np.empty((128, 128), np.float32), M=128, N=128, K=32)
        results = []
        def launch():
            for scheduler in ("tbb", "openmp"):
                for threads in (1, 2):
                    c = np.full((128, 128), np.nan, np.float32)
                    block_dot[(1,)](a, b, c, M=128, N=128, K=32, num_threads=threads,
                                    scheduler=scheduler)
                    results.append(np.allclose(c, a @ b, rtol=1e-4, atol=1e-4))
        threading.stack_size(64 * 1024)
        thread = threading.Thread(target=launch)
        thread.start()
        thread.join()
        print(results)
    """))
    environment = dict(os.environ, NEREID_CACHE_DIR=str(tmp_path / "cache"),
                       PYTHONPATH=os.pathsep.join(sys.path))
    result = subprocess.run([sys.executable, str(script)], env=environment, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == "[True, True, True, True]"


def test_a_failure_on_the_large_stack_reaches_the_launching_thread():
    rng = np.random.default_rng()
    x = rng.uniform(0, 10, 64).astype(np.float32)
    out = np.empty_like(x)
    on_thread(256 * 1024, lambda: checked_add[(1,)](x, out, 11.0, BLOCK=64))
    np.testing.assert_array_equal(out, x + np.float32(1))
    with pytest.raises(KernelError, match="x is out of range"):
        on_thread(256 * 1024, lambda: checked_add[(1,)](x, out, 5.0, BLOCK=64))
