"""The kernel cache loads nothing it cannot vouch for (runtime/cache.py): a cached `kernel.so`
or `ttir` that is damaged, replaced, without its hash, or that someone else could have written
is a miss. Each test fills a cache, damages one entry, then launches the kernel in a fresh
process, which must compute numpy's result, warn naming the kernel and the file, and leave the
entry repaired. The launch runs in a subprocess: a damaged library used to kill the process that
loaded it (SIGBUS, SIGSEGV, SIGILL, SIGTRAP, ld.so assertions), which must fail the test, not
pytest."""

import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

# Launches `scale_add` (out = x * SCALE + y) on random inputs, checks it against numpy, and
# prints what it saw as JSON. SCALE is 2, or 3 with argv[1] == "other": another kernel of the
# same name and signature, whose library computes a different result.
LAUNCH = r'''
import json, sys, warnings
import numpy as np
import nereid
import nereid.language as tl

SCALE = 3.0 if sys.argv[1:] == ["other"] else 2.0


@nereid.jit
def scale_add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x * SCALE + y, mask=mask)


rng = np.random.default_rng()
x = rng.standard_normal(1000).astype(np.float32)
y = rng.standard_normal(1000).astype(np.float32)
out = np.full_like(x, np.nan)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    scale_add[(8,)](x, y, out, x.size, BLOCK=128)
expected = x * np.float32(SCALE) + y
print(json.dumps({"correct": bool(np.array_equal(out, expected)),
                  "warnings": [str(w.message) for w in caught]}))
'''


