// RUN: nereid-opt %s -split-input-file --cpu-version-loops-on-masks | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A strip loop of layer norm's form: the mask is the strip's range, plus the loop's offset and
// an outer offset, below n. Each iteration tests in i64 that the range stays in i32 and its
// last element is below n, and then runs a copy of the body whose mask is all true; the body
// as it was runs otherwise.
// CHECK-LABEL: tt.func @strips
// CHECK: scf.for %[[IV:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[FIRST:.*]] = arith.constant 0 : i64
// CHECK:   %[[OUTER:.*]] = arith.extsi %[[OFF:.*]] : i32 to i64
// CHECK:   %[[S1:.*]] = arith.addi %[[FIRST]], %[[OUTER]] : i64
// CHECK:   %[[STRIP:.*]] = arith.extsi %[[IV]] : i32 to i64
// CHECK:   %[[LOW:.*]] = arith.addi %[[S1]], %[[STRIP]] : i64
// CHECK:   %[[C31:.*]] = arith.constant 31 : i64
// CHECK:   %[[HIGH:.*]] = arith.addi %[[LOW]], %[[C31]] : i64
// CHECK:   %[[N:.*]] = arith.extsi %[[BOUND:.*]] : i32 to i64
// CHECK:   %[[MIN:.*]] = arith.constant -2147483648 : i64
// CHECK:   %[[INRANGE:.*]] = arith.cmpi sge, %[[LOW]], %[[MIN]] : i64
// CHECK:   %[[BELOW:.*]] = arith.cmpi slt, %[[HIGH]], %[[N]] : i64
// CHECK:   %[[FULL:.*]] = arith.andi %[[INRANGE]], %[[BELOW]] : i1
// CHECK:   %[[SUM:.*]] = scf.if %[[FULL]] -> (tensor<32xf32, #blocked>) {
// CHECK:     %[[TRUE:.*]] = arith.constant dense<true> : tensor<32xi1, #blocked>
// CHECK-NOT: arith.cmpi
// CHECK:     %[[X:.*]] = tt.load %{{.*}}, %[[TRUE]], %{{.*}}
// CHECK:     tt.store %{{.*}}, %[[X]], %[[TRUE]]
// CHECK:     scf.yield
// CHECK:   } else {
// CHECK:     %[[MASK:.*]] = arith.cmpi slt
// CHECK:     tt.load %{{.*}}, %[[MASK]], %{{.*}}
// CHECK:     tt.store %{{.*}}, %{{.*}}, %[[MASK]]
// CHECK:     scf.yield
// CHECK:   }
// CHECK:   scf.yield %[[SUM]]
tt.func @strips(%p: !tt.ptr<f32>, %q: !tt.ptr<f32>, %off: i32, %n: i32) -> tensor<32xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<32xf32, #blocked>
  %r = scf.for %s = %c0 to %c256 step %c32 iter_args(%acc = %zero) -> (tensor<32xf32, #blocked>) : i32 {
    %range = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %strip = tt.splat %s : i32 -> tensor<32xi32, #blocked>
    %local = arith.addi %range, %strip : tensor<32xi32, #blocked>
    %outer = tt.splat %off : i32 -> tensor<32xi32, #blocked>
    %cols = arith.addi %outer, %local : tensor<32xi32, #blocked>
    %bound = tt.splat %n : i32 -> tensor<32xi32, #blocked>
    %mask = arith.cmpi slt, %cols, %bound : tensor<32xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %cols : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %x = tt.load %ptrs, %mask, %zero : tensor<32x!tt.ptr<f32>, #blocked>
    %qbase = tt.splat %q : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %qptrs = tt.addptr %qbase, %cols : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    tt.store %qptrs, %x, %mask : tensor<32x!tt.ptr<f32>, #blocked>
    %sum = arith.addf %acc, %x : tensor<32xf32, #blocked>
    scf.yield %sum : tensor<32xf32, #blocked>
  }
  tt.return %r : tensor<32xf32, #blocked>
}

// Left as they are: a mask `<=` n, a mask whose bound the body computes, and an unsigned
// comparison.
// CHECK-LABEL: tt.func @other_masks
// CHECK-NOT: scf.if
// CHECK: tt.return
tt.func @other_masks(%p: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c32 = arith.constant 32 : i32
  %c256 = arith.constant 256 : i32
  scf.for %s = %c0 to %c256 step %c32 : i32 {
    %range = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %strip = tt.splat %s : i32 -> tensor<32xi32, #blocked>
    %cols = arith.addi %range, %strip : tensor<32xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %cols : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %bound = tt.splat %n : i32 -> tensor<32xi32, #blocked>
    %le = arith.cmpi sle, %cols, %bound : tensor<32xi32, #blocked>
    %x = tt.load %ptrs, %le : tensor<32x!tt.ptr<f32>, #blocked>
    %twice = arith.addi %n, %n : i32
    %bound2 = tt.splat %twice : i32 -> tensor<32xi32, #blocked>
    %lt2 = arith.cmpi slt, %cols, %bound2 : tensor<32xi32, #blocked>
    tt.store %ptrs, %x, %lt2 : tensor<32x!tt.ptr<f32>, #blocked>
    %ult = arith.cmpi ult, %cols, %bound : tensor<32xi32, #blocked>
    tt.store %ptrs, %x, %ult : tensor<32x!tt.ptr<f32>, #blocked>
  }
  tt.return
}
}
