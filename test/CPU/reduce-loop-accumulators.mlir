// RUN: nereid-opt %s -split-input-file --cpu-reduce-loop-accumulators | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// Layer norm's first loop: the row is summed in each iteration, and the loop carries the sum,
// which starts from the sum of the zeros, a constant.
// CHECK-LABEL: tt.func @row_sum
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[SUM:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[ZERO]]) -> (f32)
// CHECK:   %[[X:.*]] = tt.load
// CHECK:   %[[PART:.*]] = tt.reduce(%[[X]]) axis = 0 {
// CHECK:     arith.addf
// CHECK:   } : (tensor<256xf32, #blocked>) -> f32
// CHECK:   %[[NEXT:.*]] = arith.addf %[[ACC]], %[[PART]] : f32
// CHECK:   scf.yield %[[NEXT]] : f32
// CHECK-NOT: tt.reduce
// CHECK: tt.store %{{.*}}, %[[SUM]] : !tt.ptr<f32>
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

// A running maximum combined tile-first, from a splat that is not the neutral element: the
// maximum of a splat is its value. The other loop argument stays as it is.
// CHECK-LABEL: tt.func @running_max
// CHECK: %[[START:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[START]], %[[K:.*]] = %{{.*}}) -> (f32, i32)
// CHECK:   %[[PART:.*]] = tt.reduce(%arg1) axis = 0 {
// CHECK:     arith.maximumf
// CHECK:   %[[NEXT:.*]] = arith.maximumf %[[PART]], %[[ACC]] : f32
// CHECK:   scf.yield %[[NEXT]], %{{.*}} : f32, i32
tt.func @running_max(%n: i32, %t: tensor<256xf32, #blocked>) -> (f32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %start = arith.constant dense<-1.0> : tensor<256xf32, #blocked>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %start, %k = %c0) -> (tensor<256xf32, #blocked>, i32) : i32 {
    %m = arith.maximumf %t, %a : tensor<256xf32, #blocked>
    %k1 = arith.addi %k, %c1 : i32
    scf.yield %m, %k1 : tensor<256xf32, #blocked>, i32
  }
  %max = "tt.reduce"(%r#0) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %x = arith.maximumf %p, %q : f32
    tt.reduce.return %x : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  tt.return %max, %r#1 : f32, i32
}

// Rows of a 2-D tile summed along axis 1: the loop carries one sum per row. The initial tile
// is not a constant, so it is reduced before the loop.
// CHECK-LABEL: tt.func @row_sums
// CHECK: %[[INIT:.*]] = tt.reduce(%arg1) axis = 1
// CHECK: %[[SUMS:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (tensor<4xf32, #slice>)
// CHECK:   %[[PART:.*]] = tt.reduce(%{{.*}}) axis = 1
// CHECK:   arith.addf %[[ACC]], %[[PART]] : tensor<4xf32, #slice>
// CHECK: tt.return %[[SUMS]]
tt.func @row_sums(%n: i32, %init: tensor<4x64xf32, #blocked2>, %t: tensor<4x64xf32, #blocked2>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked2}>> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (tensor<4x64xf32, #blocked2>) : i32 {
    %u = arith.mulf %t, %t : tensor<4x64xf32, #blocked2>
    %s = arith.addf %a, %u : tensor<4x64xf32, #blocked2>
    scf.yield %s : tensor<4x64xf32, #blocked2>
  }
  %sums = "tt.reduce"(%acc) <{axis = 1 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %r = arith.addf %p, %q : f32
    tt.reduce.return %r : f32
  }) : (tensor<4x64xf32, #blocked2>) -> tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
  tt.return %sums : tensor<4xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
}

// An integer xor from a splat it does not keep (5 ^ 5 is 0): the splat is reduced before the
// loop.
// CHECK-LABEL: tt.func @xor_from_splat
// CHECK: %[[FIVES:.*]] = arith.constant dense<5> : tensor<256xi32, #blocked>
// CHECK: %[[INIT:.*]] = tt.reduce(%[[FIVES]])
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[INIT]]) -> (i32)
tt.func @xor_from_splat(%n: i32, %t: tensor<256xi32, #blocked>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %fives = arith.constant dense<5> : tensor<256xi32, #blocked>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%a = %fives) -> (tensor<256xi32, #blocked>) : i32 {
    %s = arith.xori %a, %t : tensor<256xi32, #blocked>
    scf.yield %s : tensor<256xi32, #blocked>
  }
  %x = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%p: i32, %q: i32):
    %r = arith.xori %p, %q : i32
    tt.reduce.return %r : i32
  }) : (tensor<256xi32, #blocked>) -> i32
  tt.return %x : i32
}

