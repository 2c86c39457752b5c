"""The conformance suite's kernels compiled for NVIDIA GPUs on a machine without one (issue 26:
"every kernel of the conformance suite compiles for sm_80 and sm_90a, and ptxas accepts its
PTX"). The conformance conftest's `nvidia-ptxas` variant of each test runs its launches in the
interpreter and hands every kernel launched to `compile_for_nvidia` first, which compiles it,
with the argument types and launch options of that launch, through the NVIDIA backend's whole
pipeline for each of TARGETS: tt IR generated with the backend's frontend options, ttg, LLVM,
PTX, and a cubin from ptxas.

A kernel that uses an op the backend does not lower yet fails with the backend's error, "the
NVIDIA backend cannot lower '<op>' yet", at the Python line. REFUSED_OPS lists those ops, each
with why: such a refusal is an expected failure of the test (pytest's xfail, naming the op).
It is strict: a kernel whose IR, as the NVIDIA lowering received it, still holds an op of the
table and yet compiles fails the test, so that whoever lowers the op removes its row. Where the
backend refuses only some uses of an op, the error says which after "yet: ", and the row's key
is "<op>: <which>"; such a row is not checked against the IR (the op stays in kernels that
compile), and is removed by hand. Any other error (another op, a crash, ptxas rejecting the
PTX) fails the test."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

import nereid.backends
from nereid.compiler.errors import CompilationError

# The NVIDIA GPUs every kernel compiles for: sm_80 (Ampere) and sm_90a (Hopper).
TARGETS = ("cuda:80", "cuda:90")

# The ops that the NVIDIA backend refuses, by the name its error gives, and what they are. Remove
# a row when the op is lowered: the tests that use it then compile, or fail saying what else
# stops them.
REFUSED_OPS: dict[str, str] = {}

_REFUSAL = re.compile(r"the NVIDIA backend cannot lower '([\w.]+)' yet(?:: ([^\n]*))?")


def _table_row(message: str) -> str | None:
    """The row of REFUSED_OPS that the backend's refusal in `message` matches, or None."""
    refused = _REFUSAL.search(message)
    if refused is None:
        return None
    op, which = refused.groups()
    for row in (f"{op}: {which}", op):
        if row in REFUSED_OPS:
            return row
    return None


def xfail_if_listed_refusal(error: CompilationError, what: str) -> None:
    """Ends the test as an expected failure if `error` is the NVIDIA backend's refusal of an op
    of REFUSED_OPS; `what` says what was compiled. Returns otherwise."""
    row = _table_row(str(error))
    if row is not None:
        pytest.xfail(f"the NVIDIA backend cannot lower {row} yet ({REFUSED_OPS[row]}): {what}")


def _holds(ir_text: str, op: str) -> bool:
    """Whether the IR text holds the op `op` (in the generic or the custom form; not an op
    whose name extends it, such as tt.reduce.return)."""
    return re.search(rf"(?<![\w.\"]){re.escape(op)}(?![\w.])|\"{re.escape(op)}\"",
                     ir_text) is not None


@contextmanager
def _dumping_to(directory: Path) -> Iterator[None]:
    """NEREID_DUMP_IR=directory for the compilations inside."""
    saved = os.environ.get("NEREID_DUMP_IR")
    os.environ["NEREID_DUMP_IR"] = str(directory)
    try:
        yield
    finally:
        if saved is None:
            del os.environ["NEREID_DUMP_IR"]
        else:
            os.environ["NEREID_DUMP_IR"] = saved


def compile_for_nvidia(jit_fn: Any, kernel: Any, options: dict, dumps: Path) -> None:
    """Compiles the @jit function `jit_fn` for the signature of `kernel` (a launch's
    `CompiledKernel`) and the launch `options`, for each of TARGETS, to a cubin through ptxas;
    each target's stages go to a folder of `dumps`. An op of REFUSED_OPS that the backend
    refuses ends the test as an expected failure; a kernel that compiles although the IR that
    the lowering received holds an op of REFUSED_OPS fails it. `dumps` is the session's:
    each kernel and target has its folder there."""
    nvidia = nereid.backends.get("nvidia")
    for target in TARGETS:
        compiled = jit_fn.compile(kernel.signature, {**options, "target": target}, "nvidia")
        directory = dumps / f"{compiled.key[:16]}-{target.replace(':', '')}"
        with _dumping_to(directory):
            try:
                nvidia.compile(compiled)
            except CompilationError as error:
                xfail_if_listed_refusal(error, f"`{compiled.name}` for {target}")
                raise
        # The folder is the kernel's own: a kernel compiled earlier in the session (which the
        # backend keeps) left its stages there then.
        ttg = (directory / f"{compiled.name}.ttg").read_text()
        still_listed = [op for op in REFUSED_OPS if ": " not in op and _holds(ttg, op)]
        if still_listed:
            pytest.fail(f"`{compiled.name}` compiled for {target} although its IR holds "
                        f"{', '.join(still_listed)}, which REFUSED_OPS "
                        f"(test/python/kernels/nvidia_compile.py) says the NVIDIA backend "
                        f"refuses: remove {'them' if len(still_listed) > 1 else 'it'} from "
                        "the table", pytrace=False)
