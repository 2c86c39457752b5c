// RUN: nereid-run %s --kernel=rounding --arg=f32:zeros:24 --print-args | FileCheck %s --check-prefix=ROUND
// RUN: nereid-run %s --kernel=functions --arg=f32:zeros:20 --arg=i32:zeros:12 --print-args | FileCheck %s --check-prefix=FUNC
// RUN: nereid-run %s --kernel=integers --arg=i32:zeros:16 --arg=i32:zeros:4 --print-args | FileCheck %s --check-prefix=INT

// The math dialect, on inputs whose results are exact, so that the expectations are too.

tt.func private @put(%out: !tt.ptr<f32>, %row: i32, %v: tensor<4xf32>) {
  %c4 = arith.constant 4 : i32
  %start = arith.muli %row, %c4 : i32
  %base = tt.addptr %out, %start : !tt.ptr<f32>, i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %bs = tt.splat %base : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p = tt.addptr %bs, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}

tt.func private @put_i32(%out: !tt.ptr<i32>, %row: i32, %v: tensor<4xi32>) {
  %c4 = arith.constant 4 : i32
  %start = arith.muli %row, %c4 : i32
  %base = tt.addptr %out, %start : !tt.ptr<i32>, i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %bs = tt.splat %base : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p = tt.addptr %bs, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<i32>>
  tt.return
}

// x = [2.5, -2.5, 0.5, -0.3]: floor, ceil, round (half away from zero), roundeven (half to
// even), trunc, absf.
// ROUND: arg0: [2, -3, 0, -1,
// ROUND-SAME: 3, -2, 1, -0,
// ROUND-SAME: 3, -3, 1, -0,
// ROUND-SAME: 2, -2, 0, -0,
// ROUND-SAME: 2, -2, 0, -0,
// ROUND-SAME: 2.5, 2.5, 0.5, 0.3]
tt.func public @rounding(%out: !tt.ptr<f32>) {
  %x = arith.constant dense<[2.5, -2.5, 0.5, -0.3]> : tensor<4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %floor = math.floor %x : tensor<4xf32>
  tt.call @put(%out, %c0, %floor) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %ceil = math.ceil %x : tensor<4xf32>
  tt.call @put(%out, %c1, %ceil) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %round = math.round %x : tensor<4xf32>
  tt.call @put(%out, %c2, %round) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %even = math.roundeven %x : tensor<4xf32>
  tt.call @put(%out, %c3, %even) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %trunc = math.trunc %x : tensor<4xf32>
  tt.call @put(%out, %c4, %trunc) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %abs = math.absf %x : tensor<4xf32>
  tt.call @put(%out, %c5, %abs) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  tt.return
}

// sqrt, rsqrt, exp2, log2 and fma on exact cases; copysign; then isnan, isinf and isfinite of
// [nan, -inf, 1, 0].
// FUNC: arg0: [3, 0.5, 0, inf,
// FUNC-SAME: 0.5, 2, inf, 0,
// FUNC-SAME: 8, 0.25, 1, 0,
// FUNC-SAME: 3, -2, -inf, -inf,
// FUNC-SAME: 7, -1, 0, -2]
// FUNC-NEXT: arg1: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1]
tt.func public @functions(%out: !tt.ptr<f32>, %flags: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %s = arith.constant dense<[9.0, 0.25, 0.0, 0x7F800000]> : tensor<4xf32>
  %sqrt = math.sqrt %s : tensor<4xf32>
  tt.call @put(%out, %c0, %sqrt) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %rs = arith.constant dense<[4.0, 0.25, 0.0, 0x7F800000]> : tensor<4xf32>
  %rsqrt = math.rsqrt %rs : tensor<4xf32>
  tt.call @put(%out, %c1, %rsqrt) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %e = arith.constant dense<[3.0, -2.0, 0.0, -200.0]> : tensor<4xf32>
  %exp2 = math.exp2 %e : tensor<4xf32>
  tt.call @put(%out, %c2, %exp2) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %l = arith.constant dense<[8.0, 0.25, 0.0, -0.0]> : tensor<4xf32>
  %log2 = math.log2 %l : tensor<4xf32>
  tt.call @put(%out, %c3, %log2) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %fa = arith.constant dense<[2.0, 1.0, 0.5, 3.0]> : tensor<4xf32>
  %fb = arith.constant dense<[3.0, -1.0, 2.0, 1.0]> : tensor<4xf32>
  %fc = arith.constant dense<[1.0, 0.0, -1.0, -1.0]> : tensor<4xf32>
  %fma = math.fma %fa, %fb, %fc : tensor<4xf32>
  %sign = arith.constant dense<[1.0, -1.0, 1.0, -1.0]> : tensor<4xf32>
  %fmas = math.copysign %fma, %sign : tensor<4xf32>
  tt.call @put(%out, %c4, %fmas) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %k = arith.constant dense<[0x7FC00000, 0xFF800000, 1.0, 0.0]> : tensor<4xf32>
  %isnan = math.isnan %k : tensor<4xf32>
  %isnanw = arith.extui %isnan : tensor<4xi1> to tensor<4xi32>
  tt.call @put_i32(%flags, %c0, %isnanw) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %isinf = math.isinf %k : tensor<4xf32>
  %isinfw = arith.extui %isinf : tensor<4xi1> to tensor<4xi32>
  tt.call @put_i32(%flags, %c1, %isinfw) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %isfinite = math.isfinite %k : tensor<4xf32>
  %isfinitew = arith.extui %isfinite : tensor<4xi1> to tensor<4xi32>
  tt.call @put_i32(%flags, %c2, %isfinitew) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.return
}

// x = [0, 1, -1, 0x00F0F000]: ctlz, cttz, ctpop; absi of [-5, 5, INT_MIN, 0] (INT_MIN wraps);
// ipowi of [2, -2, 3, 5] to [10, 3, 0, -1] (a negative power of 5 is 0).
// INT: arg0: [32, 31, 0, 8,
// INT-SAME: 32, 0, 0, 12,
// INT-SAME: 0, 1, 32, 8,
// INT-SAME: 5, 5, -2147483648, 0]
// INT-NEXT: arg1: [1024, -8, 1, 0]
tt.func public @integers(%out: !tt.ptr<i32>, %powers: !tt.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %x = arith.constant dense<[0, 1, -1, 15790080]> : tensor<4xi32>
  %lz = math.ctlz %x : tensor<4xi32>
  tt.call @put_i32(%out, %c0, %lz) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %tz = math.cttz %x : tensor<4xi32>
  tt.call @put_i32(%out, %c1, %tz) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %pop = math.ctpop %x : tensor<4xi32>
  tt.call @put_i32(%out, %c2, %pop) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %a = arith.constant dense<[-5, 5, -2147483648, 0]> : tensor<4xi32>
  %abs = math.absi %a : tensor<4xi32>
  tt.call @put_i32(%out, %c3, %abs) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %b = arith.constant dense<[2, -2, 3, 5]> : tensor<4xi32>
  %e = arith.constant dense<[10, 3, 0, -1]> : tensor<4xi32>
  %pow = math.ipowi %b, %e : tensor<4xi32>
  tt.call @put_i32(%powers, %c0, %pow) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.return
}
