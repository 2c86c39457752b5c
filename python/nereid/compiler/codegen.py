"""Python AST -> tt IR: the code generator that walks a @jit function and emits IR through the
language's semantic, with a source location on every op.

Control flow becomes `scf`: an `if` on a run-time condition becomes `scf.if` whose results are
the names both branches assign; `for ... in range` becomes `scf.for` and `while` becomes
`scf.while`, whose loop-carried values are found by generating the body once and throwing it
away. Conditions known at compile time (constexprs) are decided here, and `tl.static_range`
unrolls. Calls of other @jit functions are generated inline."""

from __future__ import annotations

import ast
import builtins
import operator
from typing import Any, Optional, Sequence

from .. import language as tl
from ..language import core
from ..language.core import constexpr, tensor
from ..language.device_function import as_jit_function
from ..language.semantic import Semantic, SemanticError, block_pointer
from ..language.semantic.base import StaticAssertionError
from ..ir_builder import Block, Builder, Location, Region
from .early_returns import contains_return, fold_early_returns
from .errors import (CompilationError, CompileTimeAssertionFailure, did_you_mean,
                     front_end_debugging)
from .loops import LoopGenerator
from .values import (describe, flatten, is_constexpr_like, rebuild, types_of, unwrap,
                     unwrap_deep, wrap_constexpr)


class _Return(Exception):
    """Unwinds the statement walk at a `return`."""


class FunctionContext:
    """Where a function's source lives, to turn AST positions into file locations.

    `caller` is where the function was called from when it is generated inline. The language's
    own library (tl.sum, tl.softmax, ...) is not the kernel author's code: its ops take the
    location of the call, so that errors and dumps point at the kernel's line."""

    def __init__(self, jit_fn: Any, caller: Optional[Location] = None) -> None:
        self.jit_fn = jit_fn
        self.caller = caller
        self.is_library = jit_fn.__module__.startswith("nereid.language")
        self.name = jit_fn.__name__
        self.file = jit_fn.file_name
        self.line_offset = jit_fn.starting_line_number - 1
        self.column_offset = jit_fn.dedent_indent
        self.globals = jit_fn.fn.__globals__
        self.nonlocals = {}
        closure = jit_fn.fn.__closure__ or ()
        for name, cell in zip(jit_fn.fn.__code__.co_freevars, closure):
            try:
                self.nonlocals[name] = cell.cell_contents
            except ValueError:
                pass

    def location(self, node: ast.AST) -> Location:
        if self.is_library and self.caller is not None:
            return self.caller
        return Location(self.file, self.line_offset + getattr(node, "lineno", 1),
                        self.column_offset + getattr(node, "col_offset", 0) + 1, self.caller)


