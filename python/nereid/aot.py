"""Kernels compiled ahead of time (`python -m nereid compile`, docs/aot.md): a kernel, a
signature with its constexprs and a target give a shared library with a C entry point, a C
header that declares it with a typed wrapper, and a manifest, for a C program that runs the
kernel with no Python and no LLVM."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any, Optional

from . import __version__, backends
from .compiler.compiler import KernelSignature
from .compiler.specialization import signature_type_name
from .language.dtypes import BY_NAME, dtype, pointer_type
from .runtime.jit import CompiledKernel, JITFunction


class AotError(ValueError):
    """A kernel cannot be compiled ahead of time as asked."""


# The C type of each scalar dtype as the kernel ABI passes it (an i1 is one byte); a pointer
# to a format that C has no type for (fp16, bf16, fp8) is a `void *`.
_C_TYPES = {"int1": "bool", "int8": "int8_t", "int16": "int16_t", "int32": "int32_t",
            "int64": "int64_t", "uint8": "uint8_t", "uint16": "uint16_t",
            "uint32": "uint32_t", "uint64": "uint64_t", "fp32": "float", "fp64": "double"}
# Names that a parameter cannot have in C (keywords, and the wrapper's own `args`); such a
# parameter gets a `_` after its name.
_C_KEYWORDS = {"auto", "break", "case", "char", "const", "continue", "default", "do", "double",
               "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long",
               "register", "restrict", "return", "short", "signed", "sizeof", "static",
               "struct", "switch", "typedef", "union", "unsigned", "void", "volatile", "while",
               "bool", "args"}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _scalar_dtype(text: str) -> Optional[dtype]:
    """The dtype of a signature's scalar type name, upstream's spelling (i32, u8, fp32, bf16,
    fp8e4nv) or numpy's (int32, float32)."""
    integer = re.fullmatch(r"([iu])(1|8|16|32|64)", text)
    if integer:
        sign, bits = integer.groups()
        return BY_NAME["int1" if bits == "1" else ("int" if sign == "i" else "uint") + bits]
    return BY_NAME.get(text)


def parse_signature(function: JITFunction, text: str) -> KernelSignature:
    """The signature that `text` gives `function`, one entry per parameter in order, separated
    by commas, as upstream Triton's compile tool writes it: a type for a run-time parameter
    (`*fp32`, `i32`, `fp16`), `:16` after it to promise 16-byte alignment (a pointer) or a
    multiple of 16 (an integer), and the value of a constexpr (`1024`, `True`, `0.5`)."""
    entries = [entry.strip() for entry in text.split(",")] if text.strip() else []
    names = list(function.arg_names)
    if len(entries) != len(names):
        raise AotError(f"the signature gives {len(entries)} entries; kernel "
                       f"`{function.__name__}` has {len(names)} parameters ({', '.join(names)})")
    types, constexprs, divisible = {}, {}, set()
    for name, entry in zip(names, entries):
        if name in function.constexpr_names:
            constexprs[name] = _constexpr_value(name, entry)
            continue
        spelled, _, specialization = entry.partition(":")
        pointer = spelled.startswith("*")
        element = _scalar_dtype(spelled.lstrip("*"))
        if element is None:
            raise AotError(f"parameter `{name}`: unknown type {spelled!r} (i1, i8 ... i64, "
                           "u8 ... u64, fp16, bf16, fp32, fp64, fp8e4nv, fp8e5, and * before "
                           "one for a pointer)")
        if not pointer and element.name not in _C_TYPES:
            raise AotError(f"parameter `{name}`: a scalar of {element.name} cannot be passed "
                           "ahead of time yet (C has no such type); pass it as a pointer")
        if specialization not in ("", "16") or (specialization and element.is_floating()
                                                and not pointer):
            raise AotError(f"parameter `{name}`: {entry!r}: the only specialization is `:16`, "
                           "of a pointer or an integer")
        types[name] = pointer_type(element) if pointer else element
        if specialization:
            divisible.add(name)
    return KernelSignature(types, constexprs, divisible, set())


def _constexpr_value(name: str, text: str) -> Any:
    """A constexpr's value written in a signature: an integer, a float, True or False, or a
    dtype name."""
    if text in ("True", "False"):
        return text == "True"
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    if text in BY_NAME:
        return BY_NAME[text]
    raise AotError(f"constexpr `{name}`: {text!r} is no integer, float, True, False or dtype")


