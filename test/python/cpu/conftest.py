"""Fixtures of the CPU backend's driver tests: a kernel cache private to each test, no
interpreter, no IR dumps, and the hand-written `probe` kernel (probe.mlir), which follows the
CPU kernel ABI in the LLVM dialect so that the driver is tested without the lowering."""

from pathlib import Path

import pytest

from nereid.language import dtypes as tl

PROBE_TEXT = (Path(__file__).resolve().parent / "probe.mlir").read_text()
PROBE_SIGNATURE = {"out_i": tl.pointer_type(tl.int32), "out_f": tl.pointer_type(tl.float32),
                   "scale": tl.int32, "bias": tl.float32}


@pytest.fixture(autouse=True)
def cpu_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "nereid-cache"))
    for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_BACKEND", "NEREID_DUMP_IR",
                 "NEREID_NUM_THREADS", "NEREID_CPU_STREAMING_STORE_BYTES", "NEREID_CPU_BF16_DOT",
                 "NEREID_LOG", "NEREID_CPU_SCHEDULER", "OMP_NUM_THREADS",
                 "NEREID_CPU_CHECK_BOUNDS", "TRITON_DEBUG"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def probe():
    """The probe kernel, compiled with no stage pipelines (it is already in the LLVM dialect)."""
    import nereid_cpu

    return nereid_cpu.compile(PROBE_TEXT, "probe", PROBE_SIGNATURE, stages=())


def probe_expected(grid, scale, bias):
    """What the probe kernel writes for every program of `grid`, by linear program index."""
    import numpy as np

    gx, gy, gz = grid
    linear = np.arange(gx * gy * gz, dtype=np.int64)
    z = linear // (gx * gy)
    return ((linear * scale + z).astype(np.int32),
            (linear.astype(np.float32) + np.float32(bias)).astype(np.float32))


class ArrayInterfaceOnly:
    """An array that offers nothing but `__array_interface__`."""

    def __init__(self, array):
        self._array = array
        self.__array_interface__ = array.__array_interface__


class DLPackOnly:
    """An array that offers nothing but the DLPack protocol."""

    def __init__(self, array):
        self._array = array

    def __dlpack__(self, **kwargs):
        return self._array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self._array.__dlpack_device__()
