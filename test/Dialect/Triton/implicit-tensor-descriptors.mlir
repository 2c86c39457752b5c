// RUN: nereid-opt %s --split-input-file --tt-implicit-tensor-descriptors --canonicalize | FileCheck %s

// The tutorial matmul's pattern: a 64 x 32 tile of rows row0 + i (stride %stride) and columns
// j (stride %one, which the launch specializes as 1), advanced by 32 columns each iteration,
// becomes a descriptor load at [row0, 32 k]; the pointer iter arg goes.
// CHECK-LABEL: tt.func public @advanced_in_a_loop
// CHECK: %[[STRIDE:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK: %[[D:.*]] = tt.make_tensor_descriptor %arg0, [%c2147483647_i32, %c2147483647_i32], [%[[STRIDE]], %c1_i64]
// CHECK: scf.for %[[K:.*]] = %c0_i32 to %arg3 step %c1_i32 iter_args(%{{.*}} = %{{.*}}) -> (tensor<64x32xf16>)
// CHECK:   %[[COLUMN:.*]] = arith.muli %[[K]], %c32_i32
// CHECK:   tt.descriptor_load %[[D]][%arg4, %[[COLUMN]]] {nereid.implicit_descriptor = "rewritten"}
// CHECK-NOT: tt.addptr
tt.func public @advanced_in_a_loop(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}, %one: i32 {tt.equal_to = 1 : i32}, %n: i32, %row0: i32) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range_r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %rows = arith.addi %row0s, %range_r : tensor<64xi32>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %strides = tt.splat %stride : i32 -> tensor<64x1xi32>
  %row_offsets = arith.muli %rows2, %strides : tensor<64x1xi32>
  %range_c = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %cols2 = tt.expand_dims %range_c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ones = tt.splat %one : i32 -> tensor<1x32xi32>
  %col_offsets = arith.muli %cols2, %ones : tensor<1x32xi32>
  %base = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
  %row_ptrs = tt.addptr %base, %row_offsets : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
  %row_ptrs2 = tt.broadcast %row_ptrs : tensor<64x1x!tt.ptr<f16>> -> tensor<64x32x!tt.ptr<f16>>
  %col_offsets2 = tt.broadcast %col_offsets : tensor<1x32xi32> -> tensor<64x32xi32>
  %ptrs = tt.addptr %row_ptrs2, %col_offsets2 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %zero = arith.constant dense<0.0> : tensor<64x32xf16>
  %advance = arith.constant dense<32> : tensor<64x32xi32>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%p = %ptrs, %acc = %zero) -> (tensor<64x32x!tt.ptr<f16>>, tensor<64x32xf16>) : i32 {
    %tile = tt.load %p : tensor<64x32x!tt.ptr<f16>>
    %sum = arith.addf %acc, %tile : tensor<64x32xf16>
    %next = tt.addptr %p, %advance : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %next, %sum : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xf16>
  }
  tt.return %r#1 : tensor<64x32xf16>
}

// -----

