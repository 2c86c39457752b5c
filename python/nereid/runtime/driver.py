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

from dataclasses import dataclass
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
