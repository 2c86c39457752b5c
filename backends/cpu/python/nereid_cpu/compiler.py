"""tt IR to a loaded native kernel: the stage pipelines, code generation for the target, the
link into a shared library, and the kernel cache that keeps the library between runs.

NEREID_DUMP_IR=<directory> (or 1, for the current directory) writes every stage of every
kernel compiled, as `<kernel>.<stage>`: `tt` (the input), each stage of STAGES, `ll` (the
optimized LLVM IR) and `s` (the assembly). Kernels compile afresh while it is set.

NEREID_CPU_STREAMING_STORE_BYTES=<bytes> sets how much a launch must store for its stores to
bypass the caches (cpu-stream-large-stores; 0 turns it off); by default, the size of this
machine's last-level cache, at most STREAMING_STORE_BYTES_CAP.

NEREID_CPU_BF16_DOT=auto|fma|vdpbf16ps sets how a dot of bf16 operands into f32 multiplies
(see bf16_dot_pairs).

NEREID_CPU_CHECK_BOUNDS=1 compiles every kernel bounds-checked, as the option `debug` does (see
check_bounds)."""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from nereid import _capi, ir
from nereid.compiler.errors import error_from_diagnostics
from nereid.compiler.stages import dump_directory, library_identity, lower, recorder
from nereid.language.dtypes import dtype
from nereid.runtime import environment, log
from nereid.runtime.cache import KernelCache

from . import knobs
from .kernel import CompiledCpuKernel, host_bf16_pair_cost, runtime_library_path
from .linker import LinkError, link_shared_library, link_standalone_library
from .target import Target, host_target, last_level_cache_bytes, resolve_target

# In a stage's pipeline, these stand for the target's `ttg.target` string, for the bytes a
# launch must store for its stores to bypass the caches, and for whether bf16 dots multiply
# pairs of K with vdpbf16ps.
TARGET_PLACEHOLDER = "<ttg.target>"
STREAMING_STORE_BYTES_PLACEHOLDER = "<streaming-store-bytes>"
BF16_DOT_PAIRS_PLACEHOLDER = "<bf16-dot-pairs>"

# The stages from tt IR to the LLVM dialect: (name, pass pipeline). Each runs on the result of
# the one before; together they are the `nereid-cpu-lower` pipeline (backends/cpu/lib/
# Pipeline.cpp), split so that NEREID_DUMP_IR shows each level, and the last leaves a module
# that follows the CPU kernel ABI.
STAGES: tuple[tuple[str, str], ...] = (
    ("ttir", "builtin.module(nereid-ttir-pipeline)"),
    ("ttg", f"builtin.module(nereid-ttg-pipeline{{target={TARGET_PLACEHOLDER} num-warps=1}})"),
    ("vector", f"builtin.module(nereid-cpu-to-vector{{target={TARGET_PLACEHOLDER} "
               f"streaming-store-bytes={STREAMING_STORE_BYTES_PLACEHOLDER} "
               f"bf16-dot-pairs={BF16_DOT_PAIRS_PLACEHOLDER}}})"),
    ("llir", f"builtin.module(nereid-cpu-to-llvm{{target={TARGET_PLACEHOLDER}}})"),
)

# The stage after `ttir` of a bounds-checked kernel (`check_bounds`).
CHECK_BOUNDS_STAGE = ("checked", "builtin.module(cpu-check-bounds)")

_LIBRARY_ARTIFACT = "kernel.so"


# The default threshold of streaming stores at most, whatever the last-level cache: a server's
# L3 of hundreds of MiB is shared by dozens of cores, and the stores of a launch on a few of them
# keep a few MiB of it, not the whole (on a guest whose L3 reads 480 MiB, streaming from 32 MiB
# took softmax 4096 x 4096 on one thread from 16.4 to 12.6 ms).
STREAMING_STORE_BYTES_CAP = 32 << 20


def streaming_store_bytes() -> int:
    """How much a launch must store for its stores to bypass the caches:
    NEREID_CPU_STREAMING_STORE_BYTES, else the last-level cache of this machine, at most
    STREAMING_STORE_BYTES_CAP."""
    configured = knobs.NEREID_CPU_STREAMING_STORE_BYTES.get() or ""
    if configured:
        try:
            value = int(configured)
        except ValueError:
            value = -1
        if not 0 <= value < 2**63:
            raise ValueError(f"NEREID_CPU_STREAMING_STORE_BYTES must be a number of bytes (0 "
                             f"turns streaming stores off), not {configured!r}")
        return value
    return min(last_level_cache_bytes(), STREAMING_STORE_BYTES_CAP)


# The values of NEREID_CPU_BF16_DOT.
BF16_DOT_CHOICES = ("auto", "fma", "vdpbf16ps")


