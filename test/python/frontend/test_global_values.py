"""Values a kernel reads from outside itself (module globals, closure variables, attributes of
modules) are compiled in: they are part of the cache key, and a launch after one changed raises
upstream Triton's RuntimeError instead of running the old code. Also `_unsafe_update_src` and
the keywords of `@jit`."""

import os
import subprocess
import sys
import textwrap
import types

import numpy as np
import pytest

import nereid
import nereid.language as tl

SCALE = 3.0
FACTOR = tl.constexpr(4)
OFFSET_DTYPE = tl.float32
consts = types.ModuleType("consts")
consts.SHIFT = 2.0


@nereid.jit
def scale_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * SCALE, mask=mask)


@nereid.jit
def times_factor(x):
    return x * FACTOR


@nereid.jit
def calls_helper_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, times_factor(tl.load(x_ptr + offs)))


@nereid.jit
def module_attribute_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, (tl.load(x_ptr + offs) + consts.SHIFT).to(OFFSET_DTYPE))


@nereid.jit
def shadowing_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    SCALE = 2.0  # a local of the same name as the global
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs) * SCALE)


@pytest.fixture
def data():
    rng = np.random.default_rng()
    return rng.standard_normal(100).astype(np.float32) + 1.5


def run_scale(x):
    out = np.empty_like(x)
    scale_kernel[(nereid.cdiv(x.size, 32),)](x, out, x.size, BLOCK=32)
    return out


def test_changed_global_raises_then_runs_again_when_restored(data, monkeypatch):
    np.testing.assert_array_equal(run_scale(data), data * np.float32(3.0))
    monkeypatch.setattr(sys.modules[__name__], "SCALE", 5.0)
    with pytest.raises(RuntimeError, match="Global variable SCALE has changed since we compiled "
                                           "this kernel, from 3.0 to 5.0"):
        run_scale(data)
    with pytest.raises(RuntimeError, match="SCALE has changed"):
        scale_kernel.warmup(data, data, data.size, BLOCK=32)
    monkeypatch.setattr(sys.modules[__name__], "SCALE", 3.0)
    np.testing.assert_array_equal(run_scale(data), data * np.float32(3.0))


def test_a_global_of_another_type_is_a_change(data, monkeypatch):
    run_scale(data)
    monkeypatch.setattr(sys.modules[__name__], "SCALE", 3)  # equal, but an int
    with pytest.raises(RuntimeError, match="from 3.0 to 3"):
        run_scale(data)


def test_global_read_by_a_called_function(data, monkeypatch):
    x = data[:32].copy()
    out = np.empty_like(x)
    calls_helper_kernel[(1,)](x, out, BLOCK=32)
    np.testing.assert_array_equal(out, x * np.float32(4))
    monkeypatch.setattr(sys.modules[__name__], "FACTOR", tl.constexpr(6))
    with pytest.raises(RuntimeError, match=r"FACTOR has changed .* from constexpr\[4\] to "
                                           r"constexpr\[6\]"):
        calls_helper_kernel[(1,)](x, out, BLOCK=32)


def test_module_attributes_and_dtypes_are_tracked(data, monkeypatch):
    x = data[:32].copy()
    out = np.empty_like(x)
    module_attribute_kernel[(1,)](x, out, BLOCK=32)
    np.testing.assert_array_equal(out, x + np.float32(2.0))
    monkeypatch.setattr(consts, "SHIFT", 7.0)
    with pytest.raises(RuntimeError, match="consts.SHIFT has changed"):
        module_attribute_kernel[(1,)](x, out, BLOCK=32)
    monkeypatch.setattr(consts, "SHIFT", 2.0)
    monkeypatch.setattr(sys.modules[__name__], "OFFSET_DTYPE", tl.float16)
    with pytest.raises(RuntimeError, match="OFFSET_DTYPE has changed"):
        module_attribute_kernel[(1,)](x, out, BLOCK=32)


def test_closure_constexpr_changed_in_place(data):
    def make_kernel(value):
        @nereid.jit
        def closure_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            tl.store(out_ptr + offs, tl.load(x_ptr + offs) + value)
        return closure_kernel

    constant = tl.constexpr(42)
    kernel = make_kernel(constant)
    x = data[:16].copy()
    out = np.empty_like(x)
    kernel[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, x + np.float32(42))
    constant.value = 43
    with pytest.raises(RuntimeError, match=r"value has changed since we compiled this kernel, "
                                           r"from constexpr\[42\] to constexpr\[43\]"):
        kernel[(1,)](x, out, BLOCK=16)


