"""Math functions, device_print and device_assert of Nereid-compiled kernels on an NVIDIA GPU
(docs/nvidia.md, Math and Printing): skipped, with the backend's reason, where no NVIDIA GPU
runs.

- Each function of tl.math and tl.extra.libdevice, in f32 and f64, on random arguments over its
  domain and the edge values (NaN, infinities, signed zeros, the smallest normal, a subnormal,
  huge values), against a reference: torch's f64 functions for f32 results, mpmath at 128 bits
  for f64 results. The error, in units in the last place of the result, must stay within the
  bound that NVIDIA documents for libdevice's function (CUDA C++ Programming Guide,
  "Mathematical Functions"), which counts ULPs from the correctly rounded result: the error
  from the exact value may be half an ULP more (f32 exp is libdevice's too: 2 ULP). NaNs,
  infinities and the sign of zero must match.
- f16 and bf16 go through f32 and round once more: within one ULP of their type.
- device_print's lines are the interpreter's, with floats as C's "%.9g" (f32); each element once.
- A failing device_assert stops the kernel: CUDA prints the Python file and line, the kernel and
  the message, and the launch fails as a device-side assert (in a child process, as the CUDA
  context is lost)."""

from __future__ import annotations

import math
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.language.extra import libdevice

BLOCK = 256


@nereid.jit
def unary_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if FN == "exp":
        y = tl.exp(x)
    elif FN == "exp2":
        y = tl.exp2(x)
    elif FN == "log":
        y = tl.log(x)
    elif FN == "log2":
        y = tl.log2(x)
    elif FN == "sin":
        y = tl.sin(x)
    elif FN == "cos":
        y = tl.cos(x)
    elif FN == "sqrt":
        y = tl.sqrt(x)
    elif FN == "sqrt_rn":
        y = tl.sqrt_rn(x)
    elif FN == "rsqrt":
        y = tl.rsqrt(x)
    elif FN == "erf":
        y = tl.erf(x)
    elif FN == "exp10":
        y = libdevice.exp10(x)
    elif FN == "expm1":
        y = libdevice.expm1(x)
    elif FN == "log10":
        y = libdevice.log10(x)
    elif FN == "log1p":
        y = libdevice.log1p(x)
    elif FN == "tan":
        y = libdevice.tan(x)
    elif FN == "asin":
        y = libdevice.asin(x)
    elif FN == "acos":
        y = libdevice.acos(x)
    elif FN == "atan":
        y = libdevice.atan(x)
    elif FN == "sinh":
        y = libdevice.sinh(x)
    elif FN == "cosh":
        y = libdevice.cosh(x)
    elif FN == "tanh":
        y = libdevice.tanh(x)
    elif FN == "asinh":
        y = libdevice.asinh(x)
    elif FN == "acosh":
        y = libdevice.acosh(x)
    elif FN == "atanh":
        y = libdevice.atanh(x)
    elif FN == "erfc":
        y = libdevice.erfc(x)
    elif FN == "erfinv":
        y = libdevice.erfinv(x)
    elif FN == "cbrt":
        y = libdevice.cbrt(x)
    elif FN == "lgamma":
        y = libdevice.lgamma(x)
    else:
        tl.static_assert(False, "unknown function")
    tl.store(out_ptr + offs, y, mask=mask)


