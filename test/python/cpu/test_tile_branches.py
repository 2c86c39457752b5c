"""Long 1-D tiles that an `if` computes (cpu-predicate-tile-branches): the branch's tile ops
run before the strip-miner's loops under the branch's condition. Upstream's layer-norm
backward has this shape (rows added into a group's partial sums under a spin lock, the first
row writing, the others adding), and its 8192-element tiles stayed unrolled: more than 10
minutes of compilation for AVX2. Results are checked against numpy; the masks that stand for
the branches are checked with bounds-checked kernels, whose checks would report a load or
store of the branch not taken."""

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.runtime.interpreter import KernelError


@nereid.jit
def add_rows_under_lock(x_ptr, partial_ptr, lock_ptr, n, GROUPS: tl.constexpr,
                        BLOCK: tl.constexpr):
    """Adds 2 x + 1 of each row into its group's partial row. A spin lock per group orders
    the rows; a counter per group says whether the partial row holds anything yet."""
    row = tl.program_id(0)
    columns = tl.arange(0, BLOCK)
    inside = columns < n
    x = tl.load(x_ptr + row * n + columns, mask=inside, other=0.0)
    term = x * 2.0 + 1.0
    group = row % GROUPS
    lock = lock_ptr + group
    count = lock_ptr + GROUPS + group
    partial = partial_ptr + group * n + columns
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.load(count) == 0:
        tl.atomic_xchg(count, 1)
    else:
        term += tl.load(partial, mask=inside)
    tl.store(partial, term, mask=inside)
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


@pytest.mark.parametrize("rows, groups, n", [(16, 4, 8192), (5, 5, 8000), (9, 2, 3000)])
def test_rows_added_under_a_lock(rows, groups, n):
    # Small integers: every order of the additions gives the same sums.
    rng = np.random.default_rng(rows * n)
    x = rng.integers(-8, 9, (rows, n)).astype(np.float32)
    partial = np.full((groups, n), np.nan, np.float32)
    locks = np.zeros(2 * groups, np.int32)
    compiled = add_rows_under_lock[(rows,)](x, partial, locks, n, GROUPS=groups, BLOCK=8192,
                                            num_threads=2)
    expected = np.zeros((groups, n), np.float64)
    for row in range(rows):
        expected[row % groups] += 2.0 * x[row] + 1.0
    np.testing.assert_array_equal(partial, expected.astype(np.float32))
    np.testing.assert_array_equal(locks, [0] * groups + [1] * groups)
    # The block became loops over strips: the unrolled kernel's vector IR was megabytes.
    assert len(compiled.asm["vector"]) < 1_000_000, len(compiled.asm["vector"])


@nereid.jit
def pick_a_source(first_ptr, second_ptr, out_ptr, spill_ptr, use_first, n,
                  BLOCK: tl.constexpr):
    """Copies 3 x from `first_ptr` or `second_ptr` into `out_ptr`; only the branch taken may
    touch memory: the untaken one's pointers are `n` past the end of their buffers (`n` is
    the buffers' length), and the else branch also writes `spill_ptr`."""
    columns = tl.arange(0, BLOCK)
    inside = columns < n
    far = tl.where(use_first != 0, n, 0)
    near = n - far
    if use_first != 0:
        y = tl.load(first_ptr + columns + near, mask=inside) * 3.0
    else:
        y = tl.load(second_ptr + columns + far) * 3.0
        tl.store(spill_ptr + columns + far, y)
    tl.store(out_ptr + columns, y, mask=inside)


@pytest.mark.parametrize("use_first", [1, 0])
def test_the_branch_not_taken_touches_no_memory(use_first):
    n = 1024
    rng = np.random.default_rng(use_first)
    first, second = rng.standard_normal(n, np.float32), rng.standard_normal(n, np.float32)
    out, spill = np.full(n, np.nan, np.float32), np.full(n, np.nan, np.float32)
    pick_a_source[(1,)](first, second, out, spill, use_first, n, BLOCK=n, debug=True)
    np.testing.assert_array_equal(out, 3 * (first if use_first else second))
    if use_first:
        assert np.isnan(spill).all()
    else:
        np.testing.assert_array_equal(spill, 3 * second)


def test_the_checks_see_the_taken_branch():
    """The same kernel with the pointers of the taken branch past the end is reported: the
    checks are on the branches' accesses."""
    n = 1024
    first = np.zeros(n, np.float32)
    second = np.zeros(n // 2, np.float32)  # the else branch reads n elements
    out, spill = np.zeros(n, np.float32), np.zeros(n, np.float32)
    with pytest.raises(KernelError, match="out-of-bounds tt.load"):
        pick_a_source[(1,)](first, second, out, spill, 0, n, BLOCK=n, debug=True)
