"""Builds tt IR as MLIR text: values, operations with regions, blocks and source locations.

The frontend emits text rather than binding MLIR's C++ builders, so that Python needs nothing
but the C API: the module text is parsed and verified by libnereid afterwards. Operations are
collected in a tree of blocks and printed at the end, which lets a construct such as `scf.if`
decide its result types after its branches are built, and lets a loop body be generated
twice (once to discover its loop-carried values, once for real).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional, Sequence


@dataclass(frozen=True)
class Location:
    """A source position: the file and the 1-based line and column of a Python kernel. Code
    inlined from a called @jit function also records where it was called from (`caller`)."""

    file: str
    line: int
    column: int
    caller: Optional["Location"] = None

    def _position(self) -> str:
        escaped = self.file.replace("\\", "\\\\").replace('"', '\\"')
        return f'"{escaped}":{self.line}:{self.column}'

    def _body(self) -> str:
        if self.caller is None:
            return self._position()
        return f"callsite({self._position()} at {self.caller._body()})"

    def to_ir(self) -> str:
        return f"loc({self._body()})"


@dataclass(eq=False)
class Value:
    """An SSA value: its name in the text (`%12`) and its MLIR type (`tensor<128xf32>`).
    `owner` is the operation that defines it, or None for a block argument."""

    name: str
    type: str
    owner: Optional["Operation"] = None

    def __repr__(self) -> str:
        return f"Value({self.name}: {self.type})"


@dataclass(eq=False)
class Block:
    """A block: its arguments and its operations in order."""

    arguments: list[Value] = field(default_factory=list)
    operations: list["Operation"] = field(default_factory=list)


@dataclass(eq=False)
class Region:
    """A region of one block. `show_arguments` prints the entry block's label and arguments,
    which ops such as `tt.reduce` need; `scf.for` and `tt.func` name them in their headers."""

    block: Block
    show_arguments: bool = False


@dataclass(eq=False)
class Operation:
    """One operation as text: `head` is everything before its regions (results included);
    then the regions, then `attributes` as an attribute dictionary, then `tail` (the type
    signature, which in every op format we emit follows the attribute dictionary), then the
    location. Keeping attributes apart lets hints such as `tt.divisibility` be added later."""

    head: str
    regions: list[Region] = field(default_factory=list)
    tail: str = ""
    location: Optional[Location] = None
    separator: str = " "
    attributes: dict[str, str] = field(default_factory=dict)


class Builder:
    """Appends operations at an insertion block and names their results."""

    def __init__(self) -> None:
        self._next_id = 0
        self.block: Block = Block()
        self.location: Optional[Location] = None

    # Names --------------------------------------------------------------------------------

    def fresh(self, type: str) -> Value:
        """A new value of `type`, with a name unique in the module."""
        value = Value(f"%{self._next_id}", type)
        self._next_id += 1
        return value

    # Insertion ----------------------------------------------------------------------------

    def create(self, text: str, result_types: Sequence[str] = (), signature: str = "",
               regions: Sequence[Region] = (), attributes: Optional[dict[str, str]] = None,
               separator: str = " ") -> list[Value]:
        """Appends `results = text regions {attributes} signature` and returns its results.

        `text` is the op without results; `signature` follows the regions and attributes
        (`: type` etc.); `separator` stands between two regions (` else `, ` do `).
        """
        results = [self.fresh(t) for t in result_types]
        head = text
        if results:
            head = f"{', '.join(r.name for r in results)} = {text}"
        op = Operation(head, list(regions), signature, self.location, separator,
                       dict(attributes or {}))
        for result in results:
            result.owner = op
        self.block.operations.append(op)
        return results

    def create_one(self, text: str, result_type: str, signature: str = "",
                   regions: Sequence[Region] = (),
                   attributes: Optional[dict[str, str]] = None) -> Value:
        return self.create(text, [result_type], signature, regions, attributes)[0]

    def new_block(self, argument_types: Sequence[str] = ()) -> Block:
        return Block([self.fresh(t) for t in argument_types])

    class _InsertionGuard:
        def __init__(self, builder: "Builder", block: Block) -> None:
            self.builder, self.block = builder, block

        def __enter__(self) -> Block:
            self.saved = self.builder.block
            self.builder.block = self.block
            return self.block

        def __exit__(self, *exc) -> None:
            self.builder.block = self.saved

    def at(self, block: Block) -> "Builder._InsertionGuard":
        """`with builder.at(block):` inserts into `block` until the `with` ends."""
        return Builder._InsertionGuard(self, block)


def print_operation(op: Operation, indent: int, lines: list[str]) -> None:
    pad = "  " * indent
    location = f" {op.location.to_ir()}" if op.location else ""
    attributes = ""
    if op.attributes:
        attributes = " {" + ", ".join(f"{k} = {v}" for k, v in op.attributes.items()) + "}"
    if not op.regions:
        tail = f" {op.tail}" if op.tail else ""
        lines.append(f"{pad}{op.head}{attributes}{tail}{location}")
        return
    text = f"{pad}{op.head}"
    for index, region in enumerate(op.regions):
        opener = " {" if index == 0 else f"{op.separator}{{"
        lines.append(text + opener)
        if region.show_arguments:
            arguments = ", ".join(f"{a.name}: {a.type}" for a in region.block.arguments)
            lines.append(f"{pad}^bb0({arguments}):")
        for inner in region.block.operations:
            print_operation(inner, indent + 1, lines)
        text = f"{pad}}}"
    tail = f" {op.tail}" if op.tail else ""
    lines.append(f"{text}{attributes}{tail}{location}")


def print_block(block: Block, indent: int) -> str:
    lines: list[str] = []
    for op in block.operations:
        print_operation(op, indent, lines)
    return "\n".join(lines)
