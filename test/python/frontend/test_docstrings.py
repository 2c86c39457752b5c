"""Every public callable of `nereid.language` (`tl`), `tl.math` and `tl.extra.libdevice` has a
docstring that says what it computes, and every parameter it documents is one it takes."""

from __future__ import annotations

import inspect
import re

import pytest

import nereid.language as tl
from nereid.language.extra import libdevice


def public_callables(module) -> list[tuple[str, object]]:
    """The callables that `module` offers: public names, not modules, not names it only
    imported from outside Nereid (such as typing.Any)."""
    found = []
    for name in sorted(dir(module)):
        value = getattr(module, name)
        if name.startswith("_") or inspect.ismodule(value) or not callable(value):
            continue
        if not getattr(value, "__module__", "nereid").startswith("nereid"):
            continue
        found.append((f"{module.__name__}.{name}", value))
    return found


CALLABLES = [*public_callables(tl), *public_callables(tl.math), *public_callables(libdevice)]


def test_the_walk_finds_the_language():
    names = {name for name, _ in CALLABLES}
    for expected in ("nereid.language.arange", "nereid.language.sum", "nereid.language.dot",
                     "nereid.language.atomic_add", "nereid.language.rand4x",
                     "nereid.language.math.exp", "nereid.language.extra.libdevice.lgamma"):
        assert expected in names
    assert len(CALLABLES) > 150


@pytest.mark.parametrize("name, value", CALLABLES, ids=[name for name, _ in CALLABLES])
def test_every_callable_has_a_docstring(name, value):
    # The object's own docstring: inspect.getdoc would inherit a class's from its bases.
    doc = inspect.cleandoc(value.__doc__ or "")
    assert doc and len(doc.split()) >= 5, f"{name} has no docstring worth the name: {doc!r}"


@pytest.mark.parametrize("name, value", CALLABLES, ids=[name for name, _ in CALLABLES])
def test_documented_parameters_exist(name, value):
    documented = re.findall(r":param (\w+):", value.__doc__ or "")
    if not documented:
        return
    parameters = inspect.signature(value).parameters
    for parameter in documented:
        assert parameter in parameters, f"{name} documents `{parameter}`, which it does not take"
