"""The argument marshaller: every parameter type lands in its slot with the ABI's width and
encoding, `args[i]` points at slot i, and a repeated launch reuses the same slots."""

import ctypes
import types

import ml_dtypes
import numpy as np
import pytest

from nereid.language import dtypes as tl
from nereid_cpu.marshal import ArgumentMarshaller

# (parameter type, value passed, C type read back from the slot, value expected there)
CASES = [
    (tl.int1, True, ctypes.c_uint8, 1),
    (tl.int1, np.bool_(True), ctypes.c_uint8, 1),
    (tl.int8, -128, ctypes.c_int8, -128),
    (tl.int16, np.int16(-3), ctypes.c_int16, -3),
    (tl.int32, 2**31 - 1, ctypes.c_int32, 2**31 - 1),
    (tl.int64, -2**63, ctypes.c_int64, -2**63),
    (tl.uint8, 255, ctypes.c_uint8, 255),
    (tl.uint16, 65535, ctypes.c_uint16, 65535),
    (tl.uint32, 2**32 - 1, ctypes.c_uint32, 2**32 - 1),
    (tl.uint64, 2**64 - 1, ctypes.c_uint64, 2**64 - 1),
    (tl.float16, 1.5, ctypes.c_uint16, int(np.array(1.5, np.float16).view(np.uint16))),
    (tl.bfloat16, -2.5, ctypes.c_uint16,
     int(np.array(-2.5, ml_dtypes.bfloat16).view(np.uint16))),
    (tl.float32, 0.1, ctypes.c_float, float(np.float32(0.1))),
    (tl.float32, 3, ctypes.c_float, 3.0),
    (tl.float64, 0.1, ctypes.c_double, 0.1),
]


def _slot_value(marshaller, index, c_type):
    address = marshaller.args[index]
    return ctypes.cast(address, ctypes.POINTER(c_type)).contents.value


@pytest.mark.parametrize("ty,value,c_type,expected", CASES, ids=lambda case: str(case))
def test_scalars_land_in_their_slots(ty, value, c_type, expected):
    marshaller = ArgumentMarshaller("k", {"x": ty})
    marshaller.pack([value])
    assert _slot_value(marshaller, 0, c_type) == expected


@pytest.mark.parametrize("ty,value", [(tl.int1, 2), (tl.int8, 128), (tl.uint8, -1),
                                      (tl.uint64, 2**64), (tl.int64, 2**63)])
def test_integers_out_of_range_are_rejected(ty, value):
    with pytest.raises(ValueError, match=f"argument `x` of kernel `k` has type {ty}; "
                                         f"{value} is out of its range"):
        ArgumentMarshaller("k", {"x": ty}).pack([value])


def test_bool_is_not_a_float():
    with pytest.raises(TypeError, match="has type float32; got bool"):
        ArgumentMarshaller("k", {"x": tl.float32}).pack([True])


@pytest.mark.parametrize("array", [np.zeros(3, ml_dtypes.bfloat16), np.zeros(3, np.bool_),
                                   np.zeros((2, 3), np.float16)])
def test_pointer_slots_hold_the_address(array):
    element = {"bfloat16": tl.bfloat16, "bool": tl.int1, "float16": tl.float16}[array.dtype.name]
    marshaller = ArgumentMarshaller("k", {"p": tl.pointer_type(element), "n": tl.int32})
    marshaller.pack([array, 7])
    assert _slot_value(marshaller, 0, ctypes.c_void_p) == array.ctypes.data
    assert _slot_value(marshaller, 1, ctypes.c_int32) == 7


def test_a_second_pack_reuses_the_slots():
    marshaller = ArgumentMarshaller("k", {"p": tl.pointer_type(tl.float32), "n": tl.int32})
    first, second = np.zeros(4, np.float32), np.zeros(8, np.float32)
    marshaller.pack([first, 1])
    addresses = list(marshaller.args)
    marshaller.pack([second, 2])
    assert list(marshaller.args) == addresses
    assert _slot_value(marshaller, 0, ctypes.c_void_p) == second.ctypes.data
    assert _slot_value(marshaller, 1, ctypes.c_int32) == 2


def test_device_memory_is_rejected():
    class CudaArray:
        __cuda_array_interface__ = {"data": (0, False), "shape": (1,), "typestr": "<f4"}

    with pytest.raises(ValueError, match="argument `p` of kernel `k` is in GPU memory"):
        ArgumentMarshaller("k", {"p": tl.pointer_type(tl.float32)}).pack([CudaArray()])


def test_an_unsupported_parameter_type_is_named():
    with pytest.raises(TypeError, match="argument `x` of kernel `k` has type float8e5"):
        ArgumentMarshaller("k", {"x": tl.float8e5})


@pytest.mark.parametrize("make", [
    lambda: np.zeros(0, np.float32),
    lambda: np.frombuffer(bytes(16), np.float32),  # read-only
], ids=["empty", "read-only"])
def test_arrays_off_the_quick_path_pass_their_address(make):
    array = make()
    marshaller = ArgumentMarshaller("k", {"p": tl.pointer_type(tl.float32)})
    marshaller.pack([array])
    marshaller.pack([array])  # a second time, with the dtype already accepted
    assert _slot_value(marshaller, 0, ctypes.c_void_p) == (array.ctypes.data or None)


@pytest.mark.parametrize("array", [np.zeros((4, 4))[:, ::2], np.zeros((4, 4)).T, np.zeros(0),
                                   np.frombuffer(bytes(8)), np.zeros(3)[1:]],
                         ids=["strided", "transposed", "empty", "read-only", "offset"])
def test_ndarray_address_is_the_first_element(array):
    from nereid.runtime.arguments import ndarray_address

    assert ndarray_address(array) == array.ctypes.data


class _FakeTorchDtype:
    def __str__(self):
        return "torch.float32"

    def __hash__(self):
        return hash(str(self))

    def __eq__(self, other):
        return str(other) == str(self)


class _FakeTensor:
    """Stands in for a torch tensor (torch is not installed here): what the marshaller reads of
    one, over a numpy array."""

    dtype = _FakeTorchDtype()

    def __init__(self, array, device="cpu"):
        self.array = array
        self.device = types.SimpleNamespace(type=device)

    def data_ptr(self):
        return self.array.ctypes.data


@pytest.mark.parametrize("tensor,error", [
    (_FakeTensor(np.zeros(4, np.float32)), None),
    (_FakeTensor(np.zeros(4, np.float32), device="cuda"), "is in cuda memory"),
    (_FakeTensor(np.zeros(8, np.float32)[::2]), None),
], ids=["cpu", "cuda", "strided"])
def test_torch_tensors(tensor, error):
    marshaller = ArgumentMarshaller("k", {"p": tl.pointer_type(tl.float32)})
    if error is None:
        marshaller.pack([tensor])
        assert _slot_value(marshaller, 0, ctypes.c_void_p) == tensor.array.ctypes.data
    else:
        with pytest.raises(ValueError, match=f"argument `p` of kernel `k` {error}"):
            marshaller.pack([tensor])


def test_torch_tensors_of_another_dtype_are_rejected():
    marshaller = ArgumentMarshaller("k", {"p": tl.pointer_type(tl.int32)})
    with pytest.raises(TypeError, match="must be an array of int32; got an array of "
                                        "torch.float32"):
        marshaller.pack([_FakeTensor(np.zeros(4, np.float32))])
