"""The benchmarked kernels, written once in Triton's spelling: with BENCH_RUNTIME=triton they are
upstream Triton kernels, otherwise Nereid kernels (through the nereid.triton compatibility
names). bench/interpreter.py runs them in the interpreters, bench/gpu.py on a GPU."""

import os

if os.environ.get("BENCH_RUNTIME") == "triton":
    import triton
    import triton.language as tl
else:
    import nereid.triton as triton
    import nereid.triton.language as tl


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
