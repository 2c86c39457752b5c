"""The layers of the `nereid` package, read from its sources: the language imports neither the
compiler, the runtime nor the backends when it is imported, and no modules import each other
in a cycle when they are imported (imports inside functions run later, and do not count)."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "python"


def _modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package by dotted name, with its file and whether it is a
    package's __init__."""
    modules = {}
    for path in sorted((PACKAGE / "nereid").rglob("*.py")):
        parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return modules


def _imported_at_load(name: str, path: Path, is_package: bool, known: set[str]) -> set[str]:
    """The modules of the package that `name` imports at module level (under `if` and `try`
    too). `from package import submodule` counts as importing the submodule only."""
    imported = set()

    def visit(statements: list) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names if alias.name in known)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = name.split(".")[:len(name.split(".")) - node.level + is_package]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                submodules = {f"{target}.{alias.name}" for alias in node.names} & known
                imported.update(submodules)
                if target in known and len(submodules) < len(node.names):
                    imported.add(target)
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(node.orelse)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
                visit(getattr(node, "finalbody", []))

    visit(ast.parse(path.read_text()).body)
    imported.discard(name)
    return imported


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imported_at_load(name, path, is_package, set(modules))
            for name, (path, is_package) in modules.items()}


def test_the_graph_is_read(graph):
    # What the analysis must see, or it proves nothing.
    assert "nereid.compiler.codegen" in graph["nereid.compiler.compiler"]
    assert "nereid.language.core" in graph["nereid.language.ops"]


def test_the_language_imports_no_compiler_runtime_or_backend(graph):
    upward = ("nereid.compiler", "nereid.runtime", "nereid.backends")
    offending = {name: sorted(d for d in imported if d.startswith(upward))
                 for name, imported in graph.items() if name.startswith("nereid.language")}
    assert {name: d for name, d in offending.items() if d} == {}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                connect(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                cycles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return cycles


def test_no_modules_import_each_other_in_a_cycle(graph):
    assert _cycles(graph) == []


def test_a_cycle_is_found():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
