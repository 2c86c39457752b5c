"""Errors: every CompilationError names the kernel, the file and line of the offending
source (computed here with inspect, not written down), shows the line with a caret under the
column, and says what is wrong in the language's terms."""

from __future__ import annotations

import inspect
import linecache
import pickle

import pytest

import nereid
import nereid.language as tl
from nereid.compiler.compiler import verify_ir
from frontend_util import array


def source_position(function, fragment: str, occurrence: int = 0) -> tuple[str, int, int]:
    """The file, line and 1-based column of `fragment` in the source of `function` (a @jit
    function or a plain one)."""
    fn = getattr(function, "fn", function)
    file = inspect.getsourcefile(fn)
    lines, start = inspect.getsourcelines(fn)
    hits = [(start + i, line.index(fragment) + 1) for i, line in enumerate(lines)
            if fragment in line]
    assert len(hits) > occurrence, f"{fragment!r} is not in the source of {fn.__name__}"
    line, column = hits[occurrence]
    return file, line, column


def check_error(error: nereid.CompilationError, kernel, where, fragment: str, message: str,
                exact_column: bool = True, occurrence: int = 0) -> None:
    """`error` is reported for `kernel`, at `fragment` of the source of `where` (the kernel or
    a function it calls), and its text says `message`."""
    file, line, column = source_position(where, fragment, occurrence)
    text = str(error)
    assert isinstance(error, nereid.CompilationError)
    assert error.kernel == kernel.__name__
    assert f"`{kernel.__name__}`" in text.splitlines()[0]
    assert message in text, text
    assert (error.file, error.line) == (file, line), (error.file, error.line, text)
    if exact_column:
        assert error.column == column, (error.column, column, text)
    rows = text.splitlines()
    header = f"{file}:{line}:{error.column}"
    assert header in rows, text
    source = linecache.getline(file, line).rstrip("\n")
    at = rows.index(header)
    assert rows[at + 1] == source, text
    caret = rows[at + 2]
    assert caret.strip() == "^" and caret.index("^") == error.column - 1, text
    assert not source[error.column - 1].isspace(), text


def compile_error(kernel, *args, **kwargs) -> nereid.CompilationError:
    with pytest.raises(nereid.CompilationError) as info:
        kernel.warmup(*args, **kwargs)
    return info.value


# Unsupported Python constructs -------------------------------------------------------------

@nereid.jit
def uses_with(x_ptr):
    x = tl.load(x_ptr)
    with open("file") as f:
        tl.store(x_ptr, x)


@nereid.jit
def uses_lambda(x_ptr):
    double = lambda v: v * 2  # noqa: E731
    tl.store(x_ptr, 1.0)


@nereid.jit
def uses_break(x_ptr, n):
    for i in range(n):
        if i > 3:
            break
        tl.store(x_ptr + i, 1.0)


@nereid.jit
def uses_continue(x_ptr, n):
    for i in range(n):
        continue


@nereid.jit
def uses_try(x_ptr):
    try:
        tl.store(x_ptr, 1.0)
    except Exception:
        pass


@nereid.jit
def uses_inner_def(x_ptr):
    def inner(v):
        return v
    tl.store(x_ptr, 1.0)


@nereid.jit
def uses_subscript_assignment(x_ptr):
    t = (1, 2)
    t[0] = 3


@nereid.jit
def uses_list_comprehension(x_ptr):
    values = [i for i in range(4)]
    tl.store(x_ptr, 1.0)


@pytest.mark.parametrize("kernel, fragment, occurrence, message", [
    (uses_with, "with open", 0, "unsupported Python construct in a kernel: With"),
    (uses_lambda, "lambda v", 0, "unsupported Python construct in a kernel: Lambda"),
    (uses_break, "break", 1, "`break` is not supported"),  # 0 is the kernel's name
    (uses_continue, "continue", 1, "`continue` is not supported"),
    (uses_try, "try:", 0, "unsupported Python construct in a kernel: Try"),
    (uses_inner_def, "def inner", 0, "functions defined inside a kernel are not supported"),
    (uses_subscript_assignment, "t[0] = 3", 0,
     "only names and tuples of names can be assigned"),
    (uses_list_comprehension, "[i for i", 0,
     "unsupported Python construct in a kernel: ListComp"),
], ids=lambda v: getattr(v, "__name__", None))
def test_unsupported_python_constructs(kernel, fragment, occurrence, message):
    args = [array()] + ([4] if "n" in kernel.arg_names else [])
    check_error(compile_error(kernel, *args), kernel, kernel, fragment, message,
                occurrence=occurrence)


# Language errors ---------------------------------------------------------------------------

