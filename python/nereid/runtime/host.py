"""The host as a device: what Triton's host code asks of a driver whose kernels run on this
machine's cores (the CPU backend's and the interpreter's) -- its cores, caches, clock and
vector registers under the keys of upstream's `get_device_properties`, torch's "cpu" device,
events on the host's clock, and the occupancy arithmetic of GPU tutorials answered for cores."""

from __future__ import annotations

import functools
import os
import time
from pathlib import Path
from typing import Any, Optional

from .. import _capi
from .driver import DriverBase


class HostDeviceInterface:
    """The `torch.cuda`-like module that upstream's `driver.active.get_device_interface()`
    returns, for host memory: launches return when their programs have finished, so
    synchronizing waits for nothing, and events read the host's clock."""

    class Event:
        def __init__(self, enable_timing: bool = True) -> None:
            self.time: Optional[float] = None

        def record(self, stream: Any = None) -> None:
            self.time = time.perf_counter()

        def synchronize(self) -> None:
            pass

        def elapsed_time(self, end: "HostDeviceInterface.Event") -> float:
            """Milliseconds from this event to `end`; both must have been recorded."""
            if self.time is None or end.time is None:
                raise RuntimeError("elapsed_time needs both events recorded")
            return (end.time - self.time) * 1e3

    @staticmethod
    def synchronize(device: Any = None) -> None:
        pass

    @staticmethod
    def current_device() -> int:
        return 0

    @staticmethod
    def device_count() -> int:
        return 1

    @staticmethod
    def is_available() -> bool:
        return True


def host_torch_device() -> Any:
    """torch.device("cpu"), the device of torch's CPU tensors (whose index is None, so that
    `x.device == DEVICE` holds for them)."""
    try:
        import torch
    except ImportError as error:
        raise ModuleNotFoundError(
            "driver.active.get_active_torch_device() returns a torch.device, and torch is not "
            f"installed ({error}); Nereid's kernels take numpy arrays (or any array in host "
            "memory) without it", name="torch") from None
    return torch.device("cpu")


# The cache size that stands in for a per-core cache the machine does not describe.
DEFAULT_CORE_CACHE_BYTES = 1 << 20

# 32-bit lanes in the vector registers of each vector ISA that libnereid detects on a host
# (nereid_host_target's `ttg_target`): registers x lanes.
_VECTOR_REGISTER_LANES = {"avx512": 32 * 16, "avx2": 16 * 8, "neon": 32 * 4}


def _parse_size(text: str) -> Optional[int]:
    """Bytes of a size as /sys writes it ("1024K"), or None."""
    units = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip()
    number = text.rstrip("KMG")
    unit = text[len(number):]
    return int(number) * units[unit] if number.isdigit() and unit in units else None


@functools.lru_cache(maxsize=None)
def core_cache_bytes() -> int:
    """The largest data cache that one core has to itself (its L2, or its L1 where the L2 is
    shared), as Linux describes the first CPU in /sys; DEFAULT_CORE_CACHE_BYTES where it does
    not. A CPU program's tiles live there, as a GPU program's live in shared memory."""
    cpu0 = Path("/sys/devices/system/cpu/cpu0")
    try:  # the core's hardware threads, which share its private caches
        own = (cpu0 / "topology" / "thread_siblings_list").read_text().strip()
    except OSError:
        own = "0"
    sizes = []
    for index in (cpu0 / "cache").glob("index*"):
        try:
            kind = (index / "type").read_text().strip()
            shared = (index / "shared_cpu_list").read_text().strip()
            size = _parse_size((index / "size").read_text())
        except OSError:
            continue
        if kind in ("Data", "Unified") and shared == own and size:
            sizes.append(size)
    return max(sizes, default=DEFAULT_CORE_CACHE_BYTES)


@functools.lru_cache(maxsize=None)
def clock_khz() -> int:
    """The first CPU's highest clock in kHz (cpufreq), else the clock /proc/cpuinfo reports,
    else 0 where the machine does not say."""
    try:
        return int(Path("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq").read_text())
    except (OSError, ValueError):
        pass
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("cpu MHz"):
                return int(float(line.split(":", 1)[1]) * 1000)
    except (OSError, ValueError, IndexError):
        pass
    return 0


