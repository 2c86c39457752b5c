"""Specialization of arguments (divisibility by 16, equality to 1), the cache key, the
in-memory and on-disk caches with atomic writes, and the host-side helpers cdiv,
next_power_of_2, autotune, Config and heuristics."""

import importlib.util
import threading
from pathlib import Path

import pytest

import nereid
import nereid.language as tl
from nereid.runtime import jit as jit_module
from nereid.runtime.cache import KernelCache
from frontend_util import array, find_op, has_constant, misaligned, ttir


@nereid.jit
def spec_kernel(x_ptr, n, m, f, flag, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, (n + m).to(tl.float32) + f + flag.to(tl.float32))


def parameters(ir: str) -> dict[str, str]:
    """The kernel's parameters, by position, with their types and attributes."""
    func = find_op(ir, "tt.func")
    inside = func[func.index("(") + 1:func.rindex(")")]
    parts, depth, current = [], 0, ""
    for char in inside:
        depth += char in "<{("
        depth -= char in ">})"
        if char == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += char
    parts.append(current.strip())
    return dict(enumerate(parts))


@pytest.mark.parametrize("n, attribute", [(32, "tt.divisibility = 16 : i32"),
                                          (1024, "tt.divisibility = 16 : i32"),
                                          (1, "tt.equal_to = 1 : i32"),
                                          (7, None), (24, None), (-16, "tt.divisibility = 16")])
def test_integer_specialization(n, attribute):
    params = parameters(ttir(spec_kernel, array(), n, 3, 1.0, True, BLOCK=16))
    if attribute:
        assert attribute in params[1], params[1]
    else:
        assert "{" not in params[1], params[1]
    assert "{" not in params[2]  # m = 3
    assert params[3].endswith(": f32") and params[4].endswith(": i1")


def test_floats_and_bools_are_not_specialized():
    params = parameters(ttir(spec_kernel, array(), 3, 3, 16.0, True, BLOCK=16))
    assert "{" not in params[3] and "{" not in params[4]
    params = parameters(ttir(spec_kernel, array(), 3, 3, 1.0, True, BLOCK=16))
    assert "{" not in params[3] and "{" not in params[4]


def test_aligned_pointers_are_divisible_by_16_and_misaligned_ones_are_not():
    assert "tt.divisibility = 16" in parameters(
        ttir(spec_kernel, array(), 3, 3, 1.0, True, BLOCK=16))[0]
    assert "{" not in parameters(
        ttir(spec_kernel, misaligned(), 3, 3, 1.0, True, BLOCK=16))[0]


@pytest.mark.parametrize("do_not_specialize", [("n", "x_ptr"), (0, 1)])
def test_do_not_specialize(do_not_specialize):
    kernel = nereid.jit(do_not_specialize=do_not_specialize)(spec_kernel.fn)
    params = parameters(ttir(kernel, array(), 32, 32, 1.0, True, BLOCK=16))
    assert "{" not in params[0] and "{" not in params[1]
    assert "tt.divisibility = 16" in params[2]  # m is still specialized
    params = parameters(ttir(kernel, array(), 1, 1, 1.0, True, BLOCK=16))
    assert "{" not in params[1] and "tt.equal_to = 1" in params[2]


def key_of(kernel, *args, **kwargs) -> str:
    return kernel.warmup(*args, **kwargs).key


def test_cache_key_changes_with_constexprs_signature_specialization_and_options():
    x = array()
    base = key_of(spec_kernel, x, 3, 3, 1.0, True, BLOCK=16)
    assert key_of(spec_kernel, x, 3, 3, 1.0, True, BLOCK=16) == base
    assert key_of(spec_kernel, x, 5, 9, 2.0, False, BLOCK=16) == base  # same signature
    others = [
        key_of(spec_kernel, x, 3, 3, 1.0, True, BLOCK=32),  # constexpr
        key_of(spec_kernel, array("float16"), 3, 3, 1.0, True, BLOCK=16),  # pointer type
        key_of(spec_kernel, x, 2**40, 3, 1.0, True, BLOCK=16),  # int64 argument
        key_of(spec_kernel, x, 16, 3, 1.0, True, BLOCK=16),  # divisible by 16
        key_of(spec_kernel, x, 1, 3, 1.0, True, BLOCK=16),  # equal to 1
        key_of(spec_kernel, misaligned(), 3, 3, 1.0, True, BLOCK=16),  # alignment
        key_of(spec_kernel, x, 3, 3, 1.0, True, BLOCK=16, num_warps=8),  # option
        key_of(spec_kernel, x, 3, 3, 1.0, True, BLOCK=16, num_stages=2),  # option
    ]
    assert len({base, *others}) == len(others) + 1


