"""nereid.backends: the registry of backends (entry points of group `nereid.backends`), what it
tells a user, the interpreter as a backend by name, the choice of a backend by the data's
memory, and the dot precision each backend declares."""

import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import nereid
import nereid.backends
import nereid.language as tl
from nereid.backends import Availability, Backend, registry
from nereid.runtime import backend_choice

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from kernels.backends import RecordingBackend, registered  # noqa: E402
from kernels.precision import round_to_tf32  # noqa: E402
from kernels.tutorials import add_kernel  # noqa: E402


@pytest.fixture(autouse=True)
def launch_environment(monkeypatch):
    for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_BACKEND",
                 "TRITON_F32_DEFAULT"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def rng():
    return np.random.default_rng()


# The registry ---------------------------------------------------------------------------

def test_the_built_in_backends_are_entry_points():
    declared = registry._declared()
    assert declared["cpu"].value == "nereid_cpu.backend:CpuBackend"
    assert declared["interpreter"].value == "nereid.backends.interpreter:InterpreterBackend"
    assert {"cpu", "interpreter"} <= set(nereid.backends.names())
    assert nereid.backends.get("cpu").name == "cpu"
    assert nereid.backends.get("interpreter") is nereid.backends.get("interpreter")


def test_an_unknown_backend_is_an_error_naming_the_known_ones():
    with pytest.raises(nereid.backends.UnknownBackendError,
                       match=r"no backend is called 'nonesuch'; the backends are "
                             r"(.*, )?cpu, interpreter"):
        nereid.backends.get("nonesuch")


def test_list_tells_which_backends_run_here_and_why_not(monkeypatch):
    class Absent(Backend):
        name = "absent"

        def available(self):
            return Availability(False, "no absent device on this host")

    registered(monkeypatch, Absent())
    statuses = {status.name: status for status in nereid.backends.list()}
    assert statuses["interpreter"].usable
    assert str(statuses["interpreter"]) == (
        "interpreter (nereid.backends.interpreter:InterpreterBackend): usable")
    assert not statuses["absent"].usable
    assert str(statuses["absent"]) == (
        "absent (registered): not usable: no absent device on this host")


def test_python_m_nereid_backends_prints_the_list():
    result = subprocess.run([sys.executable, "-m", "nereid.backends"], capture_output=True,
                            text=True, check=True)
    lines = result.stdout.splitlines()
    assert "interpreter (nereid.backends.interpreter:InterpreterBackend): usable" in lines
    assert any(line.startswith("cpu (nereid_cpu.backend:CpuBackend): ") for line in lines)


FAKE_PACKAGE = '''
from nereid.backends import Availability, Backend


class FakeBackend(Backend):
    name = "fake"
    owned_memory = frozenset({"cuda"})

    def available(self):
        return Availability(False, "no fake GPU here")


class Misnamed(Backend):
    name = "something-else"
'''


