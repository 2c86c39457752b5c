"""Memory: pointer arithmetic, load and store with every option, block pointers and tensor
descriptors."""

import re

import pytest

import nereid
import nereid.language as tl
from frontend_util import MLIR_TYPES, array, count_ops, find_op, has_constant, op_lines, ttir


@nereid.jit
def masked_copy(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=1.5)
    tl.store(y_ptr + offs, x, mask=mask)


def test_masked_load_and_store():
    ir = ttir(masked_copy, array("float32"), array("float32"), 100, BLOCK=64)
    find_op(ir, "tt.addptr", "tensor<64x!tt.ptr<f32>>, tensor<64xi32>")
    find_op(ir, "arith.cmpi", "slt", "tensor<64xi32>")
    assert has_constant(ir, 1.5, "f32")
    # pointer, mask and other
    load = find_op(ir, "tt.load", ": tensor<64x!tt.ptr<f32>>")
    assert re.search(r"tt\.load %\d+, %\d+, %\d+ :", load), load
    store = find_op(ir, "tt.store", ": tensor<64x!tt.ptr<f32>>")
    assert re.search(r"tt\.store %\d+, %\d+, %\d+ :", store), store


@nereid.jit
def scalar_load_store(x_ptr, y_ptr):
    x = tl.load(x_ptr)
    tl.store(y_ptr, x * 2)


def test_scalar_pointer_load_and_store():
    ir = ttir(scalar_load_store, array("float64"), array("float64"))
    find_op(ir, "tt.load", ": !tt.ptr<f64>")
    find_op(ir, "tt.store", ": !tt.ptr<f64>")
    find_op(ir, "arith.mulf", ": f64")


@nereid.jit
def load_with_options(x_ptr, y_ptr, CACHE: tl.constexpr, EVICT: tl.constexpr,
                      VOLATILE: tl.constexpr):
    offs = tl.arange(0, 32)
    x = tl.load(x_ptr + offs, cache_modifier=CACHE, eviction_policy=EVICT, volatile=VOLATILE)
    tl.store(y_ptr + offs, x)


@pytest.mark.parametrize("cache, text", [(".ca", "cacheModifier = ca"),
                                         (".cg", "cacheModifier = cg"),
                                         (".cv", "cacheModifier = cv")])
def test_load_cache_modifier(cache, text):
    ir = ttir(load_with_options, array(), array(), CACHE=cache, EVICT="", VOLATILE=False)
    find_op(ir, "tt.load", text)


@pytest.mark.parametrize("evict", ["evict_first", "evict_last"])
def test_load_eviction_policy(evict):
    ir = ttir(load_with_options, array(), array(), CACHE="", EVICT=evict, VOLATILE=False)
    find_op(ir, "tt.load", f"evictionPolicy = {evict}")


def test_load_all_options_together():
    ir = ttir(load_with_options, array(), array(), CACHE=".cg", EVICT="evict_last",
              VOLATILE=True)
    find_op(ir, "tt.load", "cacheModifier = cg evictionPolicy = evict_last volatile")


def test_load_without_options_has_no_attributes():
    ir = ttir(load_with_options, array(), array(), CACHE="", EVICT="", VOLATILE=False)
    load = find_op(ir, "tt.load")
    for word in ("cacheModifier", "evictionPolicy", "volatile"):
        assert word not in load


@pytest.mark.parametrize("cache", [".xx", ".wb", ".cs"])
def test_load_rejects_cache_modifiers_of_stores(cache):
    # Triton's loads take .ca, .cg and .cv only.
    with pytest.raises(nereid.CompilationError, match="cache modifier"):
        ttir(load_with_options, array(), array(), CACHE=cache, EVICT="", VOLATILE=False)


def test_load_rejects_unknown_eviction_policy():
    with pytest.raises(nereid.CompilationError, match="eviction policy"):
        ttir(load_with_options, array(), array(), CACHE="", EVICT="evict_never",
             VOLATILE=False)


@nereid.jit
def store_with_options(x_ptr, CACHE: tl.constexpr, EVICT: tl.constexpr):
    offs = tl.arange(0, 32)
    tl.store(x_ptr + offs, offs.to(tl.float32), cache_modifier=CACHE, eviction_policy=EVICT)


