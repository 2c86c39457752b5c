"""The NVIDIA argument marshaller, without a device: every parameter lands in its slot with the
kernel ABI's width and encoding, arrays give their CUDA addresses through each protocol, and
arrays that a launch cannot take are errors naming the argument."""

import ctypes
import struct
import types

import ml_dtypes
import numpy as np
import pytest

from nereid.language import dtypes as tl
from nereid_nvidia.marshal import ArgumentMarshaller

rng = np.random.default_rng(26)


def _slot(marshaller, index, c_type):
    return ctypes.cast(marshaller.args[index], ctypes.POINTER(c_type)).contents.value


class CudaArrayInterface:
    """An array in CUDA memory as CuPy and Numba describe one."""

    def __init__(self, address, typestr):
        self.__cuda_array_interface__ = {"data": (address, False), "shape": (4,),
                                         "typestr": typestr, "version": 3, "strides": None}


class FakeTorchCudaTensor:
    """What the marshaller reads of a torch CUDA tensor: device, dtype and data_ptr()."""

    def __init__(self, address, dtype, index):
        self.device = types.SimpleNamespace(type="cuda", index=index)
        self.dtype = dtype
        self._address = address

    def data_ptr(self):
        return self._address


class _DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32),
                ("device_id", ctypes.c_int32), ("ndim", ctypes.c_int32),
                ("dtype", _DLDataType), ("shape", ctypes.c_void_p),
                ("strides", ctypes.c_void_p), ("byte_offset", ctypes.c_uint64)]


class DLPackCudaArray:
    """A DLPack array on CUDA device `device` whose capsule holds a DLTensor made here."""

    def __init__(self, address, byte_offset, code, bits, device=0):
        self.tensor = _DLTensor(address, 2, device, 1, _DLDataType(code, bits, 1), None, None,
                                byte_offset)
        self.device = device

    def __dlpack_device__(self):
        return (2, self.device)

    def __dlpack__(self, stream=None):
        new_capsule = ctypes.pythonapi.PyCapsule_New
        new_capsule.restype = ctypes.py_object
        new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new_capsule(ctypes.addressof(self.tensor), b"dltensor", None)


def _address():
    return int(rng.integers(1, 2**40)) * 256


def test_every_parameter_type_lands_in_its_slot():
    signature = {"x": tl.pointer_type(tl.float32), "flag": tl.int1, "i8": tl.int8,
                 "i16": tl.int16, "i32": tl.int32, "i64": tl.int64, "u64": tl.uint64,
                 "h": tl.float16, "b": tl.bfloat16, "f": tl.float32, "d": tl.float64}
    marshaller = ArgumentMarshaller("k", signature)
    address = _address()
    i8, i16 = int(rng.integers(-128, 128)), int(rng.integers(-2**15, 2**15))
    i32, i64 = int(rng.integers(-2**31, 2**31)), int(rng.integers(-2**63, 2**63))
    u64 = int(rng.integers(0, 2**63)) * 2 + 1
    h, b, f, d = (float(v) for v in rng.standard_normal(4))
    marshaller.pack([CudaArrayInterface(address, "<f4"), True, i8, i16, i32, i64, u64, h, b, f,
                     d])
    assert _slot(marshaller, 0, ctypes.c_uint64) == address
    assert ctypes.sizeof(ctypes.c_uint64) == 8
    assert _slot(marshaller, 1, ctypes.c_uint8) == 1
    assert _slot(marshaller, 2, ctypes.c_int8) == i8
    assert _slot(marshaller, 3, ctypes.c_int16) == i16
    assert _slot(marshaller, 4, ctypes.c_int32) == i32
    assert _slot(marshaller, 5, ctypes.c_int64) == i64
    assert _slot(marshaller, 6, ctypes.c_uint64) == u64
    assert _slot(marshaller, 7, ctypes.c_uint16) == int(np.float16(h).view(np.uint16))
    assert _slot(marshaller, 8, ctypes.c_uint16) == \
        int(np.array(b, ml_dtypes.bfloat16).view(np.uint16))
    assert _slot(marshaller, 9, ctypes.c_uint32) == struct.unpack("<I", struct.pack("<f", f))[0]
    assert _slot(marshaller, 10, ctypes.c_uint64) == struct.unpack("<Q", struct.pack("<d", d))[0]


def test_a_launch_reuses_the_slots():
    marshaller = ArgumentMarshaller("k", {"x": tl.pointer_type(tl.int32), "n": tl.int32})
    slots = list(marshaller.args)
    for _ in range(3):
        address, n = _address(), int(rng.integers(1, 2**31))
        marshaller.pack([FakeTorchCudaTensor(address, np.dtype(np.int32), 0), n])
        assert list(marshaller.args) == slots
        assert (_slot(marshaller, 0, ctypes.c_uint64), _slot(marshaller, 1, ctypes.c_int32)) == \
            (address, n)


def test_dlpack_cuda_array_gives_its_address_and_offset():
    marshaller = ArgumentMarshaller("k", {"x": tl.pointer_type(tl.float16)})
    address, offset = _address(), int(rng.integers(1, 64)) * 2
    marshaller.pack([DLPackCudaArray(address, offset, code=2, bits=16)])
    assert _slot(marshaller, 0, ctypes.c_uint64) == address + offset


@pytest.mark.parametrize("value,error,message", [
    (np.zeros(4, np.float32), ValueError, "argument `x` of kernel `k` is not in CUDA memory"),
    (FakeTorchCudaTensor(4096, np.dtype(np.int32), 0), TypeError,
     "argument `x` of kernel `k` must be an array of float32; got an array of int32"),
    (FakeTorchCudaTensor(4096, np.dtype(np.float32), 1), ValueError,
     "argument `x` of kernel `k` is on CUDA device 1, but the launch runs on the current "
     "device, 0"),
    (CudaArrayInterface(4096, "<f8"), TypeError, "must be an array of float32; got an array of "
                                                 "float64"),
    (DLPackCudaArray(4096, 0, code=2, bits=32, device=3), ValueError, "is on CUDA device 3"),
    (DLPackCudaArray(4096, 0, code=5, bits=64), TypeError, "DLPack dtype \\(code 5"),
    (3.0, TypeError, "argument `x` of kernel `k` is a pointer to float32; got float 3.0"),
], ids=["host", "dtype", "device", "cai-dtype", "dlpack-device", "dlpack-complex", "number"])
def test_arrays_a_launch_cannot_take(value, error, message):
    marshaller = ArgumentMarshaller("k", {"x": tl.pointer_type(tl.float32)})
    with pytest.raises(error, match=message):
        marshaller.pack([value])


def test_wrong_count_and_out_of_range_scalars():
    marshaller = ArgumentMarshaller("k", {"n": tl.int32, "flag": tl.int1})
    with pytest.raises(TypeError, match="kernel `k` takes 2 arguments \\(n, flag\\); got 1"):
        marshaller.pack([1])
    with pytest.raises(ValueError, match="argument `n` of kernel `k` has type int32; 2147483648 "
                                         "is out of its range"):
        marshaller.pack([2**31, True])
    with pytest.raises(ValueError, match="argument `flag` of kernel `k` has type int1; 2 is out"):
        marshaller.pack([0, 2])
