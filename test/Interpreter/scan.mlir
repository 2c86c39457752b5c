// RUN: nereid-run %s --kernel=cumsum --arg=i32:zeros:8 --arg=i32:zeros:12 --print-args | FileCheck %s --check-prefix=CUMSUM
// RUN: nereid-run %s --kernel=order --arg=i32:zeros:12 --print-args | FileCheck %s --check-prefix=ORDER
// RUN: nereid-run %s --kernel=cummax --arg='i32:[1,3,2,5]' --arg=i32:zeros:4 --arg=i32:zeros:4 --print-args | FileCheck %s --check-prefix=CUMMAX

// tt.scan is inclusive: y[0] = x[0], y[i] = f(y[i-1], x[i]); reversed, y[n-1] = x[n-1] and
// y[i] = f(y[i+1], x[i]).

// [1,2,3,4] forward and reversed; [[1,2],[3,4],[5,6]] along axis 0, and along axis 1 reversed.
// CUMSUM: arg0: [1, 3, 6, 10, 10, 9, 7, 4]
// CUMSUM-NEXT: arg1: [1, 2, 4, 6, 9, 12, 3, 2, 7, 4, 11, 6]
tt.func public @cumsum(%flat: !tt.ptr<i32>, %matrix: !tt.ptr<i32>) {
  %x = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %f = tt.scan(%x) axis = 0 {
  ^bb0(%acc: i32, %v: i32):
    %s = arith.addi %acc, %v : i32
    tt.scan.return %s : i32
  } : (tensor<4xi32>) -> tensor<4xi32>
  %b = tt.scan(%x) axis = 0 reverse {
  ^bb0(%acc: i32, %v: i32):
    %s = arith.addi %acc, %v : i32
    tt.scan.return %s : i32
  } : (tensor<4xi32>) -> tensor<4xi32>
  %fb = tt.cat %f, %b : tensor<4xi32> -> tensor<8xi32>
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %fs = tt.splat %flat : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %fp = tt.addptr %fs, %r8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  tt.store %fp, %fb : tensor<8x!tt.ptr<i32>>
  %m = arith.constant dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>
  %down = tt.scan(%m) axis = 0 {
  ^bb0(%acc: i32, %v: i32):
    %s = arith.addi %acc, %v : i32
    tt.scan.return %s : i32
  } : (tensor<3x2xi32>) -> tensor<3x2xi32>
  %left = tt.scan(%m) axis = 1 reverse {
  ^bb0(%acc: i32, %v: i32):
    %s = arith.addi %acc, %v : i32
    tt.scan.return %s : i32
  } : (tensor<3x2xi32>) -> tensor<3x2xi32>
  %both = tt.cat %down, %left : tensor<3x2xi32> -> tensor<6x2xi32>
  %bf = tt.reshape %both : tensor<6x2xi32> -> tensor<12xi32>
  %r12 = tt.make_range {end = 12 : i32, start = 0 : i32} : tensor<12xi32>
  %ms = tt.splat %matrix : !tt.ptr<i32> -> tensor<12x!tt.ptr<i32>>
  %mp = tt.addptr %ms, %r12 : tensor<12x!tt.ptr<i32>>, tensor<12xi32>
  tt.store %mp, %bf : tensor<12x!tt.ptr<i32>>
  tt.return
}

// Subtraction shows the order: [10, 1, 2, 3] gives [10, 9, 7, 4] forward, and reversed
// y[3] = 3, y[2] = 3 - 2, y[1] = 1 - 1, y[0] = 0 - 10. The last four come from a combiner that
// runs one element at a time (it holds an scf.if), with the same result as the forward scan.
// ORDER: arg0: [10, 9, 7, 4, -10, 0, 1, 3, 10, 9, 7, 4]
tt.func public @order(%out: !tt.ptr<i32>) {
  %x = arith.constant dense<[10, 1, 2, 3]> : tensor<4xi32>
  %f = tt.scan(%x) axis = 0 {
  ^bb0(%acc: i32, %v: i32):
    %d = arith.subi %acc, %v : i32
    tt.scan.return %d : i32
  } : (tensor<4xi32>) -> tensor<4xi32>
  %b = tt.scan(%x) axis = 0 reverse {
  ^bb0(%acc: i32, %v: i32):
    %d = arith.subi %acc, %v : i32
    tt.scan.return %d : i32
  } : (tensor<4xi32>) -> tensor<4xi32>
  %l = tt.scan(%x) axis = 0 {
  ^bb0(%acc: i32, %v: i32):
    %true = arith.constant true
    %d = scf.if %true -> (i32) {
      %y = arith.subi %acc, %v : i32
      scf.yield %y : i32
    } else {
      scf.yield %acc : i32
    }
    tt.scan.return %d : i32
  } : (tensor<4xi32>) -> tensor<4xi32>
  %fb = tt.cat %f, %b : tensor<4xi32> -> tensor<8xi32>
  %pad = arith.constant dense<0> : tensor<4xi32>
  %lp = tt.cat %l, %pad : tensor<4xi32> -> tensor<8xi32>
  %all = tt.cat %fb, %lp : tensor<8xi32> -> tensor<16xi32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %c12 = arith.constant dense<12> : tensor<16xi32>
  %inside = arith.cmpi slt, %r, %c12 : tensor<16xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %op = tt.addptr %os, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  tt.store %op, %all, %inside : tensor<16x!tt.ptr<i32>>
  tt.return
}

// A running maximum with its index, as two operands scanned together.
// CUMMAX: arg1: [1, 3, 3, 5]
// CUMMAX-NEXT: arg2: [0, 1, 1, 3]
tt.func public @cummax(%x: !tt.ptr<i32>, %values: !tt.ptr<i32>, %indices: !tt.ptr<i32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %xp = tt.addptr %xs, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %v = tt.load %xp : tensor<4x!tt.ptr<i32>>
  %mv, %mi = tt.scan(%v, %r) axis = 0 {
  ^bb0(%av: i32, %ai: i32, %bv: i32, %bi: i32):
    %gt = arith.cmpi sgt, %bv, %av : i32
    %sv = arith.select %gt, %bv, %av : i32
    %si = arith.select %gt, %bi, %ai : i32
    tt.scan.return %sv, %si : i32, i32
  } : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
  %vs = tt.splat %values : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %vp = tt.addptr %vs, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %vp, %mv : tensor<4x!tt.ptr<i32>>
  %is = tt.splat %indices : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ip = tt.addptr %is, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %ip, %mi : tensor<4x!tt.ptr<i32>>
  tt.return
}