@functools.lru_cache(maxsize=None)
def available_cores() -> int:
    """The cores this process may use: those of its affinity mask (`taskset`, a container's
    cpuset), at most its cgroup's CPU quota rounded up (cgroup v2 `cpu.max`, v1
    `cpu.cfs_quota_us`), and at least 1. Read once per process."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    quota = _cgroup_cpu_quota()
    if quota is not None:
        cores = min(cores, quota)
    return max(1, cores)


def _cgroup_cpu_quota(root: str = "/") -> Optional[int]:
    """The CPUs the process's cgroup may use per period, rounded up; None when unlimited or
    unknown. `root` is where /proc and /sys are (tests give another)."""
    try:
        with open(os.path.join(root, "proc/self/cgroup")) as stream:
            entries = [line.rstrip("\n").split(":", 2) for line in stream]
    except OSError:
        return None
    for _, controllers, path in (entry for entry in entries if len(entry) == 3):
        directory = os.path.join(root, "sys/fs/cgroup")
        if controllers == "":  # cgroup v2: "max 100000" or "<quota> <period>"
            files = [os.path.join(directory + path, "cpu.max")]
        elif "cpu" in controllers.split(","):  # cgroup v1: quota (-1: none) and period
            directory = os.path.join(directory, controllers) + path
            files = [os.path.join(directory, "cpu.cfs_quota_us"),
                     os.path.join(directory, "cpu.cfs_period_us")]
        else:
            continue
        try:
            fields = []
            for name in files:
                with open(name) as stream:
                    fields += stream.read().split()
        except OSError:
            continue
        if len(fields) == 2 and fields[0] not in ("max", "-1"):
            quota, period = int(fields[0]), int(fields[1])
            if quota > 0 and period > 0:
                return -(-quota // period)
    return None


class HostUtils:
    """`driver.active.utils` of the host's drivers (the CPU's and the interpreter's): the
    CPU's properties under the keys of upstream Triton's CUDA `get_device_properties`."""

    def get_device_properties(self, device: Any = None) -> dict[str, int]:
        """The host CPU as a device, for occupancy arithmetic written for GPUs:
        `multiprocessor_count`: the cores this process may use (its affinity mask and cgroup
        quota: available_cores); `warpSize`: 1;
        `max_shared_mem`: the bytes of the cache one core has to itself (core_cache_bytes);
        `max_num_regs`: the 32-bit lanes of one core's vector registers (512 with AVX-512,
        128 with AVX2 or NEON; 0 for an ISA the CPU backend does not compile for);
        `sm_clock_rate`: the clock in kHz; `mem_clock_rate` and `mem_bus_width`: 0, as Linux
        does not tell a process about its memory's interface. `device` is None, 0, "cpu" or
        a torch.device("cpu")."""
        check_host_device(device)
        isa = _capi.lib().nereid_host_target().ttg_target.decode().rsplit(":", 1)[-1]
        return {
            "max_shared_mem": core_cache_bytes(),
            "max_num_regs": _VECTOR_REGISTER_LANES.get(isa, 0),
            "multiprocessor_count": available_cores(),
            "warpSize": 1,
            "sm_clock_rate": clock_khz(),
            "mem_clock_rate": 0,
            "mem_bus_width": 0,
        }


def check_host_device(device: Any) -> None:
    """Raises ValueError unless `device` names the host: None, 0, "cpu", "cpu:0" or a
    torch.device("cpu")."""
    if device is None or (type(device) is int and device == 0):
        return
    if isinstance(device, str) and device in ("cpu", "cpu:0"):
        return
    if getattr(device, "type", None) == "cpu" and getattr(device, "index", None) in (None, 0):
        return
    raise ValueError(f"the host has one device (None, 0 or 'cpu'); got {device!r}")


class HostDriver(DriverBase):
    """The driver of a backend that runs kernels on this machine's cores and host memory (the
    CPU backend's and the interpreter's): one device, the host, with its properties
    (`HostUtils`), torch's "cpu" device and a device interface that times on the host's clock.
    Each says what it compiles for (`get_current_target`)."""

    backend = "cpu"

    def __init__(self) -> None:
        self.utils = HostUtils()

    @classmethod
    def is_active(cls) -> bool:
        return True

    def get_active_torch_device(self) -> Any:
        return host_torch_device()

    def get_device_interface(self) -> type:
        return HostDeviceInterface


def host_occupancy(kernel: Any) -> dict:
    """What `kernel` uses of a core, in the terms of GPU occupancy arithmetic, which divides a
    device's registers and shared memory by a kernel's (upstream's fused-softmax tutorial:
    `max_num_regs // (n_regs * warp_size * num_warps)` and `max_shared_mem // shared`). A
    program on the host has a core to itself, so each program counts as using all of the
    core's vector registers across its warps and all of its private cache, and the arithmetic
    gives one program per core at a time (`multiprocessor_count` of them). The CPU backend and
    the interpreter answer with it."""
    properties = HostUtils().get_device_properties()
    num_warps = max(1, int(kernel.metadata.num_warps))
    return {"n_regs": max(1, properties["max_num_regs"] // num_warps), "n_spills": 0,
            "n_max_threads": 1, "shared": properties["max_shared_mem"]}
