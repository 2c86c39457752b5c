// RUN: nereid-opt %s -split-input-file --cpu-rebase-loop-pointers | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A pointer tile advanced by a splat of an i32 becomes an i64 offset from 0, advanced by the
// sign-extended step; the loads in the body and the use after the loop see the initial tile
// plus a splat of it. On AVX2 an i64 tile has at most 4 lanes, so the offsets take their own
// layout.
// CHECK-DAG: #[[$PTRS:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8]
// CHECK-DAG: #[[$I64:.*]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 4]
// CHECK-LABEL: tt.func @advance_by_splat
// CHECK-SAME: (%[[BASE:.*]]: !tt.ptr<f32>, %[[STEP:.*]]: i32, %[[N:.*]]: i32)
// CHECK: %[[INIT:.*]] = tt.addptr
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[OFF:.*]] = %[[ZERO]], %[[SUM:.*]] = %{{.*}}) -> (i64, tensor<4x32xf32, #[[$PTRS]]>)
// CHECK: %[[SPLAT:.*]] = tt.splat %[[OFF]] : i64 -> tensor<4x32xi64, #[[$I64]]>
// CHECK: %[[CUR:.*]] = tt.addptr %[[INIT]], %[[SPLAT]] : tensor<4x32x!tt.ptr<f32>, #[[$PTRS]]>, tensor<4x32xi64, #[[$I64]]>
// CHECK: %[[X:.*]] = tt.load %[[CUR]]
// CHECK: %[[WIDE:.*]] = arith.extsi %[[STEP]] : i32 to i64
// CHECK: %[[NEXT:.*]] = arith.addi %[[OFF]], %[[WIDE]] : i64
// CHECK: scf.yield %[[NEXT]], %{{.*}} : i64, tensor<4x32xf32, #[[$PTRS]]>
// CHECK: %[[LAST_SPLAT:.*]] = tt.splat %[[LOOP]]#0 : i64 -> tensor<4x32xi64, #[[$I64]]>
// CHECK: %[[LAST:.*]] = tt.addptr %[[INIT]], %[[LAST_SPLAT]]
// CHECK: tt.store %[[LAST]], %[[LOOP]]#1
tt.func @advance_by_splat(%base: !tt.ptr<f32>, %step: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<4x32xf32, #blocked>
  %cols = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
  %row = tt.expand_dims %cols {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
  %offsets = tt.broadcast %row : tensor<1x32xi32, #blocked> -> tensor<4x32xi32, #blocked>
  %splat = tt.splat %base : !tt.ptr<f32> -> tensor<4x32x!tt.ptr<f32>, #blocked>
  %init = tt.addptr %splat, %offsets : tensor<4x32x!tt.ptr<f32>, #blocked>, tensor<4x32xi32, #blocked>
  %result:2 = scf.for %i = %c0 to %n step %c1 iter_args(%ptrs = %init, %sum = %zero) -> (tensor<4x32x!tt.ptr<f32>, #blocked>, tensor<4x32xf32, #blocked>) : i32 {
    %x = tt.load %ptrs : tensor<4x32x!tt.ptr<f32>, #blocked>
    %added = arith.addf %sum, %x : tensor<4x32xf32, #blocked>
    %steps = tt.splat %step : i32 -> tensor<4x32xi32, #blocked>
    %next = tt.addptr %ptrs, %steps : tensor<4x32x!tt.ptr<f32>, #blocked>, tensor<4x32xi32, #blocked>
    scf.yield %next, %added : tensor<4x32x!tt.ptr<f32>, #blocked>, tensor<4x32xf32, #blocked>
  }
  tt.store %result#0, %result#1 : tensor<4x32x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [4], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A splat constant step becomes an i64 constant; a layout that fits i64 stays. The loop's
// result has no use, so nothing is built after it.
// CHECK-LABEL: tt.func @advance_by_constant
// CHECK: scf.for %{{.*}} iter_args(%[[OFF:.*]] = %{{.*}}) -> (i64)
// CHECK: %[[SPLAT:.*]] = tt.splat %[[OFF]] : i64 -> tensor<4xi64, #blocked>
// CHECK: tt.addptr %{{.*}}, %[[SPLAT]] : tensor<4x!tt.ptr<f64>, #blocked>, tensor<4xi64, #blocked>
// CHECK: %[[STEP:.*]] = arith.constant 16 : i64
// CHECK: arith.addi %[[OFF]], %[[STEP]] : i64
// CHECK-NOT: tt.splat
// CHECK: tt.return
tt.func @advance_by_constant(%base: !tt.ptr<f64>, %out: !tt.ptr<f64>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32, #blocked>
  %splat = tt.splat %base : !tt.ptr<f64> -> tensor<4x!tt.ptr<f64>, #blocked>
  %init = tt.addptr %splat, %range : tensor<4x!tt.ptr<f64>, #blocked>, tensor<4xi32, #blocked>
  %outs = tt.splat %out : !tt.ptr<f64> -> tensor<4x!tt.ptr<f64>, #blocked>
  %outptrs = tt.addptr %outs, %range : tensor<4x!tt.ptr<f64>, #blocked>, tensor<4xi32, #blocked>
  %result = scf.for %i = %c0 to %n step %c1 iter_args(%ptrs = %init) -> (tensor<4x!tt.ptr<f64>, #blocked>) : i32 {
    %x = tt.load %ptrs : tensor<4x!tt.ptr<f64>, #blocked>
    tt.store %outptrs, %x : tensor<4x!tt.ptr<f64>, #blocked>
    %steps = arith.constant dense<16> : tensor<4xi32, #blocked>
    %next = tt.addptr %ptrs, %steps : tensor<4x!tt.ptr<f64>, #blocked>, tensor<4xi32, #blocked>
    scf.yield %next : tensor<4x!tt.ptr<f64>, #blocked>
  }
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// Left alone: a step that differs between elements, and a yield that advances another tile.
// CHECK-LABEL: tt.func @not_uniform
// CHECK-NOT: i64
// CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8x!tt.ptr<f32>, #blocked>
tt.func @not_uniform(%base: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %range = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #blocked>
  %splat = tt.splat %base : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #blocked>
  %init = tt.addptr %splat, %range : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xi32, #blocked>
  %result:2 = scf.for %i = %c0 to %n step %c1 iter_args(%p = %init, %q = %init) -> (tensor<8x!tt.ptr<f32>, #blocked>, tensor<8x!tt.ptr<f32>, #blocked>) : i32 {
    %x = tt.load %p : tensor<8x!tt.ptr<f32>, #blocked>
    tt.store %q, %x : tensor<8x!tt.ptr<f32>, #blocked>
    %nextp = tt.addptr %p, %range : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xi32, #blocked>
    %steps = tt.splat %c1 : i32 -> tensor<8xi32, #blocked>
    %nextq = tt.addptr %p, %steps : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8xi32, #blocked>
    scf.yield %nextp, %nextq : tensor<8x!tt.ptr<f32>, #blocked>, tensor<8x!tt.ptr<f32>, #blocked>
  }
  tt.return
}
}
