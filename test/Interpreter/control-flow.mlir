// RUN: nereid-run %s --kernel=loops --arg=i32:zeros:4 --print-args | FileCheck %s --check-prefix=LOOPS
// RUN: nereid-run %s --kernel=branches --arg=i32:zeros:4 --print-args | FileCheck %s --check-prefix=BRANCHES
// RUN: nereid-run %s --kernel=calls --arg=i64:zeros:2 --print-args | FileCheck %s --check-prefix=CALLS

// scf.for, scf.while, scf.if, scf.execute_region, cf.br / cf.cond_br, and tt.call.

// scf.for from 1 to 10 step 3 (1, 4, 7) summing iv into a tensor; an empty loop (5 to 5) keeps
// its init; an unsigned loop from 0 to 0xFFFFFFFE (i32 -2) step 0x7FFFFFFF runs twice; scf.while
// doubles 1 until it reaches 100 (128).
// LOOPS: arg0: [12, 7, 2, 128]
tt.func public @loops(%out: !tt.ptr<i32>) {
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c10 = arith.constant 10 : i32
  %init = arith.constant dense<[0, 7, 0, 0]> : tensor<4xi32>
  %sum = scf.for %iv = %c1 to %c10 step %c3 iter_args(%acc = %init) -> (tensor<4xi32>) : i32 {
    %mask = arith.constant dense<[true, false, false, false]> : tensor<4xi1>
    %ivs = tt.splat %iv : i32 -> tensor<4xi32>
    %zero = arith.constant dense<0> : tensor<4xi32>
    %add = arith.select %mask, %ivs, %zero : tensor<4xi1>, tensor<4xi32>
    %next = arith.addi %acc, %add : tensor<4xi32>
    scf.yield %next : tensor<4xi32>
  }
  %same = scf.for %iv = %c5 to %c5 step %c1 iter_args(%acc = %sum) -> (tensor<4xi32>) : i32 {
    %zero = arith.constant dense<0> : tensor<4xi32>
    scf.yield %zero : tensor<4xi32>
  }
  %c0 = arith.constant 0 : i32
  %big = arith.constant -2 : i32
  %step = arith.constant 2147483647 : i32
  %trips = scf.for unsigned %iv = %c0 to %big step %step iter_args(%n = %c0) -> (i32) : i32 {
    %m = arith.addi %n, %c1 : i32
    scf.yield %m : i32
  }
  %c100 = arith.constant 100 : i32
  %c2 = arith.constant 2 : i32
  %doubled = scf.while (%x = %c1) : (i32) -> i32 {
    %small = arith.cmpi slt, %x, %c100 : i32
    scf.condition(%small) %x : i32
  } do {
  ^bb0(%x: i32):
    %y = arith.muli %x, %c2 : i32
    scf.yield %y : i32
  }
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %op = tt.addptr %os, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %op, %same : tensor<4x!tt.ptr<i32>>
  %p2 = tt.addptr %out, %c2 : !tt.ptr<i32>, i32
  tt.store %p2, %trips : !tt.ptr<i32>
  %p3 = tt.addptr %out, %c3 : !tt.ptr<i32>, i32
  tt.store %p3, %doubled : !tt.ptr<i32>
  tt.return
}

// scf.if picks its then (element 0) or else (element 1) region; an if without results only has
// effects when taken (element 2 stays 0); scf.execute_region yields 40; and a loop of blocks
// with cf.cond_br counts to 5, then cf.br joins with 5 + 3.
// BRANCHES: arg0: [11, 22, 0, 48]
tt.func public @branches(%out: !tt.ptr<i32>) {
  %true = arith.constant true
  %false = arith.constant false
  %c11 = arith.constant 11 : i32
  %c22 = arith.constant 22 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a = scf.if %true -> (i32) {
    scf.yield %c11 : i32
  } else {
    scf.yield %c22 : i32
  }
  tt.store %out, %a : !tt.ptr<i32>
  %b = scf.if %false -> (i32) {
    scf.yield %c11 : i32
  } else {
    scf.yield %c22 : i32
  }
  %p1 = tt.addptr %out, %c1 : !tt.ptr<i32>, i32
  tt.store %p1, %b : !tt.ptr<i32>
  scf.if %false {
    %p2 = tt.addptr %out, %c2 : !tt.ptr<i32>, i32
    tt.store %p2, %c11 : !tt.ptr<i32>
  }
  %forty = scf.execute_region -> i32 {
    %v = arith.constant 40 : i32
    scf.yield %v : i32
  }
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  cf.br ^loop(%c0 : i32)
^loop(%i: i32):
  %more = arith.cmpi slt, %i, %c5 : i32
  cf.cond_br %more, ^body, ^done
^body:
  %next = arith.addi %i, %c1 : i32
  cf.br ^loop(%next : i32)
^done:
  %eight = arith.addi %i, %c3 : i32
  %total = arith.addi %forty, %eight : i32
  %p3 = tt.addptr %out, %c3 : !tt.ptr<i32>, i32
  tt.store %p3, %total : !tt.ptr<i32>
  tt.return
}

// tt.call of a recursive factorial (20! fits in i64) and of a function with two results.
// CALLS: arg0: [2432902008176640000, -7]
tt.func private @factorial(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %done = arith.cmpi sle, %n, %c1 : i64
  %r = scf.if %done -> (i64) {
    scf.yield %c1 : i64
  } else {
    %m = arith.subi %n, %c1 : i64
    %f = tt.call @factorial(%m) : (i64) -> i64
    %p = arith.muli %n, %f : i64
    scf.yield %p : i64
  }
  tt.return %r : i64
}

tt.func private @sum_difference(%a: i64, %b: i64) -> (i64, i64) {
  %s = arith.addi %a, %b : i64
  %d = arith.subi %a, %b : i64
  tt.return %s, %d : i64, i64
}

tt.func public @calls(%out: !tt.ptr<i64>) {
  %c20 = arith.constant 20 : i64
  %f = tt.call @factorial(%c20) : (i64) -> i64
  tt.store %out, %f : !tt.ptr<i64>
  %c3 = arith.constant 3 : i64
  %c10 = arith.constant 10 : i64
  %s, %d = tt.call @sum_difference(%c3, %c10) : (i64, i64) -> (i64, i64)
  %c1 = arith.constant 1 : i32
  %p = tt.addptr %out, %c1 : !tt.ptr<i64>, i32
  tt.store %p, %d : !tt.ptr<i64>
  tt.return
}
