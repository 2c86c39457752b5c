// RUN: nereid-run %s --kernel=broadcast --arg='i32:[1,2,3]' --arg=i32:zeros:6 --arg=i32:zeros:6 --print-args | FileCheck %s --check-prefix=BROADCAST
// RUN: nereid-run %s --kernel=trans --arg=i32:iota:6 --arg=i32:iota:24 --arg=i32:zeros:6 --arg=i32:zeros:24 --print-args | FileCheck %s --check-prefix=TRANS
// RUN: nereid-run %s --kernel=cat_join_split --arg='i32:[1,2,3]' --arg='i32:[10,20,30]' --arg=i32:zeros:6 --arg=i32:zeros:6 --arg=i32:zeros:3 --arg=i32:zeros:3 --print-args | FileCheck %s --check-prefix=CJS
// RUN: nereid-run %s --kernel=gather --arg='i32:[10,11,12,20,21,22]' --arg='i32:[2,0,1,1]' --arg='i64:[1,0,1]' --arg=i32:zeros:4 --arg=i32:zeros:3 --print-args | FileCheck %s --check-prefix=GATHER
// RUN: nereid-run %s --kernel=histogram --arg='i32:[0,1,1,3,5,-1,2,1]' --arg='i1:[1,1,0,1,1,1,1,0]' --arg=i32:zeros:4 --arg=i64:zeros:4 --print-args | FileCheck %s --check-prefix=HISTOGRAM

// Shape ops move elements in row-major order. Each kernel loads 1-D buffers, reshapes them, and
// stores the results flattened again.

// expand_dims at 0 then broadcast to 2x3 repeats the row; at 1 then to 3x2 repeats each element.
// BROADCAST: arg1: [1, 2, 3, 1, 2, 3]
// BROADCAST-NEXT: arg2: [1, 1, 2, 2, 3, 3]
tt.func public @broadcast(%in: !tt.ptr<i32>, %rows: !tt.ptr<i32>, %cols: !tt.ptr<i32>) {
  %r3 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  %r6 = tt.make_range {end = 6 : i32, start = 0 : i32} : tensor<6xi32>
  %ins = tt.splat %in : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %inp = tt.addptr %ins, %r3 : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  %v = tt.load %inp : tensor<3x!tt.ptr<i32>>
  %row = tt.expand_dims %v {axis = 0 : i32} : tensor<3xi32> -> tensor<1x3xi32>
  %rowb = tt.broadcast %row : tensor<1x3xi32> -> tensor<2x3xi32>
  %rowf = tt.reshape %rowb : tensor<2x3xi32> -> tensor<6xi32>
  %col = tt.expand_dims %v {axis = 1 : i32} : tensor<3xi32> -> tensor<3x1xi32>
  %colb = tt.broadcast %col : tensor<3x1xi32> -> tensor<3x2xi32>
  %colf = tt.reshape %colb : tensor<3x2xi32> -> tensor<6xi32>
  %rs = tt.splat %rows : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
  %rp = tt.addptr %rs, %r6 : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
  tt.store %rp, %rowf : tensor<6x!tt.ptr<i32>>
  %cs = tt.splat %cols : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
  %cp = tt.addptr %cs, %r6 : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
  tt.store %cp, %colf : tensor<6x!tt.ptr<i32>>
  tt.return
}