def test_a_local_shadowing_a_global_is_not_tracked(data, monkeypatch):
    x = data[:16].copy()
    out = np.empty_like(x)
    shadowing_kernel[(1,)](x, out, BLOCK=16)
    monkeypatch.setattr(sys.modules[__name__], "SCALE", 11.0)
    shadowing_kernel[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, x * np.float32(2.0))


def test_global_values_are_in_the_cache_key_across_processes(tmp_path, data):
    """A second process with another value of the global finds no stale kernel on disk."""
    module = tmp_path / "scaled.py"
    module.write_text(textwrap.dedent("""
        import sys
        import numpy as np
        import nereid
        import nereid.language as tl

        SCALE = float(sys.argv[1])

        @nereid.jit
        def kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            tl.store(out_ptr + offs, tl.load(x_ptr + offs) * SCALE)

        x = np.load(sys.argv[2])
        out = np.empty_like(x)
        kernel[(1,)](x, out, BLOCK=x.size)
        np.save(sys.argv[3], out)
    """))
    x = data[:64].copy()
    np.save(tmp_path / "x.npy", x)
    environment = dict(os.environ, NEREID_CACHE_DIR=str(tmp_path / "cache"),
                       PYTHONPATH=os.pathsep.join(sys.path))
    for scale in (2.0, 5.0, 2.0):
        subprocess.run([sys.executable, str(module), str(scale), str(tmp_path / "x.npy"),
                        str(tmp_path / "out.npy")], check=True, env=environment)
        np.testing.assert_array_equal(np.load(tmp_path / "out.npy"), x * np.float32(scale))


# _unsafe_update_src --------------------------------------------------------------------------

def test_unsafe_update_src_recompiles(data):
    @nereid.jit
    def template(x_ptr, out_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, tl.load(x_ptr + offs) + 1.0)

    x = data[:16].copy()
    out = np.empty_like(x)
    template[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, x + np.float32(1.0))
    template._unsafe_update_src(template.src.replace("+ 1.0", "* 3.0"))
    template.hash = None
    assert "* 3.0" in template.src
    template[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, x * np.float32(3.0))


def test_src_cannot_be_assigned():
    with pytest.raises(AttributeError, match="_unsafe_update_src"):
        scale_kernel.src = "def scale_kernel(): pass"


def test_callers_see_an_updated_callee_after_hash_reset(data):
    @nereid.jit
    def callee(x):
        return x + 1.0

    @nereid.jit
    def caller(x_ptr, out_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, callee(tl.load(x_ptr + offs)))

    x = data[:16].copy()
    out = np.empty_like(x)
    caller[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, x + np.float32(1.0))
    callee._unsafe_update_src(callee.src.replace("x + 1.0", "x - 4.0"))
    caller.hash = None
    caller[(1,)](x, out, BLOCK=16)
    np.testing.assert_array_equal(out, x - np.float32(4.0))


# @jit's keywords -----------------------------------------------------------------------------

def test_unknown_jit_keyword_is_an_error():
    with pytest.raises(TypeError, match="do_not_specialise"):
        @nereid.jit(do_not_specialise=["n"])
        def misspelled(x_ptr, n):
            pass


def test_do_not_specialize_names_a_parameter():
    with pytest.raises(ValueError, match="'m' is not a parameter of"):
        @nereid.jit(do_not_specialize=["m"])
        def unknown_parameter(x_ptr, n):
            pass


def test_do_not_specialize_on_alignment(data):
    @nereid.jit(do_not_specialize_on_alignment=["x_ptr", "n"])
    def copy_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

    x = np.empty(64, np.float32)  # numpy aligns its buffers to 16 bytes or more
    x[:] = data[:64]
    out = np.zeros_like(x)
    kernel = copy_kernel.warmup(x, out, 32, BLOCK=64)
    assert kernel.signature.divisible_by_16 == {"out_ptr"}
    copy_kernel[(1,)](x, out, 32, BLOCK=64)
    np.testing.assert_array_equal(out[:32], x[:32])
    assert copy_kernel.warmup(x, out, 1, BLOCK=64).signature.equal_to_1 == {"n"}
