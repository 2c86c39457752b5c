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
            start = self.rng.choice([0, 0, 3, 5, 16, 32, 64, 128, -16, -5])
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


# Two dimensions, and pointers: ranges reach a tile through expand_dims and broadcast, and
# pointer claims are checked on byte addresses with the contiguity in elements.
M, K = 8, 16


class TileProgram:
    """A random tt.func over tensor<8x16xi32>, ending in an addptr on a 16-byte-aligned f32
    pointer, and the concrete value (a list of rows) of each result."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.base = 16 * self.rng.randrange(1, 1000)
        self.lines: list[str] = []
        self.values: dict[str, list[list[int]]] = {}
        self.element_bytes: dict[str, int] = {}
        offsets = [self.expression(3) for _ in range(3)]
        base = self.emit(f"tt.splat %base : !tt.ptr<f32> -> tensor<{M}x{K}x!tt.ptr<f32>>",
                         [[self.base] * K for _ in range(M)], 4)
        for offset in offsets:
            self.emit(f"tt.addptr {base}, {offset} : tensor<{M}x{K}x!tt.ptr<f32>>, "
                      f"tensor<{M}x{K}xi32>",
                      [[self.base + 4 * v for v in row] for row in self.values[offset]], 4)

    def emit(self, text: str, value, element_bytes: int = 1) -> str:
        name = f"%v{len(self.lines)}"
        self.lines.append(f"{name} = {text}")
        self.values[name] = value
        self.element_bytes[name] = element_bytes
        return name

    def leaf(self) -> str:
        choice = self.rng.random()
        if choice < 0.5:
            axis = self.rng.randrange(2)
            size = (M, K)[axis]
            start = self.rng.choice([0, 0, 4, 3, 16])
            r = self.emit(f"tt.make_range {{end = {start + size} : i32, start = {start} : i32}}"
                          f" : tensor<{size}xi32>", [[start + i for i in range(size)]])
            # expand_dims on the other axis: the range runs along `axis`.
            shape = f"tensor<1x{K}xi32>" if axis == 1 else f"tensor<{M}x1xi32>"
            column = [[start + i] for i in range(M)] if axis == 0 else \
                [[start + i for i in range(K)]]
            e = self.emit(f"tt.expand_dims {r} {{axis = {1 - axis} : i32}} : "
                          f"tensor<{size}xi32> -> {shape}", column)
            full = [[start + (i if axis == 0 else j) for j in range(K)] for i in range(M)]
            return self.emit(f"tt.broadcast {e} : {shape} -> tensor<{M}x{K}xi32>", full)
        if choice < 0.7:
            return self.emit(f"tt.splat %k : i32 -> tensor<{M}x{K}xi32>",
                             [[self.k] * K for _ in range(M)])
        c = self.rng.choice([0, 1, 2, 3, 4, 8, 16, 32, 5])
        return self.emit(f"arith.constant dense<{c}> : tensor<{M}x{K}xi32>",
                         [[c] * K for _ in range(M)])

    @property
    def k(self) -> int:
        if not hasattr(self, "_k"):
            self._k = 16 * self.rng.randrange(0, 8)
        return self._k

    def expression(self, depth: int) -> str:
        if depth == 0 or self.rng.random() < 0.25:
            return self.leaf()
        a, b = self.expression(depth - 1), self.expression(depth - 1)
        op = self.rng.choice(["addi", "subi", "muli", "divsi", "remsi", "shli", "shrsi", "andi",
                              "maxsi"])
        result = [[BINARY[op](x, y) for x, y in zip(ra, rb)]
                  for ra, rb in zip(self.values[a], self.values[b])]
        if any(r is None or abs(r) >= 2**24 for row in result for r in row):
            return a
        return self.emit(f"arith.{op} {a}, {b} : tensor<{M}x{K}xi32>", result)

    def text(self) -> str:
        body = "\n".join(f"  {line}" for line in self.lines)
        return (f"tt.func public @f(%base: !tt.ptr<f32> {{tt.divisibility = 16 : i32}}, "
                f"%k: i32 {{tt.divisibility = 16 : i32}}) {{\n{body}\n  tt.return\n}}\n")


REMARK_2D = re.compile(r":(\d+):\d+: remark: contiguity = \[(\d+), (\d+)\], "
                       r"divisibility = \[(\d+), (\d+)\], constancy = \[(\d+), (\d+)\]")


def tile_violations(rows, step, contiguity, divisibility, constancy) -> list[str]:
    found = []
    for dim in range(2):
        lines = rows if dim == 1 else [list(column) for column in zip(*rows)]
        for index, line in enumerate(lines):
            for start in range(0, len(line), contiguity[dim]):
                run = line[start:start + contiguity[dim]]
                if any(y != x + step for x, y in zip(run, run[1:])):
                    found.append(f"dim {dim} line {index}: run at {start} not consecutive")
                if run[0] % divisibility[dim]:
                    found.append(f"dim {dim} line {index}: {run[0]} at {start} is not a "
                                 f"multiple of {divisibility[dim]}")
            for start in range(0, len(line), constancy[dim]):
                if len(set(line[start:start + constancy[dim]])) != 1:
                    found.append(f"dim {dim} line {index}: run at {start} not constant")
    return found


@pytest.mark.parametrize("seed", range(60))
def test_every_claim_holds_of_tiles_and_pointers(seed, tmp_path):
    assert NEREID_OPT.exists(), f"{NEREID_OPT} is missing: build it first (make build)"
    program = TileProgram(seed)
    source = tmp_path / "program.mlir"
    source.write_text(program.text())
    result = subprocess.run([str(NEREID_OPT), str(source), "--test-print-axis-info",
                             "-o", os.devnull], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    claims = REMARK_2D.findall(result.stderr)
    assert len(claims) == sum(1 for line in program.lines if "make_range" not in line)
    for line, c0, c1, d0, d1, k0, k1 in claims:
        op = program.lines[int(line) - 2]
        name = op.split(" = ")[0]
        problems = tile_violations(program.values[name], program.element_bytes[name],
                                   (int(c0), int(c1)), (int(d0), int(d1)), (int(k0), int(k1)))
        assert not problems, f"{op}: {problems[:3]}"
