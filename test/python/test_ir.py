"""nereid.ir against the real libnereid: parsing, verification errors with their source
locations, printing, pipelines, hostile input, and a missing library."""

import gc
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import nereid
from nereid import _capi
from nereid.ir import Context, Diagnostic, IRError, parse, verify

REPO_ROOT = Path(__file__).resolve().parents[2]

ADD_KERNEL = """
tt.func public @add_kernel(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid, %c128 : i32
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %base = tt.splat %start : i32 -> tensor<128xi32>
  %offsets = arith.addi %base, %range : tensor<128xi32>
  %limit = tt.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %offsets, %limit : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %a = tt.load %xp, %mask : tensor<128x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %b = tt.load %yp, %mask : tensor<128x!tt.ptr<f32>>
  %sum = arith.addf %a, %b : tensor<128xf32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %op = tt.addptr %os, %offsets : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %op, %sum, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}
"""

BAD_RANGE = """
tt.func @f() {
  %r = tt.make_range {end = 0 : i32, start = 16 : i32} : tensor<16xi32> loc("kernel.py":12:7)
  tt.return
}
"""

ADD_ZERO = """
tt.func @f(%p: !tt.ptr<f32>) -> !tt.ptr<f32> {
  %zero = arith.constant 0 : i32
  %q = tt.addptr %p, %zero : !tt.ptr<f32>, i32
  tt.return %q : !tt.ptr<f32>
}
"""


def first_error(error: IRError) -> Diagnostic:
    errors = [d for d in error.diagnostics if d.severity == "error"]
    assert errors, f"no error diagnostic in {error.diagnostics!r}"
    return errors[0]


def test_package_face():
    assert nereid.__version__ == "0.1.0"
    assert nereid.ir.verify is verify


def test_valid_kernel_parses_verifies_prints_and_reparses_identically():
    verify(ADD_KERNEL)  # raises on any error

    module = parse(ADD_KERNEL, "kernel.mlir")
    module.verify()
    printed = str(module)
    assert "tt.func public @add_kernel" in printed
    assert "tt.store" in printed
    assert "loc(" not in printed
    assert printed == module.print(with_locations=False)

    reparsed = parse(printed)
    assert str(reparsed) == printed


def test_printing_with_locations_names_the_buffer():
    module = parse(ADD_KERNEL, "kernel.mlir")
    assert 'loc("kernel.mlir":3:' in module.print(with_locations=True)


def test_verifier_error_carries_the_source_location():
    with pytest.raises(IRError) as raised:
        verify(BAD_RANGE, "bad.mlir")
    error = first_error(raised.value)
    assert error.file == "kernel.py"
    assert (error.line, error.column) == (12, 7)
    assert "expects end (0) to be greater than start (16)" in error.message
    assert str(raised.value).startswith(
        "kernel.py:12:7: error: 'tt.make_range' op expects end (0) to be greater than start (16)"
    )


def test_syntax_error_names_the_file_and_line():
    with pytest.raises(IRError) as raised:
        parse("tt.func @f() {\n  %x = tt.splat : \n}\n", filename="broken.mlir")
    error = first_error(raised.value)
    assert error.file == "broken.mlir"
    assert error.line == 2
    assert error.column > 0
    assert error.message
    assert str(raised.value).startswith(f"broken.mlir:2:{error.column}: error: ")


def test_unknown_op_is_an_error_naming_it():
    with pytest.raises(IRError, match="tt.no_such_op"):
        verify(b"tt.func @f() {\n  tt.no_such_op\n  tt.return\n}\n")


@pytest.mark.parametrize("length", [1, 16, 255, 4096, 65536])
def test_garbage_bytes_give_an_error_not_a_crash(length):
    failures = 0
    context = Context()
    for _ in range(20):
        data = os.urandom(length)
        try:
            module = parse(data, "garbage.bin", context=context)
        except IRError as error:
            failures += 1
            first_error(error)
            str(error)  # messages may quote bytes that are not UTF-8
        else:
            # Only whitespace and comments form a module by chance; it must still verify.
            module.verify()
            module.close()
    assert failures > 0


def test_canonicalize_folds_addptr_of_zero():
    module = parse(ADD_ZERO)
    assert "tt.addptr" in str(module)
    module.run_pipeline("builtin.module(canonicalize)")
    printed = str(module)
    assert "tt.addptr" not in printed
    assert "tt.return %arg0 : !tt.ptr<f32>" in printed
    module.verify()


def test_unknown_pass_is_an_error_naming_it():
    module = parse(ADD_KERNEL)
    before = str(module)
    with pytest.raises(IRError, match="no-such-pass"):
        module.run_pipeline("builtin.module(no-such-pass)")
    with pytest.raises(IRError, match="anchored on builtin.module"):
        module.run_pipeline("tt.func(cse)")
    assert str(module) == before


def test_diagnostic_formatting():
    located = Diagnostic("warning", "slow path", "k.py", 3, 9)
    assert str(located) == "k.py:3:9: warning: slow path"
    assert str(Diagnostic("error", "no location")) == "error: no location"
    error = IRError([located, Diagnostic("note", "here")])
    assert str(error) == "k.py:3:9: warning: slow path\nnote: here"


def test_closing_a_context_closes_its_modules():
    context = Context()
    module = parse(ADD_ZERO, context=context)
    context.close()
    assert module.closed
    with pytest.raises(ValueError):
        module.print()
    with pytest.raises(ValueError):
        parse(ADD_ZERO, context=context)
    context.close()  # twice is harmless


