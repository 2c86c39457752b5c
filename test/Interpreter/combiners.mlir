// RUN: nereid-run %s --kernel=reduce_paths --seed=7 --arg=f32:random:512 --arg=f32:zeros:32 --arg=f32:zeros:32 --arg=f32:zeros:16 --arg=f32:zeros:16 --print-args | FileCheck %s --check-prefix=REDUCE
// RUN: nereid-run %s --kernel=scan_paths --seed=11 --arg=f32:random:512 --arg=f32:zeros:512 --arg=f32:zeros:512 --print-args | FileCheck %s --check-prefix=SCAN

// The common combiners run as native loops; any other combiner is interpreted. Both must give
// the same bits: here a sum (and a maxnumf) against the same sum followed by adding -0, which
// changes no value but defeats the native loop, on random inputs.

// REDUCE: arg1: [[SUMS:.*]]
// REDUCE-NEXT: arg2: [[SUMS]]
// REDUCE-NEXT: arg3: [[MAXES:.*]]
// REDUCE-NEXT: arg4: [[MAXES]]
tt.func public @reduce_paths(%x: !tt.ptr<f32>, %fast: !tt.ptr<f32>, %slow: !tt.ptr<f32>, %fastMax: !tt.ptr<f32>, %slowMax: !tt.ptr<f32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
  %flat = tt.load %xp : tensor<512x!tt.ptr<f32>>
  %m = tt.reshape %flat : tensor<512xf32> -> tensor<16x32xf32>
  %a = tt.reduce(%m) axis = 0 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    tt.reduce.return %s : f32
  } : (tensor<16x32xf32>) -> tensor<32xf32>
  %b = tt.reduce(%m) axis = 0 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    %z = arith.constant -0.0 : f32
    %t = arith.addf %s, %z : f32
    tt.reduce.return %t : f32
  } : (tensor<16x32xf32>) -> tensor<32xf32>
  %c = tt.reduce(%m) axis = 1 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.maxnumf %acc, %v : f32
    tt.reduce.return %s : f32
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  %d = tt.reduce(%m) axis = 1 {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.maxnumf %acc, %v : f32
    %z = arith.constant -0.0 : f32
    %t = arith.addf %s, %z : f32
    tt.reduce.return %t : f32
  } : (tensor<16x32xf32>) -> tensor<16xf32>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %as = tt.splat %fast : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %ap = tt.addptr %as, %r32 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  tt.store %ap, %a : tensor<32x!tt.ptr<f32>>
  %bs = tt.splat %slow : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %bp = tt.addptr %bs, %r32 : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  tt.store %bp, %b : tensor<32x!tt.ptr<f32>>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %cs = tt.splat %fastMax : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %cp = tt.addptr %cs, %r16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %cp, %c : tensor<16x!tt.ptr<f32>>
  %ds = tt.splat %slowMax : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %dp = tt.addptr %ds, %r16 : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  tt.store %dp, %d : tensor<16x!tt.ptr<f32>>
  tt.return
}

// SCAN: arg1: [[CUMSUM:.*]]
// SCAN-NEXT: arg2: [[CUMSUM]]
tt.func public @scan_paths(%x: !tt.ptr<f32>, %fast: !tt.ptr<f32>, %slow: !tt.ptr<f32>) {
  %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
  %flat = tt.load %xp : tensor<512x!tt.ptr<f32>>
  %m = tt.reshape %flat : tensor<512xf32> -> tensor<16x32xf32>
  %a = tt.scan(%m) axis = 1 reverse {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    tt.scan.return %s : f32
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %b = tt.scan(%m) axis = 1 reverse {
  ^bb0(%acc: f32, %v: f32):
    %s = arith.addf %acc, %v : f32
    %z = arith.constant -0.0 : f32
    %t = arith.addf %s, %z : f32
    tt.scan.return %t : f32
  } : (tensor<16x32xf32>) -> tensor<16x32xf32>
  %af = tt.reshape %a : tensor<16x32xf32> -> tensor<512xf32>
  %bf = tt.reshape %b : tensor<16x32xf32> -> tensor<512xf32>
  %as = tt.splat %fast : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
  %ap = tt.addptr %as, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
  tt.store %ap, %af : tensor<512x!tt.ptr<f32>>
  %bs = tt.splat %slow : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
  %bp = tt.addptr %bs, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
  tt.store %bp, %bf : tensor<512x!tt.ptr<f32>>
  tt.return
}
