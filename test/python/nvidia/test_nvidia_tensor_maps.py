"""Tensor descriptors on the tensor copy engine (TMA) of sm_90: the loads of a descriptor made
of kernel parameters (in the kernel with tl.make_tensor_descriptor, or the host-side
TensorDescriptor) copy their blocks with `cp.async.bulk.tensor` through a tensor map that the
launcher encodes; the others, and every descriptor before sm_90, take pointers. Implicit TMA:
the loads of strided pointer tiles of a parameter (the tutorial matmul's, masked by bounds
checks or not) become such descriptor loads, unless NEREID_IMPLICIT_TMA=0, which these tests
set where they check the paths without.

Without a GPU: which kernels get tensor maps, what the launcher is told to encode, and that
ptxas assembles them. On a GPU: blocks at every edge of ragged tensors (the elements outside
read as zero) in 1, 2, 4 and 8-byte types, the copy into a wgmma's operand buffer (a matmul
of descriptors), and the host-side descriptor, against torch."""

import numpy as np
import pytest

import nereid
import nereid.language as tl
from nereid.runtime.tensor_descriptor import TensorDescriptor


@nereid.jit
def copy_blocks(x_ptr, out_ptr, M, N, stride_m, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """out[block] = x[block] for the blocks of the grid (pid 0 along M, 1 along N), starting one
    block before the tensor along each dimension, so that blocks overhang every edge."""
    source = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[stride_m, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    row = (tl.program_id(0) - 1) * BLOCK_M
    column = (tl.program_id(1) - 1) * BLOCK_N
    block = source.load([row, column])
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    columns = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    width = tl.num_programs(1) * BLOCK_N
    tl.store(out_ptr + rows[:, None] * width + columns[None, :], block)


@nereid.jit
def matmul_descriptors(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr,
                       BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    """c (f32) = a (M x K) @ b (K x N), both row-major, read through descriptors."""
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BLOCK_K, BLOCK_N])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
        acc = tl.dot(a, b, acc)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    columns = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + rows[:, None] * N + columns[None, :], acc,
             mask=(rows[:, None] < M) & (columns[None, :] < N))


@nereid.jit
def matmul_pointers(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                    BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                    MASKED: tl.constexpr):
    """The tutorial's matmul with plain pointers advanced along K: unmasked for sizes the
    blocks divide, or MASKED on every edge (ragged sizes)."""
    rm = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tl.program_id(1) * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        if MASKED:
            k_left = K - k * BLOCK_K
            a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < k_left), other=0.0)
            b = tl.load(b_ptrs, mask=(rk[:, None] < k_left) & (rn[None, :] < N), other=0.0)
        else:
            a = tl.load(a_ptrs)
            b = tl.load(b_ptrs)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@nereid.jit
