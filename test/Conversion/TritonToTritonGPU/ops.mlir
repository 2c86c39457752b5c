// RUN: nereid-opt %s --convert-tt-to-ttg=target=cuda:80 | FileCheck %s
// REQUIRES: backend-nvidia

// Every tt op, scf region and function boundary takes the layout of its shape: device
// functions and calls, scans and reductions (whose combiners stay scalar), reshape, gather,
// histogram, scf.if and scf.while, atomics and debugging ops. A trans, join, split and cat
// follow their operands' layouts (the transposed one, a new last dimension in registers, the
// same), one after the other; the cat's result is then converted to the layout of its shape.
// CHECK-DAG: #[[$V:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[$M:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$T:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-DAG: #[[$J:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1, 1, 2], threadsPerWarp = [4, 8, 1], warpsPerCTA = [1, 4, 1], order = [2, 0, 1]}>
// CHECK-LABEL: tt.func private @helper
// CHECK-SAME: (%{{.*}}: tensor<16xf32, #[[$V]]>) -> tensor<16xf32, #[[$V]]>
// CHECK: math.exp %{{.*}} : tensor<16xf32, #[[$V]]>
// CHECK-LABEL: tt.func public @all
// CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<16x!tt.ptr<f32>, #[[$V]]>
// CHECK: %[[Y:.*]] = tt.call @helper(%[[X]]) : (tensor<16xf32, #[[$V]]>) -> tensor<16xf32, #[[$V]]>
// CHECK: tt.scan(%[[Y]]) axis = 0 {
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: } : (tensor<16xf32, #[[$V]]>) -> tensor<16xf32, #[[$V]]>
// CHECK: tt.reshape %{{.*}} : tensor<16xf32, #[[$V]]> -> tensor<4x4xf32, #[[$M]]>
// CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<4x4xf32, #[[$M]]> -> tensor<4x4xf32, #[[$T]]>
// CHECK: tt.join %{{.*}}, %{{.*}} : tensor<4x4xf32, #[[$T]]> -> tensor<4x4x2xf32, #[[$J]]>
// CHECK: tt.split %{{.*}} : tensor<4x4x2xf32, #[[$J]]> -> tensor<4x4xf32, #[[$T]]>
// CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<4x4xf32, #[[$T]]> -> tensor<8x4xf32, #[[$T]]>
// CHECK: ttg.convert_layout %{{.*}} : tensor<8x4xf32, #[[$T]]> -> tensor<8x4xf32, #[[$M]]>
// CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 0 : i32} : (tensor<8x4xf32, #[[$M]]>, tensor<8x4xi32, #[[$M]]>) -> tensor<8x4xf32, #[[$M]]>
// CHECK: tt.histogram %{{.*}} : tensor<16xi32, #[[$V]]> -> tensor<16xi32, #[[$V]]>
// CHECK: tt.reduce(%{{.*}}) axis = 0 {
// CHECK: } : (tensor<32xf32, #[[$V]]>) -> f32
// CHECK: scf.if %{{.*}} -> (tensor<16xf32, #[[$V]]>) {
// CHECK: scf.while (%{{.*}} = %{{.*}}) : (tensor<16xf32, #[[$V]]>) -> tensor<16xf32, #[[$V]]> {
// CHECK: scf.condition(%{{.*}}) %{{.*}} : tensor<16xf32, #[[$V]]>
// CHECK: ^bb0(%{{.*}}: tensor<16xf32, #[[$V]]>):
// CHECK: tt.extern_elementwise %{{.*}} {{.*}} : (tensor<16xf32, #[[$V]]>) -> tensor<16xf32, #[[$V]]>
// CHECK: tt.atomic_rmw fadd, relaxed, gpu, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>, #[[$V]]>
// CHECK: tt.print " x" {{.*}} : tensor<16xf32, #[[$V]]>
// CHECK: tt.assert %{{.*}}, "positive" : tensor<16xi1, #[[$V]]>
// CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<16xi1, #[[$V]]>, tensor<16xf32, #[[$V]]>
// CHECK-NOT: ttg.convert_layout
tt.func private @helper(%x: tensor<16xf32>) -> tensor<16xf32> {
  %y = math.exp %x : tensor<16xf32>
  tt.return %y : tensor<16xf32>
}
tt.func public @all(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32, %c: i1) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %pp = tt.addptr %ps, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %x = tt.load %pp : tensor<16x!tt.ptr<f32>>
  %y = tt.call @helper(%x) : (tensor<16xf32>) -> tensor<16xf32>
  %sc = tt.scan(%y) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.scan.return %s : f32
  } : (tensor<16xf32>) -> tensor<16xf32>
  %t = tt.reshape %sc : tensor<16xf32> -> tensor<4x4xf32>
  %tt = tt.trans %t {order = array<i32: 1, 0>} : tensor<4x4xf32> -> tensor<4x4xf32>
  %j = tt.join %tt, %tt : tensor<4x4xf32> -> tensor<4x4x2xf32>
  %l, %h = tt.split %j : tensor<4x4x2xf32> -> tensor<4x4xf32>
  %ct = tt.cat %l, %h : tensor<4x4xf32> -> tensor<8x4xf32>
  %idx = arith.constant dense<1> : tensor<8x4xi32>
  %g = tt.gather %ct[%idx] {axis = 0 : i32} : (tensor<8x4xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  %flat = tt.reshape %g : tensor<8x4xf32> -> tensor<32xf32>
  %hist = tt.histogram %r : tensor<16xi32> -> tensor<16xi32>
  %sum = tt.reduce(%flat) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  } : (tensor<32xf32>) -> f32
  %w = scf.if %c -> (tensor<16xf32>) {
    scf.yield %x : tensor<16xf32>
  } else {
    %z = arith.constant dense<0.0> : tensor<16xf32>
    scf.yield %z : tensor<16xf32>
  }
  %wh = scf.while (%arg = %w) : (tensor<16xf32>) -> tensor<16xf32> {
    scf.condition(%c) %arg : tensor<16xf32>
  } do {
  ^bb0(%arg: tensor<16xf32>):
    %nx = arith.addf %arg, %arg : tensor<16xf32>
    scf.yield %nx : tensor<16xf32>
  }
  %ext = tt.extern_elementwise %wh {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<16xf32>) -> tensor<16xf32>
  %cast = tt.bitcast %ext : tensor<16xf32> -> tensor<16xi32>
  %pi = tt.ptr_to_int %pp : tensor<16x!tt.ptr<f32>> -> tensor<16xi64>
  %ip = tt.int_to_ptr %pi : tensor<16xi64> -> tensor<16x!tt.ptr<f32>>
  %old = tt.atomic_rmw fadd, relaxed, gpu, %ip, %ext : tensor<16x!tt.ptr<f32>>
  tt.print " x" {hex = false, isSigned = array<i32: 0>} : %old : tensor<16xf32>
  %m = arith.cmpi sgt, %cast, %hist : tensor<16xi32>
  tt.assert %m, "positive" : tensor<16xi1>
  %sel = arith.select %m, %old, %ext : tensor<16xi1>, tensor<16xf32>
  tt.store %pp, %sel : tensor<16x!tt.ptr<f32>>
  tt.store %p, %sum : !tt.ptr<f32>
  tt.return
}