class CodeGenerator(LoopGenerator, ast.NodeVisitor):
    """Generates one function's body into the builder's current block."""

    def __init__(self, semantic: Semantic, context: FunctionContext, scope: dict[str, Any],
                 kernel_name: str) -> None:
        self.semantic = semantic
        self.builder: Builder = semantic.builder
        self.context = context
        self.scope = dict(scope)
        self.kernel_name = kernel_name
        self.return_value: Any = None
        self.returned = False

    # Errors and locations --------------------------------------------------------------

    def error(self, node: ast.AST, message: str,
              kind: type[CompilationError] = CompilationError) -> CompilationError:
        location = self.context.location(node)
        notes = []
        caller = location.caller
        while caller is not None:
            notes.append(f"called from {caller.file}:{caller.line}:{caller.column}")
            caller = caller.caller
        return kind(self.kernel_name, message, location.file, location.line, location.column,
                    notes)

    def visit(self, node: ast.AST) -> Any:
        if node is None:
            return None
        saved = self.builder.location
        saved_generator = self.semantic.active_generator
        self.semantic.active_generator = self
        if hasattr(node, "lineno"):
            self.builder.location = self.context.location(node)
        try:
            return super().visit(node)
        except (CompilationError, _Return):
            raise
        except (SemanticError, TypeError, ValueError, AssertionError, NotImplementedError,
                IndexError, KeyError, RuntimeError, AttributeError, ZeroDivisionError) as error:
            # The internal error is the compiler's business, not the kernel author's: it stays
            # chained when debugging the frontend, and where a call raised it, as upstream
            # chains it (whose tests read the message of `__cause__`), without its frames. A
            # failed static_assert is the kernel's own error, with no cause, as upstream's.
            static_assert = isinstance(error, StaticAssertionError)
            cause = None
            if front_end_debugging():
                cause = error
            elif isinstance(node, ast.Call) and not static_assert:
                cause = error.with_traceback(None)
            kind = CompileTimeAssertionFailure if static_assert else CompilationError
            raise self.error(node, str(error) or type(error).__name__, kind) from cause
        finally:
            self.builder.location = saved
            self.semantic.active_generator = saved_generator

    def generic_visit(self, node: ast.AST) -> Any:
        raise self.error(node, f"unsupported Python construct in a kernel: "
                               f"{type(node).__name__}")

    # Names -----------------------------------------------------------------------------

    def lookup(self, name: str, node: ast.AST) -> Any:
        if name in self.scope:
            return self.scope[name]
        if name in self.context.nonlocals:
            return self._global_value(self.context.nonlocals[name])
        if name in self.context.globals:
            return self._global_value(self.context.globals[name])
        if hasattr(builtins, name):
            return getattr(builtins, name)
        known = [*self.scope, *self.context.nonlocals, *self.context.globals, *dir(builtins)]
        raise self.error(node, f"name `{name}` is not defined{did_you_mean(name, known)}")

    @staticmethod
    def _global_value(value: Any) -> Any:
        # Numbers from the module scope are compile-time constants, as Triton's globals are.
        if isinstance(value, (bool, int, float)) and not isinstance(value, tensor):
            return constexpr(value)
        return value

    def assign(self, name: str, value: Any, keep_constexpr: bool = False) -> None:
        if isinstance(value, constexpr) and not keep_constexpr:
            value = value.value
        if not keep_constexpr and isinstance(value, (bool, int, float)):
            value = self.semantic.to_tensor(value)
        self.scope[name] = value

    # Function bodies -------------------------------------------------------------------

    def generate_body(self, statements: Sequence[ast.stmt]) -> None:
        statements = fold_early_returns(statements)
        for index, statement in enumerate(statements):
            if self.returned:
                break  # a `return` in a compile-time branch made the rest dead code
            if isinstance(statement, ast.Return) and index != len(statements) - 1:
                raise self.error(statement, "`return` must be the last statement")
            self.visit(statement)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> Any:
        raise self.error(node, "functions defined inside a kernel are not supported; define a "
                               "@jit function at module level")

    def visit_Return(self, node: ast.Return) -> Any:
        if self.returned:
            raise self.error(node, "a function may return only once")
        self.return_value = self.visit(node.value) if node.value is not None else None
        self.returned = True

    # Statements ------------------------------------------------------------------------

    def visit_Pass(self, node: ast.Pass) -> None:
        return None

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return None  # a docstring
        self.visit(node.value)

    def _assign_target(self, target: ast.expr, value: Any, keep_constexpr: bool) -> None:
        if isinstance(target, ast.Name):
            self.assign(target.id, value, keep_constexpr)
            return
        if isinstance(target, (ast.Tuple, ast.List)):
            value = unwrap(value)
            if not isinstance(value, (tuple, list)) or len(value) != len(target.elts):
                raise self.error(target, f"cannot unpack {value!r} into "
                                         f"{len(target.elts)} names")
            for element, item in zip(target.elts, value):
                self._assign_target(element, item, keep_constexpr)
            return
        raise self.error(target, "only names and tuples of names can be assigned in a kernel")

    def visit_Assign(self, node: ast.Assign) -> None:
        value = self.visit(node.value)
        for target in node.targets:
            self._assign_target(target, value, keep_constexpr=False)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        annotation = self.visit(node.annotation)
        is_constexpr = annotation is constexpr or unwrap(annotation) is constexpr
        if node.value is None:
            return
        value = self.visit(node.value)
        if is_constexpr and not is_constexpr_like(value):
            raise self.error(node, f"`{ast.unparse(node.target)}` is declared tl.constexpr but "
                                   "its value is only known at run time")
        self._assign_target(node.target, constexpr(value) if is_constexpr else value,
                            keep_constexpr=is_constexpr)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        if not isinstance(node.target, ast.Name):
            raise self.error(node, "augmented assignment needs a name on the left")
        current = self.lookup(node.target.id, node)
        value = self._binary(node.op, current, self.visit(node.value), node)
        self.assign(node.target.id, value)

    def visit_Assert(self, node: ast.Assert) -> None:
        test = self.visit(node.test)
        message = unwrap(self.visit(node.msg)) if node.msg is not None else ""
        if is_constexpr_like(test):
            if not unwrap(test):
                raise self.error(node, f"assertion failed at compile time: {message}")
            return
        self.semantic.device_assert(test, str(message) or f"Assertion `{ast.unparse(node.test)}` "
                                                          "failed")

    def visit_Break(self, node: ast.Break) -> None:
        raise self.error(node, "`break` is not supported in Triton kernels")

    def visit_Continue(self, node: ast.Continue) -> None:
        raise self.error(node, "`continue` is not supported in Triton kernels")

    # if --------------------------------------------------------------------------------

    def visit_If(self, node: ast.If) -> None:
        condition = self.visit(node.test)
        if is_constexpr_like(condition):
            branch = node.body if unwrap(condition) else node.orelse
            self._visit_static_branch(branch)
            return
        self._visit_dynamic_if(node, condition)

    def _visit_static_branch(self, statements: Sequence[ast.stmt]) -> None:
        for statement in statements:
            if self.returned:
                break  # dead code after a `return`, as in Triton
            self.visit(statement)

    def _generate_branch(self, statements: Sequence[ast.stmt]) -> tuple[Block, dict, Any]:
        """Generates one branch of a run-time `if` into a new block; returns the block, the
        names as the branch leaves them, and what the branch returns (None when it returns
        nothing or does not return)."""
        block = Block()
        saved_scope = dict(self.scope)
        saved_return = (self.returned, self.return_value)
        self.returned, self.return_value = False, None
        with self.builder.at(block):
            self.generate_body(statements)
        branch_scope, returned = self.scope, self.return_value
        self.scope = saved_scope
        self.returned, self.return_value = saved_return
        return block, branch_scope, returned

    def _scalar_condition(self, condition: Any, node: ast.AST) -> tensor:
        condition = self.semantic.to_tensor(condition)
        if condition.type.is_block() and condition.type.numel == 1:
            # A tensor of one element is a condition, as in Triton.
            condition = self.semantic.unsplat(condition)
        if condition.type.is_block():
            raise self.error(node, f"the condition of an `if` or `while` must be a scalar or a "
                                   f"tensor of one element; got a tensor of shape "
                                   f"{list(condition.type.shape)}")
        return self.semantic.cast(condition, tl.int1)

    def _visit_dynamic_if(self, node: ast.If, condition: Any) -> None:
        condition = self._scalar_condition(condition, node.test)
        then_block, then_scope, then_return = self._generate_branch(node.body)
        else_block, else_scope, else_return = self._generate_branch(node.orelse)
        if contains_return([node]):
            # After fold_early_returns this `if` ends the function: it yields what it returns.
            self._finish_returning_if(node, condition, then_block, then_return, else_block,
                                      else_return)
            return
        names = []
        for name in dict.fromkeys([*then_scope, *else_scope]):
            then_value = then_scope.get(name, self.scope.get(name))
            else_value = else_scope.get(name, self.scope.get(name))
            if then_value is None or else_value is None:
                continue  # defined in one branch only: not visible after the `if`
            if then_value is else_value or not (flatten(then_value) or flatten(else_value)):
                continue
            if types_of(then_value) != types_of(else_value):
                raise self.error(node, f"Mismatched type for {name} between then block "
                                       f"({describe(then_value)}) and else block "
                                       f"({describe(else_value)})")
            names.append((name, then_value, else_value))
        then_results = [t for _, value, _ in names for t in flatten(value)]
        else_results = [t for _, _, value in names for t in flatten(value)]
        for block, results in ((then_block, then_results), (else_block, else_results)):
            with self.builder.at(block):
                self._yield(results)
        types = [t.handle.type for t in then_results]
        arrow = f" -> ({', '.join(types)})" if types else ""
        handles = self.builder.create(
            f"scf.if {condition.handle.name}{arrow}", types, "",
            regions=[Region(then_block), Region(else_block)], separator=" else ")
        flat = [tensor(h, t.type) for h, t in zip(handles, then_results)]
        for name, template, _ in names:
            value, flat = rebuild(template, flat)
            self.scope[name] = value

    def _finish_returning_if(self, node: ast.If, condition: tensor, then_block: Block,
                             then_return: Any, else_block: Block, else_return: Any) -> None:
        # Compile-time values returned under a run-time condition become run-time values.
        with self.builder.at(then_block):
            then_return = self._materialize(then_return)
        with self.builder.at(else_block):
            else_return = self._materialize(else_return)
        if (then_return is None) != (else_return is None) or \
                types_of(then_return) != types_of(else_return):
            raise self.error(node, f"Inconsistent return types: {describe(then_return)} and "
                                   f"{describe(else_return)}; every path through the function "
                                   "must return values of the same types")
        then_results, else_results = flatten(then_return), flatten(else_return)
        for block, results in ((then_block, then_results), (else_block, else_results)):
            with self.builder.at(block):
                self._yield(results)
        types = [t.handle.type for t in then_results]
        arrow = f" -> ({', '.join(types)})" if types else ""
        handles = self.builder.create(
            f"scf.if {condition.handle.name}{arrow}", types, "",
            regions=[Region(then_block), Region(else_block)], separator=" else ")
        flat = [tensor(h, t.type) for h, t in zip(handles, then_results)]
        self.return_value = rebuild(then_return, flat)[0] if then_return is not None else None
        self.returned = True

    def _materialize(self, value: Any) -> Any:
        """`value` with its compile-time numbers made scalar tensors, tuples element-wise."""
        if isinstance(value, (tuple, list)):
            return type(value)(self._materialize(v) for v in value)
        if is_constexpr_like(value) and isinstance(unwrap(value), (bool, int, float)):
            return self.semantic.to_tensor(value)
        return value

    def _yield(self, values: list[tensor]) -> None:
        if values:
            names = ", ".join(v.handle.name for v in values)
            types = ", ".join(v.handle.type for v in values)
            self.builder.create(f"scf.yield {names}", [], f": {types}")
        else:
            self.builder.create("scf.yield")

    # Expressions -----------------------------------------------------------------------

    def visit_Constant(self, node: ast.Constant) -> Any:
        return constexpr(node.value)

    def visit_Name(self, node: ast.Name) -> Any:
        return self.lookup(node.id, node)

    def visit_Tuple(self, node: ast.Tuple) -> Any:
        return tuple(self.visit(e) for e in node.elts)

    def visit_List(self, node: ast.List) -> Any:
        return [self.visit(e) for e in node.elts]

    def visit_JoinedStr(self, node: ast.JoinedStr) -> Any:
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            else:
                inner = unwrap(self.visit(value.value))
                if isinstance(inner, tensor):
                    raise self.error(value, "f-strings can only format tl.constexpr values")
                spec = unwrap(self.visit(value.format_spec)) if value.format_spec else ""
                parts.append(format(inner, spec))
        return constexpr("".join(parts))

    def visit_FormattedValue(self, node: ast.FormattedValue) -> Any:
        return self.visit(node.value)

    def visit_Attribute(self, node: ast.Attribute) -> Any:
        base = self.visit(node.value)
        if isinstance(base, tensor) and node.attr in ("dtype", "shape", "type", "numel", "T"):
            value = getattr(base, node.attr)
            return value if isinstance(value, tensor) else constexpr(value)
        base = unwrap(base)
        if not hasattr(base, node.attr):
            owner = getattr(base, "__name__", type(base).__name__)
            if owner.startswith("nereid.language"):
                owner = "triton.language" + owner[len("nereid.language"):]
            hint = did_you_mean(node.attr, dir(base), f"{ast.unparse(node.value)}.")
            raise self.error(node, f"`{node.attr}` is not a name of {owner}{hint}")
        return getattr(base, node.attr)

    def visit_Subscript(self, node: ast.Subscript) -> Any:
        base = self.visit(node.value)
        index = self.visit(node.slice)
        if isinstance(base, tensor):
            return base[index]
        return wrap_constexpr(unwrap(base)[unwrap_deep(index)])

    def visit_Slice(self, node: ast.Slice) -> Any:
        parts = [unwrap(self.visit(p)) if p is not None else None
                 for p in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> Any:
        operand = self.visit(node.operand)
        if is_constexpr_like(operand):
            value = unwrap(operand)
            result = {ast.USub: lambda v: -v, ast.UAdd: lambda v: +v, ast.Not: lambda v: not v,
                      ast.Invert: lambda v: ~v}[type(node.op)](value)
            return constexpr(result)
        sem = self.semantic
        if isinstance(node.op, ast.USub):
            return sem.minus(operand)
        if isinstance(node.op, ast.UAdd):
            return operand
        if isinstance(node.op, ast.Invert):
            return sem.invert(operand)
        return sem.logical_not(operand)

    _BINARY = {
        ast.Add: "add", ast.Sub: "sub", ast.Mult: "mul", ast.Div: "truediv",
        ast.FloorDiv: "floordiv", ast.Mod: "mod", ast.BitAnd: "and_", ast.BitOr: "or_",
        ast.BitXor: "xor_", ast.LShift: "shl", ast.RShift: "shr",
    }
    _PYTHON_BINARY = {
        ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
        ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b,
        ast.Mod: lambda a, b: a % b, ast.Pow: lambda a, b: a ** b,
        ast.BitAnd: lambda a, b: a & b, ast.BitOr: lambda a, b: a | b,
        ast.BitXor: lambda a, b: a ^ b, ast.LShift: lambda a, b: a << b,
        ast.RShift: lambda a, b: a >> b,
    }

    def _binary(self, op: ast.operator, lhs: Any, rhs: Any, node: ast.AST) -> Any:
        if is_constexpr_like(lhs) and is_constexpr_like(rhs):
            if type(op) not in self._PYTHON_BINARY:
                raise self.error(node, f"unsupported operator {type(op).__name__}")
            return constexpr(self._PYTHON_BINARY[type(op)](unwrap(lhs), unwrap(rhs)))
        if type(op) not in self._BINARY:
            raise self.error(node, f"the operator {type(op).__name__} is not supported on "
                                   "tensors")
        return getattr(self.semantic, self._BINARY[type(op)])(lhs, rhs)

    def visit_BinOp(self, node: ast.BinOp) -> Any:
        return self._binary(node.op, self.visit(node.left), self.visit(node.right), node)

    _COMPARE = {ast.Lt: "lt", ast.LtE: "le", ast.Gt: "gt", ast.GtE: "ge", ast.Eq: "eq",
                ast.NotEq: "ne"}

    def visit_Compare(self, node: ast.Compare) -> Any:
        result = None
        left = self.visit(node.left)
        for op, comparator in zip(node.ops, node.comparators):
            right = self.visit(comparator)
            if isinstance(op, (ast.Is, ast.IsNot)):
                # Identity is known at compile time, of tensors too (`ptr is not None`), as
                # in Triton.
                step = constexpr((unwrap(left) is unwrap(right)) == isinstance(op, ast.Is))
            elif isinstance(op, (ast.In, ast.NotIn)):
                if not (is_constexpr_like(left) and is_constexpr_like(right)):
                    raise self.error(node, f"`{type(op).__name__}` compares tl.constexpr values "
                                           "only")
                lhs, rhs = unwrap(left), unwrap_deep(right)
                value = {ast.Is: lambda: lhs is rhs, ast.IsNot: lambda: lhs is not rhs,
                         ast.In: lambda: lhs in rhs, ast.NotIn: lambda: lhs not in rhs}[
                    type(op)]()
                step = constexpr(value)
            elif is_constexpr_like(left) and is_constexpr_like(right):
                lhs, rhs = unwrap(left), unwrap(right)
                if isinstance(lhs, (tuple, list)) and isinstance(rhs, (tuple, list)):
                    # A shape (a tuple) equals the list of its sizes, as in Triton.
                    lhs, rhs = list(unwrap_deep(lhs)), list(unwrap_deep(rhs))
                step = constexpr(_PYTHON_COMPARE[type(op)](lhs, rhs))
            else:
                step = self.semantic.compare(self._COMPARE[type(op)], left, right)
            result = step if result is None else self._logical(ast.And(), result, step)
            left = right
        return result

    def _logical(self, op: ast.boolop, lhs: Any, rhs: Any) -> Any:
        if is_constexpr_like(lhs) and is_constexpr_like(rhs):
            lhs, rhs = unwrap(lhs), unwrap(rhs)
            return constexpr((lhs and rhs) if isinstance(op, ast.And) else (lhs or rhs))
        if isinstance(op, ast.And):
            return self.semantic.logical_and(lhs, rhs)
        return self.semantic.logical_or(lhs, rhs)

    def visit_BoolOp(self, node: ast.BoolOp) -> Any:
        result = self.visit(node.values[0])
        for value_node in node.values[1:]:
            # A constexpr left side short-circuits as in Python.
            if is_constexpr_like(result):
                truth = bool(unwrap(result))
                if isinstance(node.op, ast.And) and not truth:
                    return result
                if isinstance(node.op, ast.Or) and truth:
                    return result
                result = self.visit(value_node)
                continue
            result = self._logical(node.op, result, self.visit(value_node))
        return result

    def visit_IfExp(self, node: ast.IfExp) -> Any:
        """`a if c else b`: decided at compile time on a constexpr; on a run-time scalar, an
        `scf.if` that evaluates only the side taken, as in Triton."""
        condition = self.visit(node.test)
        if is_constexpr_like(condition):
            return self.visit(node.body if unwrap(condition) else node.orelse)
        condition = self._scalar_condition(condition, node.test)
        sides = []
        for expression in (node.body, node.orelse):
            block = Block()
            with self.builder.at(block):
                sides.append((block, self._materialize(self.visit(expression))))
        (then_block, then_value), (else_block, else_value) = sides
        if then_value is None and else_value is None:
            # Both sides are calls for their effect (`tl.store(...) if c else tl.store(...)`).
            for block, _ in sides:
                with self.builder.at(block):
                    self._yield([])
            self.builder.create(f"scf.if {condition.handle.name}", [], "",
                                regions=[Region(then_block), Region(else_block)],
                                separator=" else ")
            return None
        if not flatten(then_value) or types_of(then_value) != types_of(else_value):
            raise self.error(node, "Ternary expression with dynamic condition has inconsistent "
                                   f"type {describe(then_value)} and {describe(else_value)}")
        for block, value in sides:
            with self.builder.at(block):
                self._yield(flatten(value))
        types = [t.handle.type for t in flatten(then_value)]
        handles = self.builder.create(
            f"scf.if {condition.handle.name} -> ({', '.join(types)})", types, "",
            regions=[Region(then_block), Region(else_block)], separator=" else ")
        flat = [tensor(h, t.type) for h, t in zip(handles, flatten(then_value))]
        return rebuild(then_value, flat)[0]

    def visit_Call(self, node: ast.Call) -> Any:
        function = self.visit(node.func)
        args = []
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                args.extend(unwrap(self.visit(arg.value)))
            else:
                args.append(self.visit(arg))
        kwargs = {}
        for keyword in node.keywords:
            if keyword.arg is None:
                kwargs.update(unwrap(self.visit(keyword.value)))
            else:
                kwargs[keyword.arg] = self.visit(keyword.value)
        return self.call(unwrap(function), args, kwargs, node)

    def call(self, function: Any, args: list, kwargs: dict, node: ast.AST) -> Any:
        from ..runtime.jit import JITFunction

        function = as_jit_function(function)
        if isinstance(function, JITFunction):
            return self.call_jit(function, args, kwargs, node)
        if function in (builtins.min, builtins.max) and any(
                isinstance(a, tensor) for a in args):
            if len(args) != 2 or kwargs:
                raise self.error(node, f"{function.__name__} on tensors takes two arguments")
            choose = self.semantic.minimum if function is builtins.min else self.semantic.maximum
            return choose(*args)
        if function is builtins.abs and args and isinstance(args[0], tensor):
            return self.semantic.abs(args[0])
        if function is builtins.isinstance and len(args) == 2 and not kwargs:
            # Decided at compile time, as in Triton, on the frontend's own values: a tile is a
            # tl.tensor, a descriptor argument or tl.make_tensor_descriptor's result a
            # tl.tensor_descriptor (the fused-attention tutorial branches on it).
            return constexpr(isinstance(args[0], unwrap_deep(args[1])))
        if core.is_builtin(function):
            return function(*args, **kwargs)
        if function is builtins.print:
            return self._print(args, kwargs, node)
        if any(isinstance(a, (tensor, block_pointer)) for a in [*args, *kwargs.values()]):
            name = getattr(function, "__name__", repr(function))
            raise self.error(node, f"`{name}` is not a Triton function and cannot take tensors; "
                                   "decorate it with @jit")
        # A plain Python function of compile-time values runs now.
        result = function(*[unwrap_deep(a) for a in args],
                          **{k: unwrap_deep(v) for k, v in kwargs.items()})
        return wrap_constexpr(result)

    def _print(self, args: list, kwargs: dict, node: ast.AST) -> None:
        """`print(...)` in a kernel is `tl.device_print`, as in Triton: a leading string is the
        prefix and the rest are values that every program prints when it runs. Unlike Triton,
        a first argument that is not a string is a value printed with no prefix."""
        if kwargs:
            raise self.error(node, "print() in a kernel is tl.device_print and takes no keyword "
                                   f"arguments; got {', '.join(kwargs)}")
        prefix = ""
        if args and isinstance(unwrap(args[0]), str):
            prefix, args = unwrap(args[0]), args[1:]
        return tl.device_print(prefix, *args)

    def call_jit(self, function: Any, args: list, kwargs: dict, node: Optional[ast.AST]) -> Any:
        """Generates a call of another @jit function: inline (its parameters bound to the
        arguments, its return value replacing the call), or as a `tt.call` for a
        `@jit(noinline=True)` function."""
        bound = function.bind_arguments(args, kwargs)
        scope = {}
        for name, value in bound.items():
            # As in Triton, a value known at compile time stays a constexpr in the callee,
            # whatever the parameter's annotation: the callee is specialized on it.
            # A run-time value passed to a parameter annotated tl.constexpr is passed as a
            # value: Triton does not enforce the annotation on device functions either.
            if is_constexpr_like(value):
                scope[name] = constexpr(unwrap_deep(value))
            else:
                scope[name] = value
        if function.noinline:
            return self.semantic.functions.call(self, function, scope)
        callee = CodeGenerator(self.semantic, FunctionContext(function, self.builder.location),
                               scope, self.kernel_name)
        definition = function.parse()
        callee.generate_body(definition.body)
        return callee.return_value


_PYTHON_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
                   ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne}
