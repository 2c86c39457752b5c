"""Which pointer parameters a kernel may store through, read from its tt IR, so that a launch
refuses a read-only array there (`arguments.check_array_argument`) and accepts it elsewhere.

The answer is conservative: a parameter counts as stored through when a pointer operand of a
`tt.store`, `tt.atomic_*` or `tt.descriptor_store` (in the kernel or in a function it calls) may
derive from it through any chain of ops, region arguments (loop-carried values, `scf.if`
results) and calls. Values a kernel loads from memory are data: a pointer that a kernel builds
from loaded integers (`tt.int_to_ptr` of a loaded address) is not traced to any parameter."""

from __future__ import annotations

import re
from typing import Optional

# An SSA value's name as the frontend (`%12`) or MLIR (`%arg0`, `%c1_i32`, `%0#1`) prints it.
_NAME = re.compile(r"%[\w$.-]+")
# The results a line defines: `%4 = ...`, `%34, %35 = ...`, MLIR's `%0:2 = ...`.
_RESULTS = re.compile(r"^\s*((?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?)\s*=(?!=)")
_OP_NAME = re.compile(r"^\s*(?:(?:%[\w$.-]+(?::\d+)?\s*,\s*)*%[\w$.-]+(?::\d+)?\s*=\s*)?"
                      r"\"?([\w.]+)")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_LOCATION = re.compile(r"\s+loc\(.*$")
_FUNCTION = re.compile(r"\btt\.func\s+(?:(public|private|nested)\s+)?@([\w$.-]+)")
_CALLEE = re.compile(r"\btt\.call\s+@([\w$.-]+)")

# Ops that write memory through their first operand.
_STORES = frozenset({"tt.store", "tt.atomic_rmw", "tt.atomic_cas", "tt.descriptor_store",
                     "tt.descriptor_scatter", "tt.descriptor_reduce"})
# Ops whose results are data read from memory: they carry no pointer parameter's identity.
_LOADS = frozenset({"tt.load", "tt.descriptor_load", "tt.descriptor_gather", "tt.atomic_rmw",
                    "tt.atomic_cas"})
# Terminators whose operands flow into the results and region arguments of the op around them.
_TERMINATORS = frozenset({"scf.yield", "scf.condition", "tt.reduce.return", "tt.scan.return"})
# Ops whose k-th result, region arguments and terminator operands are one value's path.
_POSITIONAL = frozenset({"scf.for", "scf.while", "scf.if"})


def _base(name: str) -> str:
    """`%0#1` (result 1 of `%0:2`) -> `%0`."""
    return name.split("#", 1)[0]


def stored_parameters(ttir: str) -> Optional[frozenset[int]]:
    """The positions of the public kernel's parameters that a store or atomic may write
    through, or None when the IR has no public function to read."""
    depends: dict[str, set[str]] = {}  # value -> the values it may derive from
    stored: list[str] = []  # pointer operands of stores and atomics
    parameters: dict[str, list[str]] = {}  # function -> its parameters, in order
    calls: list[tuple[str, list[str]]] = []  # (callee, operands)
    public: Optional[str] = None
    # The open ops with regions, innermost last: (name, op). The values that flow through
    # the k-th result, region argument and terminator operand of an scf op meet at
    # `name.k`; those of another op (tt.reduce, ...) all meet at `name`.
    regions: list[tuple[str, str]] = []

    def link(names, sources) -> None:
        for name in names:
            depends.setdefault(name, set()).update(sources)

    def flow(region: tuple[str, str], values: list[str], into: bool) -> None:
        """Links the k-th of `values` to (or, into=False, from) the region op's k-th slot."""
        node, op = region
        for k, value in enumerate(values):
            slot = f"{node}.{k}" if op in _POSITIONAL else node
            if into:
                link([slot], [value])
            else:
                link([value], [slot])

    for index, raw in enumerate(ttir.splitlines()):
        line = _LOCATION.sub("", _STRING.sub('""', raw))
        text = line.strip()
        if not text:
            continue
        results_match = _RESULTS.match(line)
        results = [_base(n) for n in _NAME.findall(results_match.group(1))] \
            if results_match else []
        rest = line[results_match.end():] if results_match else line
        # Names defined in the line (`%20 = %6` of scf.for, `%9 = %4` of scf.while; `%27: f32`
        # of a block or function header, where a use reads `%27 : f32`) and names used.
        defined, declared, used = [], [], []
        for match in _NAME.finditer(rest):
            after = rest[match.end():]
            if after.startswith(":"):
                declared.append(_base(match.group()))
            elif after.lstrip().startswith("=") and not after.lstrip().startswith("=="):
                defined.append(_base(match.group()))
            else:
                used.append(_base(match.group()))
        operation = _OP_NAME.match(line)
        op = operation.group(1) if operation else ""
        opens = line.count("{") - line.count("}")

        header = _FUNCTION.search(line)
        if header is not None:
            parameters[header.group(2)] = declared
            if header.group(1) in (None, "public"):
                public = public or header.group(2)
            if opens > 0:  # a definition, not a declaration
                regions.append(("@" + header.group(2), "tt.func"))
            continue
        if text.startswith("^"):  # a block header: its arguments come from the region op
            if regions:
                flow(regions[-1], declared, into=False)
            continue
        if op in _STORES and used:
            stored.append(used[0])
        if op == "tt.call":
            callee = _CALLEE.search(line)
            if callee is not None:
                calls.append((callee.group(1), used))
        if op in _TERMINATORS and regions:
            # scf.condition's first operand decides; the others flow on.
            flow(regions[-1], used[1:] if op == "scf.condition" else used, into=True)

        if opens > 0:  # an op with regions: its results and region arguments
            region = (f"#{index}", op)
            flow(region, results, into=False)
            if op == "scf.for":  # %iv = %lb to %ub step %s iter_args(%a = %init, ...)
                link(defined[:1], used[:3])
                flow(region, defined[1:], into=False)
                flow(region, used[3:], into=True)
            elif op == "scf.while":  # (%a = %init, ...)
                flow(region, defined, into=False)
                flow(region, used, into=True)
            elif op not in _POSITIONAL:
                flow(region, defined + declared, into=False)
                flow(region, used, into=True)
            regions.append(region)
        else:
            if op not in _LOADS:
                link(results + defined, used)
            del regions[max(0, len(regions) + opens):]

    if public is None:
        return None
    # A callee's parameters derive from the operands of every call of it.
    for callee, operands in calls:
        for parameter, operand in zip(parameters.get(callee, []), operands):
            link([parameter], [operand])
    reached, pending = set(), list(stored)
    while pending:
        name = pending.pop()
        if name not in reached:
            reached.add(name)
            pending.extend(depends.get(name, ()))
    return frozenset(i for i, name in enumerate(parameters[public]) if name in reached)
