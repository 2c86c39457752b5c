// RUN: nereid-run %s --kernel=basic --arg=f32:zeros:28 --print-args | FileCheck %s --check-prefix=BASIC
// RUN: nereid-run %s --kernel=nan_rules --arg=f32:zeros:16 --arg=i32:zeros:24 --print-args | FileCheck %s --check-prefix=NAN
// RUN: nereid-run %s --kernel=to_integer --arg=i32:zeros:12 --print-args | FileCheck %s --check-prefix=TOINT
// RUN: nereid-run %s --kernel=to_float --arg=f32:zeros:8 --arg=f16:zeros:20 --print-args | FileCheck %s --check-prefix=TOFLOAT

// Float ops of arith: IEEE 754 arithmetic rounded to nearest even, with docs/semantics.md's NaN
// and signed-zero rules, and conversions that saturate.

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

tt.func private @put_i1(%out: !tt.ptr<i32>, %row: i32, %v: tensor<4xi1>) {
  %c4 = arith.constant 4 : i32
  %start = arith.muli %row, %c4 : i32
  %base = tt.addptr %out, %start : !tt.ptr<i32>, i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %bs = tt.splat %base : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p = tt.addptr %bs, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %w = arith.extui %v : tensor<4xi1> to tensor<4xi32>
  tt.store %p, %w : tensor<4x!tt.ptr<i32>>
  tt.return
}

tt.func private @put_f16(%out: !tt.ptr<f16>, %row: i32, %v: tensor<4xf16>) {
  %c4 = arith.constant 4 : i32
  %start = arith.muli %row, %c4 : i32
  %base = tt.addptr %out, %start : !tt.ptr<f16>, i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %bs = tt.splat %base : !tt.ptr<f16> -> tensor<4x!tt.ptr<f16>>
  %p = tt.addptr %bs, %r : tensor<4x!tt.ptr<f16>>, tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<f16>>
  tt.return
}

// a = [1.5, -0, 1e30, 3], b = [0.25, 0, 1e30, 0]: addf, subf, mulf, divf, remf, negf, and a
// select with a scalar condition (false: b).
// BASIC: arg0: [1.75, 0, 2e+30, 3,
// BASIC-SAME: 1.25, -0, 0, 3,
// BASIC-SAME: 0.375, -0, inf, 0,
// BASIC-SAME: 6, nan, 1, inf,
// BASIC-SAME: 0, nan, 0, nan,
// BASIC-SAME: -1.5, 0, -1e+30, -3,
// BASIC-SAME: 0.25, 0, 1e+30, 0]
tt.func public @basic(%out: !tt.ptr<f32>) {
  %a = arith.constant dense<[1.5, -0.0, 1.0e30, 3.0]> : tensor<4xf32>
  %b = arith.constant dense<[0.25, 0.0, 1.0e30, 0.0]> : tensor<4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %add = arith.addf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c0, %add) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %sub = arith.subf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c1, %sub) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %mul = arith.mulf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c2, %mul) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %div = arith.divf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c3, %div) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %rem = arith.remf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c4, %rem) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %neg = arith.negf %a : tensor<4xf32>
  tt.call @put(%out, %c5, %neg) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %false = arith.constant false
  %sel = arith.select %false, %a, %b : tensor<4xf32>
  tt.call @put(%out, %c6, %sel) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  tt.return
}