def test_a_context_and_its_modules_in_a_reference_cycle_are_collected_safely():
    # The collector finalizes a cycle's members in any order; no order may destroy a context
    # before its modules.
    for _ in range(10):
        context = Context()
        cycle = {"modules": [parse(ADD_ZERO, context=context) for _ in range(3)]}
        cycle["context"] = context
        cycle["self"] = cycle
        del context, cycle
        gc.collect()


def test_missing_library_is_an_import_error_naming_the_path(tmp_path, monkeypatch):
    missing = tmp_path / "no" / "libnereid.so"
    monkeypatch.setenv("NEREID_LIBRARY", str(missing))
    # The uncached loader, so that the library already loaded here stays loaded.
    with pytest.raises(ImportError) as raised:
        _capi.lib.__wrapped__()
    assert str(missing) in str(raised.value)
    assert "make" in str(raised.value)


def test_missing_library_in_a_fresh_process(tmp_path):
    missing = tmp_path / "libnereid.so"
    env = dict(os.environ, NEREID_LIBRARY=str(missing), PYTHONPATH=str(REPO_ROOT / "python"))
    result = subprocess.run(
        [sys.executable, "-c", "import nereid.ir; nereid.ir.verify('')"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "LibraryNotFoundError" in result.stderr
    assert str(missing) in result.stderr


TTG_PIPELINE = "builtin.module(nereid-ttg-pipeline{target=cpu:x86_64:avx2 num-warps=1})"


@pytest.mark.parametrize("kind,reason", [
    ("fatal-error", "LLVM fatal error: test-nereid-crash: a fatal error"),
    ("usage-error", "LLVM fatal error: test-nereid-crash: a fatal usage error"),
    ("abort", "crash: signal 6"),
])
def test_an_internal_compiler_error_is_an_ir_error_and_the_process_compiles_on(kind, reason):
    # In this Python process, loaded through ctypes: an LLVM fatal error or a SIGABRT inside the
    # compiler returns an error instead of ending the process, whose next compile works.
    module = parse(ADD_KERNEL)
    with pytest.raises(IRError) as raised:
        module.run_pipeline(f"builtin.module(test-nereid-crash{{kind={kind}}})")
    message = first_error(raised.value).message
    assert message.startswith("internal compiler error in nereid_module_run_pipeline: " + reason)
    # The broken context refuses further work and says why.
    with pytest.raises(IRError, match="the context is unusable after an internal compiler error"):
        module.run_pipeline("builtin.module(canonicalize)")
    with pytest.raises(IRError, match="the context is unusable"):
        parse(ADD_KERNEL, context=module.context)
    module.context.close()
    for _ in range(2):
        compiled = parse(ADD_KERNEL)
        compiled.run_pipeline(TTG_PIPELINE)
        assert "#ttg.blocked" in str(compiled)


def test_a_crash_outside_the_compiler_still_ends_the_process():
    # Crash recovery covers calls into libnereid only: a signal raised afterwards, outside them,
    # reaches the handler that was there before (the default one, which kills the process).
    script = (
        "import os, signal\n"
        "from nereid.ir import parse, IRError\n"
        f"module = parse({ADD_KERNEL!r})\n"
        "try:\n"
        "    module.run_pipeline('builtin.module(test-nereid-crash)')\n"
        "except IRError:\n"
        "    print('recovered', flush=True)\n"
        "os.kill(os.getpid(), signal.SIGSEGV)\n"
        "print('survived', flush=True)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env={**os.environ, "PYTHONFAULTHANDLER": ""}, timeout=120)
    assert result.stdout == "recovered\n", result.stderr
    # Killed by the signal; under AddressSanitizer, whose handler was there first, by its abort.
    assert result.returncode in (-signal.SIGSEGV, -signal.SIGABRT), result.stderr


def test_crash_recovery_can_be_turned_off(tmp_path):
    # NEREID_DISABLE_CRASH_RECOVERY=1: a fatal error ends the process, as LLVM's default does.
    script = (
        "from nereid.ir import parse\n"
        f"parse({ADD_KERNEL!r}).run_pipeline('builtin.module(test-nereid-crash)')\n"
        "print('survived', flush=True)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env={**os.environ, "NEREID_DISABLE_CRASH_RECOVERY": "1"},
                            timeout=120)
    assert "survived" not in result.stdout
    assert result.returncode != 0
    assert "LLVM ERROR: test-nereid-crash: a fatal error, as requested" in result.stderr


def test_lld_links_a_shared_library_in_process(tmp_path):
    # An object file of a function that returns 42, linked into a shared library by lld inside
    # libnereid, then loaded and called.
    import ctypes

    from nereid.ir import link_shared_library

    module = parse("llvm.func @answer() -> i32 {\n"
                   "  %0 = llvm.mlir.constant(42 : i32) : i32\n"
                   "  llvm.return %0 : i32\n}\n")
    (tmp_path / "answer.o").write_bytes(module.emit(_capi.EMIT_OBJECT))
    link_shared_library(["-shared", "-o", str(tmp_path / "libanswer.so"),
                         str(tmp_path / "answer.o")])
    assert ctypes.CDLL(str(tmp_path / "libanswer.so")).answer() == 42


def test_lld_errors_are_ir_errors_and_lld_links_again(tmp_path):
    from nereid.ir import link_shared_library

    with pytest.raises(IRError, match=r"cannot open .*missing\.o"):
        link_shared_library(["-shared", "-o", str(tmp_path / "out.so"),
                             str(tmp_path / "missing.o")])
    with pytest.raises(IRError, match="unknown argument '--no-such-flag'"):
        link_shared_library(["--no-such-flag"])
    test_lld_links_a_shared_library_in_process(tmp_path)
