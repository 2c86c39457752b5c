"""Loops of the code generator: `for` over `range`/`tl.range` becomes `scf.for`, `while` becomes
`scf.while`, and `tl.static_range` unrolls. Loop-carried values are the names the body assigns
that exist before the loop, found by generating the body once into a block thrown away."""

from __future__ import annotations

import ast
import builtins
from typing import Any, Sequence

from .. import language as tl
from ..language.core import constexpr, tensor
from ..ir_builder import Block, Region
from .values import describe, flatten, rebuild, types_of, unwrap


class LoopGenerator:
    """The loop statements of `CodeGenerator`, which it inherits."""

    def _carried_names(self, body: Sequence[ast.stmt], bind: dict[str, Any]) -> list[str]:
        """The names that the loop body assigns and that exist before the loop: its
        loop-carried values. Found by generating the body into a block that is thrown away."""
        for statement in body:
            for inner in ast.walk(statement):
                if isinstance(inner, ast.Return):
                    raise self.error(inner, "`return` inside a `for` or `while` loop is not "
                                            "supported, as in Triton")
        saved_scope = dict(self.scope)
        self.scope.update(bind)
        with self.builder.at(Block()):
            for statement in body:
                self.visit(statement)
        body_scope = self.scope
        self.scope = saved_scope
        carried = []
        for name, value in body_scope.items():
            if name in bind or name not in saved_scope:
                continue
            if value is saved_scope[name]:
                continue
            if not flatten(saved_scope[name]):
                if flatten(value):
                    # A compile-time value before the loop cannot carry run-time values.
                    raise self.error(body[0], f"loop-carried variable `{name}` is "
                                              f"{saved_scope[name]!r} before the loop but "
                                              f"{describe(value)} in it; give it a run-time "
                                              "value of its final type before the loop")
                continue
            if types_of(value) != types_of(saved_scope[name]):
                raise self.error(body[0], f"loop-carried variable `{name}` changes type in the "
                                          f"loop, from {describe(saved_scope[name])} to "
                                          f"{describe(value)}; give it its final type "
                                          "before the loop")
            carried.append(name)
        return carried

    def visit_For(self, node: ast.For) -> None:
        if node.orelse:
            raise self.error(node, "`for ... else` is not supported")
        if not isinstance(node.target, ast.Name):
            raise self.error(node.target, "the loop variable must be a single name")
        iterator = node.iter
        if not isinstance(iterator, ast.Call):
            raise self.error(iterator, "kernels loop over range(...), tl.range(...) or "
                                       "tl.static_range(...)")
        function = self.visit(iterator.func)
        args = [self.visit(a) for a in iterator.args]
        kwargs = {k.arg: self.visit(k.value) for k in iterator.keywords}
        if function is tl.static_range:
            self._static_for(node, args)
            return
        if function not in (builtins.range, tl.range):
            raise self.error(iterator, "kernels loop over range(...), tl.range(...) or "
                                       "tl.static_range(...)")
        self._dynamic_for(node, args, kwargs)

    def _static_for(self, node: ast.For, args: list) -> None:
        bounds = [unwrap(a) for a in args]
        if not all(isinstance(b, int) for b in bounds):
            raise self.error(node.iter, "tl.static_range needs tl.constexpr bounds")
        for value in builtins.range(*bounds):
            self.scope[node.target.id] = constexpr(value)
            self._visit_static_branch(node.body)
            if self.returned:
                break

    def _dynamic_for(self, node: ast.For, args: list, kwargs: dict) -> None:
        if not 1 <= len(args) <= 3:
            raise self.error(node.iter, "range takes 1 to 3 arguments")
        start, end, step = (0, args[0], 1) if len(args) == 1 else \
            (args[0], args[1], args[2] if len(args) == 3 else 1)
        negative = isinstance(unwrap(step), int) and unwrap(step) < 0
        if isinstance(unwrap(step), int) and unwrap(step) == 0:
            raise self.error(node.iter, "range step must not be zero")
        sem = self.semantic
        bounds = [sem.to_tensor(b) for b in (start, end, step)]
        for bound in bounds:
            if not bound.dtype.is_int() or bound.type.is_block():
                raise self.error(node.iter, f"range bounds must be scalar integers; got "
                                            f"{bound.type}")
        index_ty = tl.int64 if any(b.dtype.int_bitwidth == 64 for b in bounds) else tl.int32
        lower, upper, stride = [sem.cast(b, index_ty) for b in bounds]
        if negative:
            # range(a, b, -s) visits a, a - s, ... while > b: iterate iv = b, b + s, ... < a,
            # and the body sees a + b - iv.
            lower, upper, stride = upper, lower, sem.minus(stride)
        iv_placeholder = tensor(self.builder.fresh(index_ty.to_ir()), index_ty)
        carried = self._carried_names(node.body, {node.target.id: iv_placeholder})
        initial = [t for name in carried for t in flatten(self.scope[name])]
        body = self.builder.new_block([index_ty.to_ir()] + [t.handle.type for t in initial])
        iv = tensor(body.arguments[0], index_ty)
        flat = [tensor(a, t.type) for a, t in zip(body.arguments[1:], initial)]
        outer_scope = dict(self.scope)
        with self.builder.at(body):
            for name in carried:
                value, flat = rebuild(self.scope[name], flat)
                self.scope[name] = value
            self.scope[node.target.id] = sem.sub(sem.add(upper, lower), iv) if negative else iv
            for statement in node.body:
                self.visit(statement)
            results = [t for name in carried for t in flatten(self.scope[name])]
            self._yield(results)
        self.scope = outer_scope
        types = [t.handle.type for t in initial]
        iter_args = ", ".join(f"{a.name} = {t.handle.name}"
                              for a, t in zip(body.arguments[1:], initial))
        header = (f"scf.for {iv.handle.name} = {lower.handle.name} to {upper.handle.name} "
                  f"step {stride.handle.name}")
        if initial:
            header += f" iter_args({iter_args}) -> ({', '.join(types)})"
        header += f" : {index_ty.to_ir()}"
        handles = self.builder.create(header, types, "", regions=[Region(body)])
        flat = [tensor(h, t.type) for h, t in zip(handles, initial)]
        for name in carried:
            value, flat = rebuild(self.scope[name], flat)
            self.scope[name] = value

    def visit_While(self, node: ast.While) -> None:
        if node.orelse:
            raise self.error(node, "`while ... else` is not supported")
        carried = self._carried_names(node.body, {})
        initial = [t for name in carried for t in flatten(self.scope[name])]
        types = [t.handle.type for t in initial]
        before = self.builder.new_block(types)
        after = self.builder.new_block(types)
        outer_scope = dict(self.scope)

        def bind(block: Block) -> None:
            flat = [tensor(a, t.type) for a, t in zip(block.arguments, initial)]
            for name in carried:
                value, flat = rebuild(outer_scope[name], flat)
                self.scope[name] = value

        with self.builder.at(before):
            bind(before)
            condition = self._scalar_condition(self.visit(node.test), node.test)
            names = ", ".join(a.name for a in before.arguments)
            signature = f" {names} : {', '.join(types)}" if types else ""
            self.builder.create(f"scf.condition({condition.handle.name}){signature}")
        self.scope = dict(outer_scope)
        with self.builder.at(after):
            bind(after)
            for statement in node.body:
                self.visit(statement)
            self._yield([t for name in carried for t in flatten(self.scope[name])])
        self.scope = outer_scope
        inits = ", ".join(f"{a.name} = {t.handle.name}"
                          for a, t in zip(before.arguments, initial))
        handles = self.builder.create(
            f"scf.while ({inits}) : ({', '.join(types)}) -> ({', '.join(types)})", types, "",
            regions=[Region(before), Region(after, show_arguments=True)], separator=" do ")
        flat = [tensor(h, t.type) for h, t in zip(handles, initial)]
        for name in carried:
            value, flat = rebuild(self.scope[name], flat)
            self.scope[name] = value