@nereid.jit
def binary_kernel(x_ptr, y_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    if FN == "pow":
        z = libdevice.pow(x, y)
    elif FN == "atan2":
        z = libdevice.atan2(x, y)
    elif FN == "hypot":
        z = libdevice.hypot(x, y)
    elif FN == "fmod":
        z = libdevice.fmod(x, y)
    elif FN == "div_rn":
        z = tl.div_rn(x, y)
    else:
        tl.static_assert(False, "unknown function")
    tl.store(out_ptr + offs, z, mask=mask)


# name -> (domain of the random arguments, f32 bound, f64 bound in ULPs (CUDA's documented
# maximum errors), torch's f64 function, mpmath's function).
UNARY = {
    "exp": ((-87, 88), 2, 1, "exp", "exp"),
    "exp2": ((-126, 127), 2, 1, "exp2", lambda mp, x: mp.power(2, x)),
    "exp10": ((-37, 38), 2, 1, lambda t, x: t.pow(10.0, x), lambda mp, x: mp.power(10, x)),
    "expm1": ((-20, 20), 1, 1, "expm1", "expm1"),
    "log": ((0, 1e6), 1, 1, "log", "log"),
    "log2": ((0, 1e6), 1, 1, "log2", lambda mp, x: mp.log(x, 2)),
    "log10": ((0, 1e6), 2, 1, "log10", "log10"),
    "log1p": ((-0.999, 1e6), 1, 1, "log1p", "log1p"),
    "sin": ((-100, 100), 2, 2, "sin", "sin"),
    "cos": ((-100, 100), 2, 2, "cos", "cos"),
    "tan": ((-10, 10), 4, 2, "tan", "tan"),
    "asin": ((-1, 1), 2, 2, "asin", "asin"),
    "acos": ((-1, 1), 2, 2, "acos", "acos"),
    "atan": ((-100, 100), 2, 2, "atan", "atan"),
    "sinh": ((-20, 20), 3, 2, "sinh", "sinh"),
    "cosh": ((-20, 20), 2, 1, "cosh", "cosh"),
    "tanh": ((-10, 10), 2, 1, "tanh", "tanh"),
    "asinh": ((-1e4, 1e4), 3, 3, "asinh", "asinh"),
    "acosh": ((1, 1e4), 4, 3, "acosh", "acosh"),
    "atanh": ((-1, 1), 3, 2, "atanh", "atanh"),
    "erf": ((-5, 5), 2, 2, "erf", "erf"),
    "erfc": ((-3, 9), 4, 5, "erfc", "erfc"),
    "erfinv": ((-1, 1), 2, 5, "erfinv", "erfinv"),
    "cbrt": ((-1e6, 1e6), 1, 1, lambda t, x: t.sign(x) * t.abs(x).pow(1.0 / 3.0),
             lambda mp, x: mp.sign(x) * mp.cbrt(abs(x))),
    "rsqrt": ((0, 1e6), 2, 1, "rsqrt", lambda mp, x: 1 / mp.sqrt(x)),
    "sqrt": ((0, 1e6), 0, 0, "sqrt", "sqrt"),
    "sqrt_rn": ((0, 1e6), 0, 0, "sqrt", "sqrt"),
    # lgamma's bound holds for positive arguments (CUDA: outside -10.001 ... -2.264).
    "lgamma": ((0.01, 100), 6, 4, "lgamma", lambda mp, x: mp.log(abs(mp.gamma(x)))),
}

BINARY = {
    "pow": (((0, 10), (-30, 30)), 4, 2, "pow", "power"),
    "atan2": (((-100, 100), (-100, 100)), 3, 2, "atan2", "atan2"),
    "hypot": (((-1e4, 1e4), (-1e4, 1e4)), 3, 2, "hypot", "hypot"),
    "div_rn": (((-1e4, 1e4), (-100, 100)), 0, 0, "div", lambda mp, x, y: x / y),
    # fmod is exact in floating point, and so is C's (mpmath's fmod takes the divisor's sign).
    "fmod": (((-1e4, 1e4), (-100, 100)), 0, 0, "fmod",
             lambda mp, x, y: mp.mpf(math.fmod(float(x), float(y)))),
}

# Functions whose value at -0 is -0 (C99 Annex F, which libdevice follows).
ODD_AT_ZERO = {"sin", "tan", "asin", "atan", "sinh", "tanh", "asinh", "atanh", "erf", "expm1",
               "log1p", "cbrt", "erfinv", "sqrt", "sqrt_rn"}

def arguments(rng: np.random.Generator, domain: tuple[float, float], dtype, n: int = 2048):
    """Random arguments over `domain`, after the edge values."""
    info = np.finfo(dtype)
    edges = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, float(info.tiny), -float(info.tiny),
                      float(info.tiny) / 64, 1.0, -1.0, 0.5, 1e30 if dtype == np.float32 else 1e300,
                      -1e30 if dtype == np.float32 else -1e300, domain[0], domain[1]], dtype)
    low, high = domain
    random = rng.uniform(low, high, n - len(edges)).astype(dtype)
    return np.concatenate([edges, random])


def torch_reference(torch, function, *args: np.ndarray) -> np.ndarray:
    """`function` (a torch function's name, or f(torch, *tensors)) of `args` in f64, on the
    host."""
    tensors = [torch.from_numpy(a.astype(np.float64)) for a in args]
    if isinstance(function, str):
        return getattr(torch, function)(*tensors).numpy()
    return function(torch, *tensors).numpy()


