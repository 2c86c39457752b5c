"""Which pointer parameters a kernel may store through, read from its tt IR once per compiled
kernel: a launch refuses a read-only array there and passes one elsewhere (issue 30). The
answer may count too many parameters, never too few."""

from __future__ import annotations

import pytest

import nereid
import nereid.language as tl
from frontend_util import array
from nereid.runtime.stored_arguments import stored_parameters


@nereid.jit
def stores_through_carried_pointer(x_ptr, y_ptr, z_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros((BLOCK,), tl.float32)
    target = y_ptr
    for i in range(0, n, BLOCK):
        offsets = i + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + offsets, mask=offsets < n)
        target += 1
    tl.store(target + tl.arange(0, BLOCK), acc)
    tl.atomic_add(z_ptr, 1.0)


@nereid.jit(noinline=True)
def store_helper(pointer, value):
    tl.store(pointer, value)


@nereid.jit
def stores_through_branches_and_calls(x_ptr, y_ptr, z_ptr, w_ptr, idx_ptr, n,
                                      BLOCK: tl.constexpr):
    i = 0
    source = x_ptr
    while i < n:
        source += 1
        i += 1
    if n > 3:
        target = y_ptr
    else:
        target = z_ptr
    total = tl.sum(tl.load(source + tl.arange(0, BLOCK)), 0)
    descriptor = tl.make_tensor_descriptor(target, shape=[n], strides=[1], block_shape=[BLOCK])
    descriptor.store([0], tl.load(x_ptr + tl.arange(0, BLOCK)))
    store_helper(w_ptr, total)
    # A scatter: the indices are loaded data, not the address of what is stored.
    tl.atomic_cas(y_ptr + tl.load(idx_ptr), 1.0, 2.0)


@nereid.jit
def reads_only(x_ptr, y_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    source = tl.where(offsets < 8, x_ptr + offsets, y_ptr + offsets)
    tl.store(out_ptr + offsets, tl.load(source))


@pytest.mark.parametrize("kernel, args, stored", [
    (stores_through_carried_pointer, ("float32",) * 3 + (64,), {"y_ptr", "z_ptr"}),
    (stores_through_branches_and_calls, ("float32",) * 4 + ("int32", 64),
     {"y_ptr", "z_ptr", "w_ptr"}),
    (reads_only, ("float32",) * 3, {"out_ptr"}),
], ids=["loop", "branches-and-calls", "select"])
def test_the_pointers_a_kernel_stores_through(kernel, args, stored):
    arguments = [array(a) if isinstance(a, str) else a for a in args]
    compiled = kernel.warmup(*arguments, BLOCK=16, grid=(1,))
    assert compiled.stored_arguments == stored
    names = list(compiled.signature.types)
    assert stored_parameters(compiled.asm["ttir"]) >= {names.index(n) for n in stored}


def test_ir_without_a_public_function_counts_every_pointer():
    assert stored_parameters("module {\n}\n") is None