def bf16_dot_pairs(kernel_name: str, target: Target) -> bool:
    """Whether the kernel's dots of bf16 operands into f32 multiply a pair of K at a time with
    AVX-512 BF16's vdpbf16ps rather than extending the operands to f32 for FMAs: as
    NEREID_CPU_BF16_DOT says, `vdpbf16ps` (the target must have AVX-512 BF16) or `fma`; by
    default (`auto`), when the target is this machine and one vdpbf16ps, timed on it, takes
    less time than the two FMAs it replaces (a target that is not the host: never). Either
    gives the interpreter's results, but vdpbf16ps reads and writes subnormals as zero."""
    configured = knobs.NEREID_CPU_BF16_DOT.get() or "auto"
    if configured not in BF16_DOT_CHOICES:
        raise ValueError(f"NEREID_CPU_BF16_DOT must be one of {', '.join(BF16_DOT_CHOICES)}, "
                         f"not {configured!r}")
    has_bf16 = (target.ttg_target == "cpu:x86_64:avx512"
                and "+avx512bf16" in target.features.split(","))
    if configured == "vdpbf16ps" and not has_bf16:
        raise ValueError(f"cannot compile kernel `{kernel_name}` with NEREID_CPU_BF16_DOT="
                         f"vdpbf16ps: the target {target.cpu} ({target.ttg_target}) does not "
                         "have AVX-512 BF16 (LLVM feature avx512bf16)")
    if configured == "auto":
        return has_bf16 and target == host_target() and host_bf16_pair_cost() < 2
    return configured == "vdpbf16ps"


def check_bounds(options: Mapping[str, Any]) -> bool:
    """Whether a kernel compiled under `options` checks every load, store and atomic against
    its argument's buffer (cpu-check-bounds): the option `debug` (a launch's, else the
    `@jit(debug=...)` of its function), else TRITON_DEBUG, says so, and
    NEREID_CPU_CHECK_BOUNDS=1 turns it on whatever they say."""
    if _is_set(knobs.NEREID_CPU_CHECK_BOUNDS.get()):
        return True
    debug = options.get("debug")
    return bool(debug) if debug is not None else _is_set(environment.TRITON_DEBUG.get())


def _is_set(value: Optional[str]) -> bool:
    """Whether a boolean variable is on, as upstream reads one (knobs._getenv_bool)."""
    return value is not None and value.strip().lower() in ("1", "true", "on", "yes")


def _vector_math_bitcode(kernel_name: str, target: Target) -> Path:
    """The vector math library that cpu-lower-math calls (nereid_cpu_math.h), for the
    target's ISA: LLVM bitcode beside the CPU runtime, linked into the kernel before LLVM
    optimizes it, so that its functions inline into the kernel's loops."""
    isa = target.ttg_target.rsplit(":", 1)[-1]
    path = runtime_library_path().parent / f"nereid_cpu_math_{isa}.bc"
    if not path.is_file():
        raise LinkError(f"cannot compile kernel `{kernel_name}` for {target.ttg_target}: the "
                        f"vector math library {path} is missing (Nereid builds it for the ISAs "
                        "of the build machine's architecture)")
    return path


def _cache_key(ttir_text: str, kernel_name: str, stages: Sequence[tuple[str, str]],
               target: Target, opt_level: int, math_bitcode: Path) -> str:
    math_stat = math_bitcode.stat()
    parts = [ttir_text, kernel_name, repr(list(stages)), repr(target), str(opt_level),
             library_identity(), f"{math_bitcode} {math_stat.st_size} {math_stat.st_mtime_ns}"]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def _emit(module: ir.Module, kernel_name: str, target: Target, opt_level: int,
          math_bitcode: Path, kind: int) -> bytes:
    try:
        return module.emit(kind, target.triple, target.cpu, target.features, opt_level,
                           [math_bitcode])
    except ir.IRError as error:
        raise error_from_diagnostics(
            kernel_name, f"the CPU backend cannot generate code for {target.triple}",
            error.diagnostics) from None


def _build_library(ttir_text: str, kernel_name: str, stages: Sequence[tuple[str, str]],
                   target: Target, opt_level: int, math_bitcode: Path,
                   dump: Optional[Path]) -> bytes:
    """The shared library of the kernel, as bytes."""
    record = recorder(dump, kernel_name) if dump is not None else None
    module = lower(ttir_text, kernel_name, "the CPU backend", stages, record)
    if dump is not None:
        for stage, kind in (("ll", _capi.EMIT_LLVM_IR), ("s", _capi.EMIT_ASSEMBLY)):
            record(stage, _emit(module, kernel_name, target, opt_level, math_bitcode,
                                kind).decode())
    object_code = _emit(module, kernel_name, target, opt_level, math_bitcode,
                        _capi.EMIT_OBJECT)
    with tempfile.TemporaryDirectory(prefix="nereid-cpu-") as scratch:
        library = Path(scratch) / f"{kernel_name}.so"
        link_shared_library(kernel_name, object_code, library)
        return library.read_bytes()


# The names of the stages in a compiled kernel's `asm`, by their names in STAGES and
# NEREID_DUMP_IR's files: upstream Triton's where it has one (`ttgir`; `llir` for LLVM IR and
# `asm` for assembly, as triton-cpu says), and the CPU's own (`vector`, and `llvm` for the LLVM
# dialect). The first stage (tt IR inlined and canonicalized) is not listed.
ASM_STAGE_NAMES = {"ttg": "ttgir", "vector": "vector", "llir": "llvm", "ll": "llir",
                   "s": "asm"}


