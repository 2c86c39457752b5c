"""The machine a CPU kernel is compiled for: an LLVM triple, CPU name and feature string, and
the `ttg.target` that picks the lowering's vector ISA. Each defaults to the host's."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from nereid import _capi


@dataclass(frozen=True)
class Target:
    triple: str
    cpu: str
    features: str
    ttg_target: str  # "cpu:x86_64:avx512", "cpu:x86_64:avx2" or "cpu:aarch64:neon"


# The last-level cache assumed where the machine does not say (a common size of one L3).
DEFAULT_LAST_LEVEL_CACHE_BYTES = 32 << 20


@functools.lru_cache(maxsize=None)
def last_level_cache_bytes() -> int:
    """The size of the largest cache of this machine's first CPU, as Linux describes it in
    /sys (on other systems, or where it does not, DEFAULT_LAST_LEVEL_CACHE_BYTES)."""
    units = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    sizes = []
    for size_file in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*/size"):
        text = size_file.read_text().strip()
        number, unit = text.rstrip("KMG"), text[len(text.rstrip("KMG")):]
        if number.isdigit() and unit in units:
            sizes.append(int(number) * units[unit])
    return max(sizes, default=DEFAULT_LAST_LEVEL_CACHE_BYTES)


@functools.lru_cache(maxsize=None)
def host_target() -> Target:
    """The machine this process runs on, as libnereid detects it."""
    raw = _capi.lib().nereid_host_target()
    return Target(raw.triple.decode(), raw.cpu.decode(), raw.features.decode(),
                  raw.ttg_target.decode())


def resolve_target(kernel_name: str, options: Mapping[str, object]) -> Target:
    """The target that the options `triple`, `cpu`, `features` and `ttg_target` (or `target`,
    the launch option's spelling) name, each defaulting to the host's. Raises ValueError when
    no CPU lowering fits it."""
    host = host_target()
    target = Target(
        triple=str(options.get("triple") or host.triple),
        cpu=str(options.get("cpu") or host.cpu),
        features=str(options.get("features") or host.features),
        ttg_target=str(options.get("ttg_target") or options.get("target") or host.ttg_target),
    )
    if not target.ttg_target:
        raise ValueError(
            f"cannot compile kernel `{kernel_name}` for the CPU {target.cpu} ({target.triple}): "
            "the CPU backend needs x86-64 with AVX2 or AVX-512, or AArch64; pass the option "
            "ttg_target='cpu:x86_64:avx2' (or another) to choose the vector ISA")
    return target