def mpmath_reference(function, *args: np.ndarray):
    """`function` (an mpmath function's name, or f(mpmath, *values)) of `args` at 128 bits,
    element by element: mpf values, or None where the result is not real or not finite, or an
    argument is zero (mpmath has no -0: atan2(-0, -1) would be +pi), where the caller takes
    torch's f64 result instead."""
    import mpmath

    call = (getattr(mpmath, function) if isinstance(function, str)
            else lambda *values: function(mpmath, *values))
    results = []
    with mpmath.workprec(128):
        for values in zip(*args):
            if any(v == 0 for v in values):
                results.append(None)
                continue
            try:
                result = call(*[mpmath.mpf(float(v)) for v in values])
            except (ValueError, ZeroDivisionError, OverflowError):
                result = None  # outside the domain, or beyond mpmath's range (erfc(1e300))
            if isinstance(result, mpmath.mpc) or (result is not None and
                                                  not mpmath.isfinite(result)):
                result = None
            results.append(result)
    return results


def ulp(values: np.ndarray, dtype) -> np.ndarray:
    """The spacing of `dtype` at each of `values` (at least the smallest subnormal)."""
    return np.spacing(np.abs(values.astype(dtype))).astype(np.float64)


def check_f32(name, x_args, y, reference, bound):
    """The f32 results `y` against the f64 `reference` within `bound` ULPs, with NaNs, infinities and zeros' signs as the reference's."""
    with np.errstate(over="ignore"):  # beyond f32's range: infinite, as the result must be
        rounded = reference.astype(np.float32)
    nan = np.isnan(reference)
    assert np.array_equal(np.isnan(y), nan), (name, x_args[0][np.isnan(y) != nan][:8])
    infinite = np.isinf(rounded)
    assert np.array_equal(y[infinite], rounded[infinite]), name
    finite = ~nan & ~infinite
    error = np.abs(y[finite].astype(np.float64) - reference[finite]) / ulp(reference[finite],
                                                                          np.float32)
    # Half an ULP from the correctly rounded result to the exact one, and a hair for the f64
    # reference's own rounding (a correctly rounded division is 0.5 ULP from the exact quotient,
    # and may be 0.5 + 2^-29 from its f64 rounding).
    limit = bound + 0.5 + 1e-6
    worst = np.argmax(error - limit)
    assert np.all(error <= limit), (
        f"{name}: {error[worst]:.2f} ULP at {[a[finite][worst] for a in x_args]} "
        f"(bound {limit:.2f}): got {y[finite][worst]!r}, "
        f"expected {reference[finite][worst]!r}")


def check_f64(name, x_args, y, references, fallback, bound):
    """The f64 results `y` against mpmath's `references` within `bound` + 1/2 ULPs. Where
    mpmath has none, against torch's f64 results `fallback`: NaN and infinities exactly,
    finite values (special cases such as atan2(-0, -1) or hypot(0, y)) within `bound` + 1."""
    import mpmath

    with mpmath.workprec(128):
        for i, (got, expected) in enumerate(zip(y, references)):
            args = [a[i] for a in x_args]
            if expected is None:
                other = fallback[i]
                if np.isnan(other):
                    assert np.isnan(got), (name, args, got)
                elif np.isinf(other):
                    assert got == other, (name, args, got, other)
                else:
                    error = abs(got - other) / float(np.spacing(np.abs(other)))
                    assert error <= bound + 1, (name, args, got, other)
                continue
            if abs(expected) > np.finfo(np.float64).max:
                assert np.isinf(got) and np.sign(got) == mpmath.sign(expected), (name, args)
                continue
            assert np.isfinite(got), (name, args, got, expected)
            spacing = float(np.spacing(np.abs(np.float64(expected))))
            error = float(abs(mpmath.mpf(float(got)) - expected)) / spacing
            assert error <= bound + 0.5 + 1e-9, (f"{name}: {error:.2f} ULP at {args}: got {got!r}, "
                                          f"expected {mpmath.nstr(expected, 20)}")


def launch_unary(cuda, name, x: np.ndarray) -> np.ndarray:
    xs = cuda.from_numpy(x).cuda()
    out = cuda.full_like(xs, float("nan"))
    unary_kernel[(triton_cdiv(x.size, BLOCK),)](xs, out, x.size, FN=name, BLOCK=BLOCK)
    return out.cpu().numpy()


