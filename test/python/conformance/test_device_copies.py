"""The conformance suite's device copies (kernels/conformance.py's `on_device`), which carry the
numpy arrays of a test to a backend that runs on device memory and back. Checked here with
torch's CPU device standing in for a GPU: what a copy must keep is the same on both."""

import numpy as np
import pytest

from kernels.conformance import on_device

torch = pytest.importorskip("torch")


def test_views_of_one_buffer_stay_views_of_one_copy_with_their_strides_and_alignment():
    rng = np.random.default_rng()
    base = rng.standard_normal((6, 10)).astype(np.float32)
    padded_rows, row = base[1:5, 2:8], base[3]  # overlapping views, one with padded rows
    moved, copy_back = on_device({"x": padded_rows, "y": row, "n": 7}, "cpu")
    x, y = moved["x"], moved["y"]
    assert moved["n"] == 7
    assert x.stride() == (10, 1) and y.stride() == (1,)
    for array, tensor in ((padded_rows, x), (row, y)):
        np.testing.assert_array_equal(tensor.numpy(), array)
        assert tensor.data_ptr() % 256 == array.ctypes.data % 256
    assert y.data_ptr() - x.data_ptr() == row.ctypes.data - padded_rows.ctypes.data
    x[2, 0] = 1234.0  # base[3, 2], which y sees too
    assert y[2] == 1234.0
    copy_back()
    assert base[3, 2] == 1234.0 and row[2] == 1234.0


def test_element_types_and_empty_arrays_keep_their_dtype():
    import ml_dtypes

    values = {"b": np.arange(8).astype(ml_dtypes.bfloat16), "e": np.zeros(0, np.int16),
              "f": np.arange(4).astype(ml_dtypes.float8_e4m3fn),
              "u": np.arange(3, dtype=np.uint32)}
    moved, _ = on_device(values, "cpu")
    assert [moved[k].dtype for k in "befu"] == [torch.bfloat16, torch.int16,
                                               torch.float8_e4m3fn, torch.uint32]
    np.testing.assert_array_equal(moved["b"].float().numpy(), values["b"].astype(np.float32))


def test_what_torch_cannot_view_stays_for_the_backend_to_refuse():
    reversed_view = np.arange(10, dtype=np.float32)[::-1]
    moved, _ = on_device({"x": reversed_view}, "cpu")
    assert moved["x"] is reversed_view


def test_read_only_arrays_are_not_written_back():
    data = np.frombuffer(np.arange(4, dtype=np.int32).tobytes(), dtype=np.int32)
    moved, copy_back = on_device({"x": data}, "cpu")
    moved["x"].fill_(-1)
    copy_back()
    np.testing.assert_array_equal(data, np.arange(4))


def test_a_dtype_torch_lacks_goes_as_its_bits_reinterpreted():
    import ml_dtypes

    import nereid.language as tl
    from nereid.runtime.reinterpret import TensorWrapper

    rng = np.random.default_rng()
    x = rng.standard_normal(16).astype(ml_dtypes.float8_e4m3b11fnuz)
    moved, copy_back = on_device({"x": x}, "cpu")
    assert isinstance(moved["x"], TensorWrapper) and moved["x"].dtype == tl.float8e4b15
    np.testing.assert_array_equal(moved["x"].base.numpy(), x.view(np.uint8))
    moved["x"].base[3] = 0x58  # 1.0 in e4m3b11fnuz (exponent bias 11)
    copy_back()
    assert x[3] == 1.0
