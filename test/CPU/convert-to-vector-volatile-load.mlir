// XFAIL: *
// RUN: nereid-opt %s -split-input-file --tt-cpu-convert-to-vector | FileCheck %s

// A known bug: tt.load's `volatile` is dropped. docs/ir.md says a volatile load is never removed
// or merged (kernels spin on a flag with it, next to atomics), but the lowering emits a plain
// llvm.load, which LLVM may hoist out of a spin loop or merge, and which tt-cpu-schedule-chunks
// may move. Expected: `llvm.load volatile`, for scalars and for tiles (a volatile vector load,
// or volatile element loads for gathers).
// CHECK-LABEL: func.func private @spin
// CHECK: llvm.load volatile %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> i32
tt.func public @spin(%flag: !tt.ptr<i32>) -> i32 {
  %v = tt.load %flag volatile : !tt.ptr<i32>
  tt.return %v : i32
}

// -----

// CHECK-LABEL: func.func private @spin_tile
// CHECK: llvm.load volatile %{{.*}} : !llvm.ptr -> vector<16xi32>
tt.func public @spin_tile(%flags: !tt.ptr<i32> {tt.divisibility = 16 : i32}) -> tensor<16xi32> {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ps = tt.splat %flags : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %pp = tt.addptr %ps, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %v = tt.load %pp volatile : tensor<16x!tt.ptr<i32>>
  tt.return %v : tensor<16xi32>
}