@pytest.fixture
def fake_distribution(tmp_path, monkeypatch):
    """A distribution on sys.path with entry points of group nereid.backends, as an outside
    package installs them; the registry reads the entry points afresh."""
    (tmp_path / "fake_nereid_backend.py").write_text(textwrap.dedent(FAKE_PACKAGE))
    dist_info = tmp_path / "fake_nereid_backend-1.0.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: fake-nereid-backend\n"
                                        "Version: 1.0\n")
    (dist_info / "entry_points.txt").write_text(
        "[nereid.backends]\nfake = fake_nereid_backend:FakeBackend\n"
        "misnamed = fake_nereid_backend:Misnamed\nbroken = no_such_module:Backend\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(registry, "_entry_points", {})
    monkeypatch.setattr(registry, "_entry_points_read", False)
    monkeypatch.setattr(registry, "_loaded", {})
    yield
    registry.host_backend.cache_clear()


def test_an_entry_point_of_an_outside_distribution_is_a_backend(fake_distribution):
    assert {"fake", "misnamed", "broken", "cpu", "interpreter"} <= set(
        nereid.backends.names())
    fake = nereid.backends.get("fake")
    assert type(fake).__name__ == "FakeBackend"
    assert not fake.available()
    statuses = {status.name: status for status in nereid.backends.list()}
    assert str(statuses["fake"]) == (
        "fake (fake_nereid_backend:FakeBackend): not usable: no fake GPU here")
    assert not statuses["broken"].usable
    assert "no_such_module" in statuses["broken"].availability.reason
    with pytest.raises(RuntimeError, match="names a backend called 'something-else'"):
        nereid.backends.get("misnamed")
    with pytest.raises(RuntimeError, match=r"the broken backend \(no_such_module:Backend\) "
                                           r"cannot be loaded: ModuleNotFoundError"):
        nereid.backends.get("broken")


def test_a_launch_on_a_backend_that_cannot_run_here_says_why(fake_distribution):
    x = np.ones(8, np.float32)
    with pytest.raises(RuntimeError, match="cannot launch `add_kernel` on the fake backend: "
                                           "no fake GPU here"):
        add_kernel[(1,)](x, x, np.zeros(8, np.float32), 8, BLOCK_SIZE=8, backend="fake")


def test_a_kernel_compiles_for_a_backend_without_launching(rng):
    """Ahead of time: tt IR for the backend's options (warmup), then its native kernel, which
    runs when launched later."""
    n = 100
    x, y = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    out = np.full(n, np.nan, np.float32)
    kernel = add_kernel.warmup(x, y, out, n, BLOCK_SIZE=128, grid=(1,), backend="cpu")
    assert kernel.metadata.backend == "cpu" and np.isnan(out).all()
    native = nereid.backends.get("cpu").compile(kernel)
    assert native is nereid.backends.get("cpu").compile(kernel)  # compiled once
    native.launch([x, y, out, n], (1, 1, 1), 1)
    np.testing.assert_array_equal(out, x + y)


# The data picks the backend -------------------------------------------------------------

class CudaArray:
    """An array in NVIDIA GPU memory, as CuPy describes one."""

    __cuda_array_interface__ = {"data": (0, False), "shape": (1,), "typestr": "<f4",
                                "version": 3}


class RocmArray:
    """An array in AMD GPU memory, as DLPack describes one."""

    def __dlpack__(self, **kwargs):
        raise NotImplementedError

    def __dlpack_device__(self):
        return (10, 1)  # kDLROCM, device 1


def test_host_data_goes_to_the_backend_that_owns_host_memory():
    assert backend_choice.select([np.zeros(3), 4, 1.5, None], {}) == "cpu"
    assert nereid.backends.get("cpu").owns(np.zeros(3))
    assert not nereid.backends.get("interpreter").owns(np.zeros(3))


@pytest.mark.parametrize("array, device", [(CudaArray(), "cuda:0"), (RocmArray(), "rocm:1")])
def test_gpu_data_no_usable_backend_owns_is_an_error_naming_its_device(array, device):
    with pytest.raises(RuntimeError, match=rf"no usable backend runs on data in {device} "
                                           r"memory .*backend='interpreter'"):
        backend_choice.select([np.zeros(3), array], {})


def test_gpu_data_goes_to_the_usable_backend_that_owns_it(monkeypatch):
    class NvidiaLike(RecordingBackend):
        owned_memory = frozenset({"cuda"})

    registered(monkeypatch, NvidiaLike("gpu"))
    assert backend_choice.select([np.zeros(3), CudaArray()], {}) == "gpu"
    with pytest.raises(RuntimeError, match="in rocm:1 memory"):
        backend_choice.select([RocmArray()], {})


def test_torch_devices_are_memory():
    torch = pytest.importorskip("torch")
    assert nereid.backends.memory_of(torch.zeros(2)) == nereid.backends.Memory("cpu", 0)
    assert nereid.backends.memory_of(torch.zeros(2, device="meta")).kind == "meta"
    assert nereid.backends.memory_of(np.zeros(2)) == nereid.backends.Memory("cpu", 0)
    assert nereid.backends.memory_of(3) is None


# The interpreter by name ----------------------------------------------------------------

def _add(rng, **options):
    n = 100
    x, y = rng.standard_normal(n).astype(np.float32), rng.standard_normal(n).astype(np.float32)
    out = np.full(n, np.nan, np.float32)
    compiled = add_kernel[(4,)](x, y, out, n, BLOCK_SIZE=32, **options)
    np.testing.assert_array_equal(out, x + y)
    return compiled


def test_the_interpreter_is_a_backend_by_name(rng, monkeypatch):
    interpreted = []
    real = nereid.backends.get("interpreter").launch
    monkeypatch.setattr(nereid.backends.get("interpreter"), "launch",
                        lambda *args: interpreted.append(args[1].name) or real(*args))
    compiled = _add(rng, backend="interpreter")
    assert compiled.metadata.backend == "interpreter"
    assert compiled.metadata.target == "interpreter"
    monkeypatch.setenv("NEREID_BACKEND", "interpreter")
    assert _add(rng).metadata.backend == "interpreter"
    assert interpreted == ["add_kernel", "add_kernel"]


# Dot precision ----------------------------------------------------------------------------

@nereid.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :])
    b = tl.load(b_ptr + tl.arange(0, K)[:, None] * N + tl.arange(0, N)[None, :])
    tl.store(c_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], tl.dot(a, b))


