"""What the frontend needs to know of the backend it compiles for: the choices the language
leaves to the target. A backend gives them (`nereid.backends.Backend.frontend_options`), the
tt IR depends on them, and so does the kernel's cache key."""

from __future__ import annotations

from dataclasses import dataclass

# The values of tl.dot's `input_precision`, as upstream Triton spells them.
DOT_INPUT_PRECISIONS = ("tf32", "tf32x3", "ieee", "bf16x3", "bf16x6")


@dataclass(frozen=True)
class FrontendOptions:
    """`backend`: the name of the backend compiled for, for error messages.
    `default_dot_input_precision`: how a `tl.dot` of f32 operands rounds them when it does not
    say (upstream's option of that name). `allowed_dot_input_precisions`: the precisions the
    backend computes; another one in a `tl.dot` is an error naming it."""

    backend: str
    default_dot_input_precision: str = "ieee"
    allowed_dot_input_precisions: tuple[str, ...] = DOT_INPUT_PRECISIONS