def compile_stages(ttir_text: str, kernel_name: str,
                   options: Optional[Mapping[str, Any]] = None) -> dict[str, str]:
    """Every stage's IR of the kernel as `compile` compiles it, by the names of
    ASM_STAGE_NAMES: what a compiled kernel's `asm` holds."""
    target, opt_level, resolved, math_bitcode = _resolve(kernel_name, options or {}, None)
    texts: dict[str, str] = {}

    def record(stage: str, text: str) -> None:
        if stage in ASM_STAGE_NAMES:
            texts[ASM_STAGE_NAMES[stage]] = text

    module = lower(ttir_text, kernel_name, "the CPU backend", resolved, record)
    for stage, kind in (("ll", _capi.EMIT_LLVM_IR), ("s", _capi.EMIT_ASSEMBLY)):
        record(stage, _emit(module, kernel_name, target, opt_level, math_bitcode,
                            kind).decode())
    return texts


def _resolve(kernel_name: str, options: Mapping[str, Any],
             stages: Optional[Sequence[tuple[str, str]]]) -> tuple[Target, int, list, Path]:
    """The target, LLVM's optimization level, the stages with their placeholders filled in,
    and the vector math library that a compilation under `options` uses."""
    target = resolve_target(kernel_name, options)
    opt_level = int(options.get("opt_level", 3))
    streaming = str(streaming_store_bytes())
    bf16_pairs = "true" if bf16_dot_pairs(kernel_name, target) else "false"
    if stages is None:
        stages = STAGES
        if check_bounds(options):
            stages = (STAGES[0], CHECK_BOUNDS_STAGE, *STAGES[1:])
    resolved = [(stage, pipeline.replace(TARGET_PLACEHOLDER, target.ttg_target)
                 .replace(STREAMING_STORE_BYTES_PLACEHOLDER, streaming)
                 .replace(BF16_DOT_PAIRS_PLACEHOLDER, bf16_pairs))
                for stage, pipeline in stages]
    return target, opt_level, resolved, _vector_math_bitcode(kernel_name, target)


def compile_standalone_library(ttir_text: str, kernel_name: str, options: Mapping[str, Any],
                               output: Path) -> list[Path]:
    """Compiles the kernel `kernel_name` of `ttir_text` for the target of `options` into the
    shared library `output`, which runs without Nereid: its entry points (`<kernel>_grid`,
    `<kernel>_program`: docs/cpu.md, "The grid") and the runtime libraries it loads, copied
    beside it. Returns the paths written, the library first. Not cached."""
    target, opt_level, resolved, math_bitcode = _resolve(kernel_name, options, None)
    with log.timed(f"compiled `{kernel_name}` for {target.ttg_target} ahead of time"):
        module = lower(ttir_text, kernel_name, "the CPU backend", resolved, None)
        object_code = _emit(module, kernel_name, target, opt_level, math_bitcode,
                            _capi.EMIT_OBJECT)
        return [output, *link_standalone_library(kernel_name, object_code, output)]


def compile(ttir_text: str, kernel_name: str, signature: Mapping[str, dtype],
            options: Optional[Mapping[str, Any]] = None,
            stages: Optional[Sequence[tuple[str, str]]] = None) -> CompiledCpuKernel:
    """Compiles the kernel `kernel_name` of the tt IR module `ttir_text` for the CPU and loads
    it. `signature` gives the kernel's parameters (name -> dtype, in order). `options`: the
    target (`triple`, `cpu`, `features`, `ttg_target`; the host's by default), `opt_level`
    (LLVM's, 3 by default) and `debug` (see `check_bounds`). `stages` replaces STAGES. The
    library is cached on disk, keyed by the IR, the stages, the target and the builds of
    libnereid and of the math library."""
    target, opt_level, resolved, math_bitcode = _resolve(kernel_name, options or {}, stages)
    key = _cache_key(ttir_text, kernel_name, resolved, target, opt_level, math_bitcode)
    cache = KernelCache()
    dump = dump_directory()
    with log.timed(f"compiled `{kernel_name}` for {target.ttg_target}") as report:
        # A cached library is loaded only if it verifies (runtime/cache.py): a damaged one would
        # crash the process at dlopen or at launch.
        path = cache.file(key, _LIBRARY_ARTIFACT, kernel_name) if dump is None else None
        if path is None:
            library = _build_library(ttir_text, kernel_name, resolved, target, opt_level,
                                     math_bitcode, dump)
            path = cache.put(key, _LIBRARY_ARTIFACT, library)
            if path is None:  # an unwritable cache: load it from a private copy
                path = Path(tempfile.mkdtemp(prefix="nereid-cpu-")) / f"{kernel_name}.so"
                path.write_bytes(library)
        else:
            report["note"] = "from the cache"
        checked = any(stage == CHECK_BOUNDS_STAGE[0] for stage, _ in resolved)
        return CompiledCpuKernel(kernel_name, path, signature, key, checked)
