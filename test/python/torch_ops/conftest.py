"""Fixtures of the torch integration tests: a kernel cache private to each test, the CPU backend
(no interpreter), and dynamo's caches and counters cleared, so that every test counts its own
compilations.

This folder has no __init__.py: with one, `import torch` could find it instead of torch."""

import pytest


@pytest.fixture(autouse=True)
def torch_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "nereid-cache"))
    for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_BACKEND", "NEREID_DUMP_IR"):
        monkeypatch.delenv(name, raising=False)
    try:
        import torch._dynamo
        from torch._dynamo.utils import counters
    except ImportError:
        yield
        return
    torch._dynamo.reset()
    counters.clear()
    yield
    torch._dynamo.reset()