// The cases that stay pointer loads, each saying why in the IR: a gathered index, an
// innermost stride other than 1, a mask that is not a bounds check, and a base computed in
// the kernel.
// CHECK-LABEL: tt.func public @refused
// CHECK: tt.load {{.*}} {nereid.implicit_descriptor = "not rewritten: an index computed by 'tt.load'"}
// CHECK: tt.load {{.*}} {nereid.implicit_descriptor = "not rewritten: its innermost stride is not 1"}
// CHECK: tt.load {{.*}} {nereid.implicit_descriptor = "not rewritten: its mask is not a bounds check (index < bound)"}
// CHECK: tt.load {{.*}} {nereid.implicit_descriptor = "not rewritten: its pointers are not offsets from a parameter"}
// CHECK-NOT: tt.descriptor_load
tt.func public @refused(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %index: !tt.ptr<i32>, %stride: i32, %x: i32) -> (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) {
  %range_r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rows2 = tt.expand_dims %range_r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %strides = tt.splat %stride : i32 -> tensor<16x1xi32>
  %row_offsets = arith.muli %rows2, %strides : tensor<16x1xi32>
  %row_offsets2 = tt.broadcast %row_offsets : tensor<16x1xi32> -> tensor<16x16xi32>
  %cols2 = tt.expand_dims %range_r {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %cols = tt.broadcast %cols2 : tensor<1x16xi32> -> tensor<16x16xi32>
  %base = tt.splat %a : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
  // gathered
  %index_ptrs = tt.splat %index : !tt.ptr<i32> -> tensor<16x16x!tt.ptr<i32>>
  %index_ptrs2 = tt.addptr %index_ptrs, %cols : tensor<16x16x!tt.ptr<i32>>, tensor<16x16xi32>
  %gathered = tt.load %index_ptrs2 : tensor<16x16x!tt.ptr<i32>>
  %offsets0 = arith.addi %row_offsets2, %gathered : tensor<16x16xi32>
  %p0 = tt.addptr %base, %offsets0 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
  %t0 = tt.load %p0 : tensor<16x16x!tt.ptr<f16>>
  // strided columns
  %col_strides = tt.splat %stride : i32 -> tensor<16x16xi32>
  %strided = arith.muli %cols, %col_strides : tensor<16x16xi32>
  %offsets1 = arith.addi %row_offsets2, %strided : tensor<16x16xi32>
  %p1 = tt.addptr %base, %offsets1 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
  %t1 = tt.load %p1 : tensor<16x16x!tt.ptr<f16>>
  // masked
  %offsets2 = arith.addi %row_offsets2, %cols : tensor<16x16xi32>
  %p2 = tt.addptr %base, %offsets2 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
  %xs = tt.splat %x : i32 -> tensor<16x16xi32>
  %mask = arith.cmpi sge, %cols, %xs : tensor<16x16xi32>
  %t2 = tt.load %p2, %mask : tensor<16x16x!tt.ptr<f16>>
  // a computed base
  %moved = tt.addptr %a, %x : !tt.ptr<f16>, i32
  %base3 = tt.splat %moved : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
  %p3 = tt.addptr %base3, %offsets2 : tensor<16x16x!tt.ptr<f16>>, tensor<16x16xi32>
  %t3 = tt.load %p3 : tensor<16x16x!tt.ptr<f16>>
  tt.return %t0, %t1, %t2, %t3 : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>
}

// -----

// Masks that are bounds checks give the descriptor its shape: rows row0 + i < %m, and the
// columns of a tile advanced by 32 each iteration, i < %k - 32 k (the tutorial's
// `offs_k < K - k * BLOCK_K`), bound by %k; `other` is zero, as the copy engine reads.
// CHECK-LABEL: tt.func public @bounds_checks
// CHECK: %[[D:.*]] = tt.make_tensor_descriptor %arg0, [%arg5, %arg3]
// CHECK: scf.for
// CHECK:   tt.descriptor_load %[[D]][%arg4, %{{.*}}] {nereid.implicit_descriptor = "rewritten"}
tt.func public @bounds_checks(%a: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}, %n: i32, %k: i32, %row0: i32, %m: i32) -> tensor<64x32xf16> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %range_r = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %rows = arith.addi %row0s, %range_r : tensor<64xi32>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %strides = tt.splat %stride : i32 -> tensor<64x1xi32>
  %row_offsets = arith.muli %rows2, %strides : tensor<64x1xi32>
  %range_c = tt.make_range {start = 0 : i32, end = 32 : i32} : tensor<32xi32>
  %cols2 = tt.expand_dims %range_c {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %base = tt.splat %a : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
  %row_ptrs = tt.addptr %base, %row_offsets : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
  %row_ptrs2 = tt.broadcast %row_ptrs : tensor<64x1x!tt.ptr<f16>> -> tensor<64x32x!tt.ptr<f16>>
  %col_offsets2 = tt.broadcast %cols2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %ptrs = tt.addptr %row_ptrs2, %col_offsets2 : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
  %ms = tt.splat %m : i32 -> tensor<64x1xi32>
  %row_mask = arith.cmpi slt, %rows2, %ms : tensor<64x1xi32>
  %row_mask2 = tt.broadcast %row_mask : tensor<64x1xi1> -> tensor<64x32xi1>
  %zero = arith.constant dense<0.0> : tensor<64x32xf16>
  %advance = arith.constant dense<32> : tensor<64x32xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %ptrs, %acc = %zero) -> (tensor<64x32x!tt.ptr<f16>>, tensor<64x32xf16>) : i32 {
    %moved = arith.muli %i, %c32 : i32
    %left = arith.subi %k, %moved : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %col_mask = arith.cmpi slt, %cols2, %lefts : tensor<1x32xi32>
    %col_mask2 = tt.broadcast %col_mask : tensor<1x32xi1> -> tensor<64x32xi1>
    %mask = arith.andi %row_mask2, %col_mask2 : tensor<64x32xi1>
    %tile = tt.load %p, %mask, %zero : tensor<64x32x!tt.ptr<f16>>
    %sum = arith.addf %acc, %tile : tensor<64x32xf16>
    %next = tt.addptr %p, %advance : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xi32>
    scf.yield %next, %sum : tensor<64x32x!tt.ptr<f16>>, tensor<64x32xf16>
  }
  tt.return %r#1 : tensor<64x32xf16>
}

