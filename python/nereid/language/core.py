"""The objects a kernel computes with: `tensor`, `constexpr`, and the `builtin` decorator
that gives a language function the semantic context of the kernel being compiled.

A `tensor` is a value in the IR being built (a scalar or a block); its operators call
`language.semantic`, which emits IR through the active code generator."""

from __future__ import annotations

import contextlib
import functools
from typing import Any, Callable, Iterator, Optional

from .dtypes import dtype

# The semantic context of the kernel being compiled; set by the code generator.
_active_semantic: Optional[Any] = None


def semantic() -> Any:
    """The `Semantic` of the kernel being compiled. Language functions called outside a kernel
    have none, and say so."""
    if _active_semantic is None:
        raise RuntimeError("triton.language functions can only be called inside a @jit kernel")
    return _active_semantic


@contextlib.contextmanager
def activate(sem: Any) -> Iterator[None]:
    global _active_semantic
    saved = _active_semantic
    _active_semantic = sem
    try:
        yield
    finally:
        _active_semantic = saved


def builtin(fn: Callable) -> Callable:
    """Marks a language function implemented by the compiler rather than in the language. The
    code generator calls it directly (it is not traced as a @jit function)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    wrapper.__triton_builtin__ = True
    return wrapper


def is_builtin(fn: Any) -> bool:
    return getattr(fn, "__triton_builtin__", False)


class constexpr_type:
    """The type of a constexpr, as Triton names it: one type per compile-time value, so that
    two constexprs have the same type exactly when their values are equal."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, constexpr_type) and self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        return f"constexpr_type[{self.value}]"

    def mangle(self) -> str:
        return repr(self)


