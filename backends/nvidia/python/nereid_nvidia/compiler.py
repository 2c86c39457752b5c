"""tt IR to a cubin for an NVIDIA GPU: the stage pipelines (nereid-ttir-pipeline,
nereid-nvidia-ttg-pipeline for the GPU's target and warps, which gives dots their tensor-core
layouts, nereid-nvidia-to-llvm), PTX from LLVM's NVPTX code generator in libnereid, with the
libdevice functions that the kernel calls linked in first, then a cubin from `ptxas`, or the PTX
itself for the driver to compile where the machine has no toolkit. Cubins are cached on disk.

NEREID_DUMP_IR=<directory> (or 1) writes every stage as `<kernel>.<stage>`: `tt`, `ttir`, `ttg`,
`llir` (the LLVM and NVVM dialects), `ll` (LLVM IR) and `ptx`. NEREID_IMPLICIT_TMA=0 turns
implicit TMA off (the `ttir` dump says which loads it rewrote, and why not the others)."""

from __future__ import annotations

import hashlib
import re
import subprocess
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Optional

from nereid import _capi, ir
from nereid.compiler.errors import CompilationError, error_from_diagnostics
from nereid.compiler.stages import dump_directory, library_identity, lower, recorder
from nereid.language.dtypes import dtype
from nereid.runtime import log
from nereid.runtime.cache import KernelCache
from nereid.runtime.environment import compile_setting

from . import tensor_maps
from .kernel import CompiledNvidiaKernel
from .toolkit import LIBDEVICE_VARIABLES, find_libdevice, find_tool

TRIPLE = "nvptx64-nvidia-cuda"
# PTX 8.4 (CUDA 12.4): sm_90a came with 8.0, mma.sync of fp8 operands with 8.4. ptxas of CUDA
# 12.4 or later assembles it; without ptxas, drivers of CUDA 12.4 and later compile it.
PTX_FEATURES = "+ptx84"
# The compute capabilities Nereid compiles for (NvidiaTargetInfo's), by their LLVM chip: sm_90a
# for Hopper, whose wgmma and TMA instructions need the `a` variant.
CHIPS = {80: "sm_80", 86: "sm_86", 89: "sm_89", 90: "sm_90a"}


@dataclass(frozen=True)
class Target:
    """An NVIDIA GPU that kernels compile for."""

    compute_capability: int

    @property
    def ttg_target(self) -> str:
        return f"cuda:{self.compute_capability}"

    @property
    def chip(self) -> str:
        return CHIPS[self.compute_capability]


def _current_device_capability() -> int:
    from . import driver
    from .kernel import current_device_and_stream

    driver.init()
    major, minor = driver.device_properties(current_device_and_stream()[0]).compute_capability
    return major * 10 + minor


def _parse_capability(configured: Any) -> int:
    """The compute capability that `configured` names ("cuda:90" or 90), or -1."""
    if isinstance(configured, int):
        return configured
    family, _, capability = str(configured).partition(":")
    return int(capability) if family == "cuda" and capability.isdigit() else -1


def resolve_target(kernel_name: str, options: Mapping[str, Any]) -> Target:
    """The GPU of the option `target` ("cuda:90", as upstream Triton's target strings spell it,
    or 90), else the current device's."""
    configured = options.get("target")
    capability = (_current_device_capability() if configured is None
                  else _parse_capability(configured))
    if capability not in CHIPS:
        raise ValueError(f"cannot compile kernel `{kernel_name}` for the NVIDIA GPU "
                         f"{configured or capability!r}: Nereid compiles for compute "
                         f"capabilities {', '.join(map(str, CHIPS))} (target='cuda:90')")
    return Target(capability)


# A compile setting (`nereid.runtime.environment.compile_setting`): a kernel launched under
# another value of it is compiled again (docs/nvidia.md, "Implicit TMA").
NEREID_IMPLICIT_TMA = compile_setting("NEREID_IMPLICIT_TMA")


def implicit_tma() -> bool:
    """Whether loads of strided pointer tiles of a parameter go through the tensor copy engine
    on sm_90 (implicit TMA, docs/nvidia.md): unless NEREID_IMPLICIT_TMA=0."""
    value = NEREID_IMPLICIT_TMA.get()
    if value not in (None, "", "0", "1"):
        raise ValueError(f"NEREID_IMPLICIT_TMA must be 0 (off) or 1 (on, the default); got "
                         f"{value!r}")
    return value != "0"


