"""`triton.runtime.driver.active` under NEREID_BACKEND=nvidia: the current CUDA device as
upstream's driver describes it to host code (upstream's tutorials read it), checked against
torch's view of the same device."""

import pytest

import nereid.triton as triton
from nereid_nvidia.triton_driver import NvidiaDriver

pytestmark = pytest.mark.nvidia


@pytest.fixture
def active(torch_cuda, monkeypatch):
    monkeypatch.delenv("NEREID_INTERPRET", raising=False)
    monkeypatch.delenv("TRITON_INTERPRET", raising=False)
    monkeypatch.setenv("NEREID_BACKEND", "nvidia")
    return triton.runtime.driver.active


def test_the_active_driver_is_the_gpus(active):
    assert isinstance(active, NvidiaDriver)
    assert NvidiaDriver.is_active()


def test_target_and_device_are_torchs(active, torch_cuda):
    major, minor = torch_cuda.cuda.get_device_capability()
    target = active.get_current_target()
    assert (target.backend, target.arch, target.warp_size) == ("cuda", major * 10 + minor, 32)
    assert active.get_active_torch_device() == torch_cuda.device(
        "cuda", torch_cuda.cuda.current_device())
    assert active.get_current_device() == torch_cuda.cuda.current_device()
    assert active.get_current_stream() == torch_cuda.cuda.current_stream().cuda_stream


def test_device_properties_match_torchs(active, torch_cuda):
    device = active.get_active_torch_device()
    expected = torch_cuda.cuda.get_device_properties(device)
    for spelling in (device, device.index, None, f"cuda:{device.index}"):
        properties = active.utils.get_device_properties(spelling)
        assert properties["multiprocessor_count"] == expected.multi_processor_count
        assert properties["warpSize"] == expected.warp_size == 32
        assert properties["max_shared_mem"] == expected.shared_memory_per_block_optin
        # A block may use every register of an SM on the GPUs Nereid targets (sm_80, sm_90).
        assert properties["max_num_regs"] == expected.regs_per_multiprocessor
        # kHz and bits, as the driver's attributes give them.
        assert properties["sm_clock_rate"] == expected.clock_rate > 0
        assert properties["mem_clock_rate"] == expected.memory_clock_rate > 0
        assert properties["mem_bus_width"] == expected.memory_bus_width > 0


def test_a_host_device_is_refused(active):
    with pytest.raises(ValueError, match="CUDA devices"):
        active.utils.get_device_properties("cpu")
