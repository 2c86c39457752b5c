"""The @jit launch path's shortcut: a launch like an earlier one reuses its compiled kernel
without binding and specializing again. Whatever the order of launches, the kernel it picks
must be the one the full path derives for those arguments."""

import itertools
import random
import sys
from pathlib import Path

import numpy as np
import pytest

import nereid
import nereid.language as tl

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels.backends import RecordingBackend, registered  # noqa: E402


@nereid.jit
def probe_kernel(x_ptr, n, scale, flag, BLOCK: tl.constexpr):
    pass


@pytest.fixture
def launches(monkeypatch):
    """Launches go to a backend that records the compiled kernel and the bound arguments."""
    backend = registered(monkeypatch, RecordingBackend())
    monkeypatch.setenv("NEREID_BACKEND", "recording")
    return backend.launches


def _arrays():
    buffer = np.zeros(64, np.float32)
    return [buffer[:16], buffer[1:17], np.zeros(16, np.int32), np.zeros(16, np.float16)]


INTS = [0, 1, 16, 17, -16, 2**31 - 1, 2**31, 2**40, 2**63, -2**63]
SCALES = [0.5, 2, True]
BLOCKS = [16, 32, 16.0, True]


def test_every_launch_gets_the_kernel_of_its_signature(launches):
    rng = random.Random(1)
    combinations = list(itertools.product(range(4), INTS, SCALES, [False, True], BLOCKS))
    for index, n, scale, flag, block in rng.sample(combinations, 150) * 2:
        x = _arrays()[index]
        probe_kernel[(1,)](x, n, scale, flag, BLOCK=block, num_threads=1)
        kernel, bound, _, _ = launches[-1]
        _, expected = probe_kernel.specialize((x, n, scale, flag), {"BLOCK": block})
        assert kernel.signature == expected, (index, n, scale, flag, block)
        assert bound == {"x_ptr": x, "n": n, "scale": scale, "flag": flag, "BLOCK": block}


def test_only_options_that_shape_code_compile_again(launches):
    x = np.zeros(16, np.float32)
    probe_kernel[(1,)](x, 4, 1.0, True, BLOCK=16, num_threads=1)
    probe_kernel[(1,)](x, 4, 1.0, True, BLOCK=16, num_threads=2, scheduler="tbb")
    probe_kernel[(1,)](x, 4, 1.0, True, BLOCK=16, num_warps=8)
    kernels = [kernel for kernel, *_ in launches]
    assert kernels[0] is kernels[1]
    assert kernels[2].key != kernels[0].key


def test_unusual_arguments_take_the_full_path(launches):
    x = np.zeros(16, np.float32)
    probe_kernel[(1,)](x, 4, 1.0, True, BLOCK=[16])  # an unhashable constexpr
    probe_kernel[(1,)](x, 4, 1.0, flag=True, BLOCK=16)
    assert [bound["BLOCK"] for _, bound, *_ in launches] == [[16], 16]
    with pytest.raises(TypeError, match="argument `n` has unsupported type str"):
        probe_kernel[(1,)](x, "4", 1.0, True, BLOCK=16)
