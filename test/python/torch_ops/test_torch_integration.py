"""Nereid kernels in torch programs (`nereid.torch`): custom operators made with
`nereid.torch.triton_op` in `torch.compile(fullgraph=True)`, `torch.library.opcheck`, in-place
operators, dynamic shapes, a direct launch in a compiled function (a graph break), and launches
on fake tensors; each checked against torch's own eager operations."""

import json
import os
import subprocess
import sys
import textwrap

import pytest

torch = pytest.importorskip("torch")

import nereid  # noqa: E402
import nereid.language as tl  # noqa: E402
import nereid.torch  # noqa: E402
from nereid.torch import triton_op, wrap_triton  # noqa: E402
from torch._dynamo.testing import CompileCounterWithBackend  # noqa: E402
from torch._dynamo.utils import counters  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402


@nereid.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(out_ptr + offsets, x + y, mask=mask)


@nereid.jit
def softmax_kernel(out_ptr, in_ptr, in_row_stride, out_row_stride, n_cols,
                   BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * in_row_stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    numerator = tl.exp(x)
    tl.store(out_ptr + row * out_row_stride + cols, numerator / tl.sum(numerator, axis=0),
             mask=mask)


@nereid.jit
def axpy_kernel(x_ptr, y_ptr, alpha, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(x_ptr + offsets, x + alpha * y, mask=mask)


@triton_op("nereid_test::add", mutates_args=())
def add(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel()
    wrap_triton(add_kernel)[lambda meta: (nereid.cdiv(n, meta["BLOCK"]),)](x, y, out, n,
                                                                            BLOCK=256)
    return out


@triton_op("nereid_test::softmax", mutates_args=())
def softmax(x: torch.Tensor) -> torch.Tensor:
    rows, cols = x.shape
    out = torch.empty_like(x)
    # A direct launch, not through wrap_triton: it does nothing on fake tensors too.
    softmax_kernel[(rows,)](out, x, x.stride(0), out.stride(0), cols,
                            BLOCK=nereid.next_power_of_2(cols))
    return out


@triton_op("nereid_test::axpy_", mutates_args=("x",))
def axpy_(x: torch.Tensor, y: torch.Tensor, alpha: float) -> None:
    n = x.numel()
    wrap_triton(axpy_kernel)[(nereid.cdiv(n, 256),)](x, y, alpha, n, BLOCK=256)


# The same kernel and operator again, for a test that counts the kernel's compilations.
counted_add_kernel = nereid.jit(add_kernel.fn)


@triton_op("nereid_test::counted_add", mutates_args=())
def counted_add(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    out = torch.empty_like(x)
    n = x.numel()
    wrap_triton(counted_add_kernel)[(nereid.cdiv(n, 256),)](x, y, out, n, BLOCK=256)
    return out


def randn(*shape, seed=0):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed))


# Operators ------------------------------------------------------------------------------------

def test_the_operators_run_eagerly():
    x, y = randn(1000, seed=1), randn(1000, seed=2)
    torch.testing.assert_close(add(x, y), x + y)
    torch.testing.assert_close(torch.ops.nereid_test.add(x, y), x + y)
    x = randn(7, 300, seed=3)
    torch.testing.assert_close(softmax(x), torch.softmax(x, dim=-1))


@pytest.mark.parametrize("backend", ["inductor", "aot_eager"])
def test_fullgraph_compile_of_the_operators(backend):
    def f(x, y, z):
        return softmax(torch.relu(add(x, y)) * 2) + z

    compiled = torch.compile(f, fullgraph=True, backend=backend)
    for seed, (rows, cols) in enumerate(((8, 100), (3, 257))):
        x, y, z = (randn(rows, cols, seed=10 * seed + i) for i in range(3))
        expected = torch.softmax(torch.relu(x + y) * 2, dim=-1) + z
        torch.testing.assert_close(compiled(x, y, z), expected)
    # The operator is one node of the graph, which calls it: Nereid compiled the kernels once
    # per specialization, not once per trace.
    assert len(add_kernel.compiled) >= 1 and len(softmax_kernel.compiled) >= 1


@pytest.mark.parametrize("op, args", [
    (add, lambda: (randn(300, seed=4), randn(300, seed=5))),
    (softmax, lambda: (randn(5, 40, seed=6),)),
    (axpy_, lambda: (randn(300, seed=7), randn(300, seed=8), 0.25)),
])
def test_opcheck(op, args):
    results = torch.library.opcheck(op, args())
    assert set(results.values()) == {"SUCCESS"}, results


def test_an_in_place_operator_in_a_compiled_function():
    def f(x, y):
        axpy_(x, y, 0.5)
        return x.sum()

    compiled = torch.compile(f, fullgraph=True, backend="aot_eager")
    x, y = randn(1000, seed=9), randn(1000, seed=10)
    expected = x + 0.5 * y
    total = compiled(x, y)
    torch.testing.assert_close(x, expected)  # x itself changed, as the schema says
    torch.testing.assert_close(total, expected.sum())


def test_dynamic_shapes_recompile_the_kernel_only_for_a_new_specialization():
    counter = CompileCounterWithBackend("aot_eager")
    compiled = torch.compile(lambda x, y: counted_add(x, y) * 3, fullgraph=True, dynamic=True,
                             backend=counter)
    # 1000 and 1032 are not multiples of 16, 1024 is: the kernel specializes on that.
    for n, kernels in ((1000, 1), (1032, 1), (1024, 2)):
        x, y = randn(n, seed=n), randn(n, seed=n + 1)
        torch.testing.assert_close(compiled(x, y), (x + y) * 3)
        assert counter.frame_count == 1, n  # one graph for every size
        assert len(counted_add_kernel.compiled) == kernels, n


# Fake tensors ---------------------------------------------------------------------------------

def test_a_launch_on_fake_tensors_does_nothing():
    @nereid.jit
    def fresh_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=offsets < n) * 2,
                 mask=offsets < n)

    with FakeTensorMode() as mode:
        x = torch.empty(100)
        out = torch.empty(100)
        assert fresh_kernel[(1,)](x, out, 100, BLOCK=128) is None
        assert wrap_triton(fresh_kernel)[(1,)](x, out, 100, BLOCK=128) is None
    # Fake tensors outside the mode too (as a custom operator's fake implementation gets them).
    assert fresh_kernel[(1,)](mode.from_tensor(randn(100)), out, 100, BLOCK=128) is None
    assert fresh_kernel.compiled == {}
    x = randn(100, seed=11)
    out = torch.empty(100)
    fresh_kernel[(1,)](x, out, 100, BLOCK=128)
    torch.testing.assert_close(out, x * 2)


