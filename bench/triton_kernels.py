"""The benchmarked kernels, written once in Triton's spelling: with BENCH_RUNTIME=triton they are
upstream Triton kernels, otherwise Nereid kernels (through the nereid.triton compatibility
names). bench/interpreter.py runs them in the interpreters, bench/gpu.py on a GPU."""

import os

if os.environ.get("BENCH_RUNTIME") == "triton":
    import triton
    import triton.language as tl
    from triton.tools.tensor_descriptor import TensorDescriptor
else:
    import nereid.triton as triton
    import nereid.triton.language as tl
    from nereid.triton.tools.tensor_descriptor import TensorDescriptor


@triton.jit
def add_kernel(x_ptr, y_ptr, output_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)
    offsets = pid * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    x = tl.load(x_ptr + offsets, mask=mask)
    y = tl.load(y_ptr + offsets, mask=mask)
    tl.store(output_ptr + offsets, x + y, mask=mask)


@triton.jit
def softmax_kernel(output_ptr, input_ptr, input_row_stride, output_row_stride, n_cols,
                   BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    col_offsets = tl.arange(0, BLOCK_SIZE)
    mask = col_offsets < n_cols
    row_values = tl.load(input_ptr + row * input_row_stride + col_offsets, mask=mask,
                         other=-float("inf"))
    numerator = tl.exp(row_values - tl.max(row_values, axis=0))
    output = numerator / tl.sum(numerator, axis=0)
    tl.store(output_ptr + row * output_row_stride + col_offsets, output, mask=mask)


@triton.jit
def layer_norm_fwd_kernel(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, row_stride, n_cols,
                          eps, BLOCK_SIZE: tl.constexpr):
    """One row per program, in blocks of BLOCK_SIZE: its mean, then its variance, then
    y = (x - mean) * rstd * w + b (the layer-norm tutorial's forward pass)."""
    row = tl.program_id(0)
    x_ptr += row * row_stride
    y_ptr += row * row_stride
    total = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        total += tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    mean = tl.sum(total, axis=0) / n_cols
    squares = tl.zeros([BLOCK_SIZE], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        x = tl.load(x_ptr + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        centered = tl.where(cols < n_cols, x - mean, 0.0)
        squares += centered * centered
    rstd = 1 / tl.sqrt(tl.sum(squares, axis=0) / n_cols + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for start in range(0, n_cols, BLOCK_SIZE):
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < n_cols
        x = tl.load(x_ptr + cols, mask=mask, other=0.0).to(tl.float32)
        y = (x - mean) * rstd * tl.load(w_ptr + cols, mask=mask) + tl.load(b_ptr + cols, mask=mask)
        tl.store(y_ptr + cols, y, mask=mask)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn,
                  stride_cm, stride_cn, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    """c (M x N, f16) = a (M x K) @ b (K x N), one BLOCK_M x BLOCK_N tile per program, the
    programs grouped GROUP_M tiles along M at a time so that neighbours share tiles of b in the
    cache, the tiles of a and b advanced along K by plain pointer arithmetic (the matmul
    tutorial's kernel, for sizes that the blocks divide)."""
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    group = pid // (GROUP_M * tiles_n)
    first_m = group * GROUP_M
    group_m = min(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % (GROUP_M * tiles_n)) % group_m
    tile_n = (pid % (GROUP_M * tiles_n)) // group_m
    rm = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(tl.load(a_ptrs), tl.load(b_ptrs), acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(tl.float16))


@triton.jit
def matmul_descriptor_kernel(a_desc, b_desc, c_ptr, M, N, K, stride_cm, stride_cn,
                             BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                             BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr):
    """matmul_kernel with a and b read through host-side tensor descriptors
    (TensorDescriptor.from_tensor(a, [BLOCK_M, BLOCK_K]) and (b, [BLOCK_K, BLOCK_N])), which
    both compilers copy with TMA on Hopper."""
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    group = pid // (GROUP_M * tiles_n)
    first_m = group * GROUP_M
    group_m = min(tiles_m - first_m, GROUP_M)
    tile_m = first_m + (pid % (GROUP_M * tiles_n)) % group_m
    tile_n = (pid % (GROUP_M * tiles_n)) // group_m
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([tile_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([k * BLOCK_K, tile_n * BLOCK_N])
        acc = tl.dot(a, b, acc)
    rm = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    rn = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :] * stride_cn, acc.to(tl.float16))


@triton.jit
def attention_fwd_kernel(q_ptr, k_ptr, v_ptr, out_ptr, sm_scale, N_CTX, BLOCK_M: tl.constexpr,
                         BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr):
    """Flash attention forward, not causal, of contiguous (batch, heads, N_CTX, HEAD_DIM) f16
    tensors whose N_CTX the blocks divide: a BLOCK_M block of one head's queries per program,
    its keys and values streamed BLOCK_N rows at a time through the online softmax (upstream
    tutorial 06's inner loop, with plain pointers)."""
    head = tl.program_id(1) * N_CTX * HEAD_DIM
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    offs_d = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + head + offs_m[:, None] * HEAD_DIM + offs_d[None, :])
    k_ptrs = k_ptr + head + offs_d[:, None] + offs_n[None, :] * HEAD_DIM
    v_ptrs = v_ptr + head + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
    m_i = tl.zeros([BLOCK_M], dtype=tl.float32) - float("inf")
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32) + 1.0
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.44269504
    for _ in range(0, N_CTX, BLOCK_N):
        qk = tl.dot(q, tl.load(k_ptrs)) * qk_scale
        m_ij = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.math.exp2(qk - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = tl.dot(p.to(tl.float16), tl.load(v_ptrs), acc * alpha[:, None])
        m_i = m_ij
        k_ptrs += BLOCK_N * HEAD_DIM
        v_ptrs += BLOCK_N * HEAD_DIM
    acc = acc / l_i[:, None]
    tl.store(out_ptr + head + offs_m[:, None] * HEAD_DIM + offs_d[None, :], acc.to(tl.float16))