def test_cache_key_changes_with_the_compiler_version(monkeypatch):
    x = array()
    base = key_of(spec_kernel, x, 3, 3, 1.0, True, BLOCK=16)
    monkeypatch.setattr(nereid, "__version__", nereid.__version__ + ".post1")
    assert key_of(spec_kernel, x, 3, 3, 1.0, True, BLOCK=16) != base


MODULE_TEMPLATE = '''
import nereid
import nereid.language as tl


@nereid.jit
def helper(x):
    return x {op} 2.0


@nereid.jit
def kernel(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, helper(tl.load(x_ptr + offs)){extra})
'''


def load_module(path: Path, name: str, op: str = "*", extra: str = ""):
    path.write_text(MODULE_TEMPLATE.format(op=op, extra=extra))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cache_key_covers_the_kernel_source_and_the_functions_it_calls(tmp_path):
    base = load_module(tmp_path / "base.py", "nereid_key_base")
    same = load_module(tmp_path / "same.py", "nereid_key_same")
    other_helper = load_module(tmp_path / "helper.py", "nereid_key_helper", op="+")
    other_kernel = load_module(tmp_path / "kernel.py", "nereid_key_kernel", extra=" ")
    x = array()
    keys = [key_of(m.kernel, x, BLOCK=16) for m in (base, same, other_helper, other_kernel)]
    # The same source in another file: its IR's locations (and so its errors) name that file.
    assert keys[0] != keys[1]
    assert str(tmp_path / "same.py") in same.kernel.warmup(x, BLOCK=16).asm["ttir"]
    assert keys[2] != keys[0]  # only the called function differs
    assert keys[3] != keys[0]  # only the kernel differs (by a space)
    assert "arith.addf" in other_helper.kernel.warmup(x, BLOCK=16).asm["ttir"]


def count_compilations(monkeypatch) -> list:
    calls = []
    real = jit_module.compile_to_ir

    def counting(fn, signature, options):
        calls.append(fn.__name__)
        return real(fn, signature, options)

    monkeypatch.setattr(jit_module, "compile_to_ir", counting)
    return calls


def test_second_warmup_reuses_the_in_memory_entry(monkeypatch):
    calls = count_compilations(monkeypatch)
    kernel = nereid.jit(spec_kernel.fn)  # no in-memory entries
    first = kernel.warmup(array(), 3, 5, 1.0, True, BLOCK=64)
    second = kernel.warmup(array(), 7, 9, 2.0, False, BLOCK=64)
    assert second is first
    assert calls == ["spec_kernel"]


def test_a_new_jit_function_loads_the_on_disk_entry(private_kernel_cache, monkeypatch):
    calls = count_compilations(monkeypatch)
    x = array()
    compiled = nereid.jit(spec_kernel.fn).warmup(x, 3, 5, 1.0, True, BLOCK=128)
    assert calls == ["spec_kernel"]
    entry = private_kernel_cache / compiled.key[:2] / compiled.key / "ttir"
    assert entry.read_text() == compiled.asm["ttir"]

    fresh = nereid.jit(spec_kernel.fn)  # no in-memory entries
    reloaded = fresh.warmup(x, 3, 5, 1.0, True, BLOCK=128)
    assert calls == ["spec_kernel"]  # not compiled again
    assert reloaded.key == compiled.key
    assert reloaded.asm["ttir"] == compiled.asm["ttir"]


def test_the_cache_directory_follows_the_environment(tmp_path, monkeypatch):
    other = tmp_path / "elsewhere"
    monkeypatch.setenv("NEREID_CACHE_DIR", str(other))
    compiled = nereid.jit(spec_kernel.fn).warmup(array(), 3, 5, 1.0, True, BLOCK=256)
    assert (other / compiled.key[:2] / compiled.key / "ttir").is_file()