@pytest.mark.parametrize("cache", ["wb", "cg", "cs", "wt"])
def test_store_cache_modifier(cache):
    ir = ttir(store_with_options, array(), CACHE="." + cache, EVICT="evict_first")
    find_op(ir, "tt.store", f"cacheModifier = {cache}", "evictionPolicy = evict_first")


def test_store_rejects_load_only_cache_modifier():
    with pytest.raises(nereid.CompilationError, match="cache modifier"):
        ttir(store_with_options, array(), CACHE=".ca", EVICT="")


@nereid.jit
def other_without_mask(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, other=0.0))


def test_other_without_mask_is_an_error():
    with pytest.raises(nereid.CompilationError, match="other"):
        ttir(other_without_mask, array(), array())


@nereid.jit
def boundary_check_on_pointer_tensor(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, boundary_check=(0,)))


def test_boundary_check_needs_a_block_pointer():
    # Triton: boundary_check and padding_option apply to block pointers only.
    with pytest.raises(nereid.CompilationError, match="block pointer"):
        ttir(boundary_check_on_pointer_tensor, array(), array())


@nereid.jit
def store_converts_value(y_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    value = offs.to(tl.float32) * 0.5
    tl.store(y_ptr + offs, value)


def test_store_converts_the_value_to_the_pointee_type():
    ir = ttir(store_converts_value, array("float16"), N=16)
    find_op(ir, "arith.truncf", "tensor<16xf32> to tensor<16xf16>")
    find_op(ir, "tt.store", ": tensor<16x!tt.ptr<f16>>")


@nereid.jit
def store_scalar_to_block(y_ptr, N: tl.constexpr):
    tl.store(y_ptr + tl.arange(0, N), 7)


def test_store_of_a_scalar_through_a_block_of_pointers_splats_it():
    ir = ttir(store_scalar_to_block, array("int64"), N=64)
    find_op(ir, "arith.constant", "7 : i64")
    find_op(ir, "tt.splat", "i64 -> tensor<64xi64>")


@nereid.jit
def bool_copy(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x == 0)


def test_bool_memory_is_accessed_as_bytes():
    ir = ttir(bool_copy, array("int1"), array("int1"))
    func = find_op(ir, "tt.func")
    assert "!tt.ptr<i1>" in func
    find_op(ir, "tt.bitcast", "tensor<16x!tt.ptr<i1>> -> tensor<16x!tt.ptr<i8>>")
    find_op(ir, "tt.load", ": tensor<16x!tt.ptr<i8>>")
    find_op(ir, "arith.cmpi", "ne", "tensor<16xi8>")  # bytes back to bool
    find_op(ir, "arith.extui", "tensor<16xi1> to tensor<16xi8>")  # bool to bytes
    find_op(ir, "tt.store", ": tensor<16x!tt.ptr<i8>>")


# Pointer arithmetic ------------------------------------------------------------------------

@nereid.jit
def pointer_arithmetic(x_ptr, OFFSET_DTYPE: tl.constexpr):
    offs = tl.arange(0, 16).to(OFFSET_DTYPE)
    p = x_ptr + offs
    q = offs + x_ptr  # offset + pointer
    tl.store(p, tl.load(q))


@pytest.mark.parametrize("offset", ["int8", "int32", "int64"])
def test_pointer_plus_signed_offsets(offset):
    mlir = MLIR_TYPES[offset]
    ir = ttir(pointer_arithmetic, array(), OFFSET_DTYPE=getattr(tl, offset))
    lines = op_lines(ir, "tt.addptr")
    assert len(lines) == 2
    for line in lines:
        assert line.endswith(f": tensor<16x!tt.ptr<f32>>, tensor<16x{mlir}>"), line


def test_pointer_plus_unsigned_offsets_zero_extends_to_int64():
    # Triton: addptr treats offsets as signed, so unsigned offsets narrower than 64 bits are
    # zero-extended to int64 first.
    ir = ttir(pointer_arithmetic, array(), OFFSET_DTYPE=tl.uint32)
    find_op(ir, "arith.extui", "tensor<16xi32> to tensor<16xi64>")
    lines = op_lines(ir, "tt.addptr")
    assert len(lines) == 2
    for line in lines:
        assert line.endswith(": tensor<16x!tt.ptr<f32>>, tensor<16xi64>"), line


@nereid.jit
def pointer_minus(x_ptr):
    tl.store(x_ptr - 3, 1.0)


def test_pointer_minus_offset_adds_the_negated_offset():
    ir = ttir(pointer_minus, array())
    find_op(ir, "arith.constant", "3 : i32")
    find_op(ir, "arith.subi", ": i32")
    find_op(ir, "tt.addptr", ": !tt.ptr<f32>, i32")


@nereid.jit
def add_two_pointers(x_ptr, y_ptr):
    tl.store(x_ptr + y_ptr, 1.0)


@nereid.jit
def pointer_plus_float(x_ptr):
    tl.store(x_ptr + 1.5, 1.0)


def test_pointer_plus_pointer_is_an_error():
    with pytest.raises(nereid.CompilationError, match="two pointers"):
        ttir(add_two_pointers, array(), array())


def test_pointer_plus_float_is_an_error():
    with pytest.raises(nereid.CompilationError, match="integers"):
        ttir(pointer_plus_float, array())


@nereid.jit
def element_type_kernel(x_ptr, y_ptr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    tl.store(y_ptr + offs, x.to(y_ptr.dtype.element_ty))


def test_pointer_dtype_element_ty():
    ir = ttir(element_type_kernel, array("float32"), array("bfloat16"))
    find_op(ir, "arith.truncf", "tensor<16xf32> to tensor<16xbf16>")


# Block pointers ---------------------------------------------------------------------------

@nereid.jit
def block_ptr_copy(x_ptr, y_ptr, M, N, stride_m, CHECK: tl.constexpr, PADDING: tl.constexpr):
    src = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(stride_m, 1),
                            offsets=(tl.program_id(0) * 16, 0), block_shape=(16, 32),
                            order=(1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, N), (stride_m, 1), (tl.program_id(0) * 16, 0), (16, 32),
                            (1, 0))
    tile = tl.load(src, boundary_check=CHECK, padding_option=PADDING)
    tl.store(dst, tile, boundary_check=CHECK)


def test_block_pointer_load_with_boundary_check_on_both_dims():
    ir = ttir(block_ptr_copy, array(), array(), 40, 50, 50, CHECK=(0, 1), PADDING="zero")
    load = find_op(ir, "tt.load", ": tensor<16x32x!tt.ptr<f32>>")
    assert re.search(r"tt\.load %\d+, %\d+, %\d+ :", load), load  # pointers, mask, other
    store = find_op(ir, "tt.store", ": tensor<16x32x!tt.ptr<f32>>")
    assert re.search(r"tt\.store %\d+, %\d+, %\d+ :", store), store
    # Each checked dimension compares its indices (int64) with 0 and with the shape.
    assert len(op_lines(ir, "arith.cmpi")) >= 4
    find_op(ir, "arith.cmpi", "slt", "xi64>")
    find_op(ir, "arith.cmpi", "sge", "xi64>")
    assert has_constant(ir, 0.0, "f32")


def test_block_pointer_padding_nan():
    ir = ttir(block_ptr_copy, array(), array(), 40, 50, 50, CHECK=(1,), PADDING="nan")
    find_op(ir, "arith.constant", "0x7FC00000 : f32")


def test_block_pointer_checks_only_the_dimensions_asked():
    ir_one = ttir(block_ptr_copy, array(), array(), 40, 50, 50, CHECK=(1,), PADDING="zero")
    ir_two = ttir(block_ptr_copy, array(), array(), 40, 50, 50, CHECK=(0, 1), PADDING="zero")
    assert count_ops(ir_one, "arith.cmpi") < count_ops(ir_two, "arith.cmpi")


def test_block_pointer_without_boundary_check_is_unmasked():
    ir = ttir(block_ptr_copy, array(), array(), 40, 50, 50, CHECK=(), PADDING="")
    load = find_op(ir, "tt.load", ": tensor<16x32x!tt.ptr<f32>>")
    assert re.search(r"tt\.load %\d+ :", load), load
    store = find_op(ir, "tt.store")
    assert re.search(r"tt\.store %\d+, %\d+ :", store), store


def test_block_pointer_rejects_unknown_padding():
    with pytest.raises(nereid.CompilationError, match="padding_option"):
        ttir(block_ptr_copy, array(), array(), 40, 50, 50, CHECK=(0,), PADDING="one")


@nereid.jit
def block_ptr_loop(a_ptr, out_ptr, M, K, stride_m, BLOCK_K: tl.constexpr):
    a = tl.make_block_ptr(a_ptr, (M, K), (stride_m, 1), (0, 0), (16, BLOCK_K), (1, 0))
    acc = tl.zeros((16, BLOCK_K), dtype=tl.float32)
    for _ in range(0, K, BLOCK_K):
        acc += tl.load(a, boundary_check=(0, 1))
        a = tl.advance(a, (0, BLOCK_K))
    out = tl.make_block_ptr(out_ptr, (M, BLOCK_K), (BLOCK_K, 1), (0, 0), (16, BLOCK_K), (1, 0))
    tl.store(out, acc)


def test_block_pointer_advanced_in_a_loop_is_loop_carried():
    ir = ttir(block_ptr_loop, array(), array(), 16, 64, 64, BLOCK_K=32)
    loop = find_op(ir, "scf.for", "iter_args")
    assert "tensor<16x32xf32>" in loop
    # The offsets travel through the loop as int32 scalars; advance adds to them.
    assert ", i32" in loop.split("->")[1]
    find_op(ir, "arith.addi", ": i32")


@nereid.jit
def block_ptr_bad_rank(x_ptr):
    p = tl.make_block_ptr(x_ptr, (16, 16), (16, 1), (0,), (16, 16), (1, 0))
    tl.store(p, tl.zeros((16, 16), tl.float32))


def test_block_pointer_needs_one_entry_per_dimension():
    with pytest.raises(nereid.CompilationError, match="one entry per dimension"):
        ttir(block_ptr_bad_rank, array())


# Tensor descriptors -----------------------------------------------------------------------

@nereid.jit
def descriptor_copy(x_ptr, y_ptr, M, N, USE_FUNCTIONS: tl.constexpr):
    src = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[16, 32])
    dst = tl.make_tensor_descriptor(y_ptr, [M, N], [N, 1], [16, 32])
    row = tl.program_id(0) * 16
    if USE_FUNCTIONS:
        tile = tl.load_tensor_descriptor(src, [row, 0])
        tl.store_tensor_descriptor(dst, [row, 0], tile * 2)
    else:
        tile = src.load([row, 0])
        dst.store([row, 0], tile * 2)


