"""Shape ops, histograms and block pointers (docs/semantics.md, Shapes and Tensor descriptors):
they move or count elements without computing on them, so every result must match the
interpreter exactly."""

import numpy as np
import pytest

import nereid
import nereid.language as tl

from kernels.conformance import on_interpreter


@nereid.jit
def shape_ops_kernel(x_ptr, y_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                     SIZE: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    y = tl.load(y_ptr + rm[:, None] * N + rn[None, :])
    # join then split is the identity; the joined tile permuted and flattened is interleave.
    joined = tl.join(x, y)
    a, b = tl.split(joined)
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], a - b)
    tl.store(out_ptr + SIZE + tl.arange(0, 2 * SIZE), tl.reshape(joined, [2 * SIZE]))
    tl.store(out_ptr + 3 * SIZE + tl.arange(0, 2 * SIZE),
             tl.reshape(tl.permute(joined, (2, 0, 1)), [2 * SIZE]))
    tl.store(out_ptr + 5 * SIZE + rn[:, None] * M + rm[None, :], tl.trans(x))
    tl.store(out_ptr + 7 * SIZE + tl.arange(0, 2 * SIZE),
             tl.ravel(tl.interleave(x, y)))


def test_join_split_permute_reshape(conform, rng):
    M, N = 4, 16
    x, y = (rng.integers(-1000, 1000, (M, N)).astype(np.int32) for _ in range(2))
    out = np.zeros(9 * M * N, dtype=np.int32)
    conform(shape_ops_kernel, (1,), x, y, out, M=M, N=N, SIZE=M * N)


@nereid.jit
def flip_kernel(x_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], tl.flip(x, 1))


def test_flip(conform, rng):
    x = rng.integers(-1000, 1000, (4, 16)).astype(np.int32)
    out = np.zeros((4, 16), dtype=np.int32)
    conform(flip_kernel, (1,), x, out, M=4, N=16)


@nereid.jit
def cat_broadcast_kernel(x_ptr, y_ptr, out_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(out_ptr + tl.arange(0, 2 * N), tl.cat(x, y, can_reorder=False))
    outer = tl.expand_dims(x, 1) + tl.expand_dims(y, 0)
    tl.store(out_ptr + 2 * N + offs[:, None] * N + offs[None, :], outer)
    tl.store(out_ptr + 2 * N + N * N + offs, tl.broadcast_to(tl.max(x, axis=0), [N]))


def test_cat_and_broadcast(conform, rng):
    N = 16
    x, y = (rng.standard_normal(N).astype(np.float32) for _ in range(2))
    out = np.zeros(3 * N + N * N, dtype=np.float32)
    conform(cat_broadcast_kernel, (1,), x, y, out, N=N)


@nereid.jit
def gather_kernel(x_ptr, index_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :])
    index = tl.load(index_ptr + rm[:, None] * N + rn[None, :])
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], tl.gather(x, index, 1))


def test_gather(conform, rng):
    M, N = 8, 32
    x = rng.standard_normal((M, N)).astype(np.float32)
    index = rng.integers(0, N, (M, N)).astype(np.int32)
    out = np.zeros((M, N), dtype=np.float32)
    conform(gather_kernel, (1,), x, index, out, M=M, N=N)


@nereid.jit
def gather_axis_kernel(x_ptr, index_ptr, out_ptr, M: tl.constexpr, N: tl.constexpr,
                       IM: tl.constexpr, IN: tl.constexpr, AXIS: tl.constexpr):
    # x is M x N; the indices and the result are IM x IN, which differs from x along AXIS only.
    x = tl.load(x_ptr + tl.arange(0, M)[:, None] * N + tl.arange(0, N)[None, :])
    offsets = tl.arange(0, IM)[:, None] * IN + tl.arange(0, IN)[None, :]
    tl.store(out_ptr + offsets, tl.gather(x, tl.load(index_ptr + offsets), AXIS))


@pytest.mark.parametrize("axis,index_shape", [(0, (4, 16)), (0, (32, 16)), (1, (8, 64)),
                                              (1, (8, 2))])
@pytest.mark.parametrize("dtype,index_dtype", [("float32", "int32"), ("float16", "int64"),
                                               ("int8", "int16"), ("bool", "int32"),
                                               ("float64", "uint8")])
