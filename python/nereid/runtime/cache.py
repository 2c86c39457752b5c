"""The on-disk kernel cache: one directory per compiled kernel, keyed by a hash of its source,
signature, constexprs, options and the compiler version. Writes are atomic (a temporary file
renamed into place), so concurrent processes never read a half-written entry."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Optional, Union


def cache_dir() -> Path:
    configured = os.environ.get("NEREID_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "nereid"


class KernelCache:
    """Files of compiled kernels, by key and artifact name (`ttir`, `kernel.so`, ...)."""

    def __init__(self, root: Optional[Path] = None) -> None:
        self.root = Path(root) if root is not None else cache_dir()

    def _path(self, key: str, artifact: str) -> Path:
        return self.root / key[:2] / key / artifact

    def get(self, key: str, artifact: str) -> Optional[str]:
        try:
            return self._path(key, artifact).read_text()
        except OSError:
            return None

    def file(self, key: str, artifact: str) -> Optional[Path]:
        """The path of a stored artifact, for readers that need a file (dlopen), or None."""
        path = self._path(key, artifact)
        return path if path.is_file() else None

    def put(self, key: str, artifact: str, content: Union[str, bytes]) -> Optional[Path]:
        """Stores `content` (text or bytes); returns its path, or None when the cache cannot
        be written."""
        path = self._path(key, artifact)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{artifact}.")
            with os.fdopen(descriptor, "wb" if isinstance(content, bytes) else "w") as stream:
                stream.write(content)
            os.replace(temporary, path)
            return path
        except OSError:
            # A read-only or full cache costs a recompilation, never a failure.
            try:
                os.unlink(temporary)  # type: ignore[possibly-undefined]
            except (OSError, NameError):
                pass
            return None
