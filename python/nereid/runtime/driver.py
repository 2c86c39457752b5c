"""The active driver: what Triton's host code asks of `triton.runtime.driver.active` (the
target, the torch device, the device's properties), answered for the backend that launches
would run on now.

That is the interpreter when NEREID_INTERPRET (or TRITON_INTERPRET) is on, else the backend
NEREID_BACKEND names, else the CPU: the order `nereid.runtime.launcher` follows. The
environment is read on every access, as launches read it, unless `driver.set_active` fixed a
driver. A launch still goes where its data and NEREID_BACKEND send it: the active driver
describes a backend, it does not redirect launches.

Each backend brings its driver (`nereid.backends.Backend.driver`); `register_driver(name,
factory)` puts another in its place."""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Union

from . import environment


@dataclass(frozen=True)
class GPUTarget:
    """What a kernel is compiled for, with upstream Triton's fields and name: `backend`
    (upstream's target names: "cpu", "cuda" for NVIDIA, "hip" for AMD), `arch` (the
    backend's name of the machine: on the CPU the vector target string of nereid_cpu,
    "cpu:x86_64:avx512"; 90 for sm_90) and `warp_size` (the threads that run a program's tile
    in lockstep: 1 on the CPU)."""

    backend: str
    arch: Union[int, str]
    warp_size: int


class DriverBase:
    """A backend's driver, with the methods of upstream Triton's `DriverBase` that host code
    calls."""

    # The backend name a launch on this driver's device uses (`nereid.backends`).
    backend = ""

    @classmethod
    def is_active(cls) -> bool:
        """Whether this driver's device exists in this process."""
        raise NotImplementedError

    def get_current_target(self) -> GPUTarget:
        raise NotImplementedError

    def get_active_torch_device(self) -> Any:
        raise NotImplementedError

    def get_current_device(self) -> int:
        return 0

    def set_current_device(self, device: int) -> None:
        if device != 0:
            raise ValueError(f"the {self.backend} driver has one device, 0; got {device!r}")

    def get_current_stream(self, device: Optional[int] = None) -> int:
        return 0

    def get_benchmarker(self) -> Callable:
        """The function that times kernels for the autotuner (`triton.testing.do_bench`)."""
        from ..testing import do_bench

        return do_bench

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


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


def _host_torch_device() -> Any:
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

# 32-bit lanes in the vector registers of each of nereid_cpu's vector ISAs: registers x lanes.
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


class HostUtils:
    """`driver.active.utils` of the host's drivers (the CPU's and the interpreter's): the
    CPU's properties under the keys of upstream Triton's CUDA `get_device_properties`."""

    def get_device_properties(self, device: Any = None) -> dict[str, int]:
        """The host CPU as a device, for occupancy arithmetic written for GPUs:
        `multiprocessor_count`: the cores this process may use (its affinity mask and cgroup
        quota: nereid_cpu.kernel.available_cores); `warpSize`: 1;
        `max_shared_mem`: the bytes of the cache one core has to itself (core_cache_bytes);
        `max_num_regs`: the 32-bit lanes of one core's vector registers (512 with AVX-512,
        128 with AVX2 or NEON; 0 for an ISA the CPU backend does not compile for);
        `sm_clock_rate`: the clock in kHz; `mem_clock_rate` and `mem_bus_width`: 0, as Linux
        does not tell a process about its memory's interface. `device` is None, 0, "cpu" or
        a torch.device("cpu")."""
        _check_host_device(device)
        from nereid_cpu.kernel import available_cores
        from nereid_cpu.target import host_target

        isa = host_target().ttg_target.rsplit(":", 1)[-1]
        return {
            "max_shared_mem": core_cache_bytes(),
            "max_num_regs": _VECTOR_REGISTER_LANES.get(isa, 0),
            "multiprocessor_count": available_cores(),
            "warpSize": 1,
            "sm_clock_rate": clock_khz(),
            "mem_clock_rate": 0,
            "mem_bus_width": 0,
        }


def _check_host_device(device: Any) -> None:
    """Raises ValueError unless `device` names the host: None, 0, "cpu", "cpu:0" or a
    torch.device("cpu")."""
    if device is None or (type(device) is int and device == 0):
        return
    if isinstance(device, str) and device in ("cpu", "cpu:0"):
        return
    if getattr(device, "type", None) == "cpu" and getattr(device, "index", None) in (None, 0):
        return
    raise ValueError(f"the host has one device (None, 0 or 'cpu'); got {device!r}")


