"""The runtime library without a GPU: it is built, it loads, and the backend says why it cannot
run; with a GPU: the device's properties."""

import ctypes

import pytest

import nereid.backends
from nereid_nvidia import driver
from nereid_nvidia.backend import NvidiaBackend


def test_runtime_library_exports_the_c_api():
    library = driver.runtime()
    for name in ("nereid_cuda_init", "nereid_cuda_last_error", "nereid_cuda_driver_version",
                 "nereid_cuda_device_count", "nereid_cuda_device_properties",
                 "nereid_cuda_load_module", "nereid_cuda_unload_module",
                 "nereid_cuda_get_function", "nereid_cuda_function_resources",
                 "nereid_cuda_set_max_dynamic_shared_memory", "nereid_cuda_launch",
                 "nereid_cuda_launch_prepared"):
        assert isinstance(getattr(library, name), ctypes._CFuncPtr)


@pytest.mark.parametrize("grid,status", [
    ((2**31, 1, 1), driver.GRID_BEYOND_LIMITS), ((1, 65536, 1), driver.GRID_BEYOND_LIMITS),
    ((1, 1, 65536), driver.GRID_BEYOND_LIMITS), ((0, 65536, 1), driver.GRID_BEYOND_LIMITS),
    ((0, 1, 1), 0), ((7, 0, 3), 0), ((2**31 - 1, 65535, 0), 0)])
def test_a_prepared_launch_checks_its_grid_before_the_driver(grid, status):
    """The real `nereid_cuda_launch_prepared` refuses a grid beyond the limits it was prepared
    with, each dimension read from its own field, and launches nothing for a grid without
    blocks: both before any driver call, so this runs where the driver is missing."""
    launch = driver.PreparedLaunch(max_grid_x=2**31 - 1, max_grid_y=65535, max_grid_z=65535,
                                   block_x=128)
    launch.grid_x, launch.grid_y, launch.grid_z = grid
    assert driver.launch_prepared_function()(ctypes.addressof(launch)) == status


def test_registered_under_its_entry_point():
    assert "nvidia" in nereid.backends.names()
    backend = nereid.backends.get("nvidia")
    assert isinstance(backend, NvidiaBackend)
    assert backend.owned_memory == {"cuda"}
    assert backend.frontend_options().default_dot_input_precision == "tf32"


def test_unavailable_without_the_driver_says_why():
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError:
        availability = NvidiaBackend().available()
        assert not availability
        assert "cannot load libcuda.so.1" in availability.reason
        assert "NVIDIA driver" in availability.reason
        # Every later call gives the same reason, naming what failed.
        with pytest.raises(driver.CudaError, match="cannot load libcuda.so.1"):
            driver.load_module(0, b"\x7fELF")
    else:
        pytest.skip("libcuda.so.1 loads here: the driver is installed")


@pytest.mark.nvidia
def test_device_properties(torch_cuda):
    properties = driver.device_properties(0)
    expected = torch_cuda.cuda.get_device_properties(0)
    assert properties.name == expected.name
    assert properties.compute_capability == (expected.major, expected.minor)
    assert properties.multiprocessor_count == expected.multi_processor_count
    assert properties.warp_size == 32
    assert properties.max_shared_memory_per_block == 48 * 1024
    assert properties.max_shared_memory_per_block_optin > 48 * 1024
    assert properties.max_grid == (2**31 - 1, 65535, 65535)
    assert driver.driver_version() >= driver.MIN_DRIVER_VERSION
    assert driver.device_count() == torch_cuda.cuda.device_count()
