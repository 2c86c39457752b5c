// RUN: nereid-run %s --kernel=f32 --arg=f32:zeros:4 --print-args | FileCheck %s --check-prefix=F32
// RUN: nereid-run %s --kernel=accumulators --arg=f32:zeros:1 --arg=f16:zeros:1 --arg=f32:zeros:1 --arg=f32:zeros:1 --arg=f64:zeros:1 --print-args | FileCheck %s --check-prefix=ACC
// RUN: nereid-run %s --kernel=integers --arg=i32:zeros:2 --print-args | FileCheck %s --check-prefix=INT
// RUN: nereid-run %s --kernel=batched --arg=f32:zeros:2 --print-args | FileCheck %s --check-prefix=BATCHED
// RUN: nereid-run %s --kernel=tf32 --arg=f32:zeros:6 --print-args | FileCheck %s --check-prefix=TF32

// tt.dot: d = a * b + c, each element summing its products in order, in the type of c.

// [[1,2,3],[4,5,6]] * [[7,8],[9,10],[11,12]] + [[0.5,0],[0,-1]]
// F32: arg0: [58.5, 64, 139, 153]
tt.func public @f32(%out: !tt.ptr<f32>) {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[7.0, 8.0], [9.0, 10.0], [11.0, 12.0]]> : tensor<3x2xf32>
  %c = arith.constant dense<[[0.5, 0.0], [0.0, -1.0]]> : tensor<2x2xf32>
  %d = tt.dot %a, %b, %c : tensor<2x3xf32> * tensor<3x2xf32> -> tensor<2x2xf32>
  %flat = tt.reshape %d : tensor<2x2xf32> -> tensor<4xf32>
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %op, %flat : tensor<4x!tt.ptr<f32>>
  tt.return
}

// [2048, 1] . [1, 1]: an f32 accumulator holds 2049; an f16 one rounds 2048 + 1 back to 2048.
// bf16 operands with an f32 accumulator: 1.5 * 2 + 2 * 0.25. Mixed fp8 operands:
// e4m3fn 448 * e5m2 2. f64: 0.1 * 3 with one rounding.
// ACC: arg0: [2049]
// ACC-NEXT: arg1: [2048]
// ACC-NEXT: arg2: [3.5]
// ACC-NEXT: arg3: [896]
// ACC-NEXT: arg4: [0.30000000000000004]
tt.func public @accumulators(%wide: !tt.ptr<f32>, %narrow: !tt.ptr<f16>, %brain: !tt.ptr<f32>, %eight: !tt.ptr<f32>, %double: !tt.ptr<f64>) {
  %a = arith.constant dense<[[2048.0, 1.0]]> : tensor<1x2xf16>
  %b = arith.constant dense<[[1.0], [1.0]]> : tensor<2x1xf16>
  %c32 = arith.constant dense<0.0> : tensor<1x1xf32>
  %c16 = arith.constant dense<0.0> : tensor<1x1xf16>
  %d32 = tt.dot %a, %b, %c32 : tensor<1x2xf16> * tensor<2x1xf16> -> tensor<1x1xf32>
  %d16 = tt.dot %a, %b, %c16 : tensor<1x2xf16> * tensor<2x1xf16> -> tensor<1x1xf16>
  %s32 = tt.reshape %d32 : tensor<1x1xf32> -> tensor<1xf32>
  %s16 = tt.reshape %d16 : tensor<1x1xf16> -> tensor<1xf16>
  %zero = tt.make_range {end = 1 : i32, start = 0 : i32} : tensor<1xi32>
  %ws = tt.splat %wide : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
  %wp = tt.addptr %ws, %zero : tensor<1x!tt.ptr<f32>>, tensor<1xi32>
  tt.store %wp, %s32 : tensor<1x!tt.ptr<f32>>
  %ns = tt.splat %narrow : !tt.ptr<f16> -> tensor<1x!tt.ptr<f16>>
  %np = tt.addptr %ns, %zero : tensor<1x!tt.ptr<f16>>, tensor<1xi32>
  tt.store %np, %s16 : tensor<1x!tt.ptr<f16>>
  %ba = arith.constant dense<[[1.5, 2.0]]> : tensor<1x2xbf16>
  %bb = arith.constant dense<[[2.0], [0.25]]> : tensor<2x1xbf16>
  %bd = tt.dot %ba, %bb, %c32 : tensor<1x2xbf16> * tensor<2x1xbf16> -> tensor<1x1xf32>
  %bs = tt.reshape %bd : tensor<1x1xf32> -> tensor<1xf32>
  %bps = tt.splat %brain : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
  %bpp = tt.addptr %bps, %zero : tensor<1x!tt.ptr<f32>>, tensor<1xi32>
  tt.store %bpp, %bs : tensor<1x!tt.ptr<f32>>
  %ea = arith.constant dense<448.0> : tensor<1x1xf8E4M3FN>
  %eb = arith.constant dense<2.0> : tensor<1x1xf8E5M2>
  %ed = tt.dot %ea, %eb, %c32 : tensor<1x1xf8E4M3FN> * tensor<1x1xf8E5M2> -> tensor<1x1xf32>
  %es = tt.reshape %ed : tensor<1x1xf32> -> tensor<1xf32>
  %eps = tt.splat %eight : !tt.ptr<f32> -> tensor<1x!tt.ptr<f32>>
  %epp = tt.addptr %eps, %zero : tensor<1x!tt.ptr<f32>>, tensor<1xi32>
  tt.store %epp, %es : tensor<1x!tt.ptr<f32>>
  %da = arith.constant dense<0.1> : tensor<1x1xf64>
  %db = arith.constant dense<3.0> : tensor<1x1xf64>
  %dc = arith.constant dense<0.0> : tensor<1x1xf64>
  %dd = tt.dot %da, %db, %dc : tensor<1x1xf64> * tensor<1x1xf64> -> tensor<1x1xf64>
  %ds = tt.reshape %dd : tensor<1x1xf64> -> tensor<1xf64>
  %dps = tt.splat %double : !tt.ptr<f64> -> tensor<1x!tt.ptr<f64>>
  %dpp = tt.addptr %dps, %zero : tensor<1x!tt.ptr<f64>>, tensor<1xi32>
  tt.store %dpp, %ds : tensor<1x!tt.ptr<f64>>
  tt.return
}

