// RUN: nereid-opt %s -split-input-file --cpu-carry-loop-tiles-in-memory=target=cpu:x86_64:avx2 | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-carry-loop-tiles-in-memory=target=cpu:x86_64:avx2 --cpu-strip-mine-tiles=target=cpu:x86_64:avx2 | FileCheck %s --check-prefix=STRIPS

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// Layer norm's first loop: the row sum accumulates in a buffer. The first iteration is peeled
// into an scf.if on whether the loop runs: it adds the first row to the initial value and
// writes the sum into the buffer (or, when the loop does not run, the initial value is
// written), so the buffer needs no initial write of its own. The loop runs from the second
// iteration, reading and writing the buffer in each, and the sum is read once after it; the
// loop carries no tile.
// CHECK-LABEL: tt.func @row_sum
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<256xf32, #blocked>
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, mutable>
// CHECK: %[[RUNS:.*]] = arith.cmpi slt, %[[C0:.*]], %[[N:.*]] : i32
// CHECK: scf.if %[[RUNS]] {
// CHECK:   %[[X0:.*]] = tt.load
// CHECK:   %[[SUM0:.*]] = arith.addf %[[ZERO]], %[[X0]]
// CHECK:   ttg.local_store %[[SUM0]], %[[BUF]] : tensor<256xf32, #blocked> -> !ttg.memdesc<256xf32, #shared, mutable>
// CHECK: } else {
// CHECK:   ttg.local_store %[[ZERO]], %[[BUF]]
// CHECK: }
// CHECK: %[[SECOND:.*]] = arith.constant 256 : i32
// CHECK: scf.for %{{.*}} = %[[SECOND]] to %[[N]] step %{{.*}} : i32 {
// CHECK:   %[[ACC:.*]] = ttg.local_load %[[BUF]]
// CHECK:   %[[X:.*]] = tt.load
// CHECK:   %[[SUM:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK:   ttg.local_store %[[SUM]], %[[BUF]]
// CHECK-NOT: scf.yield %
// CHECK: }
// CHECK: %[[ROW:.*]] = ttg.local_load %[[BUF]]
// CHECK: ttg.local_dealloc %[[BUF]]
// CHECK: tt.reduce(%[[ROW]])
// The peeled iteration, the loop's body and the block around them are then computed strip by
// strip: each strip of the buffer is a row of it seen as rows of one strip.
// STRIPS-LABEL: tt.func @row_sum
// STRIPS: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<256xf32, #shared, mutable>
// STRIPS: scf.if
// STRIPS:   scf.for
// STRIPS:     tt.load
// STRIPS:     arith.addf
// STRIPS:     %[[ROWS:.*]] = ttg.memdesc_reshape %[[BUF]] : !ttg.memdesc<256xf32, #shared, mutable> -> !ttg.memdesc<8x32xf32, #shared1, mutable>
// STRIPS:     %[[STRIP:.*]] = ttg.memdesc_index %[[ROWS]]
// STRIPS:     ttg.local_store %{{.*}}, %[[STRIP]] : tensor<32xf32, #blocked> -> !ttg.memdesc<32xf32, #shared, mutable>
// STRIPS: } else {
// STRIPS:   scf.for
// STRIPS:     ttg.local_store
// STRIPS: scf.for
// STRIPS:   scf.for
// STRIPS:     ttg.local_load %{{.*}} : !ttg.memdesc<32xf32, #shared, mutable> -> tensor<32xf32, #blocked>
// STRIPS:     tt.load
// STRIPS:     arith.addf
// STRIPS:     ttg.local_store %{{.*}}, %{{.*}} : tensor<32xf32, #blocked> -> !ttg.memdesc<32xf32, #shared, mutable>
// STRIPS: scf.for {{.*}} iter_args
// STRIPS:   ttg.local_load %{{.*}} : !ttg.memdesc<32xf32, #shared, mutable> -> tensor<32xf32, #blocked>
// STRIPS:   arith.addf
// STRIPS: tt.reduce
// STRIPS: ttg.local_dealloc %[[BUF]]
tt.func @row_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<256xf32, #blocked>
  %acc = scf.for %off = %c0 to %n step %c256 iter_args(%a = %zero) -> (tensor<256xf32, #blocked>) : i32 {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %offs = tt.splat %off : i32 -> tensor<256xi32, #blocked>
    %cols = arith.addi %range, %offs : tensor<256xi32, #blocked>
    %ptrs = tt.addptr %base, %cols : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = tt.load %ptrs : tensor<256x!tt.ptr<f32>, #blocked>
    %s = arith.addf %a, %v : tensor<256xf32, #blocked>
    scf.yield %s : tensor<256xf32, #blocked>
  }
  %sum = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %r = arith.addf %p, %q : f32
    tt.reduce.return %r : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  tt.store %out, %sum : !tt.ptr<f32>
  tt.return
}

// Left carried: a tile too short to strip-mine (fewer than 4 strips of 32) and a mask.
// CHECK-LABEL: tt.func @left_alone
// CHECK-NOT: ttg.local_alloc
// CHECK: scf.for {{.*}} iter_args
tt.func @left_alone(%n: i32, %short: tensor<64xf32, #blocked>, %mask: tensor<256xi1, #blocked>) -> (tensor<64xf32, #blocked>, tensor<256xi1, #blocked>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %short, %m = %mask) -> (tensor<64xf32, #blocked>, tensor<256xi1, #blocked>) : i32 {
    %b = arith.addf %a, %a : tensor<64xf32, #blocked>
    %k = arith.xori %m, %m : tensor<256xi1, #blocked>
    scf.yield %b, %k : tensor<64xf32, #blocked>, tensor<256xi1, #blocked>
  }
  tt.return %r#0, %r#1 : tensor<64xf32, #blocked>, tensor<256xi1, #blocked>
}
}
