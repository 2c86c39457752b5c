"""Triton's host-side API with `import nereid.triton as triton`: `triton.runtime.driver.active`
(its target, torch device and device properties), `set_active`/`reset_active`,
`triton.knobs` on Nereid's environment variables, `triton.set_allocator`, and the
`triton.runtime` package, checked against the host itself and against numpy."""

import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import nereid
import nereid.runtime.autotuner
import nereid.triton as triton
import nereid.triton.language as tl
from nereid.backends.interpreter import InterpreterDriver
from nereid.runtime import driver as driver_module
from nereid.runtime import environment
from nereid_cpu.driver import CpuDriver
from frontend_util import array

# The variables a test may change through knobs: deleted before each test, restored after.
NEREID_VARIABLES = ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_BACKEND", "NEREID_DUMP_IR",
                    "NEREID_NUM_THREADS", "NEREID_CPU_STREAMING_STORE_BYTES",
                    "NEREID_CPU_BF16_DOT", "NEREID_FRONT_END_DEBUGGING",
                    "TRITON_FRONT_END_DEBUGGING", "TRITON_PTXAS_PATH", "AMDGCN_USE_BUFFER_OPS",
                    "TRITON_DEBUG")

# 32-bit lanes in one core's vector registers, by nereid_cpu's vector target.
VECTOR_LANES = {"cpu:x86_64:avx512": 32 * 512 // 32, "cpu:x86_64:avx2": 16 * 256 // 32,
                "cpu:aarch64:neon": 32 * 128 // 32}


@pytest.fixture(autouse=True)
def host_environment():
    """Starts each test with the variables unset, the CPU driver following the environment, no
    allocator and no knob set from Python; restores all of it after."""
    saved = {name: os.environ.pop(name, None) for name in NEREID_VARIABLES}
    yield
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    triton.runtime.driver.reset_active()
    triton.set_allocator(None)
    triton.knobs.cache.dump_dir = triton.knobs.env
    for group in (triton.knobs.runtime, triton.knobs.nvidia, triton.knobs.amd):
        group.reset()


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


# The runtime package ---------------------------------------------------------------------

def test_the_runtime_package_imports_by_its_triton_paths():
    from nereid.triton.runtime import driver
    from nereid.triton.runtime.autotuner import Autotuner, Config, autotune, heuristics
    from nereid.triton.runtime.errors import InterpreterError, OutOfResources
    from nereid.triton.runtime.jit import JITFunction, jit
    import nereid.triton.runtime as rt

    assert driver is rt.driver is triton.runtime.driver is driver_module.driver
    assert JITFunction is nereid.JITFunction and jit is nereid.jit and rt.JITFunction is JITFunction
    assert Autotuner is nereid.runtime.autotuner.Autotuner and rt.Autotuner is Autotuner
    assert Config is nereid.Config and autotune is nereid.autotune
    assert heuristics is nereid.heuristics and rt.Heuristics is nereid.runtime.autotuner.Heuristics
    assert rt.OutOfResources is OutOfResources is triton.OutOfResources
    assert issubclass(OutOfResources, triton.TritonError)
    assert InterpreterError is triton.InterpreterError
    assert rt._allocation.set_allocator is triton.set_allocator
    assert isinstance(add_kernel, rt.jit.JITFunction)


def test_out_of_resources_reads_as_upstreams_and_pickles():
    import pickle

    error = triton.runtime.errors.OutOfResources(98304, 65536, "shared memory")
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.required, copy.limit, copy.name) == (98304, 65536, "shared memory")
    assert str(copy) == ("out of resource: shared memory, Required: 98304, Hardware limit: "
                         "65536. Reducing block sizes or `num_stages` may help.")


def test_interpreter_error_catches_a_kernel_failing_in_the_interpreter(monkeypatch):
    @triton.jit
    def failing(x_ptr):
        x = tl.load(x_ptr)
        tl.device_assert(x < 0, "x must be negative")

    monkeypatch.setenv("NEREID_INTERPRET", "1")
    with pytest.raises(triton.runtime.errors.InterpreterError, match="x must be negative"):
        failing[(1,)](np.abs(array(n=4)) + 1)


# The active driver -------------------------------------------------------------------------