@nereid.jit
def tf32_matmul_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                       K: tl.constexpr):
    a = tl.load(a_ptr + tl.arange(0, M)[:, None] * K + tl.arange(0, K)[None, :])
    b = tl.load(b_ptr + tl.arange(0, K)[:, None] * N + tl.arange(0, N)[None, :])
    c = tl.dot(a, b, input_precision="tf32")
    tl.store(c_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :], c)


def matmul(rng, kernel=matmul_kernel, m=32, n=32, k=64, **options):
    a = rng.standard_normal((m, k)).astype(np.float32)
    b = rng.standard_normal((k, n)).astype(np.float32)
    c = np.full((m, n), np.nan, np.float32)
    kernel[(1,)](a, b, c, m, n, k, **options)
    return a, b, c


def assert_close_to(c, reference):
    """Within f32 accumulation error of `reference` (float64), relative to the row's scale;
    tf32 rounding of the operands is a thousand times more."""
    scale = np.abs(reference).max()
    np.testing.assert_allclose(c, reference, rtol=0, atol=2e-6 * scale)


@pytest.mark.parametrize("backend", ["cpu", "interpreter"])
def test_an_f32_dot_is_ieee_by_default(rng, backend):
    a, b, c = matmul(rng, backend=backend)
    assert_close_to(c, a.astype(np.float64) @ b.astype(np.float64))


@pytest.mark.parametrize("backend", ["cpu", "interpreter"])
def test_triton_f32_default_makes_an_f32_dot_tf32(rng, monkeypatch, backend):
    monkeypatch.setenv("TRITON_F32_DEFAULT", "tf32")
    a, b, c = matmul(rng, backend=backend)
    ieee = a.astype(np.float64) @ b.astype(np.float64)
    tf32_a, tf32_b = round_to_tf32(a).astype(np.float64), round_to_tf32(b).astype(np.float64)
    assert_close_to(c, tf32_a @ tf32_b)
    assert np.abs(c - ieee).max() > 10 * 2e-6 * np.abs(ieee).max()


class IeeeOnly(RecordingBackend):
    """A backend that computes f32 dots in ieee only, as upstream's AMD backend on some chips."""

    allowed_dot_input_precisions = ("ieee",)


class Tf32ByDefault(RecordingBackend):
    """A backend whose default is tf32, as upstream's NVIDIA backend."""

    default_dot_input_precision = "tf32"
    allowed_dot_input_precisions = ("tf32", "tf32x3", "ieee")


def test_a_precision_the_backend_does_not_compute_is_an_error_naming_it(rng, monkeypatch):
    registered(monkeypatch, IeeeOnly("ieee-only"))
    with pytest.raises(nereid.CompilationError,
                       match="input_precision 'tf32' is not supported by the ieee-only backend; "
                             "it supports ieee"):
        matmul(rng, tf32_matmul_kernel, backend="ieee-only")
    monkeypatch.setenv("TRITON_F32_DEFAULT", "tf32")
    with pytest.raises(ValueError, match="TRITON_F32_DEFAULT='tf32': the ieee-only backend "
                                         "computes tl.dot in ieee"):
        matmul(rng, backend="ieee-only")
    monkeypatch.setenv("TRITON_F32_DEFAULT", "fp64")
    with pytest.raises(ValueError, match=r"TRITON_F32_DEFAULT='fp64' \(not an input "
                                         r"precision\)"):
        matmul(rng, backend="interpreter")


def test_the_backends_default_precision_reaches_the_ir_and_the_key(rng, monkeypatch):
    recorded = registered(monkeypatch, Tf32ByDefault("tf32-default")).launches
    a, b, c = matmul(rng, backend="tf32-default")
    kernel = recorded[-1][0]
    assert "inputPrecision = tf32" in kernel.asm["ttir"]
    interpreted = matmul_kernel.warmup(a, b, c, 32, 32, 64, backend="interpreter")
    assert "inputPrecision" not in interpreted.asm["ttir"]
    assert interpreted.key != kernel.key


def test_the_interpreter_computes_what_the_backend_it_stands_in_for_computes(rng,
                                                                            monkeypatch):
    """Under NEREID_INTERPRET=1, NEREID_BACKEND names the backend the interpreter stands in
    for (as the conformance suite compares them): its default precision applies."""
    registered(monkeypatch, Tf32ByDefault("tf32-default"))
    monkeypatch.setenv("NEREID_BACKEND", "tf32-default")
    monkeypatch.setenv("NEREID_INTERPRET", "1")
    a, b, c = matmul(rng)
    tf32_a, tf32_b = round_to_tf32(a).astype(np.float64), round_to_tf32(b).astype(np.float64)
    assert_close_to(c, tf32_a @ tf32_b)
    monkeypatch.setenv("NEREID_BACKEND", "interpreter")
    a, b, c = matmul(rng)
    assert_close_to(c, a.astype(np.float64) @ b.astype(np.float64))