// a = [nan, 1, -0, 2], b = [1, nan, 0, 3]: maximumf and minimumf propagate NaN, maxnumf and
// minnumf take the other operand; all order -0 below +0. Then cmpf olt, ult, oeq, une, ord, uno.
// NAN: arg0: [nan, nan, 0, 3,
// NAN-SAME: nan, nan, -0, 2,
// NAN-SAME: 1, 1, 0, 3,
// NAN-SAME: 1, 1, -0, 2]
// NAN-NEXT: arg1: [0, 0, 0, 1,
// NAN-SAME: 1, 1, 0, 1,
// NAN-SAME: 0, 0, 1, 0,
// NAN-SAME: 1, 1, 0, 1,
// NAN-SAME: 0, 0, 1, 1,
// NAN-SAME: 1, 1, 0, 0]
tt.func public @nan_rules(%out: !tt.ptr<f32>, %flags: !tt.ptr<i32>) {
  %nan = arith.constant 0x7FC00000 : f32
  %nans = tt.splat %nan : f32 -> tensor<4xf32>
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %c0v = arith.constant dense<0> : tensor<4xi32>
  %c1v = arith.constant dense<1> : tensor<4xi32>
  %first = arith.cmpi eq, %r, %c0v : tensor<4xi32>
  %second = arith.cmpi eq, %r, %c1v : tensor<4xi32>
  %a0 = arith.constant dense<[0.0, 1.0, -0.0, 2.0]> : tensor<4xf32>
  %b0 = arith.constant dense<[1.0, 0.0, 0.0, 3.0]> : tensor<4xf32>
  %a = arith.select %first, %nans, %a0 : tensor<4xi1>, tensor<4xf32>
  %b = arith.select %second, %nans, %b0 : tensor<4xi1>, tensor<4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %maximum = arith.maximumf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c0, %maximum) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %minimum = arith.minimumf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c1, %minimum) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %maxnum = arith.maxnumf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c2, %maxnum) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %minnum = arith.minnumf %a, %b : tensor<4xf32>
  tt.call @put(%out, %c3, %minnum) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %olt = arith.cmpf olt, %a, %b : tensor<4xf32>
  tt.call @put_i1(%flags, %c0, %olt) : (!tt.ptr<i32>, i32, tensor<4xi1>) -> ()
  %ult = arith.cmpf ult, %a, %b : tensor<4xf32>
  tt.call @put_i1(%flags, %c1, %ult) : (!tt.ptr<i32>, i32, tensor<4xi1>) -> ()
  %oeq = arith.cmpf oeq, %a, %b : tensor<4xf32>
  tt.call @put_i1(%flags, %c2, %oeq) : (!tt.ptr<i32>, i32, tensor<4xi1>) -> ()
  %une = arith.cmpf une, %a, %b : tensor<4xf32>
  tt.call @put_i1(%flags, %c3, %une) : (!tt.ptr<i32>, i32, tensor<4xi1>) -> ()
  %ord = arith.cmpf ord, %a, %b : tensor<4xf32>
  tt.call @put_i1(%flags, %c4, %ord) : (!tt.ptr<i32>, i32, tensor<4xi1>) -> ()
  %uno = arith.cmpf uno, %a, %b : tensor<4xf32>
  tt.call @put_i1(%flags, %c5, %uno) : (!tt.ptr<i32>, i32, tensor<4xi1>) -> ()
  tt.return
}

// fptosi of [2.9, -3e9, 3e9, nan], fptoui of [2.9, -1, 5e9, nan] (UINT_MAX prints as -1) and
// fptosi to i8 of [300, -300, 127.9, -128.5]: truncation, saturation, and 0 for NaN.
// TOINT: arg0: [2, -2147483648, 2147483647, 0, 2, 0, -1, 0, 127, -128, 127, -128]
tt.func public @to_integer(%out: !tt.ptr<i32>) {
  %nan = arith.constant 0x7FC00000 : f32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %c3v = arith.constant dense<3> : tensor<4xi32>
  %last = arith.cmpi eq, %r, %c3v : tensor<4xi32>
  %nans = tt.splat %nan : f32 -> tensor<4xf32>
  %s0 = arith.constant dense<[2.9, -3.0e9, 3.0e9, 0.0]> : tensor<4xf32>
  %s = arith.select %last, %nans, %s0 : tensor<4xi1>, tensor<4xf32>
  %u0 = arith.constant dense<[2.9, -1.0, 5.0e9, 0.0]> : tensor<4xf32>
  %u = arith.select %last, %nans, %u0 : tensor<4xi1>, tensor<4xf32>
  %n = arith.constant dense<[300.0, -300.0, 127.9, -128.5]> : tensor<4xf32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %si = arith.fptosi %s : tensor<4xf32> to tensor<4xi32>
  %ui = arith.fptoui %u : tensor<4xf32> to tensor<4xi32>
  %i8 = arith.fptosi %n : tensor<4xf32> to tensor<4xi8>
  %i8w = arith.extsi %i8 : tensor<4xi8> to tensor<4xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p0 = tt.addptr %os, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %p0, %si : tensor<4x!tt.ptr<i32>>
  %c4v = arith.constant dense<4> : tensor<4xi32>
  %p1 = tt.addptr %p0, %c4v : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %p1, %ui : tensor<4x!tt.ptr<i32>>
  %p2 = tt.addptr %p1, %c4v : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %p2, %i8w : tensor<4x!tt.ptr<i32>>
  tt.return
}