def test_the_cpu_is_active_by_default_and_its_target_is_the_hosts():
    from nereid_cpu.target import host_target

    active = triton.runtime.driver.active
    assert isinstance(active, CpuDriver)
    target = active.get_current_target()
    assert (target.backend, target.arch, target.warp_size) == ("cpu", host_target().ttg_target, 1)
    assert target.arch in VECTOR_LANES
    with pytest.raises(AttributeError):
        target.warp_size = 32  # frozen, as upstream's GPUTarget
    assert active.get_current_device() == 0 and active.get_current_stream() == 0
    assert active.get_benchmarker() is nereid.testing.do_bench


@pytest.mark.parametrize("variable", ["NEREID_INTERPRET", "TRITON_INTERPRET"])
def test_interpret_mode_makes_the_interpreter_active(monkeypatch, variable):
    monkeypatch.setenv(variable, "1")
    active = triton.runtime.driver.active
    assert isinstance(active, InterpreterDriver)
    assert active.get_current_target() == driver_module.GPUTarget("cpu", "interpreter", 1)
    monkeypatch.setenv(variable, "0")
    assert type(triton.runtime.driver.active) is CpuDriver


def test_nereid_backend_picks_the_driver(monkeypatch):
    class FakeGpuDriver(driver_module.DriverBase):
        backend = "fakegpu"

        @classmethod
        def is_active(cls):
            return True

        def get_current_target(self):
            return driver_module.GPUTarget("fakegpu", 90, 32)

    monkeypatch.setitem(driver_module._FACTORIES, "fakegpu", FakeGpuDriver)
    monkeypatch.setattr(driver_module, "_DRIVERS", {})
    monkeypatch.setenv("NEREID_BACKEND", "fakegpu")
    assert triton.runtime.driver.active.get_current_target().arch == 90
    assert triton.runtime.driver.get_active_gpus() == ["fakegpu"]
    monkeypatch.setenv("NEREID_BACKEND", "cpu")
    assert triton.runtime.driver.set_active_to_gpu() == "fakegpu"
    assert isinstance(triton.runtime.driver.active, FakeGpuDriver)
    triton.runtime.driver.set_active_to_cpu()
    assert isinstance(triton.runtime.driver.active, CpuDriver)


def test_an_unknown_backend_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("NEREID_BACKEND", "nosuchgpu")
    with pytest.raises(RuntimeError, match="no backend is called 'nosuchgpu'"):
        triton.runtime.driver.active


def test_set_active_fixes_the_driver_until_reset_active(monkeypatch):
    class MockDriver(CpuDriver):
        pass

    mock = MockDriver()
    triton.runtime.driver.set_active(mock)
    monkeypatch.setenv("NEREID_INTERPRET", "1")
    assert triton.runtime.driver.active is mock
    triton.runtime.driver.reset_active()
    assert isinstance(triton.runtime.driver.active, InterpreterDriver)
    assert triton.runtime.driver.active is triton.runtime.driver.default
    triton.runtime.driver.set_active_to_cpu()
    assert type(triton.runtime.driver.active) is CpuDriver


def test_set_active_to_gpu_needs_one_gpu_driver():
    with pytest.raises(RuntimeError, match="0 active GPU drivers"):
        triton.runtime.driver.set_active_to_gpu()
    assert triton.runtime.driver.get_active_gpus() == []


def test_the_device_interface_times_on_the_host():
    interface = triton.runtime.driver.active.get_device_interface()
    start, end = interface.Event(enable_timing=True), interface.Event(enable_timing=True)
    start.record()
    time.sleep(0.02)
    end.record()
    interface.synchronize()
    assert 15 <= start.elapsed_time(end) < 2000


# Device properties ---------------------------------------------------------------------------

def _private_cache_bytes():
    """The largest data cache of cpu0 listed as shared with no other CPU, read from /sys
    independently of the driver, or None."""
    sizes = []
    for index in Path("/sys/devices/system/cpu/cpu0/cache").glob("index*"):
        if (index / "type").read_text().strip() == "Instruction":
            continue
        if (index / "shared_cpu_list").read_text().strip() != "0":
            continue
        text = (index / "size").read_text().strip()
        sizes.append(int(text[:-1]) * {"K": 1024, "M": 1024 ** 2}[text[-1]])
    return max(sizes) if sizes else None