@pytest.mark.parametrize("use_functions", [False, True])
def test_tensor_descriptor_load_and_store(use_functions):
    ir = ttir(descriptor_copy, array("float16"), array("float16"), 64, 64,
              USE_FUNCTIONS=use_functions)
    assert count_ops(ir, "tt.make_tensor_descriptor") == 2
    make = find_op(ir, "tt.make_tensor_descriptor")
    assert re.search(r"\[%\d+, %\d+\], \[%\d+, %\d+\]", make), make
    assert make.endswith(": !tt.ptr<f16>, !tt.tensordesc<tensor<16x32xf16>>")
    find_op(ir, "tt.descriptor_load", "!tt.tensordesc<tensor<16x32xf16>> -> tensor<16x32xf16>")
    find_op(ir, "tt.descriptor_store", "!tt.tensordesc<tensor<16x32xf16>>, tensor<16x32xf16>")
    find_op(ir, "arith.mulf", "tensor<16x32xf16>")


@nereid.jit
def descriptor_wrong_offsets(x_ptr):
    desc = tl.make_tensor_descriptor(x_ptr, [16, 16], [16, 1], [16, 16])
    desc.load([0])


def test_tensor_descriptor_needs_one_offset_per_dimension():
    with pytest.raises(nereid.CompilationError, match="2 offsets"):
        ttir(descriptor_wrong_offsets, array())