def stages(target: Target, num_warps: int, num_stages: int) -> tuple[tuple[str, str], ...]:
    """The stages from tt IR to the LLVM dialect, each a pipeline that libnereid registers."""
    implicit = "true" if implicit_tma() else "false"
    return (
        ("ttir", f"builtin.module(nereid-nvidia-ttir-pipeline{{target={target.ttg_target} "
                 f"implicit-tma={implicit}}})"),
        ("ttg", f"builtin.module(nereid-nvidia-ttg-pipeline{{target={target.ttg_target} "
                f"num-warps={num_warps} num-stages={num_stages}}})"),
        ("llir", "builtin.module(nereid-nvidia-to-llvm)"),
    )


# The module attribute that gives the kernel's dynamic shared memory in bytes (the shared
# lowering's allocation: one buffer for every op that goes through shared memory).
_SHARED_BYTES = re.compile(r"\bttg\.shared = (\d+) : i32")


def shared_memory_bytes(module_text: str) -> int:
    """The bytes of dynamic shared memory that the lowered module (the `llir` stage, printed)
    needs: its `ttg.shared` attribute, which its launch must provide."""
    match = _SHARED_BYTES.search(module_text)
    return int(match.group(1)) if match else 0


# A function that the PTX calls but does not define: `.extern .func (.param ...) name` and its
# parameters on the next lines.
_EXTERN_FUNCTION = re.compile(r"^\.extern \.func\s*(?:\([^)]*\)\s*)?(\w+)", re.MULTILINE)


def _emit(module: ir.Module, kernel_name: str, target: Target, kind: int,
          libraries: list[Path]) -> bytes:
    try:
        return module.emit(kind, TRIPLE, target.chip, PTX_FEATURES, 3, libraries)
    except ir.IRError as error:
        raise error_from_diagnostics(kernel_name, f"the NVIDIA backend cannot generate PTX for "
                                     f"{target.chip}", error.diagnostics) from None


def check_libdevice_calls(kernel_name: str, ptx: bytes, libdevice: Optional[Path]) -> None:
    """Raises CompilationError where the PTX still calls a libdevice function (`__nv_*`): no
    libdevice was found, or the one found lacks the function (a tt.extern_elementwise of an
    unknown name). vprintf and __assertfail are the driver's, and stay external."""
    missing = sorted({name for name in _EXTERN_FUNCTION.findall(ptx.decode())
                      if name.startswith("__nv_")})
    if not missing:
        return
    if libdevice is None:
        raise CompilationError(
            kernel_name, f"the kernel calls libdevice's {', '.join(missing)}, and no libdevice "
            "was found: install the CUDA toolkit (or NVIDIA's pip wheel nvidia-cuda-nvcc-cu12), "
            "or set " + " or ".join(LIBDEVICE_VARIABLES) + " to the path of libdevice.10.bc")
    raise CompilationError(kernel_name, f"libdevice ({libdevice}) has no function "
                                        f"{', '.join(missing)}")


class PtxasAdvisory(UserWarning):
    """ptxas changed the kernel's wgmma pipeline to make it correct (it serialized the
    instructions or injected waits: advisories C7508 to C7520), which costs speed."""


# ptxas's advisories about wgmma pipelines, e.g. "ptxas info : (C7519) warpgroup.arrive is
# injected in around line 90 by compiler to allow use of registers in GMMA in function 'k'".
_WGMMA_ADVISORY = re.compile(r"^.*\(C75(0[89]|1\d|20)\).*$", re.MULTILINE)


def assemble(kernel_name: str, ptx: bytes, target: Target) -> bytes:
    """The cubin of `ptx` for the target's chip, from `ptxas`; without `ptxas`, the PTX itself
    (NUL-terminated), which the driver compiles when it loads it."""
    ptxas = find_tool("ptxas")
    if ptxas is None:
        return ptx + b"\0"
    with tempfile.TemporaryDirectory(prefix="nereid-nvidia-") as scratch:
        source = Path(scratch) / f"{kernel_name}.ptx"
        cubin = Path(scratch) / f"{kernel_name}.cubin"
        source.write_bytes(ptx)
        result = subprocess.run([str(ptxas), f"-arch={target.chip}", str(source), "-o",
                                 str(cubin)], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"ptxas rejected the PTX of kernel `{kernel_name}` for "
                               f"{target.chip} (a bug in Nereid: please report it):\n"
                               f"{result.stderr}")
        lines = [match.group(0).strip()
                 for match in _WGMMA_ADVISORY.finditer(result.stdout + result.stderr)]
        if lines:
            warnings.warn(PtxasAdvisory(f"ptxas on kernel `{kernel_name}` for {target.chip}: "
                                        + "; ".join(lines)), stacklevel=2)
        return cubin.read_bytes()


