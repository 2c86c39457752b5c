"""Fixtures of the frontend tests: every test compiles into its own kernel cache, so that a
cached entry from another test (or from an older frontend) never stands in for a compilation."""

import sys
from pathlib import Path

import pytest

# `kernels.tutorials` lives next to this folder, and the tests import `frontend_util` by its
# plain name.
for _path in (Path(__file__).resolve().parents[1], Path(__file__).resolve().parent):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))


@pytest.fixture(autouse=True)
def private_kernel_cache(tmp_path, monkeypatch):
    cache = tmp_path / "nereid-cache"
    monkeypatch.setenv("NEREID_CACHE_DIR", str(cache))
    return cache
