"""`triton.runtime.driver` under its Triton name (see `nereid.runtime.driver`)."""

from ...runtime.driver import (CpuDriver, DriverBase, DriverConfig, GPUTarget,
                               InterpreterDriver, driver, register_driver)

__all__ = ["CpuDriver", "DriverBase", "DriverConfig", "GPUTarget", "InterpreterDriver",
           "driver", "register_driver"]
