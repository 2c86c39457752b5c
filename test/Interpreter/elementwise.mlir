// RUN: nereid-run %s --kernel=fp_to_fp --arg=f32:zeros:36 --print-args | FileCheck %s --check-prefix=CONVERT
// RUN: nereid-run %s --kernel=clamp_precise --arg=f32:zeros:16 --print-args | FileCheck %s --check-prefix=CLAMP
// RUN: nereid-run %s --kernel=extern --arg=f32:zeros:8 --arg=i32:zeros:3 --print-args | FileCheck %s --check-prefix=EXTERN

// The elementwise ops of tt beyond arith and math.

// Stores %v converted exactly to f32 at out[4 row ..].
tt.func private @put_f32(%out: !tt.ptr<f32>, %row: i32, %v: tensor<4xf32>) {
  %c4 = arith.constant 4 : i32
  %start = arith.muli %row, %c4 : i32
  %base = tt.addptr %out, %start : !tt.ptr<f32>, i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %bs = tt.splat %base : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %p = tt.addptr %bs, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<f32>>
  tt.return
}

// tt.fp_to_fp narrowing, then widened back exactly (and printed as f32: the largest bf16 is
// 3.3895314e+38):
// - bf16, rtne then rtz, of [1 + 2^-8, 1 + 3 * 2^-8, 3.4e38, -0] (the first two halfway);
// - e4m3fn, rtne: [448, 464, 1000, -inf] saturate to +-448 (no infinity); [nan, 1.5 * 2^-9,
//   1 + 2^-4, -0] keep NaN and round halfway subnormal and normal values to even;
// - e5m2 (which has infinities), rtne then rtz, of [57344, 61440, 1e6, -inf];
// - e4m3b11fnuz of [30, 31, -100, -0] (saturates at 30, no -0) and e4m3fnuz of
//   [240, 1000, -0, 0.5].
// CONVERT: arg0: [1, 1.015625, inf, -0,
// CONVERT-SAME: 1, 1.0078125, 3.3895314e+38, -0,
// CONVERT-SAME: 448, 448, 448, -448,
// CONVERT-SAME: nan, 0.00390625, 1, -0,
// CONVERT-SAME: 57344, inf, inf, -inf,
// CONVERT-SAME: 57344, 57344, 57344, -inf,
// CONVERT-SAME: 30, 30, -30, 0,
// CONVERT-SAME: 240, 240, 0, 0.5,
// CONVERT-SAME: 448, -0.001953125, 65504, 1]
tt.func public @fp_to_fp(%out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %b = arith.constant dense<[1.00390625, 1.01171875, 3.4e38, -0.0]> : tensor<4xf32>
  %bn = tt.fp_to_fp %b, rounding = rtne : tensor<4xf32> -> tensor<4xbf16>
  %bnw = tt.fp_to_fp %bn : tensor<4xbf16> -> tensor<4xf32>
  tt.call @put_f32(%out, %c0, %bnw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %bz = tt.fp_to_fp %b, rounding = rtz : tensor<4xf32> -> tensor<4xbf16>
  %bzw = tt.fp_to_fp %bz : tensor<4xbf16> -> tensor<4xf32>
  tt.call @put_f32(%out, %c1, %bzw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %e = arith.constant dense<[448.0, 464.0, 1000.0, 0xFF800000]> : tensor<4xf32>
  %en = tt.fp_to_fp %e, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FN>
  %enw = tt.fp_to_fp %en : tensor<4xf8E4M3FN> -> tensor<4xf32>
  tt.call @put_f32(%out, %c2, %enw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %s = arith.constant dense<[0x7FC00000, 0.0029296875, 1.0625, -0.0]> : tensor<4xf32>
  %sn = tt.fp_to_fp %s, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FN>
  %snw = tt.fp_to_fp %sn : tensor<4xf8E4M3FN> -> tensor<4xf32>
  tt.call @put_f32(%out, %c3, %snw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %f = arith.constant dense<[57344.0, 61440.0, 1.0e6, 0xFF800000]> : tensor<4xf32>
  %fn = tt.fp_to_fp %f, rounding = rtne : tensor<4xf32> -> tensor<4xf8E5M2>
  %fnw = tt.fp_to_fp %fn : tensor<4xf8E5M2> -> tensor<4xf32>
  tt.call @put_f32(%out, %c4, %fnw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %fz = tt.fp_to_fp %f, rounding = rtz : tensor<4xf32> -> tensor<4xf8E5M2>
  %fzw = tt.fp_to_fp %fz : tensor<4xf8E5M2> -> tensor<4xf32>
  tt.call @put_f32(%out, %c5, %fzw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %g = arith.constant dense<[30.0, 31.0, -100.0, -0.0]> : tensor<4xf32>
  %gn = tt.fp_to_fp %g, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3B11FNUZ>
  %gnw = tt.fp_to_fp %gn : tensor<4xf8E4M3B11FNUZ> -> tensor<4xf32>
  tt.call @put_f32(%out, %c6, %gnw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  %h = arith.constant dense<[240.0, 1000.0, -0.0, 0.5]> : tensor<4xf32>
  %hn = tt.fp_to_fp %h, rounding = rtne : tensor<4xf32> -> tensor<4xf8E4M3FNUZ>
  %hnw = tt.fp_to_fp %hn : tensor<4xf8E4M3FNUZ> -> tensor<4xf32>
  tt.call @put_f32(%out, %c7, %hnw) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  // Widening is exact: fp8 448 and -2^-9, f16 65504, bf16 1.
  %w8 = arith.constant dense<[448.0, -0.001953125]> : tensor<2xf8E4M3FN>
  %w8w = tt.fp_to_fp %w8 : tensor<2xf8E4M3FN> -> tensor<2xf32>
  %w16 = arith.constant dense<[65504.0, 1.0]> : tensor<2xf16>
  %w16w = tt.fp_to_fp %w16 : tensor<2xf16> -> tensor<2xf32>
  %wide = tt.cat %w8w, %w16w : tensor<2xf32> -> tensor<4xf32>
  tt.call @put_f32(%out, %c8, %wide) : (!tt.ptr<f32>, i32, tensor<4xf32>) -> ()
  tt.return
}

// clampf of [nan, -5, 5, 0.5] to [0, 1]: propagateNan = all keeps the NaN, none gives the
// bound; precise_sqrt of [2, 4, -1, 0] and precise_divf of [1, 1, -1, 0] by [3, 0, 0, 0].
// CLAMP: arg0: [nan, 0, 1, 0.5, 0, 0, 1, 0.5, 1.4142135, 2, nan, 0, 0.33333334, inf, -inf, nan]
tt.func public @clamp_precise(%out: !tt.ptr<f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %x = arith.constant dense<[0x7FC00000, -5.0, 5.0, 0.5]> : tensor<4xf32>
  %lo = arith.constant dense<0.0> : tensor<4xf32>
  %hi = arith.constant dense<1.0> : tensor<4xf32>
  %all = tt.clampf %x, %lo, %hi, propagateNan = all : tensor<4xf32>
  %none = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<4xf32>
  %both = tt.cat %all, %none : tensor<4xf32> -> tensor<8xf32>
  %s = arith.constant dense<[2.0, 4.0, -1.0, 0.0]> : tensor<4xf32>
  %sqrt = tt.precise_sqrt %s : tensor<4xf32>
  %n = arith.constant dense<[1.0, 1.0, -1.0, 0.0]> : tensor<4xf32>
  %d = arith.constant dense<[3.0, 0.0, 0.0, 0.0]> : tensor<4xf32>
  %div = tt.precise_divf %n, %d : tensor<4xf32>
  %sd = tt.cat %sqrt, %div : tensor<4xf32> -> tensor<8xf32>
  %all16 = tt.cat %both, %sd : tensor<8xf32> -> tensor<16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %op, %all16 : tensor<16x!tt.ptr<f32>>
  tt.return
}

// Library calls by their libdevice and ocml names: fmaxf(nan, 1), floorf(-1.5), powf(2, 10),
// ocml sqrt(16), rsqrtf(0.25), erfinvf(0.5), j0f(0), normcdfinvf(0.5); isnanf(nan) (an i32),
// umulhi(-1, -1), popc(255).
// EXTERN: arg0: [1, -2, 1024, 4, 2, 0.47693628, 1, 0]
// EXTERN-NEXT: arg1: [1, -2, 8]
tt.func public @extern(%out: !tt.ptr<f32>, %ints: !tt.ptr<i32>) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %a = tt.extern_elementwise %nan, %one {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_fmaxf"} : (f32, f32) -> f32
  %m = arith.constant -1.5 : f32
  %b = tt.extern_elementwise %m {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_floorf"} : (f32) -> f32
  %two = arith.constant 2.0 : f32
  %ten = arith.constant 10.0 : f32
  %c = tt.extern_elementwise %two, %ten {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_powf"} : (f32, f32) -> f32
  %sixteen = arith.constant dense<16.0> : tensor<1xf32>
  %d = tt.extern_elementwise %sixteen {libname = "ocml", libpath = "", pure = true, symbol = "__ocml_sqrt_f32"} : (tensor<1xf32>) -> tensor<1xf32>
  %quarter = arith.constant 0.25 : f32
  %e = tt.extern_elementwise %quarter {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_rsqrtf"} : (f32) -> f32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  tt.store %out, %a : !tt.ptr<f32>
  %p1 = tt.addptr %out, %c1 : !tt.ptr<f32>, i32
  tt.store %p1, %b : !tt.ptr<f32>
  %p2 = tt.addptr %out, %c2 : !tt.ptr<f32>, i32
  tt.store %p2, %c : !tt.ptr<f32>
  %p3 = tt.addptr %out, %c3 : !tt.ptr<f32>, i32
  %p3s = tt.splat %p3 : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
  tt.store %p3s, %d : tensor<1x!tt.ptr<f32>>
  %p4 = tt.addptr %out, %c4 : !tt.ptr<f32>, i32
  tt.store %p4, %e : !tt.ptr<f32>
  %half = arith.constant 0.5 : f32
  %zero = arith.constant 0.0 : f32
  %erfinv = tt.extern_elementwise %half {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_erfinvf"} : (f32) -> f32
  %j0 = tt.extern_elementwise %zero {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_j0f"} : (f32) -> f32
  %probit = tt.extern_elementwise %half {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_normcdfinvf"} : (f32) -> f32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %p5 = tt.addptr %out, %c5 : !tt.ptr<f32>, i32
  tt.store %p5, %erfinv : !tt.ptr<f32>
  %p6 = tt.addptr %out, %c6 : !tt.ptr<f32>, i32
  tt.store %p6, %j0 : !tt.ptr<f32>
  %p7 = tt.addptr %out, %c7 : !tt.ptr<f32>, i32
  tt.store %p7, %probit : !tt.ptr<f32>
  %f = tt.extern_elementwise %nan {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_isnanf"} : (f32) -> i32
  tt.store %ints, %f : !tt.ptr<i32>
  %minus = arith.constant -1 : i32
  %g = tt.extern_elementwise %minus, %minus {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_umulhi"} : (i32, i32) -> i32
  %q1 = tt.addptr %ints, %c1 : !tt.ptr<i32>, i32
  tt.store %q1, %g : !tt.ptr<i32>
  %ff = arith.constant 255 : i32
  %h = tt.extern_elementwise %ff {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_popc"} : (i32) -> i32
  %q2 = tt.addptr %ints, %c2 : !tt.ptr<i32>, i32
  tt.store %q2, %h : !tt.ptr<i32>
  tt.return
}