def load_kernel(path: Path, kernel_name: str) -> JITFunction:
    """The @jit function `kernel_name` of the Python file `path`."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise AotError(f"cannot load {path} as Python")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    function = getattr(module, kernel_name, None)
    if not isinstance(function, JITFunction):
        raise AotError(f"{path} has no @nereid.jit kernel `{kernel_name}`")
    return function


def _renamed(kernel: CompiledKernel, name: str) -> CompiledKernel:
    """`kernel` with its function called `name` in its tt IR, so that the entry points of
    several specializations of one kernel can live in one program."""
    ttir = kernel.asm["ttir"]
    definition = f"tt.func public @{kernel.name}("
    if ttir.count(definition) != 1:
        raise AotError(f"kernel `{kernel.name}`: its tt IR does not define it once")
    renamed = CompiledKernel(name, ttir.replace(definition, f"tt.func public @{name}("),
                             kernel.signature, f"{kernel.key}:aot:{name}", kernel.options,
                             frontend_options=kernel.frontend_options)
    renamed.function = kernel.function
    return renamed


def _c_name(name: str) -> str:
    return name + "_" if name in _C_KEYWORDS else name


def header_text(name: str, function: JITFunction, signature: KernelSignature,
                library: str) -> str:
    """The C header of a kernel compiled ahead of time as `name` into `library`."""
    parameters, checks, slots = [], [], []
    for index, (parameter, ty) in enumerate(signature.types.items()):
        c_name = _c_name(parameter)
        if ty.is_ptr():
            element = _C_TYPES.get(ty.element_ty.name, "void")
            parameters.append(f"{element} *{c_name}")
            if parameter in signature.divisible_by_16:
                checks.append(f"  if ((uintptr_t){c_name} % 16 != 0) return {index + 1};")
        else:
            parameters.append(f"{_C_TYPES[ty.name]} {c_name}")
            if parameter in signature.divisible_by_16:
                checks.append(f"  if ({c_name} % 16 != 0) return {index + 1};")
        slots.append(f"&{c_name}")
    grid = ["int32_t grid_x", "int32_t grid_y", "int32_t grid_z", "int32_t num_threads"]
    constants = ", ".join(f"{k}={v}" for k, v in signature.constexprs.items()) or "none"
    guard = f"NEREID_AOT_{name.upper()}_H"
    args = f"void *args[] = {{{', '.join(slots)}}};" if slots else "void **args = 0;"
    return f"""/* {name}: kernel `{function.__name__}` compiled ahead of time by Nereid {__version__}
   (python -m nereid compile; docs/aot.md). Constexprs: {constants}.
   Link with {library}, which finds the libraries it needs beside it. */
#ifndef {guard}
#define {guard}

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {{
#endif

/* The library's entry point: runs every program of the grid (x fastest), on num_threads
   threads (0: OpenMP's default); args[i] points at the value of the i-th parameter. */
void {name}_grid(void **args, int32_t grid_x, int32_t grid_y, int32_t grid_z,
{' ' * (len(name) + 11)}int32_t num_threads);

/* Runs the kernel on the grid grid_x x grid_y x grid_z. Returns 0; i + 1 where argument i
   breaks what the kernel was compiled for (a pointer declared `:16` that is not 16-byte
   aligned, an integer declared `:16` that is not a multiple of 16), without running it; -1
   for a grid dimension or thread count below 0. */
static inline int {name}({', '.join(parameters + grid)}) {{
{chr(10).join(checks) + (chr(10) if checks else '')}  if (grid_x < 0 || grid_y < 0 || grid_z < 0 || num_threads < 0) return -1;
  {args}
  {name}_grid(args, grid_x, grid_y, grid_z, num_threads);
  return 0;
}}

#ifdef __cplusplus
}}
#endif

#endif /* {guard} */
"""


def compile_ahead_of_time(function: JITFunction, signature_text: str, name: str,
                          out_dir: Path, backend: str = "cpu",
                          options: Optional[dict] = None) -> list[Path]:
    """Compiles `function` for the signature `signature_text` (parse_signature) on `backend`
    into `out_dir`: `lib<name>.so` and what it loads, `<name>.h` and `<name>.json`. Returns
    the paths written."""
    if not _NAME.fullmatch(name) or name in _C_KEYWORDS:
        raise AotError(f"{name!r} cannot name a C function")
    signature = parse_signature(function, signature_text)
    kernel = function.compile(signature, dict(options or {}), backend)
    kernel = _renamed(kernel, name).on_backend(backend)
    out_dir.mkdir(parents=True, exist_ok=True)
    library = out_dir / f"lib{name}.so"
    written = backends.get(backend).compile_ahead_of_time(kernel, library)
    header = out_dir / f"{name}.h"
    header.write_text(header_text(name, function, signature, library.name))
    manifest = out_dir / f"{name}.json"
    manifest.write_text(json.dumps({
        "name": name, "kernel": function.__name__, "nereid_version": __version__,
        "backend": backend, "target": kernel.metadata.target,
        "entry": f"{name}_grid", "library": library.name,
        "libraries": [path.name for path in written[1:]],
        "parameters": [{"name": p, "type": signature_type_name(t),
                        "divisible_by_16": p in signature.divisible_by_16}
                       for p, t in signature.types.items()],
        "constexprs": {k: v if isinstance(v, (bool, int, float)) else str(v)
                       for k, v in signature.constexprs.items()},
    }, indent=2) + "\n")
    return [*written, header, manifest]
