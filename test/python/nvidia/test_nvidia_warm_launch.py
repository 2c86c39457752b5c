"""Warm @jit launches on torch CUDA tensors: a launch whose key matched an earlier one repeats
the NVIDIA backend's relauncher (`CompiledNvidiaKernel.relauncher`), which reads torch's current
device and stream again each time. A change of dtype or alignment specializes again, a change of
stream is honoured (a CUDA graph captures the warm launch), and a change of device is honoured
or refused. Each result is compared with torch on random data, the output poisoned first.
Skipped, with the backend's reason, where no NVIDIA GPU runs."""

import pytest

import nereid
import nereid.language as tl


@nereid.jit
def scale_add(x_ptr, y_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, alpha * tl.load(x_ptr + offsets, mask=mask)
             + tl.load(y_ptr + offsets, mask=mask), mask=mask)


@pytest.fixture
def torch(torch_cuda, tmp_path, monkeypatch):
    try:
        nereid._capi.lib()
    except ImportError as error:  # a GPU run that carries the runtime alone (scripts/gpu)
        pytest.skip(f"compiling needs libnereid: {error}")
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path))
    for name in ("NEREID_BACKEND", "NEREID_INTERPRET", "TRITON_INTERPRET"):
        monkeypatch.delenv(name, raising=False)
    scale_add._launches.clear()
    return torch_cuda


def _launch(torch, x, y, alpha=0.5):
    """scale_add on x and y, checked against torch; returns the compiled kernel it ran. Alpha
    is a power of 2: its product is exact, so that the GPU's fused multiply-add rounds as
    torch's multiply and add do."""
    n = x.numel()
    out = torch.full_like(x, float("nan"))
    compiled = scale_add[(-(-n // 512),)](x, y, out, alpha, n, BLOCK=512)
    torch.cuda.synchronize()
    torch.testing.assert_close(out, alpha * x + y, rtol=0, atol=0)
    return compiled


def _entries():
    return list(scale_add._launches.values())


def test_warm_launches_repeat_the_relauncher(torch):
    first = _launch(torch, torch.randn(1000, device="cuda"), torch.randn(1000, device="cuda"))
    (entry,) = _entries()
    assert entry[1].metadata.backend == "nvidia" and entry[2] is not None
    for n in (1000, 3, 70_001):  # none divisible by 16: the same key
        x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
        assert _launch(torch, x, y, alpha=float(2.0 ** torch.randint(-4, 5, ()))) is first
    assert len(_entries()) == 1


@pytest.mark.parametrize("dtype", ["float16", "float64"])
def test_a_dtype_change_specializes_again(torch, dtype):
    f32 = _launch(torch, torch.randn(999, device="cuda"), torch.randn(999, device="cuda"))
    # Integers in [-50, 50] and alpha 0.5: every result is exact in either dtype.
    x, y = (torch.randint(-50, 51, (999,), device="cuda").to(getattr(torch, dtype))
            for _ in range(2))
    other = _launch(torch, x, y, alpha=0.5)
    assert other is not f32
    assert _launch(torch, torch.randn(999, device="cuda"), torch.randn(999, device="cuda")) \
        is f32


def test_an_unaligned_view_specializes_again(torch):
    base = torch.randn(1001, device="cuda")
    aligned = _launch(torch, base[:1000], torch.randn(1000, device="cuda"))
    assert "x_ptr" in aligned.signature.divisible_by_16
    unaligned = _launch(torch, base[1:], torch.randn(1000, device="cuda"))
    assert unaligned is not aligned and "x_ptr" not in unaligned.signature.divisible_by_16
    assert _launch(torch, base[1:], torch.randn(1000, device="cuda")) is unaligned


def test_a_warm_launch_runs_on_the_current_stream(torch):
    x, y = torch.randn(4099, device="cuda"), torch.randn(4099, device="cuda")
    _launch(torch, x, y)  # warm
    stream = torch.cuda.Stream()
    out = torch.full_like(x, float("nan"))
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        scale_add[(9,)](x, y, out, 2.0, 4099, BLOCK=512)
    stream.synchronize()
    torch.testing.assert_close(out, 2.0 * x + y, rtol=0, atol=0)


def test_a_cuda_graph_captures_a_warm_launch(torch):
    """A capture runs on a stream of its own; a launch elsewhere would not be in the graph (or
    would break the capture). Replaying it on new data recomputes the output."""
    n = 5000
    x, y = torch.randn(n, device="cuda"), torch.randn(n, device="cuda")
    out = torch.full_like(x, float("nan"))
    _launch(torch, x, y)  # warm: the capture takes the relauncher
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        scale_add[(10,)](x, y, out, 4.0, n, BLOCK=512)
    x.copy_(torch.randn(n, device="cuda"))
    out.fill_(float("nan"))
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(out, 4.0 * x + y, rtol=0, atol=0)


def test_a_grid_beyond_the_device_is_refused_when_warm(torch):
    x, y = torch.randn(64, device="cuda"), torch.randn(64, device="cuda")
    _launch(torch, x, y)
    with pytest.raises(ValueError, match=r"kernel `scale_add`: the grid \(1, 65536, 1\) is not "
                                         r"1 to 3 sizes within the device's limits"):
        scale_add[(1, 65536)](x, y, torch.empty_like(x), 1.0, 64, BLOCK=512)


def test_a_broadcast_view_is_refused_when_warm(torch):
    x = torch.randn(35, device="cuda")
    _launch(torch, x, torch.randn(35, device="cuda"))  # n = 35 and n = 3 share a key
    bad = x.expand(3, 35)[:, 0]
    with pytest.raises(ValueError, match="argument `x_ptr` of kernel `scale_add`: an array with "
                                         "a zero stride"):
        scale_add[(1,)](bad, x[:3], torch.empty(3, device="cuda"), 1.0, 3, BLOCK=512)


def test_a_device_change_is_honoured_or_refused(torch):
    if torch.cuda.device_count() < 2:
        pytest.skip("one GPU: no other device to launch on")
    on_0 = [torch.randn(777, device="cuda:0") for _ in range(2)]
    _launch(torch, *on_0)
    with torch.cuda.device(1):
        # Tensors on device 1 are another key: the kernel loads there and runs.
        on_1 = [torch.randn(777, device="cuda:1") for _ in range(2)]
        _launch(torch, *on_1)
        # Device 0's tensors while device 1 is current: the warm key of device 0, refused.
        with pytest.raises(ValueError, match="argument `x_ptr` of kernel `scale_add` is on CUDA "
                                             "device 0, but the launch runs on the current "
                                             "device, 1"):
            scale_add[(2,)](*on_0, torch.empty_like(on_0[0]), 1.0, 777, BLOCK=512)
    _launch(torch, *on_0)