def launch_binary(cuda, name, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    xs, ys = cuda.from_numpy(x).cuda(), cuda.from_numpy(y).cuda()
    out = cuda.full_like(xs, float("nan"))
    binary_kernel[(triton_cdiv(x.size, BLOCK),)](xs, ys, out, x.size, FN=name, BLOCK=BLOCK)
    return out.cpu().numpy()


def triton_cdiv(a: int, b: int) -> int:
    return (a + b - 1) // b


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_f32_within_libdevice_bound(cuda, name):
    domain, bound, _, torch_function, _ = UNARY[name]
    x = arguments(np.random.default_rng(), domain, np.float32)
    y = launch_unary(cuda, name, x)
    reference = torch_reference(cuda, torch_function, x)
    check_f32(name, [x], y, reference, bound)
    if name in ODD_AT_ZERO:
        negative_zero = (x == 0) & np.signbit(x)
        assert np.all((y[negative_zero] == 0) & np.signbit(y[negative_zero])), name


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_f64_within_libdevice_bound(cuda, name):
    domain, _, bound, _, mpmath_function = UNARY[name]
    x = arguments(np.random.default_rng(), domain, np.float64, n=512)
    y = launch_unary(cuda, name, x)
    check_f64(name, [x], y, mpmath_reference(mpmath_function, x),
              torch_reference(cuda, UNARY[name][3], x), bound)
    if name in ODD_AT_ZERO:
        negative_zero = (x == 0) & np.signbit(x)
        assert np.all((y[negative_zero] == 0) & np.signbit(y[negative_zero])), name


@pytest.mark.parametrize("dtype", [np.float32, np.float64], ids=["f32", "f64"])
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_within_libdevice_bound(cuda, name, dtype):
    (x_domain, y_domain), bound32, bound64, torch_function, mpmath_function = BINARY[name]
    rng = np.random.default_rng()
    n = 2048 if dtype == np.float32 else 512
    x = arguments(rng, x_domain, dtype, n)
    y = rng.permutation(arguments(rng, y_domain, dtype, n))
    z = launch_binary(cuda, name, x, y)
    reference = torch_reference(cuda, torch_function, x, y)
    if dtype == np.float32:
        check_f32(name, [x, y], z, reference, bound32)
    else:
        check_f64(name, [x, y], z, mpmath_reference(mpmath_function, x, y), reference, bound64)


@nereid.jit
def narrow_kernel(x_ptr, out_ptr, n, FN: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    if FN == "exp":
        y = tl.exp(x)
    elif FN == "sin":
        y = tl.sin(x)
    elif FN == "log":
        y = tl.log(x)
    else:
        y = libdevice.tanh(x)
    tl.store(out_ptr + offs, y, mask=mask)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("name, domain", [("exp", (-10, 10)), ("sin", (-100, 100)),
                                          ("log", (0, 1000)), ("tanh", (-5, 5))])
def test_f16_and_bf16_go_through_f32(cuda, name, domain, dtype):
    torch_dtype = getattr(cuda, dtype)
    x = cuda.empty(4096).uniform_(*domain).to(torch_dtype)
    x[:4] = cuda.tensor([0.0, float("inf"), float("-inf"), float("nan")])
    xs = x.cuda()
    out = cuda.full_like(xs, float("nan"))
    narrow_kernel[(triton_cdiv(x.numel(), BLOCK),)](xs, out, x.numel(), FN=name, BLOCK=BLOCK)
    got = out.cpu().double()
    check_narrow(cuda, name, torch_dtype, got, getattr(cuda, name)(x.double()))


def check_narrow(torch, name, torch_dtype, got, reference):
    """`got` (f16 or bf16 results, as f64) within one ULP of their type of the f64
    `reference`: an f32 result a few f32 ULPs off, rounded once more. NaNs and infinities as
    the reference's rounded to the type."""
    rounded = reference.to(torch_dtype).double()
    nan = reference.isnan()
    assert torch.equal(got.isnan(), nan), name
    finite = ~nan & rounded.isfinite()
    info = torch.finfo(torch_dtype)
    mantissa_bits = {torch.float16: 10, torch.bfloat16: 7}[torch_dtype]
    _, exponent = torch.frexp(rounded[finite])  # |r| in [2^(e-1), 2^e)
    smallest_exponent = int(np.log2(info.tiny)) + 1
    spacing = torch.ldexp(torch.ones_like(rounded[finite]),
                          (exponent.clamp(min=smallest_exponent) - 1 - mantissa_bits))
    error = (got[finite] - reference[finite]).abs() / spacing
    assert float(error.max()) <= 1.0, (name, float(error.max()))
    assert torch.equal(got[~nan & ~finite], rounded[~nan & ~finite]), name


@nereid.jit
def print_kernel(x_ptr, i_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.device_print("x: ", tl.load(x_ptr + offs))
    tl.device_print("i: ", tl.load(i_ptr + offs), hex=True)
    print("both", tl.load(i_ptr + offs), tl.program_id(0))
    tl.device_print("done")


@nereid.jit
def print_2d_kernel(x_ptr, M: tl.constexpr, N: tl.constexpr):
    offs = tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :]
    tl.device_print("v ", tl.load(x_ptr + offs))


@pytest.mark.parametrize("warps", [1, 4])
def test_device_print_writes_each_element_once(cuda, capfd, warps):
    # 16 elements over 32 * warps threads: a broadcast layout, whose repeated elements print
    # once. f32 prints as C's "%.9g" does, which Python's "%.9g" matches digit for digit.
    programs, block = 2, 16
    rng = np.random.default_rng()
    x = rng.uniform(-100, 100, programs * block).astype(np.float32)
    i = rng.integers(-2**31, 2**31, programs * block, dtype=np.int32)
    capfd.readouterr()
    print_kernel[(programs,)](cuda.from_numpy(x).cuda(), cuda.from_numpy(i).cuda(),
                              BLOCK=block, num_warps=warps)
    cuda.cuda.synchronize()
    printed = capfd.readouterr().out.splitlines()
    assert sorted(printed) == sorted(expected_print_lines(x, i, programs, block))


def expected_print_lines(x, i, programs, block):
    """print_kernel's lines, as the interpreter writes them but for floats, which print as C's
    "%.9g" does (Python's "%.9g" matches it digit for digit)."""
    expected = []
    for pid in range(programs):
        head = f"pid ({pid}, 0, 0)"
        for k in range(block):
            n = pid * block + k
            expected.append(f"{head} idx ({k}) x: {'%.9g' % x[n]}")
            expected.append(f"{head} idx ({k}) i: 0x{int(i[n]) & 0xffffffff:08x}")
            expected.append(f"{head} idx ({k}) both: (operand 0) {i[n]}")
        # A scalar, and a prefix alone, print once per program, as in the interpreter.
        expected.append(f"{head} both: (operand 1) {pid}")
        expected.append(f"{head} done")
    return expected


def test_device_print_of_a_2d_tile(cuda, capfd):
    m, n = 4, 64
    x = np.random.default_rng().uniform(0, 10, m * n).astype(np.float32)
    capfd.readouterr()
    print_2d_kernel[(1,)](cuda.from_numpy(x).cuda(), M=m, N=n, num_warps=2)
    cuda.cuda.synchronize()
    printed = capfd.readouterr().out.splitlines()
    expected = [f"pid (0, 0, 0) idx ({r}, {c}) v: {'%.9g' % x[r * n + c]}"
                for r in range(m) for c in range(n)]
    assert sorted(printed) == sorted(expected)


ASSERTING = textwrap.dedent('''\
    import torch
    import nereid
    import nereid.language as tl


    @nereid.jit
    def assert_kernel(x_ptr, BLOCK: tl.constexpr):
        x = tl.load(x_ptr + tl.program_id(0) * BLOCK + tl.arange(0, BLOCK))
        tl.device_assert(x > 0, "x must be positive")


    x = torch.rand(64, device="cuda") + 1
    assert_kernel[(2,)](x, BLOCK=32)
    torch.cuda.synchronize()
    print("passed while positive")
    x[45] = -1
    try:
        assert_kernel[(2,)](x, BLOCK=32)
        torch.cuda.synchronize()
    except RuntimeError as error:
        print("launch failed:", error)
    ''')


def test_a_failing_device_assert_stops_the_kernel_with_its_line(cuda, tmp_path):
    script = tmp_path / "asserting.py"
    script.write_text(ASSERTING)
    line = ASSERTING.splitlines().index(
        '    tl.device_assert(x > 0, "x must be positive")') + 1
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                            timeout=300)
    assert "passed while positive" in result.stdout, result.stderr
    assert "launch failed:" in result.stdout and "device-side assert" in result.stdout, (
        result.stdout, result.stderr)
    # CUDA's report: "<file>:<line>: <function>: block: [1,0,0], thread: [13,0,0] Assertion
    # `x must be positive` failed." Element 45 is program 1's element 13.
    report = [line_ for line_ in result.stderr.splitlines() if "Assertion" in line_]
    assert report, result.stderr
    assert report[0].startswith(f"{script}:{line}: assert_kernel: block: [1,0,0]"), report
    assert "Assertion `x must be positive` failed." in report[0], report