// Signed i8 products in i32: -128 * -128 + 127 * 127 = 32513. An i32 accumulator wraps:
// 2147483647 + 1 * 1.
// INT: arg0: [32513, -2147483648]
tt.func public @integers(%out: !tt.ptr<i32>) {
  %a = arith.constant dense<[[-128, 127]]> : tensor<1x2xi8>
  %b = arith.constant dense<[[-128], [127]]> : tensor<2x1xi8>
  %c = arith.constant dense<0> : tensor<1x1xi32>
  %d = tt.dot %a, %b, %c : tensor<1x2xi8> * tensor<2x1xi8> -> tensor<1x1xi32>
  %one = arith.constant dense<1> : tensor<1x1xi32>
  %max = arith.constant dense<2147483647> : tensor<1x1xi32>
  %w = tt.dot %one, %one, %max : tensor<1x1xi32> * tensor<1x1xi32> -> tensor<1x1xi32>
  %both = tt.cat %d, %w : tensor<1x1xi32> -> tensor<2x1xi32>
  %flat = tt.reshape %both : tensor<2x1xi32> -> tensor<2xi32>
  %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %op = tt.addptr %os, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  tt.store %op, %flat : tensor<2x!tt.ptr<i32>>
  tt.return
}

// Two independent products: [1, 2] . [5, 6] = 17 and [3, 4] . [7, 8] = 53.
// BATCHED: arg0: [17, 53]
tt.func public @batched(%out: !tt.ptr<f32>) {
  %a = arith.constant dense<[[[1.0, 2.0]], [[3.0, 4.0]]]> : tensor<2x1x2xf32>
  %b = arith.constant dense<[[[5.0], [6.0]], [[7.0], [8.0]]]> : tensor<2x2x1xf32>
  %c = arith.constant dense<0.0> : tensor<2x1x1xf32>
  %d = tt.dot %a, %b, %c : tensor<2x1x2xf32> * tensor<2x2x1xf32> -> tensor<2x1x1xf32>
  %flat = tt.reshape %d : tensor<2x1x1xf32> -> tensor<2xf32>
  %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
  tt.store %op, %flat : tensor<2x!tt.ptr<f32>>
  tt.return
}

// a * 1 for a = 1 + 2^-12, 1 + 2^-11 and 1 + 3 * 2^-12: tf32 keeps 10 mantissa bits, rounding to
// nearest with ties away (1, 1 + 2^-10, 1 + 2^-10); ieee keeps them all. (Each is printed with
// the fewest digits that give the same f32: 1.0009766 is 1 + 2^-10.)
// TF32: arg0: [1, 1.0009766, 1.0009766, 1.0002441, 1.0004883, 1.0007324]
tt.func public @tf32(%out: !tt.ptr<f32>) {
  %a = arith.constant dense<[[1.000244140625], [1.00048828125], [1.000732421875]]> : tensor<3x1xf32>
  %b = arith.constant dense<1.0> : tensor<1x1xf32>
  %c = arith.constant dense<0.0> : tensor<3x1xf32>
  %t = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<3x1xf32> * tensor<1x1xf32> -> tensor<3x1xf32>
  %i = tt.dot %a, %b, %c : tensor<3x1xf32> * tensor<1x1xf32> -> tensor<3x1xf32>
  %both = tt.cat %t, %i : tensor<3x1xf32> -> tensor<6x1xf32>
  %flat = tt.reshape %both : tensor<6x1xf32> -> tensor<6xf32>
  %r = tt.make_range {end = 6 : i32, start = 0 : i32} : tensor<6xi32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<6x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<6x!tt.ptr<f32>>, tensor<6xi32>
  tt.store %op, %flat : tensor<6x!tt.ptr<f32>>
  tt.return
}