def test_cache_writes_leave_no_temporary_files(private_kernel_cache):
    kernel = nereid.jit(spec_kernel.fn)  # no in-memory entries
    for block in (16, 32, 64):
        kernel.warmup(array(), 3, 5, 1.0, True, BLOCK=block)
    files = [p for p in private_kernel_cache.rglob("*") if p.is_file()]
    assert len(files) >= 3
    assert all(p.name in ("ttir", "metadata") for p in files), files


def test_concurrent_writers_and_readers_never_see_a_partial_entry(tmp_path):
    cache = KernelCache(tmp_path / "cache")
    key = "ab" + "0" * 62
    contents = [f"version {i}\n" + ("x" * 1_000_000) + "\nend\n" for i in range(4)]
    seen, errors = [], []

    def write(text):
        for _ in range(10):
            cache.put(key, "ttir", text)

    def read():
        for _ in range(200):
            value = cache.get(key, "ttir")
            if value is not None:
                seen.append(value)

    threads = [threading.Thread(target=write, args=(t,)) for t in contents]
    threads += [threading.Thread(target=read) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(value in contents for value in seen)
    assert cache.get(key, "ttir") in contents
    leftovers = sorted(p.name for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert leftovers == ["metadata", "ttir"]


def test_an_unwritable_cache_costs_a_compilation_not_a_failure(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    monkeypatch.setenv("NEREID_CACHE_DIR", str(blocker))
    compiled = nereid.jit(spec_kernel.fn).warmup(array(), 3, 5, 1.0, True, BLOCK=16)
    assert "tt.func" in compiled.asm["ttir"]


def test_cache_root_defaults_under_the_user_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("NEREID_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert KernelCache().root == tmp_path / "nereid"


# Host-side helpers ------------------------------------------------------------------------

@pytest.mark.parametrize("x, y, expected", [(10, 3, 4), (9, 3, 3), (1, 16, 1), (0, 8, 0),
                                            (1025, 1024, 2)])
def test_cdiv(x, y, expected):
    assert nereid.cdiv(x, y) == expected


@pytest.mark.parametrize("n, expected", [(0, 1), (1, 1), (2, 2), (3, 4), (5, 8), (1024, 1024),
                                         (1025, 2048)])
def test_next_power_of_2(n, expected):
    assert nereid.next_power_of_2(n) == expected


def test_config():
    config = nereid.Config({"BLOCK": 64}, num_warps=8, num_stages=2)
    assert config.kwargs == {"BLOCK": 64}
    assert config.num_warps == 8 and config.num_stages == 2
    assert config.all_kwargs() == {"BLOCK": 64, "num_warps": 8, "num_stages": 2, "num_ctas": 1}
    assert "BLOCK: 64" in repr(config)


@nereid.heuristics({"BLOCK": lambda args: nereid.next_power_of_2(args["n"]),
                    "EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@nereid.jit
def heuristic_kernel(x_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    if EVEN:
        tl.store(x_ptr + offs, 1.0)
    else:
        tl.store(x_ptr + offs, 2.0, mask=offs < n)


@pytest.mark.parametrize("n, block, even", [(100, 128, False), (64, 64, True)])
def test_heuristics_compute_meta_parameters_for_warmup(n, block, even):
    ir = heuristic_kernel.warmup(array(n=256), n).asm["ttir"]
    find_op(ir, "tt.make_range", f"end = {block} : i32")
    assert has_constant(ir, 1.0 if even else 2.0, "f32")
    assert not has_constant(ir, 2.0 if even else 1.0, "f32")


@nereid.autotune(configs=[nereid.Config({"BLOCK": 32}, num_warps=2),
                          nereid.Config({"BLOCK": 128}, num_warps=4)], key=["n"])
@nereid.jit
def autotuned_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, 0.0, mask=offs < n)


def test_autotune_warmup_compiles_every_config():
    compiled = autotuned_kernel.warmup(array(), 100)
    assert len(compiled) == 2
    find_op(compiled[0].asm["ttir"], "tt.make_range", "end = 32 : i32")
    find_op(compiled[1].asm["ttir"], "tt.make_range", "end = 128 : i32")
    assert compiled[0].key != compiled[1].key


def test_testing_do_bench_times_a_function():
    calls = []
    ms = nereid.testing.do_bench(lambda: calls.append(1), warmup=1, rep=2)
    assert ms >= 0 and len(calls) >= 3
