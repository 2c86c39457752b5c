"""Launches from threads whose stack is too small for a kernel.

A launch runs programs on the launching thread too (OpenMP's master thread, oneTBB's caller in
the arena, the serial loop), so that thread's stack must hold a program's frame: its tile
buffers, at most 1 MiB of them (cpu-limit-stack-buffers puts larger ones on the heap), and
what the program calls. The main thread has the stack limit (8 MiB by default), and so do the
threads that Python starts, unless `threading.stack_size()` set less: a 256 KiB thread launching
a matmul in 256 x 512 blocks (about 700 KiB of buffers) died with SIGSEGV. A thread whose stack
is smaller than STACK_NEEDED_BYTES has its launches run by one thread with a stack of
LARGE_STACK_BYTES, and waits for them; the OpenMP and oneTBB workers have 4 MiB stacks of their
own (their runtimes' defaults on 64-bit Linux).
"""

from __future__ import annotations

import ctypes
import queue
import sys
import threading
from typing import Any, Callable, Optional

STACK_NEEDED_BYTES = 4 << 20
LARGE_STACK_BYTES = 16 << 20

_per_thread = threading.local()
_runner: Optional["_LargeStackThread"] = None
_runner_guard = threading.Lock()


def stack_bytes() -> Optional[int]:
    """The size of the calling thread's stack (glibc's pthread_getattr_np), or None where it
    cannot be told."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(None)
        pthread_self = libc.pthread_self
        pthread_self.restype = ctypes.c_ulong
        attributes = ctypes.create_string_buffer(256)  # pthread_attr_t is 56 bytes on x86-64
        if libc.pthread_getattr_np(ctypes.c_ulong(pthread_self()), attributes) != 0:
            return None
        try:
            address, size = ctypes.c_void_p(), ctypes.c_size_t()
            if libc.pthread_attr_getstack(attributes, ctypes.byref(address),
                                          ctypes.byref(size)) != 0:
                return None
            return size.value
        finally:
            libc.pthread_attr_destroy(attributes)
    except (OSError, AttributeError):
        return None


def stack_is_enough() -> bool:
    """Whether the calling thread's stack holds any kernel's frame (asked once per thread)."""
    try:
        return _per_thread.enough
    except AttributeError:
        size = stack_bytes()
        _per_thread.enough = size is None or size >= STACK_NEEDED_BYTES
        return _per_thread.enough


def run_on_large_stack(function: Callable[..., Any], *args: Any) -> Any:
    """Calls `function(*args)` on the thread with a large stack and returns what it returns, or
    raises what it raised."""
    global _runner
    with _runner_guard:
        if _runner is None:
            _runner = _LargeStackThread()
    return _runner.call(function, args)


class _LargeStackThread:
    """A daemon thread with a stack of LARGE_STACK_BYTES that runs calls one at a time."""

    def __init__(self) -> None:
        self._calls: queue.SimpleQueue = queue.SimpleQueue()
        # threading.stack_size applies to every thread started while it is set.
        previous = threading.stack_size(LARGE_STACK_BYTES)
        try:
            threading.Thread(target=self._serve, name="nereid-large-stack", daemon=True).start()
        finally:
            threading.stack_size(previous)

    def call(self, function: Callable[..., Any], args: tuple) -> Any:
        done = threading.Event()
        outcome: dict = {}
        self._calls.put((function, args, outcome, done))
        done.wait()
        if "error" in outcome:
            raise outcome["error"]
        return outcome.get("result")

    def _serve(self) -> None:
        while True:
            function, args, outcome, done = self._calls.get()
            try:
                outcome["result"] = function(*args)
            except BaseException as error:  # handed to the caller, which raises it
                outcome["error"] = error
            finally:
                done.set()
