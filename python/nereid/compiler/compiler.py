"""Compiles a @jit kernel for one signature: generates tt IR, verifies it through libnereid,
and maps any verifier error back to the kernel's source line."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import ir
from ..language import core
from ..language.core import constexpr, tensor
from ..language.dtypes import const, dtype, pointer_type, tensor_descriptor_argument
from ..language.ops import tensor_descriptor
from ..language.semantic import Semantic
from .codegen import CodeGenerator, FunctionContext
from .errors import CompilationError, error_from_diagnostics, front_end_debugging
from .functions import FunctionTable
from .specialization import kernel_name
from ..ir_builder import Block, Builder, print_block
from .options import FrontendOptions


@dataclass
class KernelSignature:
    """What a kernel is compiled for: the dtype of every run-time argument, the value of every
    constexpr, and the specialization of integer and pointer arguments."""

    types: dict[str, dtype]
    constexprs: dict[str, Any]
    divisible_by_16: set[str] = field(default_factory=set)
    equal_to_1: set[str] = field(default_factory=set)


def _function_attributes(name: str, signature: KernelSignature) -> str:
    attributes = []
    if name in signature.divisible_by_16:
        attributes.append("tt.divisibility = 16 : i32")
    if name in signature.equal_to_1:
        attributes.append("tt.equal_to = 1 : i32")
    return f" {{{', '.join(attributes)}}}" if attributes else ""


def const_parameters(jit_fn: Any) -> set[str]:
    """The parameters annotated `tl.const`: pointers whose type is const."""
    return {name for name, parameter in jit_fn.signature.parameters.items()
            if parameter.annotation is const or parameter.annotation in ("tl.const", "const")}


def host_descriptors(semantic: Semantic, scope: dict[str, Any],
                     signature: KernelSignature) -> dict[str, tensor_descriptor]:
    """The kernel's host-side tensor descriptor parameters as descriptors made at its entry,
    from the base pointer passed and the shape and strides compiled in."""
    descriptors = {}
    for name, ty in signature.types.items():
        if isinstance(ty, tensor_descriptor_argument):
            base = tensor(scope[name].handle, pointer_type(ty.element_ty))
            descriptors[name] = tensor_descriptor(semantic.make_tensor_descriptor(
                base, ty.shape, ty.strides, ty.block_shape))
    return descriptors


def generate_ir(jit_fn: Any, signature: KernelSignature, options: FrontendOptions) -> str:
    """The kernel as tt IR text (a module holding one public `tt.func`), for a backend with
    `options`."""
    builder = Builder()
    semantic = Semantic(builder)
    semantic.functions = FunctionTable()
    semantic.options = options
    context = FunctionContext(jit_fn)
    definition = jit_fn.parse()
    body = Block()
    scope: dict[str, Any] = {}
    parameters = []
    const_names = const_parameters(jit_fn)
    for name in jit_fn.arg_names:
        if name in signature.constexprs:
            scope[name] = constexpr(signature.constexprs[name])
            continue
        ty = signature.types[name]
        if name in const_names and ty.is_ptr():
            ty = pointer_type(ty.element_ty, ty.address_space, const=True)
        argument = builder.fresh(ty.to_ir())
        body.arguments.append(argument)
        scope[name] = tensor(argument, ty)
        parameters.append(f"{argument.name}: {ty.to_ir()}{_function_attributes(name, signature)}")
    generator = CodeGenerator(semantic, context, scope, jit_fn.__name__)
    with core.activate(semantic), builder.at(body):
        builder.location = context.location(definition)
        generator.scope.update(host_descriptors(semantic, scope, signature))
        generator.generate_body(definition.body)
        if generator.return_value is not None:
            raise generator.error(definition, "a kernel cannot return a value; store results "
                                              "through pointers")
        builder.location = context.location(definition)
        builder.create("tt.return")
    location = context.location(definition).to_ir()
    functions = "".join(f"{text}\n" for text in semantic.functions.definitions)
    return (f"module {{\n{functions}  tt.func public @{kernel_name(jit_fn, signature)}({', '.join(parameters)})"
            f" {{\n{print_block(body, 2)}\n  }} {location}\n}}\n")


def verify_ir(kernel_name: str, text: str) -> None:
    """Parses and verifies `text`; a failure becomes a CompilationError at the Python line of
    the op that failed (every op carries its source location)."""
    try:
        ir.verify(text, f"<{kernel_name}>")
    except ir.IRError as error:
        raise error_from_diagnostics(kernel_name, "the generated IR is invalid",
                                     error.diagnostics) from None


def compile_to_ir(jit_fn: Any, signature: KernelSignature, options: FrontendOptions) -> str:
    """The verified tt IR of `jit_fn` for `signature`, for a backend with `options`.

    A CompilationError leaves here without the frames of the code generator (dozens, one per
    nested AST node): what the user sees is their own call, the launch, and the error's text,
    which shows the kernel's line. NEREID_FRONT_END_DEBUGGING=1 (or
    TRITON_FRONT_END_DEBUGGING=1) keeps them, as Triton does."""
    try:
        text = generate_ir(jit_fn, signature, options)
        verify_ir(jit_fn.__name__, text)
    except CompilationError as error:
        if front_end_debugging():
            raise
        raise error.with_traceback(None) from error.__cause__
    return text