def test_gather_along_either_axis(conform, rng, axis, index_shape, dtype, index_dtype):
    M, N = 8, 16
    if dtype == "bool":
        x = rng.integers(0, 2, (M, N)).astype(np.bool_)
    elif dtype == "int8":
        x = rng.integers(-128, 128, (M, N)).astype(np.int8)
    else:
        x = rng.standard_normal((M, N)).astype(dtype)
    index = rng.integers(0, x.shape[axis], index_shape).astype(index_dtype)
    out = np.zeros(index_shape, dtype=x.dtype)
    conform(gather_axis_kernel, (1,), x, index, out, M=M, N=N, IM=index_shape[0],
            IN=index_shape[1], AXIS=axis)
    np.testing.assert_array_equal(out, np.take_along_axis(x, index.astype(np.int64), axis))


@pytest.mark.xfail_on("nvidia", "an out-of-range index stops an NVIDIA kernel with a device-side "
                      "assert that names the op, the Python line and the thread but not the "
                      "element (test_nvidia_gather.py checks it in a child process); not run, "
                      "as it leaves the CUDA context unusable for the tests after it",
                      run=False)
def test_gather_out_of_range_index_reports_as_the_interpreter(conform, rng):
    # The first element (row-major) whose index is outside the source, its index and the
    # source line; only the name of what ran the kernel differs.
    M, N = 8, 16
    x = rng.standard_normal((M, N)).astype(np.float32)
    index = rng.integers(0, N, (M, N)).astype(np.int32)
    index[2, 5], index[6, 1] = N, -3
    reports = []
    for interpreted in (True, False):
        out = np.zeros((M, N), dtype=np.float32)
        try:
            if interpreted:
                with on_interpreter():
                    gather_axis_kernel[(1,)](x, index, out, M=M, N=N, IM=M, IN=N, AXIS=1)
            else:
                conform.launch(gather_axis_kernel, (1,), x, index, out, M=M, N=N, IM=M, IN=N,
                               AXIS=1)
        except RuntimeError as error:
            reports.append(str(error).replace("the interpreter", "BACKEND")
                           .replace(f"the {conform.backend.upper()} backend", "BACKEND"))
        else:
            reports.append(None)
    assert reports[0] is not None, "the interpreter did not report the index"
    assert ("element [2, 5] has index 16, outside [0, 16) along axis 1" in reports[0]
            and "test_shapes.py" in reports[0]), reports[0]
    assert reports[1] == reports[0]


@nereid.jit
def histogram_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr, BINS: tl.constexpr,
                     MASKED: tl.constexpr):
    offsets = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offsets)
    if MASKED:
        counts = tl.histogram(x, BINS, mask=offsets < n)
    else:
        counts = tl.histogram(x, BINS)
    tl.store(out_ptr + tl.arange(0, BINS), counts)


@pytest.mark.parametrize("block,bins", [(128, 32), (16, 64), (1024, 8), (256, 256)])
@pytest.mark.parametrize("dtype", ["int32", "int8", "int64", "uint8"])
@pytest.mark.parametrize("masked", [False, True])
def test_histogram(conform, rng, block, bins, dtype, masked):
    # Values below 0 and from `bins` on are not counted (an uint8 reads as signed: 200 is -56),
    # nor are the elements that the mask leaves out.
    info = np.iinfo(dtype)
    x = rng.integers(max(info.min, -bins), min(info.max, 2 * bins) + 1, block).astype(dtype)
    n = int(rng.integers(0, block + 1))
    out = np.full(bins, -1, dtype=np.int32)
    conform(histogram_kernel, (1,), x, out, n, BLOCK=block, BINS=bins, MASKED=masked)
    values = x.view(np.int8) if dtype == "uint8" else x
    values = values[:n] if masked else values
    values = values[(values >= 0) & (values < bins)].astype(np.int64)
    np.testing.assert_array_equal(out, np.bincount(values, minlength=bins))


