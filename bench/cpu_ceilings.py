"""The machine's ceilings for bench/cpu.py: libnereid_bench_ceilings.so (bench/ceilings.cpp,
built with the project), a STREAM triad and an FMA-peak loop, and a no-op for the launch floor,
through ctypes."""

from __future__ import annotations

import ctypes
import sys
from pathlib import Path

from nereid import _capi

REPO = Path(__file__).resolve().parent.parent
CEILINGS_LIBRARY = "libnereid_bench_ceilings.so"


class Ceilings:
    """libnereid_bench_ceilings.so through ctypes."""

    def __init__(self) -> None:
        candidates = list(dict.fromkeys([_capi.library_path().parent / CEILINGS_LIBRARY,
                                         REPO / "build" / "lib" / CEILINGS_LIBRARY]))
        path = next((p for p in candidates if p.is_file()), None)
        if path is None:
            sys.exit(f"bench/cpu.py needs {CEILINGS_LIBRARY} (bench/ceilings.cpp); build it with "
                     f"`ninja -C build nereid_bench_ceilings`. Tried: "
                     + ", ".join(str(p) for p in candidates))
        library = ctypes.CDLL(str(path))
        self.path = path
        library.nereid_bench_isa.restype = ctypes.c_char_p
        self.isa = library.nereid_bench_isa().decode()
        self._triad = library.nereid_bench_triad_gbps
        self._triad.argtypes = [ctypes.c_int64, ctypes.c_int32, ctypes.c_int32]
        self._triad.restype = ctypes.c_double
        self._fma = library.nereid_bench_fma_gflops
        self._fma.argtypes = [ctypes.c_int64, ctypes.c_int32, ctypes.c_int32]
        self._fma.restype = ctypes.c_double
        self.noop = library.nereid_bench_noop
        self.noop.argtypes = [ctypes.c_void_p] + [ctypes.c_int32] * 4
        self.noop.restype = None

    def triad_gbps(self, elements: int, threads: int, reps: int) -> float:
        gbps = self._triad(elements, threads, reps)
        if gbps < 0:
            sys.exit(f"the STREAM triad could not allocate 3 arrays of {elements} doubles")
        return gbps

    def fma_gflops(self, iterations: int, threads: int, reps: int) -> float:
        return self._fma(iterations, threads, reps)
