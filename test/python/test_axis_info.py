"""Soundness of the AxisInfo analysis: random integer programs over make_range and splat
constants, whose every claimed run of consecutive values, divisibility of run starts and run of
equal values is checked against the values computed here with Python integers."""

import os
import random
import re
import subprocess
from pathlib import Path

import pytest

N = 64
NEREID_OPT = Path(os.environ.get(
    "NEREID_OPT", Path(__file__).resolve().parents[2] / "build" / "bin" / "nereid-opt"))


def _unsigned(x: int) -> int:
    return x % 2**32


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


# Each op's value on i32 elements, or None where it is undefined (the program then skips it).
BINARY = {
    "addi": lambda a, b: a + b,
    "subi": lambda a, b: a - b,
    "muli": lambda a, b: a * b,
    "divsi": lambda a, b: None if b == 0 else _trunc_div(a, b),
    "divui": lambda a, b: None if b <= 0 or a < 0 else a // b,
    "remsi": lambda a, b: None if b == 0 else a - _trunc_div(a, b) * b,
    "remui": lambda a, b: None if b <= 0 or a < 0 else a % b,
    "andi": lambda a, b: a & b,
    "ori": lambda a, b: a | b,
    "xori": lambda a, b: a ^ b,
    "shli": lambda a, b: None if not 0 <= b < 32 else a << b,
    "shrsi": lambda a, b: None if not 0 <= b < 32 else a >> b,
    "shrui": lambda a, b: None if not 0 <= b < 32 or a < 0 else a >> b,
    "maxsi": max,
    "minsi": min,
}
COMPARE = {
    "slt": lambda a, b: a < b, "sle": lambda a, b: a <= b, "sgt": lambda a, b: a > b,
    "sge": lambda a, b: a >= b, "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
}


class Program:
    """A random tt.func and the concrete value of each of its results."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.lines: list[str] = []
        self.values: dict[str, list[int]] = {}
        for _ in range(6):
            self.expression(3)

    def emit(self, text: str, value: list[int]) -> str:
        name = f"%v{len(self.lines)}"
        self.lines.append(f"{name} = {text}")
        self.values[name] = value
        return name

    def leaf(self) -> str:
        if self.rng.random() < 0.4:
            start = self.rng.choice([0, 0, 3, 5, 16, 32, 64, 128])
            return self.emit(f"tt.make_range {{end = {start + N} : i32, start = {start} : i32}}"
                             f" : tensor<{N}xi32>", [start + i for i in range(N)])
        c = self.rng.choice([0, 1, 2, 3, 4, 5, 7, 8, 12, 16, 32, 48, 64, -4])
        return self.emit(f"arith.constant dense<{c}> : tensor<{N}xi32>", [c] * N)

    def expression(self, depth: int) -> str:
        if depth == 0 or self.rng.random() < 0.25:
            return self.leaf()
        a, b = self.expression(depth - 1), self.expression(depth - 1)
        if self.rng.random() < 0.15:
            predicate = self.rng.choice(sorted(COMPARE))
            mask = self.emit(f"arith.cmpi {predicate}, {a}, {b} : tensor<{N}xi32>",
                             [int(COMPARE[predicate](x, y))
                              for x, y in zip(self.values[a], self.values[b])])
            c, d = self.expression(depth - 1), self.expression(depth - 1)
            return self.emit(f"arith.select {mask}, {c}, {d} : tensor<{N}xi1>, tensor<{N}xi32>",
                             [x if m else y for m, x, y in
                              zip(self.values[mask], self.values[c], self.values[d])])
        op = self.rng.choice(sorted(BINARY))
        result = [BINARY[op](x, y) for x, y in zip(self.values[a], self.values[b])]
        # Stay clear of undefined values and of i32 overflow, which Python would not wrap.
        if any(r is None or abs(r) >= 2**30 for r in result):
            return a
        return self.emit(f"arith.{op} {a}, {b} : tensor<{N}xi32>", result)

    def text(self) -> str:
        body = "\n".join(f"  {line}" for line in self.lines)
        return f"tt.func public @f() {{\n{body}\n  tt.return\n}}\n"


REMARK = re.compile(r":(\d+):\d+: remark: contiguity = \[(\d+)\], divisibility = \[(\d+)\], "
                    r"constancy = \[(\d+)\]")


def violations(values: list[int], contiguity: int, divisibility: int, constancy: int) -> list[str]:
    found = []
    for start in range(0, N, contiguity):
        run = values[start:start + contiguity]
        if any(y != x + 1 for x, y in zip(run, run[1:])):
            found.append(f"elements {start}.. are not {contiguity} consecutive values")
        if run[0] % divisibility:
            found.append(f"element {start} ({run[0]}) is not a multiple of {divisibility}")
    for start in range(0, N, constancy):
        if len(set(values[start:start + constancy])) != 1:
            found.append(f"elements {start}.. are not {constancy} equal values")
    return found


@pytest.mark.parametrize("seed", range(60))
def test_every_claim_holds_of_the_values(seed, tmp_path):
    assert NEREID_OPT.exists(), f"{NEREID_OPT} is missing: build it first (make build)"
    program = Program(seed)
    source = tmp_path / "program.mlir"
    source.write_text(program.text())
    result = subprocess.run([str(NEREID_OPT), str(source), "--test-print-axis-info",
                             "-o", os.devnull], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    claims = REMARK.findall(result.stderr)
    assert len(claims) == len(program.lines)
    for line, contiguity, divisibility, constancy in claims:
        op = program.lines[int(line) - 2]
        values = program.values[op.split(" = ")[0]]
        problems = violations(values, int(contiguity), int(divisibility), int(constancy))
        assert not problems, f"{op}: {problems} in {values}"