// -----

// fp8 tiles too, a bounds-checked one whose zero `other` is the frontend's conversion of a
// Python 0.0 (a splat of tt.fp_to_fp of an f32 constant).
// CHECK-LABEL: tt.func public @fp8_tile_with_converted_zero
// CHECK: %[[D:.*]] = tt.make_tensor_descriptor %arg0, [%arg1, %c2147483647_i32], [%c64_i64, %c1_i64]
// CHECK: tt.descriptor_load %[[D]][%c0_i32, %c0_i32] {nereid.implicit_descriptor = "rewritten"} : !tt.tensordesc<tensor<16x64xf8E4M3FN>>
tt.func public @fp8_tile_with_converted_zero(%a: !tt.ptr<f8E4M3FN> {tt.divisibility = 16 : i32}, %m: i32) -> tensor<16x64xf8E4M3FN> {
  %range_r = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %rows2 = tt.expand_dims %range_r {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %c64 = arith.constant dense<64> : tensor<16x1xi32>
  %row_offsets = arith.muli %rows2, %c64 : tensor<16x1xi32>
  %range_c = tt.make_range {start = 0 : i32, end = 64 : i32} : tensor<64xi32>
  %cols2 = tt.expand_dims %range_c {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %base = tt.splat %a : !tt.ptr<f8E4M3FN> -> tensor<16x1x!tt.ptr<f8E4M3FN>>
  %row_ptrs = tt.addptr %base, %row_offsets : tensor<16x1x!tt.ptr<f8E4M3FN>>, tensor<16x1xi32>
  %row_ptrs2 = tt.broadcast %row_ptrs : tensor<16x1x!tt.ptr<f8E4M3FN>> -> tensor<16x64x!tt.ptr<f8E4M3FN>>
  %cols = tt.broadcast %cols2 : tensor<1x64xi32> -> tensor<16x64xi32>
  %ptrs = tt.addptr %row_ptrs2, %cols : tensor<16x64x!tt.ptr<f8E4M3FN>>, tensor<16x64xi32>
  %ms = tt.splat %m : i32 -> tensor<16x1xi32>
  %in_rows = arith.cmpi slt, %rows2, %ms : tensor<16x1xi32>
  %mask = tt.broadcast %in_rows : tensor<16x1xi1> -> tensor<16x64xi1>
  %zero_f32 = arith.constant 0.0 : f32
  %zero = tt.fp_to_fp %zero_f32, rounding = rtne : f32 -> f8E4M3FN
  %other = tt.splat %zero : f8E4M3FN -> tensor<16x64xf8E4M3FN>
  %tile = tt.load %ptrs, %mask, %other : tensor<16x64x!tt.ptr<f8E4M3FN>>
  tt.return %tile : tensor<16x64xf8E4M3FN>
}
