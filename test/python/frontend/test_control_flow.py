"""Control flow and functions: static and dynamic if, conditional expressions, for over
range/tl.range/tl.static_range, while, loop-carried values, nested @jit calls with default
arguments, keywords and tuple returns, constexpr parameters, locals and globals."""

import re

import pytest

import nereid
import nereid.language as tl
from frontend_util import (array, count_ops, find_op, has_constant, has_op, op_lines,
                           strip_locations, ttir)

GLOBAL_BLOCK = 32
GLOBAL_SCALE = 0.25
GLOBAL_CONSTEXPR = tl.constexpr(8)


@nereid.jit
def static_if(x_ptr, MODE: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    if MODE == 0:
        y = tl.exp(x)
    elif MODE == 1:
        y = tl.log(x)
    else:
        y = tl.sqrt(x)
    tl.store(x_ptr + offs, y)


@pytest.mark.parametrize("mode, present, absent", [(0, "math.exp", ["math.log", "math.sqrt"]),
                                                   (1, "math.log", ["math.exp", "math.sqrt"]),
                                                   (5, "math.sqrt", ["math.exp", "math.log"])])
def test_constexpr_if_keeps_one_branch(mode, present, absent):
    ir = ttir(static_if, array(), MODE=mode)
    find_op(ir, present)
    for op in absent:
        assert not has_op(ir, op)
    assert not has_op(ir, "scf.if")


@nereid.jit
def dynamic_if(x_ptr, n):
    x = tl.load(x_ptr)
    if n > 0:
        y = x * 2.0
    else:
        y = x - 1.0
    tl.store(x_ptr, y)


def test_runtime_if_is_scf_if_with_results():
    ir = ttir(dynamic_if, array(), 3)
    line = find_op(ir, "scf.if", "-> (f32)")
    assert re.match(r"%\d+ = scf\.if %\d+ -> \(f32\) \{", line), line
    assert "} else {" in strip_locations(ir)
    yields = op_lines(ir, "scf.yield")
    assert len(yields) == 2 and all(line.endswith(": f32") for line in yields)
    find_op(ir, "arith.cmpi", "sgt", ": i32")


@nereid.jit
def dynamic_if_tuple_results(x_ptr, n):
    a = tl.load(x_ptr + tl.arange(0, 16))
    b = n
    if n % 2 == 0:
        a = a + 1.0
        b = b * 3
    tl.store(x_ptr + tl.arange(0, 16), a + b)


def test_runtime_if_without_else_yields_the_unchanged_values():
    ir = ttir(dynamic_if_tuple_results, array(), 4)
    line = find_op(ir, "scf.if", "-> (tensor<16xf32>, i32)")
    assert re.match(r"%\d+, %\d+ = scf\.if", line), line
    yields = op_lines(ir, "scf.yield")
    assert len(yields) == 2
    assert all(line.endswith(": tensor<16xf32>, i32") for line in yields)


@nereid.jit
def dynamic_if_no_results(x_ptr, n):
    if n == 1:
        tl.store(x_ptr, 1.0)


def test_runtime_if_with_only_side_effects_has_no_results():
    # n is not specialized to 1 here (do_not_specialize is not used, but 2 is not 1).
    ir = ttir(dynamic_if_no_results, array(), 2)
    line = find_op(ir, "scf.if")
    assert "->" not in line
    store = find_op(ir, "tt.store")
    assert store


@nereid.jit
def nested_dynamic_if(x_ptr, n, m):
    v = 0.0
    if n > 0:
        if m > 0:
            v = 1.0
        else:
            v = 2.0
    tl.store(x_ptr, v)


def test_nested_runtime_ifs():
    ir = ttir(nested_dynamic_if, array(), 3, 5)
    assert count_ops(ir, "scf.if") == 2
    assert all("-> (f32)" in line for line in op_lines(ir, "scf.if"))


@nereid.jit
def if_on_a_tensor(x_ptr):
    x = tl.load(x_ptr + tl.arange(0, 16))
    if x > 0:
        x = x + 1
    tl.store(x_ptr + tl.arange(0, 16), x)


def test_if_on_a_tensor_condition_is_an_error():
    with pytest.raises(nereid.CompilationError, match="must be a scalar"):
        ttir(if_on_a_tensor, array())


@nereid.jit
def branch_local(x_ptr, n):
    if n > 0:
        only_here = 1.0
    tl.store(x_ptr, only_here)


def test_a_name_assigned_in_one_branch_is_not_visible_after_a_runtime_if():
    with pytest.raises(nereid.CompilationError, match="only_here"):
        ttir(branch_local, array(), 3)


@nereid.jit
def ternary(x_ptr, n, FLAG: tl.constexpr):
    x = tl.load(x_ptr)
    y = x * 2.0 if n > 0 else x
    z = tl.exp(y) if FLAG else tl.log(y)
    tl.store(x_ptr, z)


def test_conditional_expression():
    # On a run-time scalar condition, only the side taken is evaluated, as in Triton.
    ir = ttir(ternary, array(), 3, FLAG=True)
    find_op(ir, "scf.if", "-> (f32)")
    find_op(ir, "math.exp")
    assert not has_op(ir, "math.log")


# Loops ------------------------------------------------------------------------------------

@nereid.jit
def for_loop(x_ptr, n, FORM: tl.constexpr):
    acc = tl.zeros((16,), dtype=tl.float32)
    count = 0
    if FORM == "range1":
        for i in range(n):
            acc += tl.load(x_ptr + i * 16 + tl.arange(0, 16))
            count += 1
    elif FORM == "range3":
        for i in range(2, n, 4):
            acc += tl.load(x_ptr + i * 16 + tl.arange(0, 16))
            count += 1
    else:
        for i in tl.range(0, n, 1, num_stages=3, loop_unroll_factor=2):
            acc += tl.load(x_ptr + i * 16 + tl.arange(0, 16))
            count += 1
    tl.store(x_ptr + tl.arange(0, 16), acc / count)


@pytest.mark.parametrize("form, bounds", [("range1", ("0", None, "1")),
                                          ("range3", ("2", None, "4")),
                                          ("tl.range", ("0", None, "1"))])
def test_for_loop_with_loop_carried_values(form, bounds):
    ir = ttir(for_loop, array(n=4096), 10, FORM=form)
    line = find_op(ir, "scf.for", "iter_args")
    match = re.match(r"(%\d+), (%\d+) = scf\.for (%\d+) = (%\d+) to (%\d+) step (%\d+) "
                     r"iter_args\((%\d+) = %\d+, (%\d+) = %\d+\) -> \(tensor<16xf32>, i32\) "
                     r": i32 \{", line)
    assert match, line
    lower, upper, step = match.group(4, 5, 6)
    text = strip_locations(ir)
    for value, bound in ((lower, bounds[0]), (step, bounds[2])):
        assert re.search(rf"{value} = arith\.constant {bound} : i32", text), (value, bound)
    assert upper == "%1"  # n, the kernel's second argument
    yields = op_lines(ir, "scf.yield")
    assert yields[-1].endswith(": tensor<16xf32>, i32")


@nereid.jit
def for_64_bit(x_ptr, n):
    total = n * 0
    for i in range(0, n):
        total += i
    tl.store(x_ptr, total)


def test_for_loop_over_int64_bounds_has_an_int64_induction_variable():
    ir = ttir(for_64_bit, array("int64"), 2**40)
    line = find_op(ir, "scf.for", "-> (i64)")
    assert line.split("{")[0].rstrip().endswith(": i64"), line


@nereid.jit
def for_negative_step(x_ptr, n):
    acc = 0.0
    for i in range(n, 0, -2):
        acc += tl.load(x_ptr + i)
    tl.store(x_ptr, acc)


def test_for_loop_with_a_negative_step_iterates_downwards():
    ir = ttir(for_negative_step, array(), 10)
    find_op(ir, "scf.for", "iter_args", "-> (f32)")
    # The loop runs over [0, n) by 2 and the body sees n + 0 - iv.
    find_op(ir, "arith.constant", "-2 : i32")
    text = strip_locations(ir)
    assert re.search(r"arith\.subi %\d+, %\d+ : i32", text)


@nereid.jit
def for_zero_step(x_ptr, n):
    for i in range(0, n, 0):
        tl.store(x_ptr + i, 0.0)


def test_for_loop_with_a_zero_step_is_an_error():
    with pytest.raises(nereid.CompilationError, match="step must not be zero"):
        ttir(for_zero_step, array(), 10)


@nereid.jit
def static_loop(x_ptr, N: tl.constexpr):
    acc = tl.zeros((16,), dtype=tl.float32)
    for i in tl.static_range(N):
        acc += tl.load(x_ptr + i * 16 + tl.arange(0, 16))
    for j in tl.static_range(1, 7, 3):
        acc = acc * j
    tl.store(x_ptr + tl.arange(0, 16), acc)


def test_static_range_unrolls():
    ir = ttir(static_loop, array(n=4096), N=5)
    assert not has_op(ir, "scf.for")
    assert count_ops(ir, "tt.load") == 5
    assert count_ops(ir, "arith.mulf") == 2  # j = 1, 4
    assert has_constant(ir, 4.0, "f32")


@nereid.jit
def static_range_runtime_bound(x_ptr, n):
    for i in tl.static_range(n):
        tl.store(x_ptr + i, 0.0)


def test_static_range_needs_constexpr_bounds():
    with pytest.raises(nereid.CompilationError, match="constexpr"):
        ttir(static_range_runtime_bound, array(), 4)


@nereid.jit
def nested_loops(x_ptr, m, n):
    total = 0.0
    for i in range(m):
        row = 0.0
        for j in range(n):
            row += tl.load(x_ptr + i * n + j)
        total += row
    tl.store(x_ptr, total)


def test_nested_loops():
    ir = ttir(nested_loops, array(n=4096), 4, 8)
    assert count_ops(ir, "scf.for") == 2
    assert all("-> (f32)" in line for line in op_lines(ir, "scf.for"))


@nereid.jit
def while_loop(x_ptr, n):
    i = 0
    total = 0.0
    while i < n:
        total += tl.load(x_ptr + i)
        i += 1
    tl.store(x_ptr, total)


def test_while_loop():
    ir = ttir(while_loop, array(), 5)
    line = find_op(ir, "scf.while", "(i32, f32) -> (i32, f32)")
    assert re.match(r"%\d+, %\d+ = scf\.while \(%\d+ = %\d+, %\d+ = %\d+\)", line), line
    cond = find_op(ir, "scf.condition")
    assert re.match(r"scf\.condition\(%\d+\) %\d+, %\d+ : i32, f32", cond), cond
    assert "} do {" in strip_locations(ir)
    find_op(ir, "arith.cmpi", "slt", ": i32")


@nereid.jit
def loop_carried_tuple(x_ptr, n):
    zero = 0
    one = 1.0
    pair = (zero, one)
    for i in range(n):
        a, b = pair
        pair = (a + i, b * 2.0)
    first, second = pair
    tl.store(x_ptr, first + second)


def test_tuple_loop_carried_values():
    ir = ttir(loop_carried_tuple, array(), 5)
    find_op(ir, "scf.for", "-> (i32, f32)")
    # the results of the loop, not the initial values, are stored
    loop = find_op(ir, "scf.for")
    results = re.match(r"(%\d+), (%\d+) = scf\.for", loop).groups()
    add = find_op(ir, "arith.addf", ": f32")
    assert results[1] in add, (results, add)


@nereid.jit
def loop_carried_constant_tuple(x_ptr, n):
    pair = (0, 1.0)
    for i in range(n):
        a, b = pair
        pair = (a + i, b * 2.0)
    first, second = pair
    tl.store(x_ptr, first + second)


def test_a_compile_time_tuple_updated_in_a_loop_is_an_error_not_a_silent_drop():
    # Triton carries it (numbers in a tuple become tensors on assignment); Nereid reports
    # it rather than dropping the loop's updates.
    with pytest.raises(nereid.CompilationError, match="`pair`"):
        ttir(loop_carried_constant_tuple, array(), 5)


@nereid.jit
def loop_local(x_ptr, n):
    for i in range(n):
        inner = i * 2
    tl.store(x_ptr, inner)


def test_a_name_first_assigned_in_a_loop_is_not_visible_after_it():
    with pytest.raises(nereid.CompilationError, match="inner"):
        ttir(loop_local, array("int32"), 3)


# Functions --------------------------------------------------------------------------------

@nereid.jit
def scale_and_shift(x, scale=2.0, shift=1.0):
    return x * scale + shift


@nereid.jit
def min_and_max(x):
    return tl.min(x, axis=0), tl.max(x, axis=0)


@nereid.jit
def with_constexpr(x, TIMES: tl.constexpr):
    for _ in tl.static_range(TIMES):
        x = x + 1.0
    return x


@nereid.jit
def calls(x_ptr, out_ptr, n):
    x = tl.load(x_ptr + tl.arange(0, 16))
    a = scale_and_shift(x)
    b = scale_and_shift(x, 3.0)
    c = scale_and_shift(x, shift=5.0)
    lo, hi = min_and_max(a + b + c)
    d = with_constexpr(x, 3)
    tl.store(out_ptr + tl.arange(0, 16), d + lo + hi)


def test_nested_jit_calls_with_defaults_keywords_and_tuple_returns():
    ir = ttir(calls, array(), array(), 16)
    for value in (2.0, 1.0, 3.0, 5.0):  # the defaults and the arguments given
        assert has_constant(ir, value, "f32"), value
    assert count_ops(ir, "arith.mulf") == 3
    assert count_ops(ir, "tt.reduce") == 2
    # TIMES = 3 arrived as a compile-time constant and unrolled the callee's loop
    assert not has_op(ir, "scf.for")
    # Calls are inlined: one function, no tt.call
    assert count_ops(ir, "tt.func") == 1 and not has_op(ir, "tt.call")


@nereid.jit
def recursive_helper(x, DEPTH: tl.constexpr):
    if DEPTH > 0:
        x = recursive_helper(x * 2.0, DEPTH - 1)
    return x


@nereid.jit
def recursion(x_ptr):
    tl.store(x_ptr, recursive_helper(tl.load(x_ptr), 3))


def test_constexpr_recursion_unrolls():
    ir = ttir(recursion, array())
    assert count_ops(ir, "arith.mulf") == 3


def python_helper(block, factor):
    return block * factor


@nereid.jit
def globals_and_constexprs(x_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, GLOBAL_BLOCK)
    doubled: tl.constexpr = BLOCK * 2
    size: tl.constexpr = python_helper(BLOCK, GLOBAL_CONSTEXPR)
    x = tl.load(x_ptr + offs) * GLOBAL_SCALE
    tl.store(x_ptr + offs, x + doubled + size)


def test_globals_constexpr_locals_and_python_helpers():
    ir = ttir(globals_and_constexprs, array(), BLOCK=4)
    find_op(ir, "tt.make_range", "end = 32 : i32")
    assert has_constant(ir, 0.25, "f32")  # GLOBAL_SCALE
    assert has_constant(ir, 8.0, "f32")  # doubled
    assert has_constant(ir, 32.0, "f32")  # python_helper(4, GLOBAL_CONSTEXPR)


@nereid.jit
def runtime_as_constexpr(x_ptr, n):
    m: tl.constexpr = n * 2
    tl.store(x_ptr, m)


def test_runtime_value_declared_constexpr_is_an_error():
    with pytest.raises(nereid.CompilationError, match="declared tl.constexpr"):
        ttir(runtime_as_constexpr, array("int32"), 3)


@nereid.jit
def shape_queries(x_ptr, out_ptr):
    x = tl.load(x_ptr + tl.arange(0, 8)[:, None] * 4 + tl.arange(0, 4)[None, :])
    rank: tl.constexpr = len(x.shape)
    rows: tl.constexpr = x.shape[0]
    tl.static_assert(rank == 2)
    tl.static_assert(x.numel == 32)
    tl.store(out_ptr + tl.arange(0, rows), tl.sum(x, axis=rank - 1))


def test_shape_rank_and_numel_are_compile_time_values():
    ir = ttir(shape_queries, array(), array())
    find_op(ir, "tt.reduce", "axis = 1")
    find_op(ir, "tt.make_range", "end = 8 : i32")


@nereid.jit
def fstring_print(x_ptr, BLOCK: tl.constexpr):
    tl.device_print(f"block {BLOCK}: ", tl.load(x_ptr))


def test_fstring_of_constexprs():
    ir = ttir(fstring_print, array(), BLOCK=64)
    find_op(ir, "tt.print", '" block 64: "')


@pytest.mark.xfail(strict=True, reason="Triton turns the numbers of a tuple into tensors when "
                   "it is assigned, so `pair = (0, 1.0)` can be loop-carried; Nereid keeps "
                   "them compile-time values and reports the loop's update as an error")
def test_a_compile_time_tuple_is_loop_carried_as_in_triton():
    ir = ttir(loop_carried_constant_tuple, array(), 5)
    find_op(ir, "scf.for", "-> (i32, f32)")


@nereid.jit(noinline=True)
def outlined(x, scale, N: tl.constexpr):
    return x * scale + N, x


@nereid.jit
def calls_outlined(x_ptr, s):
    x = tl.load(x_ptr + tl.arange(0, 16))
    a, b = outlined(x, s, 3)
    c, d = outlined(x, s, 3)
    e, f = outlined(x, 2.0, 4)
    tl.store(x_ptr + tl.arange(0, 16), a + b + c + d + e + f)


def test_noinline_functions_are_called_once_per_specialization():
    ir = ttir(calls_outlined, array(), 2.0)
    functions = op_lines(ir, "tt.func")
    private = [line for line in functions if line.startswith("tt.func private @outlined")]
    assert len(private) == 2  # (x, s, N=3) and (x, scale=2.0, N=4)
    assert sum("tt.func public @calls_outlined" in line for line in functions) == 1
    calls = op_lines(ir, "tt.call")
    assert len(calls) == 3
    assert all(re.match(r"%\d+, %\d+ = tt\.call @outlined", line) for line in calls)
    assert calls[0].split("(")[0].split("@")[1] == calls[1].split("(")[0].split("@")[1]
    assert calls[2].split("(")[0].split("@")[1] != calls[0].split("(")[0].split("@")[1]
    assert all(line.endswith("-> (tensor<16xf32>, tensor<16xf32>)") for line in calls)


@nereid.jit
def optional_bias(x_ptr, bias_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    if bias_ptr is not None:
        x += tl.load(bias_ptr + offs)
    tl.store(out_ptr + offs, x)


def test_none_arguments_are_compile_time_constants():
    with_bias = ttir(optional_bias, array(), array(), array(), N=16)
    without = ttir(optional_bias, array(), None, array(), N=16)
    assert count_ops(with_bias, "tt.load") == 2 and count_ops(without, "tt.load") == 1
    assert not has_op(with_bias, "scf.if") and not has_op(without, "scf.if")
    params = find_op(without, "tt.func")
    assert params.count("!tt.ptr<f32>") == 2  # bias_ptr is not a parameter


@nereid.jit
def maybe_double(x, DOUBLE: tl.constexpr):
    if DOUBLE:
        return x * 2.0
    return x - 1.0


@nereid.jit
def early_returns(x_ptr, DOUBLE: tl.constexpr, SKIP: tl.constexpr):
    if SKIP:
        return
    tl.store(x_ptr, maybe_double(tl.load(x_ptr), DOUBLE))


@pytest.mark.parametrize("double", [True, False])
def test_return_in_a_compile_time_branch_makes_the_rest_dead_code(double):
    ir = ttir(early_returns, array(), DOUBLE=double, SKIP=False)
    assert has_op(ir, "arith.mulf") == double
    assert has_op(ir, "arith.subf") != double
    skipped = ttir(early_returns, array(), DOUBLE=double, SKIP=True)
    assert not has_op(skipped, "tt.store") and not has_op(skipped, "tt.load")
    find_op(skipped, "tt.return")


@nereid.jit
def guarded_kernel(x_ptr, n):
    pid = tl.program_id(0)
    if pid >= n:
        return
    tl.store(x_ptr + pid, 1.0)


def test_early_return_under_a_runtime_condition_at_the_top_level():
    # The rest of the kernel moves into the branch that does not return.
    ir = ttir(guarded_kernel, array(), 4)
    find_op(ir, "scf.if")
    find_op(ir, "tt.store")


@nereid.jit
def ternary_with_side_effect(x_ptr, n):
    old = tl.atomic_add(x_ptr, 1.0) if n > 0 else 0.0
    tl.store(x_ptr + 1, old)


def test_conditional_expression_evaluates_only_the_side_taken():
    ir = ttir(ternary_with_side_effect, array(), 3)
    find_op(ir, "scf.if", "-> (f32)")
    assert not has_op(ir, "arith.select")
