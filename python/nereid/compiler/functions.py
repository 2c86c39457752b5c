"""Device functions that stay functions: a call of a `@jit(noinline=True)` function becomes a
`tt.call` of a private `tt.func`, generated once per specialization (the compile-time values
of its arguments and the types of the others)."""

from __future__ import annotations

import hashlib
from typing import Any

from ..language.core import constexpr, tensor
from ..ir_builder import print_block
from .values import flatten, rebuild


class FunctionTable:
    """The private functions of the module being generated, by specialization."""

    def __init__(self) -> None:
        self.definitions: list[str] = []
        self._entries: dict[tuple, tuple[str, Any, list[str]]] = {}

    def call(self, generator: Any, function: Any, scope: dict[str, Any]) -> Any:
        """Generates `function` (once per specialization) and a `tt.call` of it from the
        generator's insertion point; returns the call's results shaped like the callee's
        return value."""
        from .codegen import CodeGenerator, FunctionContext

        runtime = [(name, value) for name, value in scope.items()
                   if not isinstance(value, constexpr)]
        arguments = [t for _, value in runtime for t in flatten(value)]
        key = (function.cache_key,
               tuple(sorted((k, repr(v.value)) for k, v in scope.items()
                            if isinstance(v, constexpr))),
               tuple((name, type(value).__name__, tuple(str(t.type) for t in flatten(value)))
                     for name, value in runtime))
        if key not in self._entries:
            self._entries[key] = self._define(generator, function, scope, runtime, key,
                                              CodeGenerator, FunctionContext)
        name, template, result_types = self._entries[key]
        builder = generator.builder
        operands = ", ".join(t.handle.name for t in arguments)
        operand_types = ", ".join(t.handle.type for t in arguments)
        handles = builder.create(f"tt.call @{name}({operands})", result_types,
                                 f": ({operand_types}) -> ({', '.join(result_types)})")
        flat = [tensor(h, t.type) for h, t in zip(handles, flatten(template))]
        return rebuild(template, flat)[0] if template is not None else None

    def _define(self, generator: Any, function: Any, scope: dict, runtime: list, key: tuple,
                CodeGenerator: Any, FunctionContext: Any) -> tuple:
        builder = generator.builder
        digest = hashlib.sha256(repr(key).encode()).hexdigest()[:10]
        name = f"{function.__name__}__{digest}"
        parameters = [t for _, value in runtime for t in flatten(value)]
        block = builder.new_block([t.handle.type for t in parameters])
        flat = [tensor(a, t.type) for a, t in zip(block.arguments, parameters)]
        callee_scope = {k: v for k, v in scope.items() if isinstance(v, constexpr)}
        for parameter_name, value in runtime:
            callee_scope[parameter_name], flat = rebuild(value, flat)
        context = FunctionContext(function)
        callee = CodeGenerator(generator.semantic, context, callee_scope,
                               generator.kernel_name)
        definition = function.parse()
        saved_location = builder.location
        with builder.at(block):
            builder.location = context.location(definition)
            callee.generate_body(definition.body)
            results = flatten(callee.return_value)
            builder.location = context.location(definition)
            if results:
                builder.create(f"tt.return {', '.join(r.handle.name for r in results)}", [],
                               f": {', '.join(r.handle.type for r in results)}")
            else:
                builder.create("tt.return")
        builder.location = saved_location
        arguments = ", ".join(f"{a.name}: {a.type}" for a in block.arguments)
        result_types = [r.handle.type for r in results]
        signature = f" -> ({', '.join(result_types)})" if result_types else ""
        self.definitions.append(
            f"  tt.func private @{name}({arguments}){signature} {{\n{print_block(block, 2)}\n"
            f"  }} {context.location(definition).to_ir()}")
        return name, callee.return_value, result_types
