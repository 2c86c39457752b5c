"""`triton.runtime.driver` under its Triton name (see `nereid.runtime.driver`)."""

from ...runtime.driver import DriverBase, DriverConfig, GPUTarget, driver, register_driver

__all__ = ["DriverBase", "DriverConfig", "GPUTarget", "driver", "register_driver"]
