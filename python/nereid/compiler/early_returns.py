"""Early returns as structured control flow.

Triton kernels often start with `if pid >= n: return`. tt IR has no early exit from the middle
of a function, so the statements after an `if` that returns move into the branch that does not
return, making that `if` the last statement of its block:

    if c:                 if c:
        return a    ->        return a
    rest...               else:
                              rest...

The code generator then treats the `if` as the function's end: each branch returns (or, in a
function that returns nothing, falls off the end)."""

from __future__ import annotations

import ast
from typing import Sequence


def contains_return(statements: Sequence[ast.stmt]) -> bool:
    """Whether a `return` appears among `statements` or in the branches of their `if`s."""
    for statement in statements:
        if isinstance(statement, ast.Return):
            return True
        if isinstance(statement, ast.If) and (contains_return(statement.body)
                                              or contains_return(statement.orelse)):
            return True
    return False


def fold_early_returns(statements: Sequence[ast.stmt]) -> list[ast.stmt]:
    """`statements` with whatever follows a returning `if` moved into its non-returning branch
    (into both, when the branches return in different places), recursively."""
    folded: list[ast.stmt] = []
    for index, statement in enumerate(statements):
        if not (isinstance(statement, ast.If) and contains_return([statement])):
            folded.append(statement)
            if isinstance(statement, ast.Return):
                return folded  # what follows a return is dead code, as in Python
            continue
        rest = list(statements[index + 1:])
        body, orelse = list(statement.body), list(statement.orelse)
        if not _always_returns(body):
            body += rest
        if not _always_returns(orelse):
            orelse += rest
        new_if = ast.If(test=statement.test, body=fold_early_returns(body),
                        orelse=fold_early_returns(orelse))
        ast.copy_location(new_if, statement)
        folded.append(new_if)
        return folded
    return folded


def _always_returns(statements: Sequence[ast.stmt]) -> bool:
    """Whether every path through `statements` ends in a `return`."""
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, ast.Return):
        return True
    if isinstance(last, ast.If):
        return _always_returns(last.body) and _always_returns(last.orelse)
    return False
