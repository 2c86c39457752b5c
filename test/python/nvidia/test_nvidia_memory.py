"""Loads, stores and atomics on NVIDIA GPUs. Without a GPU (CI): each kernel compiles for sm_80
and sm_90a, its PTX has the accesses the lowering promises (128-bit ld.global.v4 and
st.global.v4 where the pointers are 16-byte aligned, atom with the op's ordering and scope), and
ptxas assembles it. On the GPU (skipped elsewhere with the backend's reason): vectorized and
scalar copies at aligned and misaligned offsets with masks and `other`, cache hints, and every
atomic kind under contention against numpy, the returned old values checked for consistency."""

from collections import Counter

import numpy as np
import pytest

import nereid
import nereid.language as tl

CHIPS = [("cuda:80", "sm_80"), ("cuda:90", "sm_90a")]
BLOCK = 1024
RNG = np.random.default_rng()


@nereid.jit
def copy(x_ptr, out_ptr, n, n_out, other, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets, mask=offsets < n, other=other)
    tl.store(out_ptr + offsets, x, mask=offsets < n_out)


@nereid.jit
def copy_unmasked(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offsets, tl.load(x_ptr + offsets))


@nereid.jit
def copy_with_hints(x_ptr, out_ptr, n, BLOCK: tl.constexpr, LOAD_CACHE: tl.constexpr,
                    STORE_CACHE: tl.constexpr, EVICT: tl.constexpr, VOLATILE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask, other=0, cache_modifier=LOAD_CACHE,
                eviction_policy=EVICT, volatile=VOLATILE)
    tl.store(out_ptr + offsets, x, mask=mask, cache_modifier=STORE_CACHE, eviction_policy=EVICT)


@nereid.jit
def scalar_access(x_ptr, out_ptr, n, other):
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid)
    y = tl.load(x_ptr + pid + 1, mask=pid + 1 < n, other=other)
    tl.store(out_ptr + pid, x * 2 + y)


@nereid.jit
def small_store(out_ptr, SIZE: tl.constexpr):
    # Fewer elements than threads: the layout repeats each element over lanes and warps.
    offsets = tl.arange(0, SIZE)
    tl.store(out_ptr + tl.program_id(0) * SIZE + offsets, offsets * 3 + 1)