class constexpr:
    """A value known at compile time: a `tl.constexpr` parameter, a literal, or a global.
    Arithmetic on constexprs folds in Python."""

    def __init__(self, value: Any) -> None:
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self) -> str:
        return f"constexpr[{self.value!r}]"

    @property
    def type(self) -> constexpr_type:
        return constexpr_type(self.value)

    def __index__(self) -> int:
        return self.value

    def __bool__(self) -> bool:
        return bool(self.value)

    def __hash__(self) -> int:
        return hash(self.value)

    def __call__(self, *args, **kwargs):
        return self.value(*args, **kwargs)

    # Folded arithmetic: a constexpr operand stays constexpr; a tensor operand makes a tensor.
    def _fold(op: Callable) -> Callable:  # noqa: N805 - a decorator used in the class body
        def method(self, other=None):
            if isinstance(other, tensor):
                return NotImplemented
            return constexpr(op(self.value, _unwrap(other)))
        return method

    def _rfold(op: Callable) -> Callable:  # noqa: N805
        def method(self, other):
            if isinstance(other, tensor):
                return NotImplemented
            return constexpr(op(_unwrap(other), self.value))
        return method

    __add__ = _fold(lambda a, b: a + b)
    __radd__ = _rfold(lambda a, b: a + b)
    __sub__ = _fold(lambda a, b: a - b)
    __rsub__ = _rfold(lambda a, b: a - b)
    __mul__ = _fold(lambda a, b: a * b)
    __rmul__ = _rfold(lambda a, b: a * b)
    __truediv__ = _fold(lambda a, b: a / b)
    __rtruediv__ = _rfold(lambda a, b: a / b)
    __floordiv__ = _fold(lambda a, b: a // b)
    __rfloordiv__ = _rfold(lambda a, b: a // b)
    __mod__ = _fold(lambda a, b: a % b)
    __rmod__ = _rfold(lambda a, b: a % b)
    __pow__ = _fold(lambda a, b: a ** b)
    __and__ = _fold(lambda a, b: a & b)
    __rand__ = _rfold(lambda a, b: a & b)
    __or__ = _fold(lambda a, b: a | b)
    __ror__ = _rfold(lambda a, b: a | b)
    __xor__ = _fold(lambda a, b: a ^ b)
    __rxor__ = _rfold(lambda a, b: a ^ b)
    __lshift__ = _fold(lambda a, b: a << b)
    __rshift__ = _fold(lambda a, b: a >> b)
    __eq__ = _fold(lambda a, b: a == b)
    __ne__ = _fold(lambda a, b: a != b)
    __lt__ = _fold(lambda a, b: a < b)
    __le__ = _fold(lambda a, b: a <= b)
    __gt__ = _fold(lambda a, b: a > b)
    __ge__ = _fold(lambda a, b: a >= b)

    def __neg__(self):
        return constexpr(-self.value)

    def __pos__(self):
        return constexpr(+self.value)

    def __invert__(self):
        return constexpr(~self.value)

    def __abs__(self):
        return constexpr(abs(self.value))

    def __getattr__(self, name: str):
        if name == "value":
            raise AttributeError(name)
        return getattr(self.value, name)


def _unwrap(value: Any) -> Any:
    return value.value if isinstance(value, constexpr) else value


class tensor:
    """A value of the kernel: a scalar or a block (tile) of a dtype."""

    def __init__(self, handle: Any, type: dtype) -> None:
        self.handle = handle
        self.type = type
        self.dtype = type.scalar
        self.shape = tuple(constexpr(s) for s in type.shape) if type.is_block() else ()

    def __repr__(self) -> str:
        return f"tensor({self.type})"

    def __bool__(self) -> bool:
        raise TypeError("a tensor has no truth value at compile time; use it in an `if` of the "
                        "kernel, or compare it with tl.where")

    @property
    def numel(self) -> constexpr:
        return constexpr(self.type.numel if self.type.is_block() else 1)

    @property
    def T(self) -> "tensor":
        return semantic().permute(self, (1, 0))

    # Arithmetic -------------------------------------------------------------------------

    def __add__(self, other):
        return semantic().add(self, other)

    def __radd__(self, other):
        return semantic().add(other, self)

    def __sub__(self, other):
        return semantic().sub(self, other)

    def __rsub__(self, other):
        return semantic().sub(other, self)

    def __mul__(self, other):
        return semantic().mul(self, other)

    def __rmul__(self, other):
        return semantic().mul(other, self)

    def __truediv__(self, other):
        return semantic().truediv(self, other)

    def __rtruediv__(self, other):
        return semantic().truediv(other, self)

    def __floordiv__(self, other):
        return semantic().floordiv(self, other)

    def __rfloordiv__(self, other):
        return semantic().floordiv(other, self)

    def __mod__(self, other):
        return semantic().mod(self, other)

    def __rmod__(self, other):
        return semantic().mod(other, self)

    def __neg__(self):
        return semantic().minus(self)

    def __pos__(self):
        return self

    def __invert__(self):
        return semantic().invert(self)

    def __abs__(self):
        return semantic().abs(self)

    def __and__(self, other):
        return semantic().and_(self, other)

    def __rand__(self, other):
        return semantic().and_(other, self)

    def __or__(self, other):
        return semantic().or_(self, other)

    def __ror__(self, other):
        return semantic().or_(other, self)

    def __xor__(self, other):
        return semantic().xor_(self, other)

    def __rxor__(self, other):
        return semantic().xor_(other, self)

    def __lshift__(self, other):
        return semantic().shl(self, other)

    def __rlshift__(self, other):
        return semantic().shl(other, self)

    def __rshift__(self, other):
        return semantic().shr(self, other)

    def __rrshift__(self, other):
        return semantic().shr(other, self)

    # Comparisons ------------------------------------------------------------------------

    def __lt__(self, other):
        return semantic().compare("lt", self, other)

    def __le__(self, other):
        return semantic().compare("le", self, other)

    def __gt__(self, other):
        return semantic().compare("gt", self, other)

    def __ge__(self, other):
        return semantic().compare("ge", self, other)

    def __eq__(self, other):
        return semantic().compare("eq", self, other)

    def __ne__(self, other):
        return semantic().compare("ne", self, other)

    __hash__ = object.__hash__

    def logical_and(self, other):
        return semantic().logical_and(self, other)

    def logical_or(self, other):
        return semantic().logical_or(self, other)

    # Indexing: x[:, None], x[None, :], x[None], x[:]. ------------------------------------

    def __getitem__(self, slices):
        if not isinstance(slices, tuple):
            slices = (slices,)
        result = self
        axis = 0
        for item in slices:
            item = _unwrap(item)
            if item is None:
                result = semantic().expand_dims(result, axis)
                axis += 1
            elif isinstance(item, slice) and item == slice(None, None, None):
                axis += 1
            else:
                raise ValueError(f"unsupported tensor index: {item!r}; only `:` and `None` "
                                 "(new axis) are supported")
        return result

    # Methods that Triton gives tensors ---------------------------------------------------

    def to(self, dtype_, fp_downcast_rounding=None, bitcast=False):
        return semantic().cast(self, _unwrap(dtype_), _unwrap(fp_downcast_rounding),
                               _unwrap(bitcast))

    def _method(name: str) -> Callable:  # noqa: N805
        def method(self, *args, **kwargs):
            from .. import language
            return getattr(language, name)(self, *args, **kwargs)
        method.__name__ = name
        return method

    for _name in ("broadcast_to", "reshape", "view", "trans", "permute", "expand_dims", "split",
                  "ravel", "flip", "sum", "max", "min", "argmax", "argmin", "xor_sum", "reduce",
                  "cumsum", "cumprod", "associative_scan", "sort", "topk", "histogram", "exp",
                  "exp2", "log", "log2", "sin", "cos", "sqrt", "rsqrt", "abs", "floor", "ceil",
                  "erf", "sigmoid", "softmax", "cast", "store", "advance", "join", "gather"):
        locals()[_name] = _method(_name)
    del _name