// Two accumulators of one loop, each summed along axis 0 after it (layer norm's backward
// dw/db): both reduced initial values are made before the loop, not where the first one's
// per-iteration reduction was inserted (that one did not dominate the loop).
// CHECK-LABEL: tt.func @two_column_sums
// CHECK: %[[ZA:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32, #slice1>
// CHECK: %[[ZB:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32, #slice1>
// CHECK: %[[SUMS:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[ZA]], %[[B:.*]] = %[[ZB]]) -> (tensor<64xf32, #slice1>, tensor<64xf32, #slice1>)
// CHECK-NOT: arith.constant
// CHECK:   %[[PA:.*]] = tt.reduce(%{{.*}}) axis = 0
// CHECK:   arith.addf %[[A]], %[[PA]] : tensor<64xf32, #slice1>
// CHECK:   %[[PB:.*]] = tt.reduce(%{{.*}}) axis = 0
// CHECK:   arith.addf %[[B]], %[[PB]] : tensor<64xf32, #slice1>
// CHECK: tt.return %[[SUMS]]#0, %[[SUMS]]#1
tt.func @two_column_sums(%n: i32, %t: tensor<4x64xf32, #blocked2>, %u: tensor<4x64xf32, #blocked2>) -> (tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked2}>>, tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked2}>>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<4x64xf32, #blocked2>
  %acc:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero, %b = %zero) -> (tensor<4x64xf32, #blocked2>, tensor<4x64xf32, #blocked2>) : i32 {
    %sa = arith.addf %a, %t : tensor<4x64xf32, #blocked2>
    %sb = arith.addf %b, %u : tensor<4x64xf32, #blocked2>
    scf.yield %sa, %sb : tensor<4x64xf32, #blocked2>, tensor<4x64xf32, #blocked2>
  }
  %ra = "tt.reduce"(%acc#0) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %r = arith.addf %p, %q : f32
    tt.reduce.return %r : f32
  }) : (tensor<4x64xf32, #blocked2>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked2}>>
  %rb = "tt.reduce"(%acc#1) <{axis = 0 : i32}> ({
  ^bb0(%p: f32, %q: f32):
    %r = arith.addf %p, %q : f32
    tt.reduce.return %r : f32
  }) : (tensor<4x64xf32, #blocked2>) -> tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked2}>>
  tt.return %ra, %rb : tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked2}>>, tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked2}>>
}

// Left alone: a sum reduced by a maximum; an accumulator the body also stores; a loop result
// that is stored as well as reduced; a combining op that is not the yielded value.
// CHECK-LABEL: tt.func @left_alone
// CHECK-COUNT-4: scf.for {{.*}} iter_args({{.*}}) -> (tensor<256xf32, #blocked>)
tt.func @left_alone(%n: i32, %t: tensor<256xf32, #blocked>, %p: tensor<256x!tt.ptr<f32>, #blocked>) -> (f32, f32, f32, f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<256xf32, #blocked>
  %a1 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<256xf32, #blocked>) : i32 {
    %s = arith.addf %a, %t : tensor<256xf32, #blocked>
    scf.yield %s : tensor<256xf32, #blocked>
  }
  %r1 = "tt.reduce"(%a1) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %m = arith.maximumf %x, %y : f32
    tt.reduce.return %m : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  %a2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<256xf32, #blocked>) : i32 {
    tt.store %p, %a : tensor<256x!tt.ptr<f32>, #blocked>
    %s = arith.addf %a, %t : tensor<256xf32, #blocked>
    scf.yield %s : tensor<256xf32, #blocked>
  }
  %r2 = "tt.reduce"(%a2) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %y : f32
    tt.reduce.return %m : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  %a3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<256xf32, #blocked>) : i32 {
    %s = arith.addf %a, %t : tensor<256xf32, #blocked>
    scf.yield %s : tensor<256xf32, #blocked>
  }
  tt.store %p, %a3 : tensor<256x!tt.ptr<f32>, #blocked>
  %r3 = "tt.reduce"(%a3) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %y : f32
    tt.reduce.return %m : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  %a4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %zero) -> (tensor<256xf32, #blocked>) : i32 {
    %s = arith.addf %a, %t : tensor<256xf32, #blocked>
    %d = arith.mulf %s, %s : tensor<256xf32, #blocked>
    scf.yield %d : tensor<256xf32, #blocked>
  }
  %r4 = "tt.reduce"(%a4) <{axis = 0 : i32}> ({
  ^bb0(%x: f32, %y: f32):
    %m = arith.addf %x, %y : f32
    tt.reduce.return %m : f32
  }) : (tensor<256xf32, #blocked>) -> f32
  tt.return %r1, %r2, %r3, %r4 : f32, f32, f32, f32
}
}
