// RUN: nereid-run %s --kernel=sums --arg=i32:zeros:3 --arg=i32:zeros:2 --arg=i32:zeros:1 --arg=i32:zeros:4 --print-args | FileCheck %s --check-prefix=SUMS
// RUN: nereid-run %s --kernel=argmax --arg='f32:[3,7,7,1]' --arg=f32:zeros:1 --arg=i32:zeros:1 --print-args | FileCheck %s --check-prefix=ARGMAX
// RUN: nereid-run %s --kernel=order --arg=i32:zeros:4 --arg=f32:zeros:1 --print-args | FileCheck %s --check-prefix=ORDER

// tt.reduce combines the elements along the axis strictly left to right:
// f(...f(f(x0, x1), x2)..., xn-1).

// [[1,2,3],[4,5,6]] along axis 0 and 1, and all six; a 2x2x2 iota along axis 1.
// SUMS: arg0: [5, 7, 9]
// SUMS-NEXT: arg1: [6, 15]
// SUMS-NEXT: arg2: [21]
// SUMS-NEXT: arg3: [2, 4, 10, 12]
tt.func public @sums(%columns: !tt.ptr<i32>, %rows: !tt.ptr<i32>, %all: !tt.ptr<i32>, %middle: !tt.ptr<i32>) {
  %m = arith.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  %c = "tt.reduce"(%m) <{axis = 0 : i32}> ({
  ^bb0(%acc: i32, %x: i32):
    %s = arith.addi %acc, %x : i32
    tt.reduce.return %s : i32
  }) : (tensor<2x3xi32>) -> tensor<3xi32>
  %r = tt.reduce(%m) axis = 1 {
  ^bb0(%acc: i32, %x: i32):
    %s = arith.addi %acc, %x : i32
    tt.reduce.return %s : i32
  } : (tensor<2x3xi32>) -> tensor<2xi32>
  %flat = tt.reshape %m : tensor<2x3xi32> -> tensor<6xi32>
  %t = tt.reduce(%flat) axis = 0 {
  ^bb0(%acc: i32, %x: i32):
    %s = arith.addi %acc, %x : i32
    tt.reduce.return %s : i32
  } : (tensor<6xi32>) -> i32
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %cube = tt.reshape %r8 : tensor<8xi32> -> tensor<2x2x2xi32>
  %mid = tt.reduce(%cube) axis = 1 {
  ^bb0(%acc: i32, %x: i32):
    %s = arith.addi %acc, %x : i32
    tt.reduce.return %s : i32
  } : (tensor<2x2x2xi32>) -> tensor<2x2xi32>
  %midf = tt.reshape %mid : tensor<2x2xi32> -> tensor<4xi32>
  %r3 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  %cs = tt.splat %columns : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %cp = tt.addptr %cs, %r3 : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  tt.store %cp, %c : tensor<3x!tt.ptr<i32>>
  %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %rs = tt.splat %rows : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %rp = tt.addptr %rs, %r2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  tt.store %rp, %r : tensor<2x!tt.ptr<i32>>
  tt.store %all, %t : !tt.ptr<i32>
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %ms = tt.splat %middle : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %mp = tt.addptr %ms, %r4 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %mp, %midf : tensor<4x!tt.ptr<i32>>
  tt.return
}

// argmax of [3, 7, 7, 1]: a new element replaces the accumulator only when strictly greater,
// so the first 7 wins.
// ARGMAX: arg1: [7]
// ARGMAX-NEXT: arg2: [1]
tt.func public @argmax(%x: !tt.ptr<f32>, %best: !tt.ptr<f32>, %index: !tt.ptr<i32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xp : tensor<4x!tt.ptr<f32>>
  %max, %arg = tt.reduce(%v, %r) axis = 0 {
  ^bb0(%av: f32, %ai: i32, %bv: f32, %bi: i32):
    %gt = arith.cmpf ogt, %bv, %av : f32
    %mv = arith.select %gt, %bv, %av : f32
    %mi = arith.select %gt, %bi, %ai : i32
    tt.reduce.return %mv, %mi : f32, i32
  } : (tensor<4xf32>, tensor<4xi32>) -> (f32, i32)
  tt.store %best, %max : !tt.ptr<f32>
  tt.store %index, %arg : !tt.ptr<i32>
  tt.return
}

// Subtraction is not associative, so the result shows the order: rows [10, 1, 2, 3] and
// [1, 2, 3, 4] give ((10 - 1) - 2) - 3 = 4 and ((1 - 2) - 3) - 4 = -8, whether the combiner runs
// on whole slices (elementwise ops only) or one element at a time (it holds an scf.if).
// In f32, 1e8 + 1 rounds back to 1e8, so [1e8, 1, -1e8, 1] sums to 1 in this order.
// ORDER: arg0: [4, -8, 4, -8]
// ORDER-NEXT: arg1: [1]
tt.func public @order(%out: !tt.ptr<i32>, %sum: !tt.ptr<f32>) {
  %m = arith.constant dense<[[10, 1, 2, 3], [1, 2, 3, 4]]> : tensor<2x4xi32>
  %sliced = tt.reduce(%m) axis = 1 {
  ^bb0(%acc: i32, %x: i32):
    %d = arith.subi %acc, %x : i32
    tt.reduce.return %d : i32
  } : (tensor<2x4xi32>) -> tensor<2xi32>
  %lanes = tt.reduce(%m) axis = 1 {
  ^bb0(%acc: i32, %x: i32):
    %true = arith.constant true
    %d = scf.if %true -> (i32) {
      %y = arith.subi %acc, %x : i32
      scf.yield %y : i32
    } else {
      scf.yield %acc : i32
    }
    tt.reduce.return %d : i32
  } : (tensor<2x4xi32>) -> tensor<2xi32>
  %both = tt.cat %sliced, %lanes : tensor<2xi32> -> tensor<4xi32>
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %op = tt.addptr %os, %r4 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %op, %both : tensor<4x!tt.ptr<i32>>
  %f = arith.constant dense<[1.0e8, 1.0, -1.0e8, 1.0]> : tensor<4xf32>
  %s = tt.reduce(%f) axis = 0 {
  ^bb0(%acc: f32, %x: f32):
    %a = arith.addf %acc, %x : f32
    tt.reduce.return %a : f32
  } : (tensor<4xf32>) -> f32
  tt.store %sum, %s : !tt.ptr<f32>
  tt.return
}
