"""Links a kernel's object file into a shared library with lld's ELF linker, which runs inside
libnereid (no toolchain on the machine), against what lies beside the CPU runtime (in the wheel
and in the build tree): LLVM's OpenMP runtime libomp.so.5, which the grid loop calls, the CPU
runtime itself (tt.print, tt.assert, the oneTBB scheduler), which the library then finds
through its rpath, and compiler-rt's builtins, which LLVM calls for what the target has no
instruction for (bf16 rounding without AVX-512 BF16: __truncsfbf2)."""

from __future__ import annotations

import os
import shutil
import struct
import tempfile
from pathlib import Path
from typing import Optional

from nereid.ir import IRError, link_shared_library as run_lld

from .kernel import _runtime, runtime_library_path

# What kernels link against, beside the CPU runtime (backends/cpu/runtime/CMakeLists.txt).
_OPENMP_RUNTIME = "libomp.so.5"
_BUILTINS = "libclang_rt.builtins.a"


class LinkError(RuntimeError):
    """The kernel's shared library could not be linked."""


def runtime_directory() -> Path:
    """The directory of the CPU runtime, where kernels find what they link against."""
    return runtime_library_path().parent


def missing_toolchain() -> Optional[str]:
    """What is missing beside the CPU runtime of what kernels link against, or None when
    nothing is."""
    directory = runtime_directory()
    missing = [name for name in (_OPENMP_RUNTIME, _BUILTINS) if not (directory / name).is_file()]
    if not missing:
        return None
    return (f"{' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} not in {directory}, "
            "beside the CPU runtime: reinstall the package, or rebuild with LLVM 22's "
            "libomp-22-dev and libclang-rt-22-dev installed")


def _loaded_tbb() -> Optional[Path]:
    """The oneTBB library that the CPU runtime loaded into this process (the system's, or the
    wheel's own copy under its own name), from /proc/self/maps."""
    _runtime()
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if "/libtbb" in path and ".so" in path:
                return Path(path)
    return None


def _soname(library: Path) -> str:
    """The SONAME of the ELF64 little-endian shared library `library` (the name that the
    libraries needing it record, and that the loader looks for), else its file name."""
    data = library.read_bytes()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        return library.name
    section_offset, = struct.unpack_from("<Q", data, 0x28)
    section_size, sections = struct.unpack_from("<HH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, section_offset + i * section_size)
               for i in range(sections)]
    for kind, offset, size, link in ((h[1], h[4], h[5], h[6]) for h in headers):
        if kind != 6:  # SHT_DYNAMIC; its link is the section of its strings
            continue
        strings = headers[link][4]
        for entry in range(offset, offset + size, 16):
            tag, value = struct.unpack_from("<qQ", data, entry)
            if tag == 14:  # DT_SONAME
                end = data.index(b"\0", strings + value)
                return data[strings + value:end].decode()
    return library.name


def link_standalone_library(kernel_name: str, object_code: bytes, output: Path) -> list[Path]:
    """Links `object_code` into the shared library `output` that runs without Nereid (ahead of
    time): what it loads, the CPU runtime, libomp and oneTBB, is copied beside it, where its
    rpath ($ORIGIN) finds them. oneTBB, which the runtime needs, is also needed by the library
    itself, ahead of the runtime, so that the loader finds it beside the library whatever the
    runtime's own rpath says. Returns the copies."""
    missing = missing_toolchain()
    if missing:
        raise LinkError(f"cannot link kernel `{kernel_name}`: {missing}")
    directory = runtime_directory()
    copies = []
    for source in (directory / _OPENMP_RUNTIME, runtime_library_path(), _loaded_tbb()):
        if source is None:
            continue
        copy = output.parent / _soname(source)
        shutil.copyfile(source, copy)
        copies.append(copy)
    with tempfile.TemporaryDirectory(prefix="nereid-link-") as scratch:
        object_path = Path(scratch) / f"{kernel_name}.o"
        object_path.write_bytes(object_code)
        arguments = ["-shared", "-o", os.fspath(output), os.fspath(object_path),
                     *(os.fspath(copy) for copy in reversed(copies)), "-rpath", "$ORIGIN",
                     "--gc-sections", os.fspath(directory / _BUILTINS)]
        try:
            run_lld(arguments)
        except IRError as error:
            raise LinkError(f"linking kernel `{kernel_name}` failed:\n  ld.lld "
                            f"{' '.join(arguments)}\n{error}") from error
    return copies


def link_shared_library(kernel_name: str, object_code: bytes, output: Path) -> None:
    """Links `object_code` into the shared library `output`, with libomp and the CPU runtime,
    and an rpath to them."""
    missing = missing_toolchain()
    if missing:
        raise LinkError(f"cannot link kernel `{kernel_name}`: {missing}")
    directory = runtime_directory()
    with tempfile.TemporaryDirectory(prefix="nereid-link-") as scratch:
        object_path = Path(scratch) / f"{kernel_name}.o"
        object_path.write_bytes(object_code)
        arguments = ["-shared", "-o", os.fspath(output), os.fspath(object_path),
                     os.fspath(directory / _OPENMP_RUNTIME), f"-L{directory}",
                     "-lnereid_cpu_runtime", "-rpath", os.fspath(directory), "--gc-sections",
                     os.fspath(directory / _BUILTINS)]
        try:
            run_lld(arguments)
        except IRError as error:
            raise LinkError(f"linking kernel `{kernel_name}` failed:\n  ld.lld "
                            f"{' '.join(arguments)}\n{error}") from error
