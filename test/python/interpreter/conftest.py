"""Fixtures of the interpreter tests: every test runs its kernels in the interpreter
(NEREID_INTERPRET=1), compiles into its own kernel cache, and draws fresh random inputs from a
generator whose seed is printed, so that a failure can be reproduced."""

import os
import sys
from pathlib import Path

import numpy as np
import pytest

# `kernels.tutorials` lives in test/python, next to this folder.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


@pytest.fixture(autouse=True)
def interpret(tmp_path, monkeypatch):
    """Runs launches in the interpreter, with a kernel cache private to the test."""
    monkeypatch.setenv("NEREID_INTERPRET", "1")
    monkeypatch.delenv("NEREID_NUM_THREADS", raising=False)
    monkeypatch.delenv("NEREID_BACKEND", raising=False)
    monkeypatch.setenv("NEREID_CACHE_DIR", str(tmp_path / "nereid-cache"))


@pytest.fixture
def rng():
    """A generator seeded from os.urandom; pytest shows the seed with a failing test's output.
    NEREID_TEST_SEED=<seed> replays a failure."""
    seed = int(os.environ.get("NEREID_TEST_SEED") or int.from_bytes(os.urandom(8), "little"))
    print(f"random inputs from seed {seed} (rerun with NEREID_TEST_SEED={seed})")
    return np.random.default_rng(seed)