class CpuDriver(DriverBase):
    """The CPU backend's driver: kernels compiled for this machine, on host memory."""

    backend = "cpu"

    def __init__(self) -> None:
        self.utils = HostUtils()

    @classmethod
    def is_active(cls) -> bool:
        return True

    def get_current_target(self) -> GPUTarget:
        """GPUTarget("cpu", the host's vector target as nereid_cpu detects it, 1). Where
        the CPU backend has no lowering for the host, its arch is the LLVM triple's."""
        from nereid_cpu.target import host_target

        host = host_target()
        return GPUTarget("cpu", host.ttg_target or host.triple.split("-", 1)[0], 1)

    def get_active_torch_device(self) -> Any:
        return _host_torch_device()

    def get_device_interface(self) -> type:
        return HostDeviceInterface


class InterpreterDriver(CpuDriver):
    """The interpreter's driver: kernels run on host memory, as on the CPU backend (so torch
    code gets the "cpu" device and backend, and the host's properties), but nothing is
    compiled for the machine: its target's arch is "interpreter"."""

    def get_current_target(self) -> GPUTarget:
        return GPUTarget("cpu", "interpreter", 1)


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


# Driver factories that `register_driver` put in place of a backend's own, by backend name.
_FACTORIES: dict[str, Callable[[], DriverBase]] = {}
# The drivers made so far, by name: one per name, as upstream makes one per backend.
_DRIVERS: dict[str, DriverBase] = {}


def register_driver(name: str, factory: Callable[[], DriverBase]) -> None:
    """Makes `factory()` the driver of the backend called `name`, in place of the one the
    backend brings."""
    _FACTORIES[name] = factory
    _DRIVERS.pop(name, None)


def _driver_named(name: str) -> DriverBase:
    driver = _DRIVERS.get(name)
    if driver is not None:
        return driver
    factory = _FACTORIES.get(name)
    if factory is not None:
        driver = factory()
    else:
        from .. import backends

        driver = backends.get(name).driver()  # raises when there is no such backend
        if driver is None:
            raise RuntimeError(f"the {name} backend has no driver: host code cannot query it "
                               "through triton.runtime.driver")
    _DRIVERS[name] = driver
    return driver


def driver_for_environment() -> DriverBase:
    """The driver of the backend that launches on host data go to now: the interpreter, else
    NEREID_BACKEND's, else the CPU's."""
    if environment.interpret_mode():
        return _driver_named("interpreter")
    return _driver_named(environment.NEREID_BACKEND.get() or "cpu")


class DriverConfig:
    """`triton.runtime.driver`: `active` is the driver that `set_active` fixed, else the one
    the environment picks now (`default`)."""

    def __init__(self) -> None:
        self._active: Optional[DriverBase] = None

    @property
    def default(self) -> DriverBase:
        return driver_for_environment()

    @property
    def active(self) -> DriverBase:
        return self._active if self._active is not None else driver_for_environment()

    def set_active(self, driver: DriverBase) -> None:
        """Fixes the driver that `active` returns, until `reset_active`. Launches do not
        follow it: they go where their data and NEREID_BACKEND send them."""
        self._active = driver

    def reset_active(self) -> None:
        """Makes `active` follow the environment again."""
        self._active = None

    def set_active_to_cpu(self) -> None:
        """triton-cpu's name: the CPU's driver becomes the active one."""
        self._active = _driver_named("cpu")

    def get_active_gpus(self) -> list[str]:
        """The names of the usable backends that run on GPU memory (memory other than the
        host's), and of those whose driver `register_driver` put in place and finds a
        device."""
        from .. import backends

        gpus = [status.name for status in backends.list() if status.usable
                and backends.get(status.name).owned_memory - {"cpu"}]
        return gpus + [name for name, factory in _FACTORIES.items() if name not in gpus
                       and getattr(factory, "is_active", lambda: True)()]

    def set_active_to_gpu(self) -> str:
        """triton-cpu's name: the one GPU backend's driver becomes the active one; returns its
        name. Raises RuntimeError unless there is exactly one."""
        gpus = self.get_active_gpus()
        if len(gpus) != 1:
            raise RuntimeError(f"{len(gpus)} active GPU drivers ({', '.join(gpus) or 'none'}); "
                               "there should be one")
        self._active = _driver_named(gpus[0])
        return gpus[0]


driver = DriverConfig()
