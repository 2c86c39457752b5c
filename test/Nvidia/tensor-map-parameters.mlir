// RUN: nereid-opt %s --split-input-file --nvidia-tensor-map-parameters --verify-diagnostics | FileCheck %s

// The loads of a descriptor made of parameters read a new parameter, the tensor map, which the
// launcher encodes as its attribute says: base, shape and strides (constants, or parameters
// "%N": %k's stride is a multiple of 8 f16, 16 bytes, by its specialization), the box of one
// copy and the swizzle. The descriptor's store keeps it and takes pointers.

// CHECK-LABEL: tt.func public @loads_and_a_store
// CHECK-SAME: %arg4: !tt.tensordesc<tensor<64x128xf16>> {nvidia.tensor_map = {base = "%0", box = [64, 64], element_bytes = 2 : i64, shape = ["%2", "%3"], strides = ["%3", 1], swizzle = 128 : i64}}
// CHECK: %[[D:.*]] = tt.make_tensor_descriptor %arg0
// CHECK: tt.descriptor_load %arg4
// CHECK: tt.descriptor_load %arg4
// CHECK: tt.descriptor_store %[[D]]
tt.func public @loads_and_a_store(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<f16>, %m: i32, %k: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %ks = arith.extsi %k : i32 to i64
  %d = tt.make_tensor_descriptor %a, [%m, %k], [%ks, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x128xf16>>
  %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
  %u = tt.descriptor_load %d[%m, %c0] : !tt.tensordesc<tensor<64x128xf16>> -> tensor<64x128xf16>
  %s = arith.addf %t, %u : tensor<64x128xf16>
  tt.descriptor_store %d[%c0, %c0], %s : !tt.tensordesc<tensor<64x128xf16>>, tensor<64x128xf16>
  tt.return
}

// -----

// A host-side descriptor: its shape and strides are constants; 16 f32 columns (64 bytes)
// swizzle by 64 bytes.
// CHECK-LABEL: tt.func public @constants
// CHECK-SAME: {nvidia.tensor_map = {base = "%0", box = [32, 16], element_bytes = 4 : i64, shape = [100, 48], strides = [48, 1], swizzle = 64 : i64}}
tt.func public @constants(%a: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c100 = arith.constant 100 : i32
  %c48 = arith.constant 48 : i32
  %c48l = arith.constant 48 : i64
  %c1 = arith.constant 1 : i64
  %d = tt.make_tensor_descriptor %a, [%c100, %c48], [%c48l, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<32x16xf32>>
  %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<32x16xf32>> -> tensor<32x16xf32>
  tt.return
}

// -----

// What the copy engine or the launcher cannot take keeps the pointer fallback, with a remark
// that says why.
// CHECK-LABEL: tt.func public @refused
// CHECK-SAME: (%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16>, %arg2: i32, %arg3: i32 {tt.divisibility = 16 : i32})
// CHECK-NOT: nvidia.tensor_map
tt.func public @refused(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<f16>, %m: i32, %k: i32 {tt.divisibility = 16 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %c2i = arith.constant 2 : i32
  %c60 = arith.constant 60 : i64
  %ks = arith.extsi %k : i32 to i64
  %m2 = arith.muli %m, %c2i : i32
  // expected-remark @below {{loads of this descriptor take pointers: its base is not known to be 16-byte aligned}}
  %unaligned = tt.make_tensor_descriptor %b, [%m, %k], [%ks, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  %t0 = tt.descriptor_load %unaligned[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // expected-remark @below {{loads of this descriptor take pointers: stride 0 is 60, not a multiple of 8}}
  %stride = tt.make_tensor_descriptor %a, [%m, %k], [%c60, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  %t1 = tt.descriptor_load %stride[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  %ms = arith.extsi %m : i32 to i64
  // expected-remark @below {{loads of this descriptor take pointers: stride 0 is parameter 2, not known to be a multiple of 8}}
  %stride2 = tt.make_tensor_descriptor %a, [%m, %k], [%ms, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  %t2 = tt.descriptor_load %stride2[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // expected-remark @below {{loads of this descriptor take pointers: dimension 0 of its shape is computed in the kernel, not a constant or a parameter}}
  %computed = tt.make_tensor_descriptor %a, [%m2, %k], [%ks, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  %t3 = tt.descriptor_load %computed[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // expected-remark @below {{loads of this descriptor take pointers: its last stride is not the constant 1}}
  %last = tt.make_tensor_descriptor %a, [%m, %k], [%ks, %c2] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
  %t4 = tt.descriptor_load %last[%c0, %c0] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
  // expected-remark @below {{loads of this descriptor take pointers: its blocks have 4 rows (the copy engine takes 8 to 256 here)}}
  %rows = tt.make_tensor_descriptor %a, [%m, %k], [%ks, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<4x64xf16>>
  %t5 = tt.descriptor_load %rows[%c0, %c0] : !tt.tensordesc<tensor<4x64xf16>> -> tensor<4x64xf16>
  // expected-remark @below {{loads of this descriptor take pointers: its blocks are 1-D (the copy engine takes 2-D ones here)}}
  %flat = tt.make_tensor_descriptor %a, [%m], [%c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64xf16>>
  %t6 = tt.descriptor_load %flat[%c0] : !tt.tensordesc<tensor<64xf16>> -> tensor<64xf16>
  tt.return
}