// [[0,1,2],[3,4,5]] transposed; and a 2x3x4 iota permuted by [2,0,1]: result[i][j][k] is
// source[j][k][i] = 12 j + 4 k + i.
// TRANS: arg2: [0, 3, 1, 4, 2, 5]
// TRANS-NEXT: arg3: [0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23]
tt.func public @trans(%in6: !tt.ptr<i32>, %in24: !tt.ptr<i32>, %out6: !tt.ptr<i32>, %out24: !tt.ptr<i32>) {
  %r6 = tt.make_range {end = 6 : i32, start = 0 : i32} : tensor<6xi32>
  %r24 = tt.make_range {end = 24 : i32, start = 0 : i32} : tensor<24xi32>
  %a = tt.splat %in6 : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
  %ap = tt.addptr %a, %r6 : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
  %av = tt.load %ap : tensor<6x!tt.ptr<i32>>
  %a2 = tt.reshape %av : tensor<6xi32> -> tensor<2x3xi32>
  %at = tt.trans %a2 {order = array<i32: 1, 0>} : tensor<2x3xi32> -> tensor<3x2xi32>
  %af = tt.reshape %at : tensor<3x2xi32> -> tensor<6xi32>
  %o = tt.splat %out6 : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
  %op = tt.addptr %o, %r6 : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
  tt.store %op, %af : tensor<6x!tt.ptr<i32>>
  %b = tt.splat %in24 : !tt.ptr<i32> -> tensor<24x!tt.ptr<i32>>
  %bp = tt.addptr %b, %r24 : tensor<24x!tt.ptr<i32>>, tensor<24xi32>
  %bv = tt.load %bp : tensor<24x!tt.ptr<i32>>
  %b3 = tt.reshape %bv : tensor<24xi32> -> tensor<2x3x4xi32>
  %bt = tt.trans %b3 {order = array<i32: 2, 0, 1>} : tensor<2x3x4xi32> -> tensor<4x2x3xi32>
  %bf = tt.reshape %bt : tensor<4x2x3xi32> -> tensor<24xi32>
  %q = tt.splat %out24 : !tt.ptr<i32> -> tensor<24x!tt.ptr<i32>>
  %qp = tt.addptr %q, %r24 : tensor<24x!tt.ptr<i32>>, tensor<24xi32>
  tt.store %qp, %bf : tensor<24x!tt.ptr<i32>>
  tt.return
}

// cat of [1,2,3] and [10,20,30]; join pairs them along a new minor dimension; split undoes
// the join.
// CJS: arg2: [1, 2, 3, 10, 20, 30]
// CJS-NEXT: arg3: [1, 10, 2, 20, 3, 30]
// CJS-NEXT: arg4: [1, 2, 3]
// CJS-NEXT: arg5: [10, 20, 30]
tt.func public @cat_join_split(%a: !tt.ptr<i32>, %b: !tt.ptr<i32>, %catOut: !tt.ptr<i32>, %joinOut: !tt.ptr<i32>, %lowOut: !tt.ptr<i32>, %highOut: !tt.ptr<i32>) {
  %r3 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  %r6 = tt.make_range {end = 6 : i32, start = 0 : i32} : tensor<6xi32>
  %as = tt.splat %a : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %ap = tt.addptr %as, %r3 : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  %av = tt.load %ap : tensor<3x!tt.ptr<i32>>
  %bs = tt.splat %b : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %bp = tt.addptr %bs, %r3 : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  %bv = tt.load %bp : tensor<3x!tt.ptr<i32>>
  %c = tt.cat %av, %bv : tensor<3xi32> -> tensor<6xi32>
  %cs = tt.splat %catOut : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
  %cp = tt.addptr %cs, %r6 : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
  tt.store %cp, %c : tensor<6x!tt.ptr<i32>>
  %j = tt.join %av, %bv : tensor<3xi32> -> tensor<3x2xi32>
  %jf = tt.reshape %j : tensor<3x2xi32> -> tensor<6xi32>
  %js = tt.splat %joinOut : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
  %jp = tt.addptr %js, %r6 : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
  tt.store %jp, %jf : tensor<6x!tt.ptr<i32>>
  %lo, %hi = tt.split %j : tensor<3x2xi32> -> tensor<3xi32>
  %ls = tt.splat %lowOut : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %lp = tt.addptr %ls, %r3 : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  tt.store %lp, %lo : tensor<3x!tt.ptr<i32>>
  %hs = tt.splat %highOut : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %hp = tt.addptr %hs, %r3 : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  tt.store %hp, %hi : tensor<3x!tt.ptr<i32>>
  tt.return
}

