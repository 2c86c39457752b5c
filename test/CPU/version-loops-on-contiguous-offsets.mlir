// RUN: nereid-opt %s -split-input-file --cpu-version-loops-on-contiguous-offsets | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-version-loops-on-contiguous-offsets --cpu-convert-to-vector=target=cpu:x86_64:avx2 --canonicalize | FileCheck %s --check-prefix=VECTOR

#slice = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// The row loop that loads the tutorial matmul's B: row r is b + splat(r * stride) + cols, with
// cols = (off + range) % n, which AxisInfo cannot prove consecutive, and `cols * unit` (a
// stride known to be 1) computed in the loop. The product moves before the loop; there,
// `cols * unit - range` is reduced to its minimum and maximum, and when they are equal a copy
// of the loop runs on `splat(minimum) + range`; otherwise the loop as it was.
// CHECK-LABEL: tt.func @wrapped_columns
// CHECK: %[[COLS:.*]] = arith.remsi
// CHECK: %[[OFFSETS:.*]] = arith.muli %[[COLS]], %{{.*}} : tensor<16xi32, #blocked>
// CHECK: %[[RANGE:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #blocked>
// CHECK: %[[DIFF:.*]] = arith.subi %[[OFFSETS]], %[[RANGE]] : tensor<16xi32, #blocked>
// CHECK: %[[LOW:.*]] = tt.reduce(%[[DIFF]]) axis = 0 {
// CHECK:   arith.minsi
// CHECK: %[[HIGH:.*]] = tt.reduce(%[[DIFF]]) axis = 0 {
// CHECK:   arith.maxsi
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[LOW]], %[[HIGH]] : i32
// CHECK: %[[FIRST:.*]] = tt.splat %[[LOW]] : i32 -> tensor<16xi32, #blocked>
// CHECK: %[[CONSECUTIVE:.*]] = arith.addi %[[FIRST]], %[[RANGE]] : tensor<16xi32, #blocked>
// CHECK: scf.if %[[SAME]] {
// CHECK:   scf.for
// CHECK:     arith.addi %{{.*}}, %[[CONSECUTIVE]] : tensor<16xi32, #blocked>
// CHECK:     tt.load
// CHECK:     ttg.local_store
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     arith.addi %{{.*}}, %[[OFFSETS]] : tensor<16xi32, #blocked>
// CHECK:     tt.load
// CHECK:     ttg.local_store
// CHECK: }
// The copy loads each row with vector loads; the loop as it was, with gathers.
// VECTOR-LABEL: func.func private @wrapped_columns_impl
// VECTOR: scf.if
// VECTOR-NOT: llvm.intr.masked.gather
// VECTOR: } else {
// VECTOR: llvm.intr.masked.gather
tt.func @wrapped_columns(%b: !tt.ptr<f32>, %off: i32, %n: i32, %stride: i32, %unit: i32 {tt.equal_to = 1 : i32}) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice>
  %offs = tt.splat %off : i32 -> tensor<16xi32, #slice>
  %shifted = arith.addi %offs, %range : tensor<16xi32, #slice>
  %ns = tt.splat %n : i32 -> tensor<16xi32, #slice>
  %cols = arith.remsi %shifted, %ns : tensor<16xi32, #slice>
  %buffer = ttg.local_alloc : () -> !ttg.memdesc<4x16xf32, #shared, mutable>
  scf.for %r = %c0 to %c4 step %c1 : i32 {
    %base = tt.splat %b : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #slice>
    %start = arith.muli %r, %stride : i32
    %starts = tt.splat %start : i32 -> tensor<16xi32, #slice>
    %units = tt.splat %unit : i32 -> tensor<16xi32, #slice>
    %scaled = arith.muli %cols, %units : tensor<16xi32, #slice>
    %row = arith.addi %starts, %scaled : tensor<16xi32, #slice>
    %ptrs = tt.addptr %base, %row : tensor<16x!tt.ptr<f32>, #slice>, tensor<16xi32, #slice>
    %values = tt.load %ptrs : tensor<16x!tt.ptr<f32>, #slice>
    %view = ttg.memdesc_index %buffer[%r] : !ttg.memdesc<4x16xf32, #shared, mutable> -> !ttg.memdesc<16xf32, #shared1, mutable>
    ttg.local_store %values, %view : tensor<16xf32, #slice> -> !ttg.memdesc<16xf32, #shared1, mutable>
  }
  tt.return
}
}

// -----

#slice = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// Left alone: offsets AxisInfo proves consecutive (a make_range); a loop that carries a value;
// a row that adds two loop-invariant tiles (whose sum, not each, would have to be consecutive).
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: scf.if
// CHECK-NOT: tt.reduce
// CHECK: tt.return
tt.func @left_alone(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %n: i32) -> tensor<16xf32, #slice> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %range = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #slice>
  %ns = tt.splat %n : i32 -> tensor<16xi32, #slice>
  %cols = arith.remsi %range, %ns : tensor<16xi32, #slice>
  %more = arith.muli %range, %ns : tensor<16xi32, #slice>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #slice>
  %other = tt.splat %q : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>, #slice>
  scf.for %r = %c0 to %c4 step %c1 : i32 {
    %starts = tt.splat %r : i32 -> tensor<16xi32, #slice>
    %row = arith.addi %starts, %range : tensor<16xi32, #slice>
    %ptrs = tt.addptr %base, %row : tensor<16x!tt.ptr<f32>, #slice>, tensor<16xi32, #slice>
    %values = tt.load %ptrs : tensor<16x!tt.ptr<f32>, #slice>
    %two = arith.addi %cols, %more : tensor<16xi32, #slice>
    %wrapped = tt.addptr %other, %two : tensor<16x!tt.ptr<f32>, #slice>, tensor<16xi32, #slice>
    tt.store %wrapped, %values : tensor<16x!tt.ptr<f32>, #slice>
  }
  %zero = arith.constant dense<0.0> : tensor<16xf32, #slice>
  %sum = scf.for %r = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (tensor<16xf32, #slice>) : i32 {
    %starts = tt.splat %r : i32 -> tensor<16xi32, #slice>
    %row = arith.addi %starts, %cols : tensor<16xi32, #slice>
    %ptrs = tt.addptr %base, %row : tensor<16x!tt.ptr<f32>, #slice>, tensor<16xi32, #slice>
    %values = tt.load %ptrs : tensor<16x!tt.ptr<f32>, #slice>
    %next = arith.addf %acc, %values : tensor<16xf32, #slice>
    scf.yield %next : tensor<16xf32, #slice>
  }
  tt.return %sum : tensor<16xf32, #slice>
}
}