@nereid.jit
def shape_mismatch(x_ptr):
    a = tl.arange(0, 16)
    b = tl.arange(0, 32)
    tl.store(x_ptr + a, a + b)


def test_shape_mismatch_in_a_binary_op():
    check_error(compile_error(shape_mismatch, array("int32")), shape_mismatch, shape_mismatch,
                "a + b", "incompatible shapes for broadcasting: [16] and [32]")


@nereid.jit
def arange_runtime_bound(x_ptr, n):
    offs = tl.arange(0, n)
    tl.store(x_ptr + offs, 1.0)


def test_runtime_value_where_a_constexpr_is_needed():
    error = compile_error(arange_runtime_bound, array(), 16)
    check_error(error, arange_runtime_bound, arange_runtime_bound, "tl.arange(0, n)",
                "tl.arange's start and end must be tl.constexpr integers")


@nereid.jit
def zeros_runtime_shape(x_ptr, n):
    tl.store(x_ptr, tl.sum(tl.zeros((n,), tl.float32)))


def test_runtime_shape():
    error = compile_error(zeros_runtime_shape, array(), 16)
    check_error(error, zeros_runtime_shape, zeros_runtime_shape, "tl.zeros((n,)",
                "tensor shapes must be tl.constexpr integers")


@nereid.jit
def unknown_tl_name(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, tl.exponential(x))


def test_unknown_tl_name():
    error = compile_error(unknown_tl_name, array())
    check_error(error, unknown_tl_name, unknown_tl_name, "tl.exponential", "exponential")


@nereid.jit
def unknown_name(x_ptr):
    tl.store(x_ptr, undefined_thing)  # noqa: F821


def test_unknown_name():
    error = compile_error(unknown_name, array())
    check_error(error, unknown_name, unknown_name, "undefined_thing",
                "`undefined_thing` is not defined")


@nereid.jit
def unknown_tensor_method(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr, x.no_such_method())


def test_unknown_tensor_attribute():
    error = compile_error(unknown_tensor_method, array())
    check_error(error, unknown_tensor_method, unknown_tensor_method, "x.no_such_method",
                "no_such_method")


@nereid.jit
def two_arguments(a, b):
    return a + b


@nereid.jit
def wrong_call_arity(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, two_arguments(x))


@nereid.jit
def wrong_call_keyword(x_ptr):
    x = tl.load(x_ptr)
    tl.store(x_ptr, two_arguments(x, x, c=x))


@pytest.mark.parametrize("kernel, message", [(wrong_call_arity, "missing a required argument"),
                                             (wrong_call_keyword, "unexpected keyword")])
def test_wrong_arguments_to_a_jit_function(kernel, message):
    error = compile_error(kernel, array())
    check_error(error, kernel, kernel, "two_arguments(x", message)
    assert "two_arguments" in str(error)


@nereid.jit
def dot_dtype_mismatch(a_ptr, b_ptr, c_ptr):
    offs = tl.arange(0, 16)
    a = tl.load(a_ptr + offs[:, None] * 16 + offs[None, :])
    b = tl.load(b_ptr + offs[:, None] * 16 + offs[None, :])
    tl.store(c_ptr + offs[:, None] * 16 + offs[None, :], tl.dot(a, b))


def test_dtype_mismatch_in_dot():
    error = compile_error(dot_dtype_mismatch, array("float16"), array("float32"), array())
    check_error(error, dot_dtype_mismatch, dot_dtype_mismatch, "tl.dot(a, b)",
                "tl.dot needs operands of one dtype")


@nereid.jit
def dot_too_small(a_ptr, b_ptr, c_ptr):
    a = tl.load(a_ptr + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :])
    b = tl.load(b_ptr + tl.arange(0, 16)[:, None] * 16 + tl.arange(0, 16)[None, :])
    tl.store(c_ptr + tl.arange(0, 8)[:, None] * 16 + tl.arange(0, 16)[None, :], tl.dot(a, b))


def test_dot_smaller_than_16x16():
    error = compile_error(dot_too_small, array("float16"), array("float16"), array())
    check_error(error, dot_too_small, dot_too_small, "tl.dot(a, b)",
                "tl.dot needs 2-D operands of at least 16x16; got 8x16 and 16x16")


@nereid.jit
def loop_type_change(x_ptr, n):
    acc = 0
    for i in range(n):
        acc += tl.load(x_ptr + i)
    tl.store(x_ptr, acc)


def test_loop_carried_variable_changing_type():
    error = compile_error(loop_type_change, array(), 4)
    check_error(error, loop_type_change, loop_type_change, "acc += tl.load",
                "loop-carried variable `acc` changes type in the loop, from int32 to float32")


