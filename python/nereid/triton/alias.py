"""`import triton` resolved to Nereid, for programs written for upstream Triton that are to run
without editing a line: `install()` makes `triton` and every `triton.<name>` import the module
of the same name under `nereid.triton` (`import triton.language as tl` gets
`nereid.triton.language`, the very module object). `python -m nereid.triton script.py` runs a
script that way.

The alias takes precedence over an installed upstream Triton, which it hides from the program
(torch's own `import triton` included), and refuses to install once upstream's `triton` was
imported in the process: the program would otherwise hold both. A name that `nereid.triton` does
not have is a `ModuleNotFoundError` that says so (`triton.profiler`, `triton._C`)."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import Optional, Sequence

_UPSTREAM = "triton"
_NEREID = "nereid.triton"


class _AliasLoader(importlib.abc.Loader):
    """Loads `triton.<name>` by importing `nereid.triton.<name>` and putting that module in its
    place in `sys.modules`, which the import system then returns."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Optional[ModuleType]:
        return None

    def exec_module(self, module: ModuleType) -> None:
        name = module.__name__
        try:
            target = importlib.import_module(_NEREID + name[len(_UPSTREAM):])
        except ModuleNotFoundError as error:
            raise ModuleNotFoundError(
                f"No module named {name!r}: Nereid has no {_NEREID + name[len(_UPSTREAM):]!r} "
                f"for it ({error})", name=name) from None
        sys.modules[name] = target


class _AliasFinder(importlib.abc.MetaPathFinder):
    """Finds `triton` and `triton.<name>` before any other finder, for `_AliasLoader`."""

    def find_spec(self, fullname: str, path: Optional[Sequence[str]],
                  target: Optional[ModuleType] = None) -> Optional[importlib.machinery.ModuleSpec]:
        if fullname != _UPSTREAM and not fullname.startswith(_UPSTREAM + "."):
            return None
        return importlib.machinery.ModuleSpec(fullname, _AliasLoader(),
                                              is_package=fullname == _UPSTREAM)


def installed() -> bool:
    """Whether `install()` ran in this process."""
    return any(isinstance(finder, _AliasFinder) for finder in sys.meta_path)


def install() -> None:
    """Makes `import triton` (and `triton.<name>`) import Nereid's modules from now on. Raises
    RuntimeError when upstream's `triton` is already imported; installing twice does nothing."""
    if installed():
        return
    loaded = sys.modules.get(_UPSTREAM)
    if loaded is not None and not (getattr(loaded, "__name__", "") == _NEREID):
        raise RuntimeError(f"upstream Triton is already imported ({loaded!r}): "
                           "nereid.triton.alias.install() must run before the first "
                           "`import triton`")
    sys.meta_path.insert(0, _AliasFinder())
