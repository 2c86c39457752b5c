"""The on-disk kernel cache: one directory per compiled kernel, keyed by a hash of its source,
signature, constexprs, options and the compiler version.

Layout: `<root>/<key[:2]>/<key>/` holds the entry's artifacts (`ttir`, `kernel.so`, ...) and
`metadata`, which names the key and holds the sha256 of every artifact. Writes are atomic
(a temporary file renamed into place), and an artifact and its hash change together under an
exclusive `flock` of the entry directory (readers take it shared), so concurrent processes never
read a half-written entry nor an artifact with another's hash.

Nothing is loaded that this process cannot vouch for: a damaged `kernel.so` (truncated, zeroed,
overwritten) crashes the process that loads it, and a replaced one computes wrong results. An
artifact is read only when
- its hash matches the entry's metadata, which names the entry's key (an entry moved under
  another key is not that key's);
- the artifact, the metadata and the two directories above them are owned by this user and not
  writable by group or others (no one else could have replaced them since), and are not
  symbolic links.
Anything else is a miss: a warning names the kernel and the file (once per file per process),
the kernel compiles again, and `put` replaces the entry, discarding a directory that fails the
ownership check first. A missing entry is a plain miss, without a warning.

Verifying costs each kernel's first launch in a process about 0.15 ms: the tutorial softmax's
first launch in a fresh process with a warm cache spent 265 us in the cache (its 3.6 KiB tt IR,
then its 8 KiB `kernel.so`) against 105 us without verification, of a first launch of about
90 ms (medians of 30 processes each, alternated, on a shared 2-core machine); later launches
do not read the cache.

The cache root: created private to the user (0700) when Nereid creates it. An existing
directory (NEREID_CACHE_DIR pointing at one, ~/.cache/nereid made by an older Nereid) is used
as it is, whatever its permissions or owner, and never chmod-ed: it is the user's choice (a
team's shared cache, say), and it does not need trusting, because every entry below it is
checked as above, with directories that Nereid creates private."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
import tempfile
import warnings
from pathlib import Path
from typing import Iterator, Optional, Union

try:
    import fcntl
except ImportError:  # not on POSIX: no locks, the atomic renames remain
    fcntl = None  # type: ignore[assignment]

# The file of an entry that holds its key and the hashes of its artifacts: a first line
# `nereid-cache-entry 1 <key>`, then `<sha256 in hex> <artifact>` for each artifact. (Lines,
# not JSON: the first json.loads of a process costs more than the rest of the verification.)
METADATA = "metadata"
_HEADER = "nereid-cache-entry 1 "

_DIRECTORY_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_NOFOLLOW", 0)
_FILE_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)

# The files already warned about in this process.
_warned: set[str] = set()


def cache_dir() -> Path:
    configured = os.environ.get("NEREID_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nereid"


class UntrustedEntry(Exception):
    """An artifact that is there but cannot be vouched for; the message says why."""


def _check(status: os.stat_result, path: Union[str, Path], directory: bool) -> None:
    """Raises UntrustedEntry unless `status` is of a directory (or a regular file), owned by
    this user and not writable by group or others."""
    kind_ok = stat.S_ISDIR(status.st_mode) if directory else stat.S_ISREG(status.st_mode)
    if not kind_ok:
        raise UntrustedEntry(f"{path} is not a {'directory' if directory else 'regular file'}")
    if status.st_uid != os.geteuid():
        raise UntrustedEntry(f"{path} is owned by uid {status.st_uid}, not by this user "
                             f"(uid {os.geteuid()})")
    if status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise UntrustedEntry(f"{path} is writable by group or others (mode "
                             f"{stat.S_IMODE(status.st_mode):o})")


def _read_checked(name: str, directory: str, directory_descriptor: int) -> bytes:
    """The bytes of the regular file `name` of the open `directory`, checked as `_check`
    checks it on the open file (not following a symbolic link)."""
    descriptor = os.open(name, _FILE_FLAGS, dir_fd=directory_descriptor)
    with os.fdopen(descriptor, "rb") as stream:
        _check(os.fstat(descriptor), f"{directory}/{name}", directory=False)
        return stream.read()


def _parse_hashes(metadata: bytes, entry: str, key: str) -> dict[str, str]:
    """The artifacts' hashes of the metadata of the entry of `key`; raises UntrustedEntry if it
    is malformed or names another key."""
    hashes = {}
    try:
        header, *lines = metadata.decode("utf-8").split("\n")
        for line in filter(None, lines):
            digest, artifact = line.split(" ", 1)
            hashes[artifact] = digest
    except ValueError as error:
        raise UntrustedEntry(f"{entry}/{METADATA} is unreadable: {error}") from None
    if not header.startswith(_HEADER):
        raise UntrustedEntry(f"{entry}/{METADATA} is not the metadata of a cache entry")
    if header[len(_HEADER):] != key:
        raise UntrustedEntry(f"{entry}/{METADATA} belongs to the entry "
                             f"{header[len(_HEADER):]!r}, not to this one (moved)")
    return hashes


def _check_name(artifact: str) -> None:
    if artifact == METADATA or not artifact or artifact.startswith(".") \
            or any(c in artifact for c in "/\n\0"):
        raise ValueError(f"{artifact!r} cannot name a cache artifact (`{METADATA}` is the "
                         "cache's own file; names are single lines, without `/` or a leading "
                         "`.`)")


def _format_hashes(key: str, hashes: dict[str, str]) -> bytes:
    return "".join([_HEADER + key + "\n"] + [f"{digest} {artifact}\n" for artifact, digest
                                               in sorted(hashes.items())]).encode("utf-8")


class KernelCache:
    """Files of compiled kernels, by key and artifact name (`ttir`, `kernel.so`, ...), each
    verified against the entry's metadata when read (see the module's docstring)."""

    def __init__(self, root: Optional[Path] = None) -> None:
        self.root = Path(root) if root is not None else cache_dir()

    def _entry(self, key: str) -> Path:
        return self.root / key[:2] / key

    def _path(self, key: str, artifact: str) -> Path:
        _check_name(artifact)
        return self._entry(key) / artifact

    def get(self, key: str, artifact: str, kernel: str = "") -> Optional[str]:
        """The text of a stored artifact, or None (missing, or not verified: see the module's
        docstring; `kernel` names the kernel in the warning)."""
        content = self._verified(key, artifact, kernel)
        if content is None:
            return None
        try:
            return content.decode("utf-8")
        except UnicodeDecodeError:
            return None  # verified, but not text: written as bytes by a caller's mistake

    def file(self, key: str, artifact: str, kernel: str = "") -> Optional[Path]:
        """The path of a stored artifact, for readers that need a file (dlopen), or None
        (missing, or not verified). The file was verified just now; only this user could
        replace it before the caller opens it."""
        if self._verified(key, artifact, kernel) is None:
            return None
        return Path(os.path.join(self.root, key[:2], key, artifact))

    def put(self, key: str, artifact: str, content: Union[str, bytes]) -> Optional[Path]:
        """Stores `content` (text, as UTF-8, or bytes) and its hash; returns its path, or None
        when the cache cannot be written."""
        path = self._path(key, artifact)
        data = content.encode("utf-8") if isinstance(content, str) else bytes(content)
        temporary = None
        try:
            entry = self._prepare(key)
            temporary = self._write_temporary(entry, artifact, data)
            with self._locked(entry):
                os.replace(temporary, path)
                temporary = None
                hashes = self._stored_hashes(entry, key)
                hashes[artifact] = hashlib.sha256(data).hexdigest()
                os.replace(self._write_temporary(entry, METADATA, _format_hashes(key, hashes)),
                           entry / METADATA)
            return path
        except (OSError, UntrustedEntry):
            # A read-only or full cache, or one whose directories someone else made and this
            # user cannot replace, costs a recompilation, never a failure.
            if temporary is not None:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
            return None

    # Reading ---------------------------------------------------------------------------------

    def _verified(self, key: str, artifact: str, kernel: str) -> Optional[bytes]:
        """The bytes of the artifact if it verifies; None, with a warning when it is there but
        does not verify. (Plain os calls relative to the entry's open directory: this runs on
        the first launch of every kernel in a process.)"""
        _check_name(artifact)
        entry = os.path.join(self.root, key[:2], key)
        descriptor = -1
        try:
            try:
                descriptor = os.open(entry, _DIRECTORY_FLAGS)
                if fcntl is not None:
                    fcntl.flock(descriptor, fcntl.LOCK_SH)  # released when `descriptor` closes
                artifact_descriptor = os.open(artifact, _FILE_FLAGS, dir_fd=descriptor)
            except (FileNotFoundError, NotADirectoryError):
                return None  # a plain miss (or a file in the way of the entry: nothing to load)
            with os.fdopen(artifact_descriptor, "rb") as stream:
                _check(os.fstat(artifact_descriptor), f"{entry}/{artifact}", directory=False)
                content = stream.read()
            _check(os.fstat(descriptor), entry, directory=True)
            _check(os.lstat(os.path.dirname(entry)), os.path.dirname(entry), directory=True)
            try:
                metadata = _read_checked(METADATA, entry, descriptor)
            except FileNotFoundError:
                raise UntrustedEntry(f"its entry has no {METADATA}") from None
            expected = _parse_hashes(metadata, entry, key).get(artifact)
            if expected is None:
                raise UntrustedEntry(f"its entry's {METADATA} has no hash of it")
            if hashlib.sha256(content).hexdigest() != expected:
                raise UntrustedEntry("its contents do not match the hash in its entry's "
                                     f"{METADATA} (damaged or replaced)")
            return content
        except (OSError, UntrustedEntry) as error:
            self._warn(f"{entry}/{artifact}", kernel or f"of cache entry {key}", error)
            return None
        finally:
            if descriptor >= 0:
                os.close(descriptor)

    @staticmethod
    def _stored_hashes(entry: Path, key: str) -> dict[str, str]:
        """The artifacts' hashes of the entry's metadata, for a writer: metadata that is
        missing, unreadable, of another key or not this user's reads as none (the writer
        starts afresh)."""
        descriptor = os.open(entry, _DIRECTORY_FLAGS)
        try:
            return _parse_hashes(_read_checked(METADATA, str(entry), descriptor), str(entry), key)
        except (OSError, UntrustedEntry):
            return {}
        finally:
            os.close(descriptor)

    @staticmethod
    def _warn(path: str, kernel: str, error: Exception) -> None:
        if path in _warned:
            return
        _warned.add(path)
        name = kernel if kernel.startswith("of cache entry") else f"of kernel `{kernel}`"
        warnings.warn(f"Nereid's kernel cache: not loading {path} {name}: {error}; compiling "
                      "again and replacing the cache entry", RuntimeWarning, stacklevel=4)

    # Writing ---------------------------------------------------------------------------------

    def _prepare(self, key: str) -> Path:
        """The entry's directory, made private to the user where missing; a directory that fails
        the ownership check is discarded first."""
        if not self.root.is_dir():
            self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        entry = self._entry(key)
        for directory in (entry.parent, entry):
            try:
                _check(os.lstat(directory), directory, directory=True)
                continue
            except FileNotFoundError:
                pass
            except UntrustedEntry:
                self._discard(directory)
            try:
                os.mkdir(directory, 0o700)
            except FileExistsError:  # made by a concurrent writer: check it
                _check(os.lstat(directory), directory, directory=True)
        return entry

    @staticmethod
    def _discard(directory: Path) -> None:
        """Moves `directory` (or a file or link in its place) aside and deletes it."""
        aside = Path(tempfile.mkdtemp(dir=directory.parent, prefix=f".{directory.name}.discard-"))
        os.rename(directory, aside / directory.name)
        shutil.rmtree(aside, ignore_errors=True)

    @staticmethod
    def _write_temporary(entry: Path, name: str, data: bytes) -> str:
        descriptor, temporary = tempfile.mkstemp(dir=entry, prefix=f".{name}.")
        try:
            with os.fdopen(descriptor, "wb") as stream:
                stream.write(data)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
        return temporary

    @staticmethod
    @contextlib.contextmanager
    def _locked(entry: Path) -> Iterator[None]:
        """Holds an exclusive flock of the entry's directory while an artifact and its hash
        change (readers hold it shared: `_verified`)."""
        if fcntl is None:
            yield
            return
        descriptor = os.open(entry, _DIRECTORY_FLAGS)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            os.close(descriptor)

