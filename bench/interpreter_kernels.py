"""The benchmarked kernels, written once in Triton's spelling: with BENCH_RUNTIME=triton they are
upstream Triton kernels, otherwise Nereid kernels (through the nereid.triton compatibility
names)."""

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