def _toolkit_identity() -> str:
    ptxas = find_tool("ptxas")
    return f"{ptxas} {ptxas.stat().st_mtime_ns}" if ptxas else "driver"


def libdevice_for(kernel_name: str, options: Mapping[str, Any]) -> Optional[Path]:
    """The libdevice a kernel links: the file that the launch option
    `extern_libs={"libdevice": path}` names (upstream's way to choose it), which must exist,
    else `find_libdevice()`'s."""
    configured = dict(options.get("extern_libs") or {}).get("libdevice")
    if configured is None:
        return find_libdevice()
    if not Path(configured).is_file():
        raise CompilationError(kernel_name, f"extern_libs names libdevice at {configured}, "
                               "which is no file")
    return Path(configured)


def compile(ttir_text: str, kernel_name: str, signature: Mapping[str, dtype],
            options: Optional[Mapping[str, Any]] = None) -> CompiledNvidiaKernel:
    """Compiles the kernel `kernel_name` of the tt IR module `ttir_text` for an NVIDIA GPU.
    `options`: `target` (the current device's by default), `num_warps` (4) and `num_stages`
    (3; from 2 on, loops load their tiles one iteration ahead). The cubin is
    cached on disk, keyed by the IR, the target, the warps, the builds of libnereid and ptxas,
    and the libdevice it links (libdevice_for), together with the dynamic shared memory that
    the kernel needs."""
    options = options or {}
    missing = _capi.missing_backend("nvidia")
    if missing:
        raise RuntimeError(f"cannot compile kernel `{kernel_name}` for NVIDIA GPUs: {missing}")
    target = resolve_target(kernel_name, options)
    num_warps = int(options.get("num_warps") or 4)
    num_stages = int(options.get("num_stages") or 3)
    if num_stages < 1:
        raise ValueError(f"cannot compile kernel `{kernel_name}` for NVIDIA GPUs: num_stages "
                         f"must be 1 or more; got {num_stages}")
    resolved = stages(target, num_warps, num_stages)
    libdevice = libdevice_for(kernel_name, options)
    libdevice_identity = (f"{libdevice} {libdevice.stat().st_mtime_ns}" if libdevice
                          else "no libdevice")
    key = hashlib.sha256("\n".join([ttir_text, kernel_name, repr(resolved), target.chip,
                                    PTX_FEATURES, library_identity(), _toolkit_identity(),
                                    libdevice_identity]).encode()).hexdigest()
    cache = KernelCache()
    dump = dump_directory()
    with log.timed(f"compiled `{kernel_name}` for {target.chip}") as report:
        path = cache.file(key, "kernel.cubin", kernel_name) if dump is None else None
        shared = cache.get(key, "kernel.shared", kernel_name) if path is not None else None
        maps = cache.get(key, "kernel.tensor_maps", kernel_name) if path is not None else None
        if path is not None and shared is not None and maps is not None:
            report["note"] = "from the cache"
            cubin = path.read_bytes()
            shared_bytes = int(shared)
            parameters = tensor_maps.from_json(maps)
        else:
            record = recorder(dump, kernel_name) if dump is not None else None
            module = lower(ttir_text, kernel_name, "the NVIDIA backend", resolved, record)
            module_text = module.print()
            shared_bytes = shared_memory_bytes(module_text)
            parameters = tensor_maps.tensor_map_parameters(module_text)
            libraries = [libdevice] if libdevice else []
            if record is not None:
                record("ll", _emit(module, kernel_name, target, _capi.EMIT_LLVM_IR,
                                   libraries).decode())
            ptx = _emit(module, kernel_name, target, _capi.EMIT_ASSEMBLY, libraries)
            if record is not None:
                record("ptx", ptx.decode())
            check_libdevice_calls(kernel_name, ptx, libdevice)
            cubin = assemble(kernel_name, ptx, target)
            cache.put(key, "kernel.cubin", cubin)
            cache.put(key, "kernel.shared", str(shared_bytes))
            cache.put(key, "kernel.tensor_maps", tensor_maps.to_json(parameters))
    return CompiledNvidiaKernel(kernel_name, cubin, signature, num_warps, shared_bytes,
                                parameters)