@nereid.jit
def rmw(ptr, values_ptr, mask_ptr, old_ptr, n_addresses, OP: tl.constexpr, SEM: tl.constexpr,
        SCOPE: tl.constexpr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = tl.load(mask_ptr + offsets) != 0
    values = tl.load(values_ptr + offsets)
    target = ptr + offsets % n_addresses
    if OP == "add":
        old = tl.atomic_add(target, values, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "max":
        old = tl.atomic_max(target, values, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "min":
        old = tl.atomic_min(target, values, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "and":
        old = tl.atomic_and(target, values, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "or":
        old = tl.atomic_or(target, values, mask=mask, sem=SEM, scope=SCOPE)
    elif OP == "xor":
        old = tl.atomic_xor(target, values, mask=mask, sem=SEM, scope=SCOPE)
    else:
        old = tl.atomic_xchg(target, values, mask=mask, sem=SEM, scope=SCOPE)
    tl.store(old_ptr + offsets, old, mask=mask)


@nereid.jit
def cas(ptr, expected_ptr, values_ptr, old_ptr, n_addresses, SEM: tl.constexpr,
        SCOPE: tl.constexpr, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    old = tl.atomic_cas(ptr + offsets % n_addresses, tl.load(expected_ptr + offsets),
                        tl.load(values_ptr + offsets), sem=SEM, scope=SCOPE)
    tl.store(old_ptr + offsets, old)


@nereid.jit
def scalar_counter(counter_ptr, old_ptr):
    tl.store(old_ptr + tl.program_id(0), tl.atomic_add(counter_ptr, 1))


@nereid.jit
def small_atomic(ptr, old_ptr, SIZE: tl.constexpr):
    offsets = tl.arange(0, SIZE)
    old = tl.atomic_add(ptr + offsets, offsets + 1)
    tl.store(old_ptr + tl.program_id(0) * SIZE + offsets, old)


# Compiled here ---------------------------------------------------------------------------------


@pytest.mark.parametrize("target,chip", CHIPS)
@pytest.mark.parametrize("dtype,vector", [(np.float32, "v4.b32"), (np.float16, "v4.b32"),
                                          (np.int64, "v2.b64"), (np.int8, "v4.b32")],
                         ids=["f32", "f16", "i64", "i8"])
def test_aligned_accesses_are_128_bits(target, chip, dtype, vector, compile_ptx):
    """16-byte-aligned pointers and bounds that are multiples of 16 (the launch's
    specialization) give 128-bit loads and stores, masked ones too (a branch around each)."""
    x = np.zeros(4096, dtype)
    # 2048 elements over 128 threads: 16 each, 128 bits of any of these types.
    kernel = copy.warmup(x, x, 4096, 4096, 0, BLOCK=2048, grid=(2,), backend="nvidia",
                         target=target, num_warps=4)
    ptx = compile_ptx(kernel)
    assert f".target {chip}" in ptx
    assert f"ld.global.{vector}" in ptx and f"st.global.{vector}" in ptx
    unmasked = copy_unmasked.warmup(x, x, BLOCK=2048, grid=(2,), backend="nvidia",
                                    target=target, num_warps=4)
    ptx = compile_ptx(unmasked)
    assert f"ld.global.{vector}" in ptx and f"st.global.{vector}" in ptx


@pytest.mark.parametrize("target,chip", CHIPS)
def test_unknown_alignment_gives_one_access_per_element(target, chip, compile_ptx):
    """A bound that is not a multiple of 16 makes the mask vary within any group: scalar
    accesses, as a pointer known only to 4 bytes would."""
    x = np.zeros(4096, np.float32)
    kernel = copy.warmup(x, x, 4095, 4095, 0.0, BLOCK=BLOCK, grid=(4,), backend="nvidia",
                         target=target, num_warps=4)
    ptx = compile_ptx(kernel)
    assert "ld.global.v" not in ptx and "st.global.v" not in ptx
    assert "ld.global.b32" in ptx and "st.global.b32" in ptx


@pytest.mark.parametrize("target,chip", CHIPS)
@pytest.mark.parametrize("load_cache,store_cache,evict,volatile,load,store", [
    (".cg", ".cs", "", False, "ld.global.cg.v4.b32", "st.global.cs.v4.b32"),
    (".ca", ".wt", "", False, "ld.global.ca.v4.b32", "st.global.wt.v4.b32"),
    (".cv", ".wb", "", False, "ld.global.cv.v4.b32", "st.global.wb.v4.b32"),
    ("", "", "evict_first", False, "ld.global.L1::evict_first.v4.b32",
     "st.global.L1::evict_first.v4.b32"),
    ("", "", "evict_last", True, "ld.volatile.global.v4.b32", "st.global.L1::evict_last.v4.b32"),
])
def test_cache_hints_reach_the_ptx(target, chip, load_cache, store_cache, evict, volatile, load,
                                   store, compile_ptx):
    x = np.zeros(4096, np.float32)
    kernel = copy_with_hints.warmup(x, x, 4096, BLOCK=BLOCK, LOAD_CACHE=load_cache,
                                    STORE_CACHE=store_cache, EVICT=evict, VOLATILE=volatile,
                                    grid=(4,), backend="nvidia", target=target, num_warps=4)
    ptx = compile_ptx(kernel)
    assert load in ptx and store in ptx


@pytest.mark.parametrize("target,chip", CHIPS)
def test_scalar_accesses_compile(target, chip, compile_ptx):
    x = np.zeros(64, np.float32)
    kernel = scalar_access.warmup(x, x, 64, 1.5, grid=(64,), backend="nvidia", target=target)
    ptx = compile_ptx(kernel)
    assert "ld.global.b32" in ptx and "st.global.b32" in ptx


RMW_PTX = {
    ("add", np.int32): "add.u32", ("add", np.uint64): "add.u64", ("add", np.float32): "add.f32",
    ("add", np.float64): "add.f64", ("add", np.float16): "add.noftz.f16",
    ("max", np.int32): "max.s32", ("max", np.uint32): "max.u32", ("min", np.int64): "min.s64",
    ("min", np.uint64): "min.u64", ("and", np.int32): "and.b32", ("or", np.int64): "or.b64",
    ("xor", np.uint32): "xor.b32", ("xchg", np.float32): "exch.b32",
    ("xchg", np.int64): "exch.b64",
}


@pytest.mark.parametrize("target,chip", CHIPS)
@pytest.mark.parametrize("op,dtype", sorted(RMW_PTX, key=str),
                         ids=[f"{op}-{np.dtype(t).name}" for op, t in sorted(RMW_PTX, key=str)])
def test_atomics_are_one_atom_each(target, chip, op, dtype, compile_ptx):
    values = np.zeros(512, dtype)
    flags = np.zeros(512, np.int8)
    kernel = rmw.warmup(values, values, flags, values, 16, OP=op, SEM="acq_rel", SCOPE="gpu",
                        BLOCK=128, grid=(4,), backend="nvidia", target=target, num_warps=4)
    ptx = compile_ptx(kernel)
    assert f"atom.acq_rel.gpu.global.{RMW_PTX[op, dtype]}" in ptx


@pytest.mark.parametrize("target,chip", CHIPS)
@pytest.mark.parametrize("sem", ["relaxed", "acquire", "release", "acq_rel"])
@pytest.mark.parametrize("scope", ["gpu", "cta", "sys"])
def test_atomics_keep_their_ordering_and_scope(target, chip, sem, scope, compile_ptx):
    values = np.zeros(512, np.int32)
    kernel = rmw.warmup(values, values, values.astype(np.int8), values, 16, OP="add", SEM=sem,
                        SCOPE=scope, BLOCK=128, grid=(4,), backend="nvidia", target=target)
    assert f"atom.{sem}.{scope}.global.add.u32" in compile_ptx(kernel)
    cas_kernel = cas.warmup(values, values, values, values, 16, SEM=sem, SCOPE=scope,
                            BLOCK=128, grid=(4,), backend="nvidia", target=target)
    assert f"atom.{sem}.{scope}.global.cas.b32" in compile_ptx(cas_kernel)


@pytest.mark.parametrize("target,chip", CHIPS)
@pytest.mark.parametrize("op", ["max", "min"])
@pytest.mark.parametrize("dtype,bits", [(np.float32, 32), (np.float64, 64)], ids=["f32", "f64"])
def test_float_max_and_min_loop_on_compare_and_swap(target, chip, op, dtype, bits, compile_ptx):
    values = np.zeros(512, dtype)
    kernel = rmw.warmup(values, values, values.astype(np.int8), values, 16, OP=op,
                        SEM="acq_rel", SCOPE="gpu", BLOCK=128, grid=(4,), backend="nvidia",
                        target=target)
    ptx = compile_ptx(kernel)
    assert f"atom.acq_rel.gpu.global.cas.b{bits}" in ptx
    assert f"atom.acq_rel.gpu.global.{op}" not in ptx


@pytest.mark.parametrize("target,chip", CHIPS)
def test_bf16_add_is_an_atom_from_sm_90(target, chip, compile_ptx):
    ml_dtypes = pytest.importorskip("ml_dtypes")
    values = np.zeros(512, ml_dtypes.bfloat16)
    kernel = rmw.warmup(values, values, np.zeros(512, np.int8), values, 16, OP="add",
                        SEM="relaxed", SCOPE="gpu", BLOCK=128, grid=(4,), backend="nvidia",
                        target=target)
    ptx = compile_ptx(kernel)
    if chip == "sm_90a":
        assert "atom.relaxed.gpu.global.add.noftz.bf16" in ptx
    else:
        assert "atom.relaxed.gpu.global.cas.b16" in ptx


@pytest.mark.parametrize("target,chip", CHIPS)
def test_replicated_atomics_compile(target, chip, compile_ptx):
    values = np.zeros(16, np.int32)
    kernel = small_atomic.warmup(values, np.zeros(16 * 8, np.int32), SIZE=16, grid=(8,),
                                 backend="nvidia", target=target, num_warps=4)
    ptx = compile_ptx(kernel)
    assert "atom.acq_rel.gpu.global.add.u32" in ptx and "bar.sync" in ptx
    counter = scalar_counter.warmup(values, values, grid=(8,), backend="nvidia", target=target)
    assert "atom.acq_rel.gpu.global.add.u32" in compile_ptx(counter)


# Run on the GPU --------------------------------------------------------------------------------


def _random(torch, n, dtype):
    if dtype.is_floating_point:
        return torch.randn(n, device="cuda").to(dtype)
    info = torch.iinfo(dtype)
    return torch.randint(max(info.min, -1000), min(info.max, 1000), (n,), device="cuda",
                         dtype=dtype)


@pytest.mark.nvidia
@pytest.mark.parametrize("dtype", ["float16", "float32", "int8", "int64"])
@pytest.mark.parametrize("start", [0, 1, 3])
@pytest.mark.parametrize("n", [4096, 1000, 4093])
def test_copy_with_mask_and_other(cuda, dtype, start, n):
    """Copies at aligned (start 0) and misaligned offsets, of sizes that are and are not
    multiples of the vector, where the elements past n are `other` and those past n_out keep
    their poison."""
    torch_dtype = getattr(cuda, dtype)
    storage = _random(cuda, 8192, torch_dtype)
    x = storage[start:start + 4096]
    out = cuda.full((4200,), 77, dtype=torch_dtype, device="cuda")
    n_out = min(n + 40, 4096)
    other = 5
    copy[(5,)](x, out, n, n_out, other, BLOCK=BLOCK, num_warps=4)
    expected = cuda.full((4200,), 77, dtype=torch_dtype, device="cuda")
    expected[:n_out] = other
    expected[:n] = x[:n]
    assert cuda.equal(out, expected)


@pytest.mark.nvidia
@pytest.mark.parametrize("hints", [(".cg", ".cs", "", False), (".ca", ".wt", "", False),
                                   (".cv", ".wb", "evict_last", False),
                                   ("", "", "evict_first", True)])
@pytest.mark.parametrize("n", [4096, 4001])
def test_copy_with_cache_hints(cuda, hints, n):
    load_cache, store_cache, evict, volatile = hints
    x = cuda.randn(4096, device="cuda")
    out = cuda.full_like(x, float("nan"))
    copy_with_hints[(4,)](x, out, n, BLOCK=BLOCK, LOAD_CACHE=load_cache,
                          STORE_CACHE=store_cache, EVICT=evict, VOLATILE=volatile)
    assert cuda.equal(out[:n], x[:n]) and cuda.isnan(out[n:]).all()


@pytest.mark.nvidia
def test_scalar_loads_and_stores(cuda):
    x = cuda.randn(300, device="cuda")
    out = cuda.full_like(x, float("nan"))
    scalar_access[(300,)](x, out, 300, 1.5)
    following = cuda.cat([x[1:], cuda.tensor([1.5], device="cuda")])
    assert cuda.equal(out, x * 2 + following)


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("size", [1, 2, 16, 64])
def test_stores_of_repeated_elements(cuda, size, warps):
    out = cuda.full((40 * size,), -1, dtype=cuda.int32, device="cuda")
    small_store[(40,)](out, SIZE=size, num_warps=warps)
    expected = (cuda.arange(size, device="cuda", dtype=cuda.int32) * 3 + 1).repeat(40)
    assert cuda.equal(out, expected)


def _chain_is_consistent(initial, old, values, final, combine):
    """The old values of the updates of one address are a chain from `initial` to `final`: the
    multiset of olds and the final value equals the initial value and each update's result."""
    before = Counter(np.concatenate([old, [final]]).tolist())
    after = Counter(np.concatenate([[initial], combine(old, values)]).tolist())
    return before == after


NP_COMBINE = {
    "add": lambda a, b: a + b, "max": np.maximum, "min": np.minimum,
    "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
    "xchg": lambda a, b: b,
}
RMW_CASES = [(op, t) for op in ("add", "max", "min", "and", "or", "xor", "xchg")
             for t in ("int32", "uint32", "int64", "uint64")]
RMW_CASES += [(op, t) for op in ("add", "max", "min", "xchg") for t in ("float32", "float64")]
RMW_CASES += [("add", "float16"), ("add", "bfloat16")]


def _on_gpu(torch, array, dtype):
    """`array` (numpy) as a CUDA tensor of torch's `dtype` name (bfloat16 through float32)."""
    if dtype == "bfloat16":
        return torch.tensor(array.astype(np.float32)).to(torch.bfloat16).cuda()
    return torch.from_numpy(np.ascontiguousarray(array)).cuda()


def _from_gpu(tensor):
    if str(tensor.dtype) == "torch.bfloat16":
        return tensor.float().cpu().numpy()
    return tensor.cpu().numpy()


@pytest.mark.nvidia
@pytest.mark.parametrize("op,dtype", RMW_CASES, ids=[f"{o}-{t}" for o, t in RMW_CASES])
@pytest.mark.parametrize("n_addresses", [1, 7, 256])
def test_atomic_rmw_under_contention(cuda, op, dtype, n_addresses):
    """64 programs of 128 elements update few addresses: the final memory equals numpy's
    reduction of each address's masked-in updates (floats hold small integers, whose sums are
    exact in any order), and each address's old values form a chain of its updates."""
    n = 64 * 128
    np_dtype = np.dtype(np.float32 if dtype == "bfloat16" else dtype)
    if dtype in ("float16", "bfloat16"):
        # Few ones among zeros: every partial sum stays below 256, exact in 8 bits of mantissa.
        values = (RNG.random(n) < 1 / 64).astype(np.float32)
    elif np.issubdtype(np_dtype, np.floating):
        values = RNG.integers(-64, 65, n).astype(np_dtype)
    elif np.issubdtype(np_dtype, np.unsignedinteger):
        values = RNG.integers(0, 1 << 20, n).astype(np_dtype)
    else:
        values = RNG.integers(-(1 << 20), 1 << 20, n).astype(np_dtype)
    initial = values[:n_addresses][::-1].copy()
    mask = RNG.random(n) < 0.8
    memory = _on_gpu(cuda, initial, dtype)
    old = _on_gpu(cuda, np.zeros(n, np_dtype), dtype)
    rmw[(64,)](memory, _on_gpu(cuda, values, dtype), _on_gpu(cuda, mask.astype(np.int8), "int8"),
               old, n_addresses, OP=op, SEM="acq_rel", SCOPE="gpu", BLOCK=128)
    final, old_values = _from_gpu(memory), _from_gpu(old)
    combine = NP_COMBINE[op]
    for address in range(n_addresses):
        updates = (np.arange(n) % n_addresses == address) & mask
        if op != "xchg":  # The last exchange is any of them: only the chain says anything.
            expected = np.array(initial[address])
            for value in values[updates]:
                expected = combine(expected, np.array(value))
            assert final[address] == expected, (address, final[address], expected)
        assert _chain_is_consistent(initial[address], old_values[updates], values[updates],
                                    final[address], combine), address


@pytest.mark.nvidia
@pytest.mark.parametrize("sem", ["relaxed", "acquire", "release", "acq_rel"])
@pytest.mark.parametrize("scope", ["gpu", "cta", "sys"])
def test_atomic_add_with_each_ordering_and_scope(cuda, sem, scope):
    n = 64 * 128
    values = RNG.integers(-1000, 1000, n).astype(np.int32)
    memory = cuda.zeros(5, dtype=cuda.int32, device="cuda")
    old = cuda.zeros(n, dtype=cuda.int32, device="cuda")
    rmw[(64,)](memory, cuda.tensor(values, device="cuda"), cuda.ones(n, dtype=cuda.int8,
               device="cuda"), old, 5, OP="add", SEM=sem, SCOPE=scope, BLOCK=128)
    expected = np.zeros(5, np.int32)
    np.add.at(expected, np.arange(n) % 5, values)
    assert np.array_equal(memory.cpu().numpy(), expected)


@pytest.mark.nvidia
@pytest.mark.parametrize("op", ["max", "min"])
def test_float_max_min_with_nan_and_signed_zeros(cuda, op):
    """NaN wins and -0 < +0, as in the interpreter (arith.maximumf, arith.minimumf)."""
    values = np.array([0.0, -0.0, 1.0, -1.0, np.nan, 2.0, -0.0, 0.0] * 16, np.float32)
    n = values.size
    addresses = 4
    memory = cuda.tensor([-0.0, 0.0, 3.0, -3.0], device="cuda")
    old = cuda.zeros(n, device="cuda")
    rmw[(1,)](memory, cuda.tensor(values, device="cuda"), cuda.ones(n, dtype=cuda.int8,
              device="cuda"), old, addresses, OP=op, SEM="acq_rel", SCOPE="gpu", BLOCK=n)
    expected = np.array([-0.0, 0.0, 3.0, -3.0], np.float32)
    reduce = np.maximum if op == "max" else np.minimum
    for i in range(n):
        expected[i % addresses] = reduce(expected[i % addresses], values[i])
    got = memory.cpu().numpy()
    assert np.array_equal(np.signbit(got), np.signbit(expected))
    np.testing.assert_array_equal(got, expected)


@pytest.mark.nvidia
@pytest.mark.parametrize("dtype", ["int32", "int64", "float32", "int16"])
@pytest.mark.parametrize("n_addresses", [1, 13])
def test_atomic_cas_under_contention(cuda, dtype, n_addresses):
    """Every element tries to swap its value in where memory holds 0: each address takes
    exactly one value, from an element that saw 0; every other element of it saw the winner."""
    n = 64 * 128
    torch_dtype = getattr(cuda, dtype)
    values = RNG.permutation(n).astype(dtype) + 1 if dtype != "int16" else (
        RNG.integers(1, 30000, n).astype(np.int16))
    memory = cuda.zeros(n_addresses, dtype=torch_dtype, device="cuda")
    old = cuda.full((n,), -7, dtype=torch_dtype, device="cuda")
    cas[(64,)](memory, cuda.zeros(n, dtype=torch_dtype, device="cuda"),
               cuda.tensor(values, device="cuda"), old, n_addresses, SEM="acq_rel",
               SCOPE="gpu", BLOCK=128)
    final, seen = memory.cpu().numpy(), old.cpu().numpy()
    for address in range(n_addresses):
        mine = np.arange(n) % n_addresses == address
        winners = mine & (seen == 0)
        assert winners.sum() == 1
        assert values[winners][0] == final[address]
        assert (seen[mine & ~winners] == final[address]).all()


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4])
def test_scalar_atomic_returns_each_old_value_once(cuda, warps):
    counter = cuda.zeros(1, dtype=cuda.int32, device="cuda")
    old = cuda.full((5000,), -1, dtype=cuda.int32, device="cuda")
    scalar_counter[(5000,)](counter, old, num_warps=warps)
    assert counter.item() == 5000
    assert cuda.equal(old.sort().values, cuda.arange(5000, dtype=cuda.int32, device="cuda"))


@pytest.mark.nvidia
@pytest.mark.parametrize("warps", [1, 4, 8])
@pytest.mark.parametrize("size", [1, 16, 64])
def test_atomics_of_repeated_elements_update_once(cuda, size, warps):
    """Fewer elements than threads: each element is added once per program, and every holder
    of it gets its old value."""
    programs = 50
    memory = cuda.zeros(size, dtype=cuda.int32, device="cuda")
    old = cuda.full((programs * size,), -1, dtype=cuda.int32, device="cuda")
    small_atomic[(programs,)](memory, old, SIZE=size, num_warps=warps)
    increments = cuda.arange(1, size + 1, dtype=cuda.int32, device="cuda")
    assert cuda.equal(memory, increments * programs)
    olds = old.view(programs, size)
    # Each element's olds are 0, k, 2k, ... (k its increment) in some order.
    assert cuda.equal(olds.sort(dim=0).values,
                      cuda.arange(programs, device="cuda", dtype=cuda.int32)[:, None]
                      * increments[None, :])