@nereid.jit
def while_type_change(x_ptr, n):
    value = n
    while value < 100:
        value = value * 1.5
    tl.store(x_ptr, value)


def test_while_carried_variable_changing_type():
    error = compile_error(while_type_change, array(), 4)
    check_error(error, while_type_change, while_type_change, "value = value * 1.5",
                "loop-carried variable `value` changes type")


@nereid.jit
def branch_types(x_ptr, n):
    if n > 0:
        y = 1.0
    else:
        y = 1
    tl.store(x_ptr, y)


def test_if_branches_assigning_different_types():
    error = compile_error(branch_types, array(), 4)
    check_error(error, branch_types, branch_types, "if n > 0:",
                "Mismatched type for y between then block (float32) and else block (int32)")


@nereid.jit
def shape_branch_types(x_ptr, n):
    y = tl.zeros((16,), tl.float32)
    if n > 0:
        y = tl.zeros((32,), tl.float32)
    tl.store(x_ptr + tl.arange(0, 16), 1.0)


def test_if_branch_changing_the_shape():
    error = compile_error(shape_branch_types, array(), 4)
    check_error(error, shape_branch_types, shape_branch_types, "if n > 0:",
                "Mismatched type for y")


@nereid.jit
def returns_on_one_path(x, n):
    if n > 0:
        return x


@nereid.jit
def calls_one_path_returner(x_ptr, n):
    tl.store(x_ptr, returns_on_one_path(1.0, n))


def test_return_on_only_one_path_of_a_runtime_if():
    error = compile_error(calls_one_path_returner, array(), 4)
    check_error(error, calls_one_path_returner, returns_on_one_path, "if n > 0:",
                "Inconsistent return types: float32 and nothing")


@nereid.jit
def kernel_returns_value(x_ptr):
    return tl.load(x_ptr)


def test_a_kernel_returning_a_value():
    error = compile_error(kernel_returns_value, array())
    check_error(error, kernel_returns_value, kernel_returns_value, "def kernel_returns_value",
                "a kernel cannot return a value")


@nereid.jit
def failing_static_assert(x_ptr, BLOCK: tl.constexpr):
    tl.static_assert(BLOCK >= 64, "BLOCK must be at least 64")
    tl.store(x_ptr, 1.0)


def test_static_assert_failure():
    error = compile_error(failing_static_assert, array(), BLOCK=32)
    check_error(error, failing_static_assert, failing_static_assert, "tl.static_assert",
                "BLOCK must be at least 64")


@nereid.jit
def python_function_of_a_tensor(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    y = x if bool(x) else x


def test_a_python_function_called_on_a_tensor():
    error = compile_error(python_function_of_a_tensor, array())
    check_error(error, python_function_of_a_tensor, python_function_of_a_tensor, "bool(x)",
                "`bool` is not a Triton function and cannot take tensors")


# Errors inside called functions point at the callee -----------------------------------------

@nereid.jit
def callee_with_error(x):
    return x + tl.arange(0, 32)


@nereid.jit
def caller_of_bad_callee(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    tl.store(x_ptr + tl.arange(0, 16), callee_with_error(x))


def test_error_in_a_called_function_points_at_the_callee_line():
    error = compile_error(caller_of_bad_callee, array())
    check_error(error, caller_of_bad_callee, callee_with_error, "x + tl.arange(0, 32)",
                "incompatible shapes")


def test_error_in_an_indented_kernel_has_the_right_column():
    class Holder:
        @staticmethod
        @nereid.jit
        def indented(x_ptr):
            tl.store(x_ptr + tl.arange(0, 16), tl.arange(0, 16) + tl.arange(0, 8))

    kernel = Holder.indented
    error = compile_error(kernel, array("int32"))
    check_error(error, kernel, kernel, "tl.arange(0, 16) + tl.arange(0, 8)",
                "incompatible shapes")


# Errors from the C++ verifier, mapped back to Python ---------------------------------------

@nereid.jit
def gather_shape_mismatch(x_ptr):
    src = tl.load(x_ptr + tl.arange(0, 16)[:, None] * 8 + tl.arange(0, 8)[None, :])
    idx = tl.zeros((8, 4), tl.int32)
    out = tl.gather(src, idx, 1)
    tl.store(x_ptr + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :], out)


def test_verifier_error_is_mapped_back_to_the_python_line():
    # The frontend checks only the rank of a gather's index; the tt verifier rejects the
    # mismatched non-axis dimension, and its diagnostic carries the op's Python location.
    error = compile_error(gather_shape_mismatch, array())
    check_error(error, gather_shape_mismatch, gather_shape_mismatch, "tl.gather(src, idx, 1)",
                "tt.gather")
    assert "the generated IR is invalid" in str(error) or "gather" in error.message


def test_verify_ir_maps_any_located_diagnostic_to_its_line():
    # Independent of which checks the frontend makes: IR whose failing op carries the location
    # of a line of this file.
    file, line, column = source_position(test_verify_ir_maps_any_located_diagnostic_to_its_line,
                                         "verify_ir(")
    text = ("module {\n  tt.func @k() {\n"
            f'    %0 = tt.make_range {{end = 0 : i32, start = 16 : i32}} : tensor<16xi32> '
            f'loc("{file}":{line}:{column})\n'
            "    tt.return\n  }\n}\n")
    with pytest.raises(nereid.CompilationError) as info:
        verify_ir("k", text)
    error = info.value
    assert (error.file, error.line, error.column) == (file, line, column)
    assert "the generated IR is invalid" in error.message and "make_range" in error.message
    assert linecache.getline(file, line).rstrip("\n") in str(error)


# Launch-time errors -----------------------------------------------------------------------

@nereid.jit
def three_arguments(x_ptr, n, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), n)


