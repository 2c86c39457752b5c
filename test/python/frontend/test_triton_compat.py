"""`nereid.triton`: a Triton program runs after changing only its import lines, and both
spellings compile a kernel to the same IR."""

import importlib.util
import re

import pytest

import nereid
import nereid.language
import nereid.triton as triton
import nereid.triton.language as tl
from frontend_util import array, find_op, strip_locations, ttir


def test_the_names_are_nereids_objects():
    assert triton.jit is nereid.jit
    assert triton.JITFunction is nereid.JITFunction
    assert triton.cdiv is nereid.cdiv and triton.next_power_of_2 is nereid.next_power_of_2
    assert triton.Config is nereid.Config
    assert triton.autotune is nereid.autotune and triton.heuristics is nereid.heuristics
    assert triton.CompilationError is nereid.CompilationError
    assert triton.testing.do_bench is nereid.testing.do_bench
    assert tl.load is nereid.language.load and tl.dot is nereid.language.dot
    assert tl.constexpr is nereid.language.constexpr
    assert tl.float16 is nereid.language.float16
    assert triton.language is tl


@pytest.mark.parametrize("name", [
    "program_id", "num_programs", "arange", "full", "zeros", "zeros_like", "cast", "load",
    "store", "make_block_ptr", "advance", "make_tensor_descriptor", "atomic_add", "atomic_and",
    "atomic_or", "atomic_xor", "atomic_max", "atomic_min", "atomic_xchg", "atomic_cas",
    "broadcast", "broadcast_to", "expand_dims", "reshape", "view", "trans", "permute", "cat",
    "join", "split", "interleave", "ravel", "flip", "gather", "histogram", "where", "dot",
    "reduce", "sum", "max", "min", "argmax", "argmin", "xor_sum", "associative_scan", "cumsum",
    "cumprod", "sort", "maximum", "minimum", "clamp", "fma", "exp", "exp2", "log", "log2", "sin",
    "cos", "sqrt", "sqrt_rn", "rsqrt", "abs", "floor", "ceil", "erf", "fdiv", "div_rn", "umulhi",
    "sigmoid", "softmax", "cdiv", "rand", "randn", "randint", "randint4x", "philox",
    "multiple_of", "max_contiguous", "max_constancy", "assume", "debug_barrier", "device_print",
    "device_assert", "static_assert", "static_print", "static_range", "range", "int1", "int8",
    "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "bfloat16",
    "float32", "float64", "float8e4nv", "float8e5", "float8e4b15", "pointer_type", "tensor",
    "dtype", "PropagateNan",
])
def test_triton_language_has_every_name_of_the_issue(name):
    assert getattr(tl, name) is getattr(nereid.language, name)


def test_submodules_import_by_their_triton_paths():
    from nereid.triton.language.extra import libdevice
    from nereid.triton.language import math as tl_math
    import nereid.triton.language.extra.libdevice as libdevice_module

    assert libdevice is nereid.language.extra.libdevice is libdevice_module
    assert tl_math.exp is nereid.language.exp
    assert tl.extra.libdevice.tanh is libdevice.tanh


@triton.jit
def triton_spelled(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(y_ptr + offs, tl.extra.libdevice.tanh(x) + tl.math.exp(x), mask=mask)


@nereid.jit
def nereid_spelled(x_ptr, y_ptr, n, BLOCK: nereid.language.constexpr):
    pid = nereid.language.program_id(axis=0)
    offs = pid * BLOCK + nereid.language.arange(0, BLOCK)
    mask = offs < n
    x = nereid.language.load(x_ptr + offs, mask=mask, other=0.0)
    nereid.language.store(y_ptr + offs, nereid.language.extra.libdevice.tanh(x)
                          + nereid.language.exp(x), mask=mask)


def test_both_spellings_compile_to_the_same_ir():
    x, y = array(), array()
    a = strip_locations(ttir(triton_spelled, x, y, 100, BLOCK=64)).replace("triton_spelled", "K")
    b = strip_locations(ttir(nereid_spelled, x, y, 100, BLOCK=64)).replace("nereid_spelled", "K")
    assert a == b
    find_op(a, "math.tanh")


TRITON_PROGRAM = '''
import triton
import triton.language as tl
from triton.language.extra import libdevice


@triton.autotune(configs=[triton.Config({"BLOCK_SIZE": 64}, num_warps=4),
                          triton.Config({"BLOCK_SIZE": 128}, num_warps=8)],
                 key=["n_elements"])
@triton.jit
def gelu_kernel(x_ptr, out_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = 0.5 * x * (1 + libdevice.erf(x * 0.7071067811865476))
    tl.store(out_ptr + offsets, y, mask=mask)


@triton.heuristics({"EVEN_N": lambda args: args["N"] % args["BLOCK_N"] == 0})
@triton.jit
def row_sum_kernel(x_ptr, out_ptr, N, BLOCK_N: tl.constexpr, EVEN_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    if EVEN_N:
        x = tl.load(x_ptr + row * N + cols)
    else:
        x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0))


def grid(n):
    return lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)
'''


def test_a_triton_program_runs_after_changing_only_its_imports(tmp_path):
    source = TRITON_PROGRAM.replace("import triton\n", "import nereid.triton as triton\n")
    source = source.replace("import triton.language as tl",
                            "import nereid.triton.language as tl")
    source = source.replace("from triton.language.extra", "from nereid.triton.language.extra")
    changed = [(a, b) for a, b in zip(TRITON_PROGRAM.splitlines(), source.splitlines())
               if a != b]
    assert len(changed) == 3 and all("import" in b for _, b in changed)
    path = tmp_path / "triton_program.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("triton_program", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)

    compiled = module.gelu_kernel.warmup(array(), array(), 1000)
    assert len(compiled) == 2
    for kernel, block in zip(compiled, (64, 128)):
        find_op(kernel.asm["ttir"], "tt.make_range", f"end = {block} : i32")
        find_op(kernel.asm["ttir"], "math.erf")
    ir = module.row_sum_kernel.warmup(array(), array(), 100, BLOCK_N=128).asm["ttir"]
    find_op(ir, "tt.load", ": tensor<128x!tt.ptr<f32>>")
    assert re.search(r"tt\.load %\d+, %\d+, %\d+ :", strip_locations(ir))  # EVEN_N is False
    assert module.grid(1000)({"BLOCK_SIZE": 128}) == (8,)