def test_an_autotuned_kernel_is_not_timed_on_fake_tensors():
    @nereid.autotune([nereid.Config({"BLOCK": 64}), nereid.Config({"BLOCK": 256})], key=["n"])
    @nereid.jit
    def tuned_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
        mask = offsets < n
        tl.store(out_ptr + offsets,
                 tl.load(x_ptr + offsets, mask=mask) + tl.load(y_ptr + offsets, mask=mask),
                 mask=mask)

    @triton_op("nereid_test::tuned_add", mutates_args=())
    def tuned(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        n = x.numel()
        wrap_triton(tuned_add)[lambda meta: (nereid.cdiv(n, meta["BLOCK"]),)](x, y, out, n)
        return out

    x, y = randn(2000, seed=12), randn(2000, seed=13)
    with FakeTensorMode() as mode:
        tuned(mode.from_tensor(x), mode.from_tensor(y))
    assert tuned_add.cache == {}  # no choice from launches that did nothing
    torch.testing.assert_close(torch.compile(tuned, fullgraph=True, backend="aot_eager")(x, y),
                               x + y)
    assert len(tuned_add.cache) == 1


# What torch cannot trace ----------------------------------------------------------------------

def add_directly(x, y):
    out = torch.empty_like(x)
    add_kernel[(nereid.cdiv(x.numel(), 256),)](x, y, out, x.numel(), BLOCK=256)
    return out * 2


def test_a_direct_launch_in_a_compiled_function_breaks_the_graph():
    compiled = torch.compile(add_directly, backend="aot_eager")
    for n in (1000, 3000, 5000):
        x, y = randn(n, seed=n), randn(n, seed=n + 1)
        torch.testing.assert_close(compiled(x, y), (x + y) * 2)
    breaks = counters["graph_break"]
    assert breaks and all("torch.compiler.disable" in reason for reason in breaks), breaks
    # Dynamo compiles the function (before and after the launch), once static and once with a
    # dynamic size; never a frame of Nereid's launch path.
    assert counters["frames"]["total"] <= 4, dict(counters["frames"])


def test_fullgraph_refuses_a_direct_launch_and_names_the_operator():
    compiled = torch.compile(add_directly, fullgraph=True, backend="aot_eager")
    with pytest.raises(Exception, match="nereid.torch.triton_op"):
        compiled(randn(100), randn(100))


def test_a_direct_launch_is_hidden_from_dynamo_when_dynamo_loads_after_nereid_torch(tmp_path):
    """In a fresh process that imports nereid.torch before anything imports torch._dynamo:
    dynamo then never compiles a frame of the launch path (without the hiding, it compiled
    hundreds and took seconds)."""
    program = textwrap.dedent("""
        import json, sys
        import torch
        import nereid, nereid.language as tl, nereid.torch
        assert "torch._dynamo" not in sys.modules

        @nereid.jit
        def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
            offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            mask = offsets < n
            tl.store(out_ptr + offsets, tl.load(x_ptr + offsets, mask=mask)
                     + tl.load(y_ptr + offsets, mask=mask), mask=mask)

        def f(x, y):
            out = torch.empty_like(x)
            add_kernel[(nereid.cdiv(x.numel(), 256),)](x, y, out, x.numel(), BLOCK=256)
            return out * 2

        compiled = torch.compile(f, backend="eager")
        correct = []
        for n in (1000, 3000, 5000):
            x, y = torch.randn(n), torch.randn(n)
            correct.append(bool(torch.allclose(compiled(x, y), (x + y) * 2)))
        from torch._dynamo.utils import counters
        print(json.dumps({"correct": correct, "frames": counters["frames"]["total"]}))
    """)
    path = tmp_path / "direct_launch.py"  # a file: @jit reads its kernels' source
    path.write_text(program)
    result = subprocess.run([sys.executable, str(path)], capture_output=True, text=True,
                            env={**os.environ, "NEREID_CACHE_DIR": str(tmp_path / "cache")},
                            timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["correct"] == [True, True, True]
    assert report["frames"] <= 4, report


def test_make_fx_of_a_direct_launch_is_an_error_not_a_graph_without_it():
    from torch.fx.experimental.proxy_tensor import make_fx

    x, y = randn(100, seed=14), randn(100, seed=15)
    for mode in ("real", "fake"):
        with pytest.raises(RuntimeError, match="traces a graph"):
            make_fx(add_directly, tracing_mode=mode)(x, y)
        graph = make_fx(lambda a, b: add(a, b) * 2, tracing_mode=mode)(x, y)
        assert torch.ops.nereid_test.add.default in [node.target for node in graph.graph.nodes]
        torch.testing.assert_close(graph(x, y), (x + y) * 2)


def test_torchs_own_api_refuses_nereid_kernels():
    # torch.library.wrap_triton checks for upstream Triton's JITFunction and Autotuner.
    with pytest.raises(RuntimeError, match="triton.jit or triton.autotune"):
        torch.library.wrap_triton(add_kernel)

    # torch.library.triton_op runs its body under functionalization in torch.compile, where a
    # Nereid launch would leave no trace in the graph: the launch refuses, naming the fix.
    def body(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        out = torch.empty_like(x)
        add_kernel[(nereid.cdiv(x.numel(), 256),)](x, y, out, x.numel(), BLOCK=256)
        return out

    op = torch.library.triton_op("nereid_test::torch_triton_op_add", body, mutates_args=())
    x, y = randn(100, seed=16), randn(100, seed=17)
    torch.testing.assert_close(op(x, y), x + y)  # eagerly, it runs
    with pytest.raises(Exception, match="functionalization.*nereid.torch.triton_op"):
        torch.compile(op, fullgraph=True, backend="aot_eager")(x, y)


def test_nereid_does_not_import_torch():
    program = "import sys, nereid; assert 'torch' not in sys.modules, 'imported torch'"
    result = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 0, result.stderr[-2000:]
