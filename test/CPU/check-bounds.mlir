// RUN: nereid-opt %s -split-input-file --cpu-check-bounds --cpu-trace-access-bounds | FileCheck %s

// A kernel takes one extent per pointer parameter, after its own parameters. A store through a
// pointer derived from %x must stay in %x's buffer: parameter 0, whose extent is parameter 2.
// CHECK-LABEL: tt.func public @store
// CHECK-SAME: (%{{[a-z0-9_]+}}: !tt.ptr<f32>, %{{[a-z0-9_]+}}: i32, %{{[a-z0-9_]+}}: i64 {tt.extent_of = 0 : i64})
// CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} {tt.access_bounds = array<i64: 0, 0, 2>}
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
// in the loop must stay in %y's buffer (parameter 1, extent parameter 3).
// CHECK-LABEL: tt.func public @loop
// CHECK-SAME: %{{[a-z0-9_]+}}: i64 {tt.extent_of = 0 : i64}, %{{[a-z0-9_]+}}: i64 {tt.extent_of = 1 : i64}
// CHECK: scf.for
// CHECK: tt.load %{{.*}} {tt.access_bounds = array<i64: 1, 1, 3>}
// CHECK: tt.store %{{.*}}, %{{.*}} {tt.access_bounds = array<i64: 0, 0, 2>}
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

// A pointer loaded from memory, or a select between two parameters, derives from no one
// parameter that can be proven: the access may touch any pointer parameter's buffer (-1, then
// every pair).
// CHECK-LABEL: tt.func public @unproven
// CHECK: tt.atomic_rmw {{.*}} {tt.access_bounds = array<i64: -1, 0, 3, 1, 4>}
// CHECK: tt.store {{.*}} {tt.access_bounds = array<i64: -1, 0, 3, 1, 4>}
// CHECK: tt.store {{.*}} {tt.access_bounds = array<i64: 1, 1, 4>}
tt.func public @unproven(%table: !tt.ptr<!tt.ptr<i32>>, %out: !tt.ptr<i32>, %c: i1) {
  %p = tt.load %table : !tt.ptr<!tt.ptr<i32>>
  %one = arith.constant 1 : i32
  %old = tt.atomic_rmw add, relaxed, gpu, %p, %one : !tt.ptr<i32>
  %t = tt.bitcast %table : !tt.ptr<!tt.ptr<i32>> -> !tt.ptr<i32>
  %either = arith.select %c, %t, %out : !tt.ptr<i32>
  tt.store %either, %old : !tt.ptr<i32>
  tt.store %out, %old : !tt.ptr<i32>
  tt.return
}

// -----

// Kernels compiled unchecked have no extent parameters, and their accesses no bounds.
// CHECK-LABEL: tt.func private @device
// CHECK-NOT: tt.access_bounds
tt.func private @device(%x: !tt.ptr<f32>) {
  %v = arith.constant 1.0 : f32
  tt.store %x, %v : !tt.ptr<f32>
  tt.return
}