def test_wrong_argument_count_at_warmup_is_a_type_error_naming_the_kernel():
    with pytest.raises(TypeError, match="three_arguments") as info:
        three_arguments.warmup(array())
    assert "x_ptr, n, BLOCK" in str(info.value)
    with pytest.raises(TypeError, match="three_arguments"):
        three_arguments.warmup(array(), 1, 2, 3, BLOCK=16)
    with pytest.raises(TypeError, match="three_arguments"):
        three_arguments.warmup(array(), 1, BLOCK=16, WIDTH=4)


def test_wrong_argument_count_at_launch_is_a_type_error_naming_the_kernel():
    with pytest.raises(TypeError, match="three_arguments"):
        three_arguments[(1,)](array())


def test_calling_a_kernel_directly_is_an_error():
    with pytest.raises(RuntimeError, match=r"three_arguments\[grid\]"):
        three_arguments(array(), 1, BLOCK=16)


def test_compilation_errors_pickle():
    # Errors cross process boundaries (parallel compilation, pytest-xdist) intact.
    error = compile_error(shape_mismatch, array("int32"))
    clone = pickle.loads(pickle.dumps(error))
    assert str(clone) == str(error)
    assert (clone.kernel, clone.file, clone.line, clone.column) == \
        (error.kernel, error.file, error.line, error.column)


# Locations --------------------------------------------------------------------------------

@nereid.jit
def located_helper(x):
    return x * 2.0


@nereid.jit
def located_kernel(x_ptr, n):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs, mask=offs < n)
    for i in range(n):
        x += located_helper(x)
    tl.store(x_ptr + offs, x, mask=offs < n)


def test_every_op_carries_a_location_in_the_kernel_or_its_callees():
    import re

    ir = located_kernel.warmup(array(), 5).asm["ttir"]
    file = inspect.getsourcefile(located_kernel.fn)
    ranges = []
    for fn in (located_kernel.fn, located_helper.fn):
        lines, start = inspect.getsourcelines(fn)
        ranges.append(range(start, start + len(lines)))
    body = [line for line in ir.splitlines()
            if line.strip() and line.strip() not in ("module {", "}")]
    for line in body:
        if line.strip().startswith("} else {") or line.strip() == "} do {":
            continue
        # loc("file":line:col), or loc(callsite("callee":l:c at "caller":l:c)) when inlined
        locations = re.findall(r'"([^"]*)":(\d+):(\d+)', line[line.rfind(" loc("):])
        if line.strip().startswith("tt.func") or line.strip().endswith("{"):
            continue  # an op with regions has its location on its closing line
        assert locations, line
        for path, row, column in locations:
            assert path == file, line
            assert any(int(row) in r for r in ranges), line
            assert int(column) >= 1
    _, helper_line, _ = source_position(located_helper, "return x * 2.0")
    assert re.search(rf'arith\.mulf .* loc\(.*"{re.escape(file)}":{helper_line}:', ir)


@nereid.jit
def return_in_for(x_ptr, n):
    for i in range(n):
        tl.store(x_ptr + i, 1.0)
        return


@nereid.jit
def return_in_while(x_ptr, n):
    i = 0
    while i < n:
        if n > 2:
            return
        i += 1


@pytest.mark.parametrize("kernel", [return_in_for, return_in_while],
                         ids=lambda k: k.__name__)
def test_return_inside_a_loop(kernel):
    error = compile_error(kernel, array(), 4)
    check_error(error, kernel, kernel, "return", "`return` inside a `for` or `while` loop",
                occurrence=1)