@pytest.mark.parametrize("device", [None, 0, "cpu"])
def test_device_properties_are_the_hosts(device):
    from nereid_cpu.target import host_target

    properties = triton.runtime.driver.active.utils.get_device_properties(device)
    assert {"max_shared_mem", "max_num_regs", "multiprocessor_count", "warpSize",
            "sm_clock_rate", "mem_clock_rate", "mem_bus_width"} <= properties.keys()
    assert properties["multiprocessor_count"] == len(os.sched_getaffinity(0))
    assert properties["warpSize"] == 1
    assert properties["max_num_regs"] == VECTOR_LANES[host_target().ttg_target]
    assert properties["max_shared_mem"] >= 16 * 1024
    if _private_cache_bytes() is not None:
        assert properties["max_shared_mem"] == _private_cache_bytes()
    assert all(type(value) is int for value in properties.values())


def test_multiprocessor_count_is_the_cores_the_process_may_use(monkeypatch):
    from nereid.runtime.host import available_cores

    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3})
    available_cores.cache_clear()  # read once per process
    try:
        properties = triton.runtime.driver.active.utils.get_device_properties(0)
    finally:
        available_cores.cache_clear()
    assert properties["multiprocessor_count"] == 1


def test_the_interpreter_reports_the_hosts_properties(monkeypatch):
    host = triton.runtime.driver.active.utils.get_device_properties()
    monkeypatch.setenv("NEREID_INTERPRET", "1")
    assert triton.runtime.driver.active.utils.get_device_properties() == host


def test_the_interpreters_driver_needs_no_cpu_backend():
    """Where the CPU backend cannot be imported, the interpreter's driver still reports the
    host, and a kernel still runs in the interpreter."""
    script = textwrap.dedent("""
        import sys
        sys.modules["nereid_cpu"] = None  # `import nereid_cpu` raises ImportError
        import numpy as np
        import nereid.triton as triton
        from kernels import double_kernel
        active = triton.runtime.driver.active
        print(type(active).__name__, active.get_current_target().arch,
              active.utils.get_device_properties()["multiprocessor_count"])
        x = np.random.default_rng().standard_normal(64).astype(np.float32)
        y = np.full_like(x, np.nan)
        double_kernel[(1,)](x, y, N=64)
        print(bool(np.array_equal(y, 2 * x)))
    """)
    kernels = "import nereid.triton as triton\nimport nereid.triton.language as tl\n" \
        "@triton.jit\ndef double_kernel(x_ptr, y_ptr, N: tl.constexpr):\n" \
        "    r = tl.arange(0, N)\n    tl.store(y_ptr + r, tl.load(x_ptr + r) * 2)\n"
    with tempfile.TemporaryDirectory() as folder:
        Path(folder, "kernels.py").write_text(kernels)
        environment = {**os.environ, "NEREID_INTERPRET": "1",
                       "PYTHONPATH": os.pathsep.join([folder] + sys.path)}
        output = subprocess.run([sys.executable, "-c", script], env=environment, check=True,
                                capture_output=True, text=True).stdout.split()
    assert output == ["InterpreterDriver", "interpreter", str(len(os.sched_getaffinity(0))),
                      "True"]


@pytest.mark.parametrize("device", [1, "cuda", "cpu:1"])
def test_a_device_other_than_the_host_is_an_error(device):
    with pytest.raises(ValueError, match="the host has one device"):
        triton.runtime.driver.active.utils.get_device_properties(device)


