// RUN: nereid-opt %s -split-input-file --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// tt.load's `volatile` is kept: docs/ir.md says a volatile load is never removed or merged
// (kernels spin on a flag with it, next to atomics). A scalar is one `llvm.load volatile`; a
// tile is one volatile load per element, in a loop that cpu-schedule-chunks does not move.
// CHECK-LABEL: func.func private @spin_impl
// CHECK: llvm.load volatile %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
tt.func public @spin(%flag: !tt.ptr<i32>) -> i32 {
  %v = tt.load %flag volatile : !tt.ptr<i32>
  tt.return %v : i32
}

// -----

// CHECK-LABEL: func.func private @spin_tile_impl
// CHECK: scf.for
// CHECK: llvm.load volatile %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
tt.func public @spin_tile(%flags: !tt.ptr<i32> {tt.divisibility = 16 : i32}) -> tensor<16xi32> {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ps = tt.splat %flags : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %pp = tt.addptr %ps, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %v = tt.load %pp volatile : tensor<16x!tt.ptr<i32>>
  tt.return %v : tensor<16xi32>
}