@nereid.jit
def block_pointer_kernel(x_ptr, out_ptr, rows, cols, stride, BM: tl.constexpr,
                         BN: tl.constexpr):
    # A block pointer walked along the columns; out-of-shape elements read as zero.
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, shape=(rows, cols), strides=(stride, 1),
                            offsets=(pid * BM, 0), block_shape=(BM, BN), order=(1, 0))
    dst = tl.make_block_ptr(out_ptr, shape=(rows, cols), strides=(cols, 1),
                            offsets=(pid * BM, 0), block_shape=(BM, BN), order=(1, 0))
    for _ in range(0, cols, BN):
        tile = tl.load(src, boundary_check=(0, 1), padding_option="zero")
        tl.store(dst, tile * 2, boundary_check=(0, 1))
        src = tl.advance(src, (0, BN))
        dst = tl.advance(dst, (0, BN))


def test_block_pointers(conform, rng):
    rows, cols = 37, 70
    storage = rng.standard_normal((rows, cols + 2)).astype(np.float32)
    out = np.zeros((rows, cols), dtype=np.float32)
    conform(block_pointer_kernel, (nereid.cdiv(rows, 16),), storage, out, rows, cols,
            storage.shape[1], BM=16, BN=32)


@nereid.jit
def descriptor_kernel(x_ptr, out_ptr, rows, cols, BM: tl.constexpr, BN: tl.constexpr):
    src = tl.make_tensor_descriptor(x_ptr, shape=[rows, cols], strides=[cols, 1],
                                    block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(out_ptr, shape=[rows, cols], strides=[cols, 1],
                                    block_shape=[BM, BN])
    m = tl.program_id(0) * BM
    for n in range(0, cols, BN):
        dst.store([m, n], src.load([m, n]) + 1)


def test_tensor_descriptors(conform, rng):
    rows, cols = 40, 96
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    out = np.zeros((rows, cols), dtype=np.float32)
    conform(descriptor_kernel, (nereid.cdiv(rows, 16),), x, out, rows, cols, BM=16, BN=32)


@nereid.jit
def descriptor_window_kernel(x_ptr, tile_ptr, out_ptr, rows, cols, row_stride, col_stride,
                             start_row, start_col, BM: tl.constexpr, BN: tl.constexpr):
    # One block of a strided x at (start_row, start_col), which may reach past any edge: it is
    # stored whole to `tile`, and plus one through a descriptor of `out` at the same place.
    src = tl.make_tensor_descriptor(x_ptr, shape=[rows, cols], strides=[row_stride, col_stride],
                                    block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(out_ptr, shape=[rows, cols], strides=[cols, 1],
                                    block_shape=[BM, BN])
    block = src.load([start_row, start_col])
    tl.store(tile_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :], block)
    dst.store([start_row, start_col], block + 1)


@pytest.mark.parametrize("start", [(0, 0), (-3, 5), (30, 90), (-20, -40), (41, 0)])
@pytest.mark.parametrize("dtype,col_stride", [("float32", 1), ("float16", 2), ("int8", 3)])
def test_tensor_descriptor_window_past_the_edges(conform, rng, start, dtype, col_stride):
    rows, cols, BM, BN = 37, 100, 16, 32
    if dtype == "int8":
        storage = rng.integers(-100, 100, (rows, cols * col_stride)).astype(np.int8)
    else:
        storage = rng.standard_normal((rows, cols * col_stride)).astype(dtype)
    tile = np.full((BM, BN), 7, dtype=storage.dtype)
    out = rng.integers(-50, 50, (rows, cols)).astype(storage.dtype)
    expected_out = out.copy()
    conform(descriptor_window_kernel, (1,), storage, tile, out, rows, cols, cols * col_stride,
            col_stride, start[0], start[1], BM=BM, BN=BN)
    # numpy: the window of x = storage[:, ::col_stride], zero outside it.
    x = storage[:, ::col_stride]
    expected_tile = np.zeros((BM, BN), dtype=storage.dtype)
    r = np.arange(BM)[:, None] + start[0]
    c = np.arange(BN)[None, :] + start[1]
    inside = (r >= 0) & (r < rows) & (c >= 0) & (c < cols)
    expected_tile[inside] = x[np.broadcast_to(r, inside.shape)[inside],
                              np.broadcast_to(c, inside.shape)[inside]]
    expected_out[np.broadcast_to(r, inside.shape)[inside],
                 np.broadcast_to(c, inside.shape)[inside]] = expected_tile[inside] + 1
    np.testing.assert_array_equal(tile, expected_tile)
    np.testing.assert_array_equal(out, expected_out)
