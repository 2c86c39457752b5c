"""What a launch returns: the compiled kernel with every stage's IR in `asm` and, in
`metadata`, the backend that ran it and its target; and NEREID_LOG's report of each
compilation."""

import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import nereid
import nereid.language as tl


@nereid.jit
def exp_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.exp(tl.load(x_ptr + offs, mask=mask)), mask=mask)


def launch(n=300):
    x = np.random.default_rng().standard_normal(n).astype(np.float32)
    out = np.full_like(x, np.nan)
    compiled = exp_kernel[(nereid.cdiv(n, 128),)](x, out, n, BLOCK=128)
    np.testing.assert_allclose(out, np.exp(x), rtol=1e-6)
    return compiled


def test_cpu_launch_names_its_backend_and_target():
    compiled = launch()
    assert compiled.metadata.backend == "cpu"
    assert compiled.metadata.target.startswith("cpu:"), compiled.metadata.target
    assert compiled.metadata.name == "exp_kernel"
    assert compiled.metadata.hash == compiled.key
    assert launch() is compiled  # the relaunch returns the same kernel


def test_asm_holds_every_stage():
    compiled = launch()
    assert list(compiled.asm) == ["ttir", "ttgir", "vector", "llvm", "llir", "asm"]
    assert "tt.func public @exp_kernel" in compiled.asm["ttir"]
    assert "#ttg.blocked" in compiled.asm["ttgir"]
    assert "vector." in compiled.asm["vector"]
    assert "llvm.func" in compiled.asm["llvm"]
    assert "define " in compiled.asm["llir"] and "exp_kernel" in compiled.asm["llir"]
    assert "exp_kernel" in compiled.asm["asm"] and "ret" in compiled.asm["asm"]
    with pytest.raises(KeyError):
        compiled.asm["ptx"]


def test_interpreter_launch_names_the_interpreter(monkeypatch):
    monkeypatch.setenv("NEREID_INTERPRET", "1")
    compiled = launch()
    assert compiled.metadata.backend == "interpreter"
    assert list(compiled.asm) == ["ttir"]
    monkeypatch.delenv("NEREID_INTERPRET")
    assert launch().metadata.backend == "cpu"


def test_nereid_log_reports_each_compilation(tmp_path):
    script = tmp_path / "logged.py"
    script.write_text(textwrap.dedent("""
        import numpy as np
        import nereid
        import nereid.language as tl

        @nereid.jit
        def logged_kernel(x_ptr, BLOCK: tl.constexpr):
            offs = tl.arange(0, BLOCK)
            tl.store(x_ptr + offs, tl.load(x_ptr + offs) * 2.0)

        x = np.arange(16, dtype=np.float32)
        logged_kernel[(1,)](x, BLOCK=16)
        logged_kernel[(1,)](x, BLOCK=16)
        assert x[3] == 12.0
    """))
    environment = dict(os.environ, NEREID_CACHE_DIR=str(tmp_path / "cache"), NEREID_LOG="1",
                       PYTHONPATH=os.pathsep.join(sys.path))

    def run():
        return subprocess.run([sys.executable, str(script)], env=environment, check=True,
                              capture_output=True, text=True).stderr.splitlines()

    first = run()
    assert len(first) == 2, first
    assert first[0].startswith("nereid: compiled `logged_kernel` to tt IR in ")
    assert first[1].startswith("nereid: compiled `logged_kernel` for cpu:")
    assert not any("from the cache" in line for line in first)
    second = run()
    assert len(second) == 2 and all(line.endswith("(from the cache)") for line in second), second
    environment["NEREID_LOG"] = "0"
    assert run() == []