def scale_host_descriptor(x_desc, out_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    """out = 2 x of the block of a host-side descriptor."""
    block = x_desc.load([tl.program_id(0) * BLOCK_M, 0])
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    columns = tl.arange(0, BLOCK_N)
    tl.store(out_ptr + rows[:, None] * BLOCK_N + columns[None, :], block * 2)


def _aligned(dtype, n=64):
    """A numpy stand-in for a 16-byte aligned device array of `dtype`."""
    import ml_dtypes
    dtype = np.dtype(getattr(ml_dtypes, dtype, dtype))
    storage = np.zeros(n * 8 + 16, np.uint8)
    offset = -storage.ctypes.data % 16
    return storage[offset:offset + n * 8].view(dtype)


def _copy_blocks(target, dtype="float16", stride_m=64, block=(64, 64)):
    return copy_blocks.warmup(_aligned(dtype), _aligned(dtype), 100, 64, stride_m,
                              BLOCK_M=block[0], BLOCK_N=block[1], grid=(1,),
                              backend="nvidia", target=target)


def test_descriptor_loads_copy_through_tensor_maps_on_sm_90(compile_ptx):
    kernel = _copy_blocks("cuda:90")
    ptx = compile_ptx(kernel)
    assert "cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes" in ptx
    assert "mbarrier.try_wait.parity.shared::cta.b64" in ptx
    assert ".param .align 64 .b8 copy_blocks_param_5[128]" in ptx
    native = nereid.backends.get("nvidia").compile(kernel)
    [parameter] = native.tensor_maps
    # x_ptr's address; M and N are parameters 2 and 3, stride_m parameter 4 (a multiple of 16,
    # as the launch specializes it); 64 f16 columns swizzle by 128 bytes.
    assert (parameter.base, parameter.shape, parameter.strides) == ("%0", ("%2", "%3"), ("%4", 1))
    assert (parameter.element_bytes, parameter.box, parameter.swizzle) == (2, (64, 64), 128)


@pytest.mark.parametrize("dtype, block, box, swizzle", [
    ("int8", (16, 256), (16, 128), 128), ("float32", (32, 8), (32, 8), 32),
    ("float64", (8, 2), (8, 2), 0), ("bfloat16", (128, 16), (128, 16), 32),
    ("float8_e5m2", (64, 32), (64, 32), 32)])
def test_each_block_gets_the_widest_swizzle_of_its_rows(dtype, block, box, swizzle,
                                                        compile_ptx):
    kernel = _copy_blocks("cuda:90", dtype, block=block)
    compile_ptx(kernel)
    [parameter] = nereid.backends.get("nvidia").compile(kernel).tensor_maps
    assert (parameter.box, parameter.swizzle) == (box, swizzle)


@pytest.mark.parametrize("case", ["sm_80", "stride not a multiple of 16 bytes",
                                  "4 rows", "512 rows"])
def test_other_descriptor_loads_take_pointers(case, compile_ptx):
    kernel = {
        "sm_80": lambda: _copy_blocks("cuda:80"),
        "stride not a multiple of 16 bytes": lambda: _copy_blocks("cuda:90", stride_m=65),
        "4 rows": lambda: _copy_blocks("cuda:90", block=(4, 64)),
        "512 rows": lambda: _copy_blocks("cuda:90", "float32", block=(512, 4)),
    }[case]()
    ptx = compile_ptx(kernel)
    assert "cp.async.bulk.tensor" not in ptx and "ld.global" in ptx
    assert nereid.backends.get("nvidia").compile(kernel).tensor_maps == []


@pytest.mark.parametrize("num_stages", [1, 2, 3, 4])
def test_matmul_of_descriptors_copies_into_the_wgmma_buffers(num_stages, compile_ptx, tmp_path):
    kernel = matmul_descriptors.warmup(
        _aligned("float16"), _aligned("float16"), _aligned("float32"), 256, 256, 256,
        BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, grid=(1,), backend="nvidia", target="cuda:90",
        num_warps=8, num_stages=num_stages)
    ptx = compile_ptx(kernel)  # which fails on ptxas's advisories of serialized wgmmas
    ttg = (tmp_path / "dump" / "matmul_descriptors.ttg").read_text()
    # The copies land in the buffers that wgmma reads, which nothing else writes or reads.
    assert ttg.count("nvidia.warpgroup_dot ") == 1
    assert "ttg.local_load" not in ttg and "ttg.local_store" not in ttg
    # A's 64-column rows are one 128-byte box; B's 128 columns two.
    copies = ptx.count("cp.async.bulk.tensor.2d")
    if num_stages == 1:
        assert ttg.count("nvidia.tma_load") == 2 and copies == 3
        assert "wgmma.wait_group.sync.aligned 1" not in ptx
        return
    # Pipelined: the copies of num_stages - 1 iterations before the loop, one in it; each
    # iteration's wgmma waited for in the next.
    assert ttg.count("nvidia.tma_load") == 2 * num_stages and copies == 3 * num_stages
    assert f"!ttg.memdesc<{num_stages}x128x64xf16" in ttg
    assert "wgmma.wait_group.sync.aligned 1" in ptx


def test_host_descriptor_is_a_tensor_map(compile_ptx):
    x = _aligned("float32", 32 * 64)
    descriptor = TensorDescriptor(x, [32, 64], [64, 1], [16, 64])
    kernel = scale_host_descriptor.warmup(descriptor, _aligned("float32"), 64, BLOCK_M=16,
                                          BLOCK_N=64, grid=(1,), backend="nvidia",
                                          target="cuda:90")
    assert "cp.async.bulk.tensor.2d" in compile_ptx(kernel)
    [parameter] = nereid.backends.get("nvidia").compile(kernel).tensor_maps
    assert (parameter.base, parameter.shape, parameter.strides) == ("%0", (32, 64), (64, 1))


def _matmul_pointers(stride_am, masked=False, target="cuda:90"):
    return matmul_pointers.warmup(
        _aligned("float16"), _aligned("float16"), _aligned("float32"), 256, 256, 256, stride_am,
        1, 256, 1, BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, MASKED=masked, grid=(1,),
        backend="nvidia", target=target, num_warps=8, num_stages=3)


@pytest.mark.parametrize("masked", [False, True])
def test_implicit_tma_rewrites_the_tutorial_matmul(masked, compile_ptx, tmp_path):
    ptx = compile_ptx(_matmul_pointers(256, masked))
    ttir = (tmp_path / "dump" / "matmul_pointers.ttir").read_text()
    assert ttir.count('nereid.implicit_descriptor = "rewritten"') == 2
    # The masks' bounds are the tensor maps' shapes: M and K of A, K and N of B.
    [a, b] = nereid.backends.get("nvidia").compile(_matmul_pointers(256, masked)).tensor_maps
    unbounded = 2**31 - 1
    assert (a.base, a.shape) == ("%0", ("%3", "%5") if masked else (unbounded, unbounded))
    assert (b.base, b.shape) == ("%1", ("%5", "%4") if masked else (unbounded, unbounded))
    # No pointer tiles are carried by the loop any more; the copies are pipelined.
    assert "tt.addptr" not in ttir.split("scf.for", 1)[1].split("scf.yield", 1)[0]
    assert "cp.async.bulk.tensor.2d" in ptx and "cp.async.cg" not in ptx
    assert "wgmma.wait_group.sync.aligned 1" in ptx


def test_implicit_tma_turned_off_or_unaligned_takes_pointers(compile_ptx, monkeypatch):
    # A's row stride of 100 f16 (200 bytes) is no multiple of 16 bytes: the descriptor that
    # implicit TMA made of it takes pointers again; B's is still a tensor map.
    kernel = _matmul_pointers(100)
    compile_ptx(kernel)
    [parameter] = nereid.backends.get("nvidia").compile(kernel).tensor_maps
    assert parameter.base == "%1"
    monkeypatch.setenv("NEREID_IMPLICIT_TMA", "0")
    ptx = compile_ptx(_matmul_pointers(256))
    assert "cp.async.bulk.tensor" not in ptx and "cp.async.cg" in ptx


def test_implicit_tma_setting_is_validated(compile_ptx, monkeypatch):
    monkeypatch.setenv("NEREID_IMPLICIT_TMA", "yes")
    with pytest.raises(ValueError, match="NEREID_IMPLICIT_TMA must be 0 .off. or 1"):
        compile_ptx(_matmul_pointers(256))


# On the GPU ------------------------------------------------------------------------------


def _random(torch, shape, dtype):
    if dtype.is_floating_point:
        return torch.randn(shape, device="cuda").to(dtype)
    return torch.randint(-100, 100, shape, device="cuda", dtype=dtype)


@pytest.mark.nvidia
@pytest.mark.parametrize("dtype, block", [("float16", (64, 64)), ("bfloat16", (32, 128)),
                                          ("float32", (16, 32)), ("int8", (64, 16)),
                                          ("float64", (8, 2)), ("int32", (128, 4)),
                                          ("float8_e4m3fn", (32, 64))])
@pytest.mark.parametrize("shape", [(100, 72), (64, 64), (9, 520)])
def test_blocks_at_every_edge_read_zero_outside(cuda, dtype, block, shape):
    torch_dtype = getattr(cuda, dtype)
    row_bytes = cuda.tensor([], dtype=torch_dtype).element_size() * shape[1]
    stride = shape[1] + (-row_bytes % 16) // cuda.tensor([], dtype=torch_dtype).element_size()
    x = _random(cuda, (shape[0], stride), torch_dtype)
    grid = (shape[0] // block[0] + 3, shape[1] // block[1] + 3)
    out = cuda.full((grid[0] * block[0], grid[1] * block[1]), 77, dtype=torch_dtype,
                    device="cuda")
    copy_blocks[grid](x, out, shape[0], shape[1], stride, BLOCK_M=block[0], BLOCK_N=block[1])
    expected = cuda.zeros_like(out)
    expected[block[0]:block[0] + shape[0], block[1]:block[1] + shape[1]] = x[:, :shape[1]]
    assert cuda.equal(out.view(cuda.uint8), expected.view(cuda.uint8))


@pytest.mark.nvidia
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float8_e4m3fn"])
@pytest.mark.parametrize("shape", [(256, 256, 256), (200, 136, 328), (128, 128, 64),
                                   (300, 260, 1000)])
@pytest.mark.parametrize("num_stages, num_warps", [(1, 4), (2, 8), (3, 4), (4, 8)])
def test_matmul_of_descriptors(cuda, dtype, shape, num_stages, num_warps):
    m, n, k = shape
    torch_dtype = getattr(cuda, dtype)
    a = _random(cuda, (m, k), torch_dtype)
    b = _random(cuda, (k, n), torch_dtype)
    c = cuda.full((m, n), float("nan"), device="cuda")
    matmul_descriptors[(-(-m // 128), -(-n // 128))](a, b, c, m, n, k, BLOCK_M=128,
                                                     BLOCK_N=128, BLOCK_K=64,
                                                     num_stages=num_stages, num_warps=num_warps)
    expected = a.double().cpu() @ b.double().cpu()
    # The dot tolerance of the conformance suite (docs/semantics.md): f32 accumulation; for
    # fp8, that of the tensor cores' fp8 accumulation (test_nvidia_dot.py's
    # FP8_ACCUMULATION_EPS).
    eps = 2.0 ** -17 if dtype == "float8_e4m3fn" else 2.0 ** -24
    bound = (k + 1) * eps * (a.double().abs().cpu() @ b.double().abs().cpu())
    assert ((c.double().cpu() - expected).abs() <= bound).all()


@pytest.mark.nvidia
def test_host_descriptor_on_the_gpu(cuda):
    x = cuda.randn(100, 64, device="cuda")
    out = cuda.full((112, 64), float("nan"), device="cuda")
    scale_host_descriptor[(7,)](TensorDescriptor.from_tensor(x, [16, 64]), out, 64,
                                BLOCK_M=16, BLOCK_N=64)
    expected = cuda.zeros_like(out)
    expected[:100] = x * 2
    assert cuda.equal(out, expected)


@pytest.mark.nvidia
@pytest.mark.parametrize("implicit", ["1", "0"])
@pytest.mark.parametrize("lead", [0, 8, 100])
@pytest.mark.parametrize("num_stages", [1, 3, 4])
@pytest.mark.parametrize("shape", [(256, 384, 320), (200, 136, 1000), (130, 260, 72)])
def test_matmul_of_pointers_with_implicit_tma(cuda, monkeypatch, implicit, lead, num_stages,
                                              shape):
    """The tutorial matmul with and without implicit TMA, its a and b inside wider arrays
    (`lead` more columns: a row stride that is, and one that is not, 16-byte aligned),
    unmasked where the blocks divide the sizes, masked on every edge where they do not."""
    monkeypatch.setenv("NEREID_IMPLICIT_TMA", implicit)
    m, n, k = shape
    masked = m % 128 or n % 128 or k % 64
    a = _random(cuda, (m, k + lead), cuda.float16)[:, :k]
    b = _random(cuda, (k, n + lead), cuda.float16)[:, :n]
    c = cuda.full((m, n), float("nan"), device="cuda")
    matmul_pointers[(-(-m // 128), -(-n // 128))](a, b, c, m, n, k, a.stride(0), 1,
                                                  b.stride(0), 1, BLOCK_M=128, BLOCK_N=128,
                                                  BLOCK_K=64, MASKED=bool(masked),
                                                  num_stages=num_stages, num_warps=8)
    expected = a.double().cpu() @ b.double().cpu()
    bound = (k + 1) * 2.0 ** -24 * (a.double().abs().cpu() @ b.double().abs().cpu())
    assert ((c.double().cpu() - expected).abs() <= bound).all()