def launch(script: Path, cache: Path, *arguments: str) -> dict:
    """Runs the launch script in a fresh process on the cache; fails the test if it dies."""
    environment = dict(os.environ, NEREID_CACHE_DIR=str(cache), NEREID_BACKEND="cpu",
                       PYTHONPATH=os.pathsep.join(sys.path))
    for name in ("NEREID_INTERPRET", "TRITON_INTERPRET", "NEREID_DUMP_IR"):
        environment.pop(name, None)
    result = subprocess.run([sys.executable, str(script), *arguments], env=environment,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, (f"the launch died (exit status {result.returncode}):\n"
                                    f"{result.stdout}\n{result.stderr}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def artifact(cache: Path, name: str) -> Path:
    (path,) = cache.glob(f"*/*/{name}")
    return path


def overwrite(path: Path, data: bytes) -> None:
    """Writes `data` into the file in place (keeping its inode, owner and mode)."""
    with open(path, "r+b") as stream:
        stream.truncate(0)
        stream.write(data)


def truncated(path: Path, cache: Path, other: Path) -> None:
    data = path.read_bytes()
    overwrite(path, data[: len(data) // 2])


def zeroed(path: Path, cache: Path, other: Path) -> None:
    overwrite(path, bytes(path.stat().st_size))


def int3_filled(path: Path, cache: Path, other: Path) -> None:
    overwrite(path, b"\xcc" * path.stat().st_size)


def random_bytes(path: Path, cache: Path, other: Path) -> None:
    data = bytearray(path.read_bytes())
    rng = np.random.default_rng()
    start = int(rng.integers(0, len(data) - 16))
    replacement = rng.integers(0, 256, 16, dtype=np.uint8).tobytes()
    if replacement == bytes(data[start:start + 16]):
        replacement = bytes(b ^ 0xFF for b in replacement)
    data[start:start + 16] = replacement
    overwrite(path, bytes(data))


def replaced_by_another_kernel(path: Path, cache: Path, other: Path) -> None:
    replacement = artifact(other, path.name).read_bytes()
    assert replacement != path.read_bytes()
    overwrite(path, replacement)


def metadata_deleted(path: Path, cache: Path, other: Path) -> None:
    (path.parent / "metadata").unlink()


def group_writable(path: Path, cache: Path, other: Path) -> None:
    path.chmod(path.stat().st_mode | stat.S_IWGRP)


def others_writable_directory(path: Path, cache: Path, other: Path) -> None:
    path.parent.chmod(path.parent.stat().st_mode | stat.S_IWOTH)


FOREIGN_UID = 54321


def foreign_owned(path: Path, cache: Path, other: Path) -> None:
    os.chown(path, FOREIGN_UID, -1)


def foreign_owned_directory(path: Path, cache: Path, other: Path) -> None:
    os.chown(path.parent, FOREIGN_UID, -1)


def edited_by_hand(path: Path, cache: Path, other: Path) -> None:
    # The tt IR of `scale_add` with SCALE 3 instead of 2, as text: it parses and compiles.
    text = path.read_text()
    edited = re.sub(r"arith\.constant 2\.0*e\+00 : f32", "arith.constant 3.0 : f32", text)
    assert edited != text, text
    path.write_text(edited)


NEEDS_ROOT = pytest.mark.skipif(os.geteuid() != 0,
                                reason="giving a file to another user needs root")

CASES = [
    pytest.param("kernel.so", truncated, id="so-truncated"),
    pytest.param("kernel.so", zeroed, id="so-zeroed"),
    pytest.param("kernel.so", int3_filled, id="so-int3"),
    pytest.param("kernel.so", random_bytes, id="so-16-random-bytes"),
    pytest.param("kernel.so", replaced_by_another_kernel, id="so-replaced"),
    pytest.param("kernel.so", metadata_deleted, id="so-metadata-deleted"),
    pytest.param("kernel.so", group_writable, id="so-group-writable"),
    pytest.param("kernel.so", others_writable_directory, id="so-directory-writable"),
    pytest.param("kernel.so", foreign_owned, id="so-foreign-owned", marks=NEEDS_ROOT),
    pytest.param("kernel.so", foreign_owned_directory, id="so-foreign-directory",
                 marks=NEEDS_ROOT),
    pytest.param("ttir", edited_by_hand, id="ttir-edited"),
    pytest.param("ttir", replaced_by_another_kernel, id="ttir-replaced"),
    pytest.param("ttir", metadata_deleted, id="ttir-metadata-deleted"),
    pytest.param("ttir", group_writable, id="ttir-group-writable"),
    pytest.param("ttir", foreign_owned, id="ttir-foreign-owned", marks=NEEDS_ROOT),
]


@pytest.fixture(scope="module")
def script(tmp_path_factory):
    path = tmp_path_factory.mktemp("launch") / "launch.py"
    path.write_text(LAUNCH)
    return path


@pytest.fixture(scope="module")
def filled(script, tmp_path_factory):
    """A cache filled by launching `scale_add`, and one of the other `scale_add`; compiled
    once, copied by each test."""
    root = tmp_path_factory.mktemp("filled")
    assert launch(script, root / "cache") == {"correct": True, "warnings": []}
    assert launch(script, root / "other", "other") == {"correct": True, "warnings": []}
    return root


def copy_caches(filled: Path, destination: Path) -> tuple[Path, Path]:
    for name in ("cache", "other"):
        shutil.copytree(filled / name, destination / name)  # modes too
    return destination / "cache", destination / "other"


def assert_trusted_entry(path: Path) -> None:
    """The entry holds the artifact with its hash, all of it owned by this user and private."""
    metadata = (path.parent / "metadata").read_text().splitlines()
    assert metadata[0].endswith(" " + path.parent.name), metadata
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert f"{digest} {path.name}" in metadata[1:], metadata
    for item in (path, path.parent / "metadata", path.parent, path.parent.parent):
        status = item.lstat()
        assert status.st_uid == os.geteuid(), item
        assert not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH), (item, oct(status.st_mode))


@pytest.mark.parametrize("name, damage", CASES)
def test_a_damaged_entry_is_recompiled_and_repaired(tmp_path, script, filled, name, damage):
    cache, other = copy_caches(filled, tmp_path)
    path = artifact(cache, name)
    assert_trusted_entry(path)

    damage(path, cache, other)
    second = launch(script, cache)
    assert second["correct"], "the launch computed a wrong result"
    assert len(second["warnings"]) == 1, second["warnings"]
    assert "scale_add" in second["warnings"][0] and str(path) in second["warnings"][0], second
    assert_trusted_entry(path)

    third = launch(script, cache)
    assert third == {"correct": True, "warnings": []}


def test_the_cache_directory_is_created_private(tmp_path, script):
    cache = tmp_path / "new" / "cache"
    launch(script, cache)
    assert stat.S_IMODE(cache.stat().st_mode) == 0o700
    for directory in (p for p in cache.rglob("*") if p.is_dir()):
        assert stat.S_IMODE(directory.stat().st_mode) == 0o700, directory


def test_an_existing_cache_directory_keeps_its_permissions(tmp_path, script):
    # NEREID_CACHE_DIR may name a directory the user made, shared with a group: it is used as
    # it is; the entries below it are private.
    cache = tmp_path / "shared"
    cache.mkdir()
    cache.chmod(0o775)
    assert launch(script, cache) == {"correct": True, "warnings": []}
    assert stat.S_IMODE(cache.stat().st_mode) == 0o775
    assert launch(script, cache) == {"correct": True, "warnings": []}
    assert_trusted_entry(artifact(cache, "kernel.so"))


def test_an_entry_moved_under_another_key_is_not_that_key(tmp_path, script, filled):
    # Someone who can write the cache root could swap two entries of this user's: each entry's
    # metadata names its key.
    cache, other = copy_caches(filled, tmp_path)
    mine, theirs = artifact(cache, "kernel.so").parent, artifact(other, "kernel.so").parent
    for item in theirs.iterdir():
        (mine / item.name).write_bytes(item.read_bytes())
    result = launch(script, cache)
    assert result["correct"], result
    assert len(result["warnings"]) == 1, result
    assert "belongs to the entry" in result["warnings"][0] and str(mine) in result["warnings"][0]
    assert_trusted_entry(mine / "kernel.so")


def test_concurrent_writers_never_make_a_reader_distrust_an_entry(tmp_path):
    # An artifact and its hash change together (an exclusive flock of the entry; readers take
    # it shared): readers see one writer's text whole, and never a mismatch to warn about.
    import threading
    import warnings

    from nereid.runtime.cache import KernelCache

    cache = KernelCache(tmp_path / "cache")
    key = "cd" + "1" * 62
    rng = np.random.default_rng()
    contents = [f"version {i}\n" + rng.bytes(50_000).hex() for i in range(4)]
    seen = []

    def write(text):
        for _ in range(10):
            cache.put(key, "ttir", text)

    def read():
        for _ in range(100):
            value = cache.get(key, "ttir", "reader")
            if value is not None:
                seen.append(value)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        threads = [threading.Thread(target=write, args=(text,)) for text in contents]
        threads += [threading.Thread(target=read) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert not caught, [str(w.message) for w in caught]
    assert seen and all(value in contents for value in seen)
    assert cache.get(key, "ttir") in contents