// src = [[10,11,12],[20,21,22]]. Along axis 1 with indices [[2,0],[1,1]]: [[12,10],[21,21]].
// Along axis 0 with i64 indices [[1,0,1]]: [[20,11,22]].
// GATHER: arg3: [12, 10, 21, 21]
// GATHER-NEXT: arg4: [20, 11, 22]
tt.func public @gather(%src: !tt.ptr<i32>, %idx1: !tt.ptr<i32>, %idx0: !tt.ptr<i64>, %out1: !tt.ptr<i32>, %out0: !tt.ptr<i32>) {
  %r3 = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %r6 = tt.make_range {end = 6 : i32, start = 0 : i32} : tensor<6xi32>
  %ss = tt.splat %src : !tt.ptr<i32> -> tensor<6x!tt.ptr<i32>>
  %sp = tt.addptr %ss, %r6 : tensor<6x!tt.ptr<i32>>, tensor<6xi32>
  %sv = tt.load %sp : tensor<6x!tt.ptr<i32>>
  %s2 = tt.reshape %sv : tensor<6xi32> -> tensor<2x3xi32>
  %is = tt.splat %idx1 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ip = tt.addptr %is, %r4 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %iv = tt.load %ip : tensor<4x!tt.ptr<i32>>
  %i2 = tt.reshape %iv : tensor<4xi32> -> tensor<2x2xi32>
  %g1 = tt.gather %s2[%i2] {axis = 1 : i32} : (tensor<2x3xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
  %g1f = tt.reshape %g1 : tensor<2x2xi32> -> tensor<4xi32>
  %os = tt.splat %out1 : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %op = tt.addptr %os, %r4 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %op, %g1f : tensor<4x!tt.ptr<i32>>
  %js = tt.splat %idx0 : !tt.ptr<i64> -> tensor<3x!tt.ptr<i64>>
  %jp = tt.addptr %js, %r3 : tensor<3x!tt.ptr<i64>>, tensor<3xi32>
  %jv = tt.load %jp : tensor<3x!tt.ptr<i64>>
  %j2 = tt.reshape %jv : tensor<3xi64> -> tensor<1x3xi64>
  %g0 = tt.gather %s2[%j2] {axis = 0 : i32} : (tensor<2x3xi32>, tensor<1x3xi64>) -> tensor<1x3xi32>
  %g0f = tt.reshape %g0 : tensor<1x3xi32> -> tensor<3xi32>
  %qs = tt.splat %out0 : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %qp = tt.addptr %qs, %r3 : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  tt.store %qp, %g0f : tensor<3x!tt.ptr<i32>>
  tt.return
}

// Values outside [0, 4) (5 and -1) are not counted, nor masked-out ones.
// HISTOGRAM: arg2: [1, 3, 1, 1]
// HISTOGRAM-NEXT: arg3: [1, 1, 1, 1]
tt.func public @histogram(%src: !tt.ptr<i32>, %mask: !tt.ptr<i1>, %all: !tt.ptr<i32>, %masked: !tt.ptr<i64>) {
  %r4 = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %ss = tt.splat %src : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %sp = tt.addptr %ss, %r8 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  %v = tt.load %sp : tensor<8x!tt.ptr<i32>>
  %ms = tt.splat %mask : !tt.ptr<i1> -> tensor<8x!tt.ptr<i1>>
  %mp = tt.addptr %ms, %r8 : tensor<8x!tt.ptr<i1>>, tensor<8xi32>
  %m = tt.load %mp : tensor<8x!tt.ptr<i1>>
  %h = tt.histogram %v : tensor<8xi32> -> tensor<4xi32>
  %hm = tt.histogram %v, %m : tensor<8xi32> -> tensor<4xi64>
  %as = tt.splat %all : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ap = tt.addptr %as, %r4 : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %ap, %h : tensor<4x!tt.ptr<i32>>
  %bs = tt.splat %masked : !tt.ptr<i64> -> tensor<4x!tt.ptr<i64>>
  %bp = tt.addptr %bs, %r4 : tensor<4x!tt.ptr<i64>>, tensor<4xi32>
  tt.store %bp, %hm : tensor<4x!tt.ptr<i64>>
  tt.return
}