def test_without_torch_the_torch_device_is_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` raises ImportError
    with pytest.raises(ImportError, match="torch is not installed.*numpy"):
        triton.runtime.driver.active.get_active_torch_device()


def test_the_torch_device_is_the_cpu():
    torch = pytest.importorskip("torch")
    DEVICE = triton.runtime.driver.active.get_active_torch_device()
    assert DEVICE == torch.device("cpu")
    x = torch.rand(1000, device=DEVICE)
    y = torch.rand(1000, device=DEVICE)
    output = torch.empty_like(x)
    assert x.device == DEVICE and output.device == DEVICE  # as the vector-add tutorial asserts
    add_kernel[lambda meta: (triton.cdiv(1000, meta["BLOCK_SIZE"]),)](x, y, output, 1000,
                                                                     BLOCK_SIZE=256)
    np.testing.assert_allclose(output.numpy(), x.numpy() + y.numpy(), rtol=1e-6)


# A tutorial's host program -------------------------------------------------------------------

@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols,
                   BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float("inf"))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        tl.store(output_row_start_ptr + col_offsets, softmax_output, mask=mask)


def softmax_as_the_tutorial_launches_it(x):
    """The fused-softmax tutorial's host code on numpy arrays: persistent programs, as many as
    the device's properties say fit. The tutorial reads the compiled kernel's registers and
    shared memory; here they are the row's values per thread and the row's bytes."""
    from nereid.triton.runtime import driver

    properties = driver.active.utils.get_device_properties(driver.active.get_current_device())
    NUM_SM = properties["multiprocessor_count"]
    NUM_REGS = properties["max_num_regs"]
    SIZE_SMEM = properties["max_shared_mem"]
    WARP_SIZE = properties["warpSize"]
    target = triton.runtime.driver.active.get_current_target()
    assert target.warp_size == WARP_SIZE

    n_rows, n_cols = x.shape
    BLOCK_SIZE = triton.next_power_of_2(n_cols)
    num_warps = 1
    num_stages = 4 if SIZE_SMEM > 200000 else 2
    y = np.empty_like(x)
    n_regs = triton.cdiv(BLOCK_SIZE, target.warp_size * num_warps)
    size_smem = BLOCK_SIZE * x.itemsize
    occupancy = NUM_REGS // (n_regs * WARP_SIZE * num_warps)
    occupancy = max(1, min(occupancy, SIZE_SMEM // size_smem))
    num_programs = min(NUM_SM * occupancy, n_rows)
    softmax_kernel[(num_programs, 1, 1)](y, x, x.strides[0] // x.itemsize,
                                         y.strides[0] // y.itemsize, n_rows, n_cols, BLOCK_SIZE,
                                         num_stages, num_warps=num_warps)
    return y, num_programs


@pytest.mark.parametrize("interpret", [False, True], ids=["cpu", "interpreter"])
def test_the_softmax_tutorials_host_code_runs_on_numpy(monkeypatch, interpret):
    if interpret:
        monkeypatch.setenv("NEREID_INTERPRET", "1")
    rng = np.random.default_rng()
    x = rng.standard_normal((37, 300)).astype(np.float32) * 4
    y, num_programs = softmax_as_the_tutorial_launches_it(x)
    assert 1 <= num_programs <= 37
    shifted = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, shifted / shifted.sum(axis=1, keepdims=True), rtol=1e-5,
                               atol=1e-7)


@pytest.mark.parametrize("num_warps", [4, 8, 16])
def test_the_softmax_tutorials_occupancy_arithmetic_gives_a_program_per_core(num_warps):
    """The fused-softmax tutorial's host code, as upstream writes it."""
    x = array(n=64 * 100).reshape(64, 100)
    y = np.empty_like(x)
    kernel = softmax_kernel.warmup(y, x, 100, 100, 64, 100, BLOCK_SIZE=128, num_stages=2,
                                   num_warps=num_warps, grid=(1,))
    kernel._init_handles()
    properties = triton.runtime.driver.active.utils.get_device_properties(0)
    target = triton.runtime.driver.active.get_current_target()
    occupancy = properties["max_num_regs"] // (kernel.n_regs * target.warp_size * num_warps)
    occupancy = min(occupancy, properties["max_shared_mem"] // kernel.metadata.shared)
    assert occupancy == 1
    assert kernel.metadata.backend == "cpu" and kernel.n_spills == 0


# Knobs -------------------------------------------------------------------------------------

def test_the_cache_dir_knob_is_nereid_cache_dir(tmp_path, private_kernel_cache):
    assert triton.knobs.cache.dir == str(private_kernel_cache)
    elsewhere = tmp_path / "elsewhere"
    triton.knobs.cache.dir = elsewhere
    assert os.environ["NEREID_CACHE_DIR"] == str(elsewhere) == triton.knobs.cache.dir
    x, y, out = array(n=100), array(n=100), array(n=100)
    add_kernel[(1,)](x, y, out, 100, BLOCK_SIZE=128)
    np.testing.assert_array_equal(out, x + y)
    assert any(elsewhere.rglob("ttir"))
    with pytest.raises(TypeError, match="NEREID_CACHE_DIR"):
        triton.knobs.cache.dir = 3


def test_the_interpret_knob_is_nereid_interpret(monkeypatch):
    assert triton.knobs.runtime.interpret is False
    triton.knobs.runtime.interpret = True
    assert os.environ["NEREID_INTERPRET"] == "1" and environment.interpret_mode()
    assert isinstance(triton.runtime.driver.active, InterpreterDriver)
    x, y, out = array(n=100), array(n=100), array(n=100)
    add_kernel[(1,)](x, y, out, 100, BLOCK_SIZE=128)
    np.testing.assert_array_equal(out, x + y)
    monkeypatch.setenv("TRITON_INTERPRET", "1")
    triton.knobs.runtime.interpret = False  # overrides TRITON_INTERPRET, as NEREID_INTERPRET does
    assert not environment.interpret_mode() and triton.knobs.runtime.interpret is False
    with pytest.raises(TypeError, match="takes a bool"):
        triton.knobs.runtime.interpret = "yes"


def test_dump_ir_writes_every_stage_to_the_dump_dir(tmp_path, monkeypatch):
    import nereid.backends

    monkeypatch.setattr(nereid.backends.get("cpu"), "kernels", {})
    assert triton.knobs.compilation.dump_ir is False
    triton.knobs.cache.dump_dir = tmp_path / "dump"
    assert "NEREID_DUMP_IR" not in os.environ  # the directory alone turns nothing on
    triton.knobs.compilation.dump_ir = True
    assert os.environ["NEREID_DUMP_IR"] == str(tmp_path / "dump") == triton.knobs.cache.dump_dir
    x, y, out = array(n=100), array(n=100), array(n=100)
    add_kernel[(1,)](x, y, out, 100, BLOCK_SIZE=128)
    np.testing.assert_array_equal(out, x + y)
    dumped = {p.name for p in (tmp_path / "dump").iterdir()}
    assert {"add_kernel.tt", "add_kernel.ll", "add_kernel.s"} <= dumped
    triton.knobs.compilation.dump_ir = False
    assert "NEREID_DUMP_IR" not in os.environ
    triton.knobs.cache.dump_dir = triton.knobs.env
    assert triton.knobs.cache.dump_dir == os.getcwd()


def test_front_end_debugging_is_nereids():
    # The frontend's reader of the variable, where this checkout has it.
    import nereid.compiler.errors

    reader = getattr(nereid.compiler.errors, "front_end_debugging", None)
    os.environ["TRITON_FRONT_END_DEBUGGING"] = "1"
    assert triton.knobs.compilation.front_end_debugging is True
    triton.knobs.compilation.front_end_debugging = False
    assert os.environ["NEREID_FRONT_END_DEBUGGING"] == "0"
    assert triton.knobs.compilation.front_end_debugging is False
    assert reader is None or not reader()
    triton.knobs.compilation.front_end_debugging = True
    assert os.environ["NEREID_FRONT_END_DEBUGGING"] == "1"
    assert reader is None or reader()


@pytest.mark.parametrize("group,name,value", [
    ("compilation", "always_compile", True),
    ("compilation", "override", True),
    ("compilation", "enable_asan", True),
    ("compilation", "disable_line_info", True),
    ("compilation", "listener", print),
    ("autotuning", "print", True),
    ("autotuning", "cache", True),
    ("runtime", "override_arch", "sm90"),
    ("runtime", "jit_cache_hook", print),
    ("language", "default_fp_fusion", False),
    ("cache", "home_dir", "/elsewhere"),
    ("cache", "manager_class", object),
    ("build", "cc", "gcc"),
])
def test_a_knob_nereid_does_not_honor_is_an_error(group, name, value):
    knobs = getattr(triton.knobs, group)
    default = getattr(knobs, name)
    setattr(knobs, name, default)  # the default is accepted
    with pytest.raises(NotImplementedError, match=rf"triton\.knobs\.{group}\.{name} = "):
        setattr(knobs, name, value)
    assert getattr(knobs, name) == default


def test_the_fp32_default_knob_is_triton_f32_default(monkeypatch):
    import nereid.backends

    monkeypatch.delenv("TRITON_F32_DEFAULT", raising=False)
    knobs = triton.knobs.language
    assert knobs.fp32_default is None
    with knobs.scope():
        knobs.fp32_default = "tf32"
        assert os.environ["TRITON_F32_DEFAULT"] == "tf32"
        assert nereid.backends.get("cpu").frontend_options().default_dot_input_precision \
            == "tf32"
    assert "TRITON_F32_DEFAULT" not in os.environ
    assert nereid.backends.get("cpu").frontend_options().default_dot_input_precision == "ieee"


def test_launch_hooks_are_refused():
    with pytest.raises(NotImplementedError, match="launch_enter_hook"):
        triton.knobs.runtime.launch_enter_hook.add(lambda metadata: None)


def test_gpu_vendor_knobs_are_kept_for_their_backends():
    assert triton.knobs.amd.use_buffer_ops is True and triton.knobs.nvidia.ptxas is None
    triton.knobs.nvidia.ptxas = "/opt/cuda/bin/ptxas"
    triton.knobs.amd.use_buffer_ops = False
    assert triton.knobs.nvidia.ptxas == "/opt/cuda/bin/ptxas"
    assert os.environ["TRITON_PTXAS_PATH"] == "/opt/cuda/bin/ptxas"
    assert os.environ["AMDGCN_USE_BUFFER_OPS"] == "0"
    triton.knobs.nvidia.reset()
    triton.knobs.amd.reset()
    assert triton.knobs.amd.use_buffer_ops is False  # read back from its variable, as upstream
    triton.knobs.runtime.debug = True  # device_assert is always checked: either value is fine
    assert triton.knobs.runtime.debug is True


def test_scope_restores_the_environment():
    with triton.knobs.runtime.scope():
        triton.knobs.runtime.interpret = True
        assert environment.interpret_mode()
    assert "NEREID_INTERPRET" not in os.environ and not environment.interpret_mode()
    with triton.knobs.cache.scope():
        triton.knobs.compilation.dump_ir = True
        triton.knobs.cache.dump_dir = "/tmp/elsewhere"
        assert os.environ["NEREID_DUMP_IR"] == "/tmp/elsewhere"
    assert "NEREID_DUMP_IR" not in os.environ


def test_nereids_own_knobs(monkeypatch):
    triton.knobs.nereid.num_threads = 2
    assert os.environ["NEREID_NUM_THREADS"] == "2" and triton.knobs.nereid.num_threads == 2
    with pytest.raises(TypeError, match="NEREID_NUM_THREADS"):
        triton.knobs.nereid.num_threads = "two"
    triton.knobs.nereid.num_threads = None
    assert "NEREID_NUM_THREADS" not in os.environ and triton.knobs.nereid.num_threads is None
    triton.knobs.cpu.streaming_store_bytes = 0
    assert os.environ["NEREID_CPU_STREAMING_STORE_BYTES"] == "0"
    triton.knobs.nereid.backend = "cpu"
    assert triton.knobs.nereid.backend == environment.NEREID_BACKEND.get() == "cpu"
    assert triton.knobs.compilation.knobs["dump_ir"] is False


# The allocator -----------------------------------------------------------------------------

def test_without_an_allocator_scratch_is_an_error():
    from nereid.runtime.allocation import allocate

    assert isinstance(triton.runtime._allocation._allocator.get(),
                      triton.runtime._allocation.NullAllocator)
    with pytest.raises(RuntimeError, match="triton.set_allocator"):
        allocate("k", 1024, 128, None)


def test_set_allocator_stores_the_function_backends_call():
    from nereid.runtime.allocation import allocate

    calls = []

    def alloc_fn(size, alignment, stream):
        calls.append((size, alignment, stream))
        raw = np.empty(size + alignment, np.int8)
        start = -raw.ctypes.data % alignment
        buffer = raw[start:start + size]

        class Buffer:
            def data_ptr(self):
                return buffer.ctypes.data
        return Buffer()

    triton.set_allocator(alloc_fn)
    assert triton.runtime._allocation._allocator.get() is alloc_fn
    buffer = allocate("k", 4096, 256, 7)
    assert calls == [(4096, 256, 7)] and buffer.data_ptr() % 256 == 0
    triton.set_allocator(lambda size, alignment, stream: np.empty(size + 1, np.int8)[1:])
    with pytest.raises(RuntimeError, match="no data_ptr"):
        allocate("k", 64, 64, None)
    with pytest.raises(TypeError, match="set_allocator"):
        triton.set_allocator(42)


def test_the_cpu_backend_never_calls_the_allocator():
    def alloc_fn(size, alignment, stream):
        raise AssertionError("the CPU backend asked for scratch memory")

    triton.set_allocator(alloc_fn)
    x, y, out = array(n=1000), array(n=1000), array(n=1000)
    add_kernel[(triton.cdiv(1000, 256),)](x, y, out, 1000, BLOCK_SIZE=256)
    np.testing.assert_array_equal(out, x + y)