// sitofp of [-3, 2^24 + 1, INT_MAX, 0] and uitofp of [UINT_MAX, 1, 2^24 + 3, 0] round to
// nearest even. truncf to f16 of x = [1 + 2^-11, -(1 + 2^-11), 70000, 1 + 3 * 2^-11] (the first
// two and the last halfway between f16 neighbours) to nearest even, toward zero, upward,
// downward and to nearest away (1.001 prints 1 + 2^-10, 1.002 prints 1 + 2^-9).
// TOFLOAT: arg0: [-3, 16777216, 2147483648, 0, 4294967296, 1, 16777220, 0]
// TOFLOAT-NEXT: arg1: [1, -1, inf, 1.002,
// TOFLOAT-SAME: 1, -1, 65504, 1.001,
// TOFLOAT-SAME: 1.001, -1, inf, 1.002,
// TOFLOAT-SAME: 1, -1.001, 65504, 1.001,
// TOFLOAT-SAME: 1.001, -1.001, inf, 1.002]
tt.func public @to_float(%out: !tt.ptr<f32>, %half: !tt.ptr<f16>) {
  %s = arith.constant dense<[-3, 16777217, 2147483647, 0]> : tensor<4xi32>
  %u = arith.constant dense<[-1, 1, 16777219, 0]> : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %sf = arith.sitofp %s : tensor<4xi32> to tensor<4xf32>
  tt.call @put(%out, %c0, %sf) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %uf = arith.uitofp %u : tensor<4xi32> to tensor<4xf32>
  tt.call @put(%out, %c1, %uf) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %x = arith.constant dense<[1.00048828125, -1.00048828125, 70000.0, 1.00146484375]> : tensor<4xf32>
  %even = arith.truncf %x : tensor<4xf32> to tensor<4xf16>
  tt.call @put_f16(%half, %c0, %even) : (!tt.ptr<f16>, i32, tensor<4xf16>) -> ()
  %zero = arith.truncf %x toward_zero : tensor<4xf32> to tensor<4xf16>
  tt.call @put_f16(%half, %c1, %zero) : (!tt.ptr<f16>, i32, tensor<4xf16>) -> ()
  %up = arith.truncf %x upward : tensor<4xf32> to tensor<4xf16>
  tt.call @put_f16(%half, %c2, %up) : (!tt.ptr<f16>, i32, tensor<4xf16>) -> ()
  %down = arith.truncf %x downward : tensor<4xf32> to tensor<4xf16>
  tt.call @put_f16(%half, %c3, %down) : (!tt.ptr<f16>, i32, tensor<4xf16>) -> ()
  %away = arith.truncf %x to_nearest_away : tensor<4xf32> to tensor<4xf16>
  tt.call @put_f16(%half, %c4, %away) : (!tt.ptr<f16>, i32, tensor<4xf16>) -> ()
  tt.return
}
