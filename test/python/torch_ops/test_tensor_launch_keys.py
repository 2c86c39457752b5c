"""Warm launches on torch tensors find their kernel by launch key (`nereid.torch`'s
`tensor_launch_key`) and repeat the backend's relauncher, as launches on numpy arrays do; a
change of what the key holds (dtype, alignment, kind) specializes again, and a view no kernel
can take is refused on the warm path as on the first launch. Here on host tensors and the CPU
backend; test/python/nvidia/test_nvidia_warm_launch.py runs the same on CUDA tensors."""

import pytest

torch = pytest.importorskip("torch")

import nereid  # noqa: E402
import nereid.language as tl  # noqa: E402
import nereid.torch  # noqa: E402, F401 -- registers the tensors' launch keys


@nereid.jit
def scale_add(x_ptr, y_ptr, out_ptr, alpha, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    tl.store(out_ptr + offsets, alpha * tl.load(x_ptr + offsets, mask=mask)
             + tl.load(y_ptr + offsets, mask=mask), mask=mask)


@pytest.fixture(autouse=True)
def _cache(tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path))
    for name in ("NEREID_BACKEND", "NEREID_INTERPRET", "TRITON_INTERPRET"):
        monkeypatch.delenv(name, raising=False)
    scale_add._launches.clear()


def _launch(x, y, alpha=0.5):
    """scale_add on x and y, against torch (alpha a power of 2: the product is exact, so that
    fusing the multiply and the add rounds as torch does); returns the compiled kernel."""
    out = torch.full_like(x, float("nan"))
    n = x.numel()
    compiled = scale_add[(-(-n // 256),)](x, y, out, alpha, n, BLOCK=256)
    torch.testing.assert_close(out, alpha * x + y, rtol=0, atol=0)
    return compiled


def _entries():
    return list(scale_add._launches.values())


def test_warm_launches_repeat_the_relauncher():
    first = _launch(torch.rand(1000), torch.rand(1000))
    (entry,) = _entries()
    assert entry[2] is not None  # the CPU backend's relauncher, keyed by the tensors
    for n in (1000, 777, 4099):  # new tensors and sizes, none divisible by 16: the same key
        assert _launch(torch.rand(n), torch.rand(n)) is first
    assert len(_entries()) == 1


def test_a_dtype_change_specializes_again():
    f32 = _launch(torch.rand(500), torch.rand(500))
    f64 = _launch(torch.rand(500, dtype=torch.float64), torch.rand(500, dtype=torch.float64))
    assert f64 is not f32
    assert f64.signature.types["x_ptr"] == tl.pointer_type(tl.float64)
    assert _launch(torch.rand(500), torch.rand(500)) is f32
    assert len(_entries()) == 2


def test_an_unaligned_view_specializes_again():
    base = torch.rand(1001)
    aligned = _launch(base[:1000], torch.rand(1000))
    assert "x_ptr" in aligned.signature.divisible_by_16
    unaligned = _launch(base[1:], torch.rand(1000))  # 4 bytes past a 16-byte boundary
    assert unaligned is not aligned
    assert "x_ptr" not in unaligned.signature.divisible_by_16
    assert _launch(base[1:], torch.rand(1000)) is unaligned


def test_a_parameter_takes_the_warm_path():
    weight = torch.nn.Parameter(torch.rand(300), requires_grad=False)
    first = _launch(weight, torch.rand(300))
    assert _launch(weight, torch.rand(300)) is first
    assert all(entry[2] is not None for entry in _entries())


def test_a_broadcast_view_is_refused_when_warm():
    """torch has no negative strides (flip copies); a zero stride is its broadcast view."""
    x = torch.rand(35)
    _launch(x, torch.rand(35))  # warm for n = 35, whose key n = 3 shares
    bad = x.expand(3, 35)[:, 0]
    assert bad.dtype == x.dtype and bad.data_ptr() % 16 == 0  # the warm key but for strides
    with pytest.raises(ValueError, match="argument `x_ptr` of kernel `scale_add`: an array "
                                         "with a zero stride"):
        scale_add[(1,)](bad, torch.rand(bad.numel()), torch.empty(bad.numel()), 1.0,
                        bad.numel(), BLOCK=256)


def test_a_strided_view_with_positive_strides_runs_warm():
    x = torch.rand(2, 400)[:, :300]  # not contiguous; rows 400 apart
    first = _launch(x[0], torch.rand(300))
    assert _launch(x[1], torch.rand(300)) is first


@pytest.mark.parametrize("variable,value", [("NEREID_INTERPRET", "1"),
                                            ("TRITON_INTERPRET", "1"),
                                            ("NEREID_BACKEND", "interpreter")])
def test_a_warm_key_follows_the_variables_that_route_launches(monkeypatch, variable, value):
    """The variables are part of the warm key (`environment.launch_settings`): set after a
    warm launch, the next launch on the same kinds runs where they say, and unset again, the
    warm launch returns."""
    warm = _launch(torch.rand(1000), torch.rand(1000))
    assert warm.metadata.backend == "cpu"
    monkeypatch.setenv(variable, value)
    routed = _launch(torch.rand(1000), torch.rand(1000))
    assert routed.metadata.backend == "interpreter"
    monkeypatch.delenv(variable)
    assert _launch(torch.rand(1000), torch.rand(1000)) is warm
