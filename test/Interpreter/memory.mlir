// RUN: nereid-run %s --kernel=masked --arg='f32:[1,2,3,4]' --arg='i1:[1,0,1,0]' --arg=f32:zeros:4 --arg=f32:zeros:4 --arg='f32:[5,5,5,5]' --print-args | FileCheck %s --check-prefix=MASKED
// RUN: nereid-run %s --kernel=scalars --arg='f32:[1,2,3,4]' --arg='f32:[0,0]' --print-args | FileCheck %s --check-prefix=SCALARS
// RUN: nereid-run %s --kernel=booleans --arg='i8:[0,2,-1,1]' --arg=i32:zeros:4 --arg=i8:zeros:4 --print-args | FileCheck %s --check-prefix=BOOLEANS

// tt.load and tt.store. A masked-out element is never read or written: a load gives `other`
// there, or zero without it.

// MASKED: arg2: [1, 9, 3, 9]
// MASKED-NEXT: arg3: [1, 0, 3, 0]
// MASKED-NEXT: arg4: [5, 2, 5, 4]
tt.func public @masked(%x: !tt.ptr<f32>, %maskIn: !tt.ptr<i1>, %withOther: !tt.ptr<f32>, %withoutOther: !tt.ptr<f32>, %stored: !tt.ptr<f32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %ms = tt.splat %maskIn : !tt.ptr<i1> -> tensor<4x!tt.ptr<i1>>
  %mp = tt.addptr %ms, %r : tensor<4x!tt.ptr<i1>>, tensor<4xi32>
  %mask = tt.load %mp : tensor<4x!tt.ptr<i1>>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %nine = arith.constant dense<9.0> : tensor<4xf32>
  %a = tt.load %xp, %mask, %nine : tensor<4x!tt.ptr<f32>>
  %b = tt.load %xp, %mask : tensor<4x!tt.ptr<f32>>
  %as = tt.splat %withOther : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %ap = tt.addptr %as, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %ap, %a : tensor<4x!tt.ptr<f32>>
  %bs = tt.splat %withoutOther : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %bp = tt.addptr %bs, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %bp, %b : tensor<4x!tt.ptr<f32>>
  // Store 1..4 where the mask is false: elements 1 and 3.
  %true = arith.constant dense<true> : tensor<4xi1>
  %inverse = arith.xori %mask, %true : tensor<4xi1>
  %full = tt.load %xp : tensor<4x!tt.ptr<f32>>
  %ss = tt.splat %stored : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %sp = tt.addptr %ss, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %sp, %full, %inverse : tensor<4x!tt.ptr<f32>>
  tt.return
}

// Scalar loads and stores; a scalar load masked out gives its `other`.
// SCALARS: arg1: [8, -1]
tt.func public @scalars(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %c3 = arith.constant 3 : i32
  %p = tt.addptr %x, %c3 : !tt.ptr<f32>, i32
  %v = tt.load %p : !tt.ptr<f32>
  %two = arith.constant 2.0 : f32
  %d = arith.mulf %v, %two : f32
  tt.store %out, %d : !tt.ptr<f32>
  %false = arith.constant false
  %minus = arith.constant -1.0 : f32
  %masked = tt.load %p, %false, %minus : !tt.ptr<f32>
  %c1 = arith.constant 1 : i32
  %q = tt.addptr %out, %c1 : !tt.ptr<f32>, i32
  tt.store %q, %masked : !tt.ptr<f32>
  tt.return
}

// An i1 in memory is one byte, true when not zero; storing one writes 0 or 1.
// BOOLEANS: arg1: [0, 1, 1, 1]
// BOOLEANS-NEXT: arg2: [1, 0, 0, 0]
tt.func public @booleans(%bytes: !tt.ptr<i8>, %out: !tt.ptr<i32>, %negated: !tt.ptr<i8>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %asBool = tt.bitcast %bytes : !tt.ptr<i8> -> !tt.ptr<i1>
  %bs = tt.splat %asBool : !tt.ptr<i1> -> tensor<4x!tt.ptr<i1>>
  %bp = tt.addptr %bs, %r : tensor<4x!tt.ptr<i1>>, tensor<4xi32>
  %b = tt.load %bp : tensor<4x!tt.ptr<i1>>
  %wide = arith.extui %b : tensor<4xi1> to tensor<4xi32>
  %os = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %op = tt.addptr %os, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %op, %wide : tensor<4x!tt.ptr<i32>>
  %true = arith.constant dense<true> : tensor<4xi1>
  %not = arith.xori %b, %true : tensor<4xi1>
  %nb = tt.bitcast %negated : !tt.ptr<i8> -> !tt.ptr<i1>
  %ns = tt.splat %nb : !tt.ptr<i1> -> tensor<4x!tt.ptr<i1>>
  %np = tt.addptr %ns, %r : tensor<4x!tt.ptr<i1>>, tensor<4xi32>
  tt.store %np, %not : tensor<4x!tt.ptr<i1>>
  tt.return
}
