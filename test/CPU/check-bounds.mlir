// RUN: nereid-opt %s -split-input-file --tt-cpu-check-bounds | FileCheck %s

// A kernel takes one extent per pointer parameter, after its own parameters. A store through a
// pointer derived from %x is checked against %x's buffer, with a limit computed once at the
// entry; the store's mask becomes the masked-in elements inside it.
// CHECK-LABEL: tt.func public @store
// CHECK-SAME: (%[[X:[a-z0-9_]+]]: !tt.ptr<f32>, %{{[a-z0-9_]+}}: i32, %[[EXTENT:[a-z0-9_]+]]: i64 {tt.extent_of = 0 : i64})
// CHECK: %[[START:.*]] = tt.ptr_to_int %[[X]] : !tt.ptr<f32> -> i64
// CHECK: %[[LAST:.*]] = arith.subi %[[EXTENT]], %{{.*}} : i64
// CHECK: %[[LIMIT:.*]] = arith.maxsi %[[LAST]], %{{.*}} : i64
// CHECK: %[[PTRS:.*]] = tt.addptr
// CHECK: %[[MASK:.*]] = arith.cmpi slt
// CHECK: %[[ADDRESSES:.*]] = tt.ptr_to_int %[[PTRS]] : tensor<128x!tt.ptr<f32>> -> tensor<128xi64>
// CHECK: %[[OFFSETS:.*]] = arith.subi %[[ADDRESSES]], %{{.*}} : tensor<128xi64>
// CHECK: %[[LIMITS:.*]] = tt.splat %[[LIMIT]] : i64 -> tensor<128xi64>
// CHECK: %[[INSIDE:.*]] = arith.cmpi ult, %[[OFFSETS]], %[[LIMITS]] : tensor<128xi64>
// CHECK: %[[OUTSIDE:.*]] = arith.xori %[[INSIDE]]
// CHECK: %[[ALLOWED:.*]] = arith.andi %[[MASK]], %[[INSIDE]]
// CHECK: %[[VIOLATED:.*]] = arith.andi %[[MASK]], %[[OUTSIDE]]
// CHECK: tt.report_out_of_bounds %[[VIOLATED]], %[[OFFSETS]], %[[EXTENT]] {access = "tt.store", argument = 0 : i64, element_bytes = 4 : i64} : tensor<128xi1>
// CHECK: tt.store %[[PTRS]], %{{.*}}, %[[ALLOWED]]
tt.func public @store(%x: !tt.ptr<f32>, %n: i32) {
  %range = tt.make_range {start = 0 : i32, end = 128 : i32} : tensor<128xi32>
  %base = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %range : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %bound = tt.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %range, %bound : tensor<128xi32>
  %value = arith.constant dense<1.0> : tensor<128xf32>
  tt.store %ptrs, %value, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}

// -----

// A pointer that a loop advances derives from the parameter it started from: the load of %y
// in the loop is checked against %y (argument 1), with 2-byte elements.
// CHECK-LABEL: tt.func public @loop
// CHECK-SAME: %{{[a-z0-9_]+}}: i64 {tt.extent_of = 0 : i64}, %[[YEXTENT:[a-z0-9_]+]]: i64 {tt.extent_of = 1 : i64}
// CHECK: scf.for
// CHECK: tt.report_out_of_bounds %{{.*}}, %{{.*}}, %[[YEXTENT]] {access = "tt.load", argument = 1 : i64, element_bytes = 2 : i64}
// CHECK: tt.load
// CHECK: tt.report_out_of_bounds %{{.*}}, %{{.*}}, %{{.*}} {access = "tt.store", argument = 0 : i64, element_bytes = 2 : i64} : i1
tt.func public @loop(%x: !tt.ptr<f16>, %y: !tt.ptr<f16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %step = arith.constant dense<16> : tensor<16xi32>
  %range = tt.make_range {start = 0 : i32, end = 16 : i32} : tensor<16xi32>
  %base = tt.splat %y : !tt.ptr<f16> -> tensor<16x!tt.ptr<f16>>
  %first = tt.addptr %base, %range : tensor<16x!tt.ptr<f16>>, tensor<16xi32>
  %zero = arith.constant dense<0.0> : tensor<16xf16>
  %last:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%ptrs = %first, %sum = %zero) -> (tensor<16x!tt.ptr<f16>>, tensor<16xf16>) {
    %v = tt.load %ptrs : tensor<16x!tt.ptr<f16>>
    %s = arith.addf %sum, %v : tensor<16xf16>
    %next = tt.addptr %ptrs, %step : tensor<16x!tt.ptr<f16>>, tensor<16xi32>
    scf.yield %next, %s : tensor<16x!tt.ptr<f16>>, tensor<16xf16>
  }
  %total = "tt.reduce"(%last#1) <{axis = 0 : i32}> ({
  ^bb0(%a: f16, %b: f16):
    %r = arith.addf %a, %b : f16
    tt.reduce.return %r : f16
  }) : (tensor<16xf16>) -> f16
  tt.store %x, %total : !tt.ptr<f16>
  tt.return
}

// -----

// A pointer loaded from memory derives from no parameter that can be proven: each element
// must lie in the buffer of some pointer parameter, and is reported by its address
// (argument -1).
// CHECK-LABEL: tt.func public @loaded_pointer
// CHECK: %[[P:.*]] = tt.load %{{.*}} : !tt.ptr<!tt.ptr<i32>>
// CHECK: %[[ADDRESS:.*]] = tt.ptr_to_int %[[P]] : !tt.ptr<i32> -> i64
// CHECK: arith.cmpi ult
// CHECK: arith.ori
// CHECK: arith.cmpi ult
// CHECK: arith.ori
// CHECK: tt.report_out_of_bounds %{{.*}}, %[[ADDRESS]], %{{.*}} {access = "tt.atomic_rmw", argument = -1 : i64, element_bytes = 4 : i64} : i1
// CHECK: tt.atomic_rmw add, relaxed, gpu, %[[P]]
tt.func public @loaded_pointer(%table: !tt.ptr<!tt.ptr<i32>>, %out: !tt.ptr<i32>) {
  %p = tt.load %table : !tt.ptr<!tt.ptr<i32>>
  %one = arith.constant 1 : i32
  %old = tt.atomic_rmw add, relaxed, gpu, %p, %one : !tt.ptr<i32>
  tt.store %out, %old : !tt.ptr<i32>
  tt.return
}
