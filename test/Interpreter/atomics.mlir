// RUN: nereid-run %s --kernel=integer_ops --arg='i32:[5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5]' --arg='i32:[6,-3]' --arg=i32:zeros:18 --print-args | FileCheck %s --check-prefix=INTEGER
// RUN: nereid-run %s --kernel=float_ops --arg='f32:[1.5,2.5,3.5]' --arg='f32:[0.25,0.5,0.75]' --arg='i1:[1,0,1]' --arg=f32:zeros:3 --arg='f32:[1,nan,0]' --arg='f32:[nan,2,-0]' --arg='f16:[1,2048]' --print-args | FileCheck %s --check-prefix=FLOAT
// RUN: nereid-run %s --kernel=same_address --arg=i32:zeros:1 --arg=i32:zeros:4 --arg='i64:[1099511627776]' --arg='i16:[32767]' --print-args | FileCheck %s --check-prefix=SAME
// RUN: nereid-run %s --kernel=compare_swap --arg='i32:[1,2,3]' --arg='i32:[1,0,3]' --arg=i32:zeros:3 --arg='f32:[-0]' --print-args | FileCheck %s --check-prefix=CAS
// RUN: nereid-run %s --kernel=contention --grid=64 --num-threads=4 --arg=i32:zeros:1 --arg=f32:zeros:1 --print-args | FileCheck %s --check-prefix=CONTENTION

// tt.atomic_rmw and tt.atomic_cas return what memory held before each element's update.

// Every op on memory [5, 5] with values [6, -3]; every old value is 5.
// INTEGER: arg0: [11, 2, 6, 5, 5, -3, 6, -3, 5, 5, 4, 5, 7, -3, 3, -8, 6, -3]
// INTEGER-NEXT: arg1: [6, -3]
// INTEGER-NEXT: arg2: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5]
tt.func public @integer_ops(%memory: !tt.ptr<i32>, %values: !tt.ptr<i32>, %old: !tt.ptr<i32>) {
  %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %vs = tt.splat %values : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %vp = tt.addptr %vs, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %v = tt.load %vp : tensor<2x!tt.ptr<i32>>
  %mask = arith.constant dense<true> : tensor<2xi1>
  %ms = tt.splat %memory : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %os = tt.splat %old : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %c2 = arith.constant dense<2> : tensor<2xi32>
  %m0 = tt.addptr %ms, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o0 = tt.addptr %os, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a0 = tt.atomic_rmw add, relaxed, gpu, %m0, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o0, %a0 : tensor<2x!tt.ptr<i32>>
  %m1 = tt.addptr %m0, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o1 = tt.addptr %o0, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a1 = tt.atomic_rmw max, relaxed, gpu, %m1, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o1, %a1 : tensor<2x!tt.ptr<i32>>
  %m2 = tt.addptr %m1, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o2 = tt.addptr %o1, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a2 = tt.atomic_rmw min, relaxed, gpu, %m2, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o2, %a2 : tensor<2x!tt.ptr<i32>>
  %m3 = tt.addptr %m2, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o3 = tt.addptr %o2, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a3 = tt.atomic_rmw umax, relaxed, gpu, %m3, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o3, %a3 : tensor<2x!tt.ptr<i32>>
  %m4 = tt.addptr %m3, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o4 = tt.addptr %o3, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a4 = tt.atomic_rmw umin, relaxed, gpu, %m4, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o4, %a4 : tensor<2x!tt.ptr<i32>>
  %m5 = tt.addptr %m4, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o5 = tt.addptr %o4, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a5 = tt.atomic_rmw and, relaxed, gpu, %m5, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o5, %a5 : tensor<2x!tt.ptr<i32>>
  %m6 = tt.addptr %m5, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o6 = tt.addptr %o5, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a6 = tt.atomic_rmw or, relaxed, gpu, %m6, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o6, %a6 : tensor<2x!tt.ptr<i32>>
  %m7 = tt.addptr %m6, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o7 = tt.addptr %o6, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a7 = tt.atomic_rmw xor, relaxed, gpu, %m7, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o7, %a7 : tensor<2x!tt.ptr<i32>>
  %m8 = tt.addptr %m7, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %o8 = tt.addptr %o7, %c2 : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %a8 = tt.atomic_rmw exch, relaxed, gpu, %m8, %v, %mask : tensor<2x!tt.ptr<i32>>
  tt.store %o8, %a8 : tensor<2x!tt.ptr<i32>>
  tt.return
}

// fadd where the mask is true (a masked-out old value is 0); float max propagates NaN (its old
// values [1, nan] overwrite the first two values) and min orders -0 below +0; an f16 fadd
// rounds 2048 + 1 to even.
// FLOAT: arg0: [1.75, 2.5, 4.25]
// FLOAT: arg3: [1.5, 0, 3.5]
// FLOAT-NEXT: arg4: [nan, nan, -0]
// FLOAT-NEXT: arg5: [1, nan, -0]
// FLOAT-NEXT: arg6: [1.5, 2048]
tt.func public @float_ops(%memory: !tt.ptr<f32>, %values: !tt.ptr<f32>, %maskIn: !tt.ptr<i1>, %old: !tt.ptr<f32>, %nanMemory: !tt.ptr<f32>, %nanValues: !tt.ptr<f32>, %half: !tt.ptr<f16>) {
  %r = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  %ms = tt.splat %memory : !tt.ptr<f32> -> tensor<3x!tt.ptr<f32>>
  %mp = tt.addptr %ms, %r : tensor<3x!tt.ptr<f32>>, tensor<3xi32>
  %vs = tt.splat %values : !tt.ptr<f32> -> tensor<3x!tt.ptr<f32>>
  %vp = tt.addptr %vs, %r : tensor<3x!tt.ptr<f32>>, tensor<3xi32>
  %v = tt.load %vp : tensor<3x!tt.ptr<f32>>
  %ks = tt.splat %maskIn : !tt.ptr<i1> -> tensor<3x!tt.ptr<i1>>
  %kp = tt.addptr %ks, %r : tensor<3x!tt.ptr<i1>>, tensor<3xi32>
  %mask = tt.load %kp : tensor<3x!tt.ptr<i1>>
  %a = tt.atomic_rmw fadd, acq_rel, gpu, %mp, %v, %mask : tensor<3x!tt.ptr<f32>>
  %os = tt.splat %old : !tt.ptr<f32> -> tensor<3x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<3x!tt.ptr<f32>>, tensor<3xi32>
  tt.store %op, %a : tensor<3x!tt.ptr<f32>>
  %all = arith.constant dense<true> : tensor<2xi1>
  %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %ns = tt.splat %nanMemory : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
  %np = tt.addptr %ns, %r2 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
  %ws = tt.splat %nanValues : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
  %wp = tt.addptr %ws, %r2 : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
  %w = tt.load %wp : tensor<2x!tt.ptr<f32>>
  %max = tt.atomic_rmw max, relaxed, gpu, %np, %w, %all : tensor<2x!tt.ptr<f32>>
  tt.store %wp, %max : tensor<2x!tt.ptr<f32>>
  %c2 = arith.constant 2 : i32
  %zeroSlot = tt.addptr %nanMemory, %c2 : !tt.ptr<f32>, i32
  %negZeroSlot = tt.addptr %nanValues, %c2 : !tt.ptr<f32>, i32
  %negZero = tt.load %negZeroSlot : !tt.ptr<f32>
  %true = arith.constant true
  %min = tt.atomic_rmw min, relaxed, gpu, %zeroSlot, %negZero, %true : !tt.ptr<f32>
  %hs = tt.splat %half : !tt.ptr<f16> -> tensor<2x!tt.ptr<f16>>
  %hp = tt.addptr %hs, %r2 : tensor<2x!tt.ptr<f16>>, tensor<2xi32>
  %increments = arith.constant dense<[0.5, 1.0]> : tensor<2xf16>
  %h = tt.atomic_rmw fadd, relaxed, gpu, %hp, %increments, %all : tensor<2x!tt.ptr<f16>>
  tt.return
}

// Four increments of one address in one op apply in row-major order: the old values are
// 0, 1, 2, 3. Integers wrap around at their width.
// SAME: arg0: [4]
// SAME-NEXT: arg1: [0, 1, 2, 3]
// SAME-NEXT: arg2: [1099511627777]
// SAME-NEXT: arg3: [-32768]
tt.func public @same_address(%counter: !tt.ptr<i32>, %old: !tt.ptr<i32>, %wide: !tt.ptr<i64>, %narrow: !tt.ptr<i16>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %cs = tt.splat %counter : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ones = arith.constant dense<1> : tensor<4xi32>
  %all = arith.constant dense<true> : tensor<4xi1>
  %a = tt.atomic_rmw add, acq_rel, gpu, %cs, %ones, %all : tensor<4x!tt.ptr<i32>>
  %os = tt.splat %old : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %op = tt.addptr %os, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %op, %a : tensor<4x!tt.ptr<i32>>
  %true = arith.constant true
  %one64 = arith.constant 1 : i64
  %w = tt.atomic_rmw add, relaxed, gpu, %wide, %one64, %true : !tt.ptr<i64>
  %one16 = arith.constant 1 : i16
  %n = tt.atomic_rmw add, relaxed, gpu, %narrow, %one16, %true : !tt.ptr<i16>
  tt.return
}

// Elements equal to cmp (1 and 3) are replaced; the old values come back. Floats compare by
// their bits: -0 is not +0.
// CAS: arg0: [10, 2, 30]
// CAS-NEXT: arg1: [1, 0, 3]
// CAS-NEXT: arg2: [1, 2, 3]
// CAS-NEXT: arg3: [-0]
tt.func public @compare_swap(%memory: !tt.ptr<i32>, %expected: !tt.ptr<i32>, %old: !tt.ptr<i32>, %f: !tt.ptr<f32>) {
  %r = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
  %ms = tt.splat %memory : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %mp = tt.addptr %ms, %r : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  %es = tt.splat %expected : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %ep = tt.addptr %es, %r : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  %e = tt.load %ep : tensor<3x!tt.ptr<i32>>
  %new = arith.constant dense<[10, 20, 30]> : tensor<3xi32>
  %o = tt.atomic_cas acq_rel, gpu, %mp, %e, %new : tensor<3x!tt.ptr<i32>>
  %os = tt.splat %old : !tt.ptr<i32> -> tensor<3x!tt.ptr<i32>>
  %op = tt.addptr %os, %r : tensor<3x!tt.ptr<i32>>, tensor<3xi32>
  tt.store %op, %o : tensor<3x!tt.ptr<i32>>
  %zero = arith.constant 0.0 : f32
  %five = arith.constant 5.0 : f32
  %fo = tt.atomic_cas relaxed, gpu, %f, %zero, %five : !tt.ptr<f32>
  tt.return
}

// 64 programs on 4 threads each add 1 to a counter and 0.5 to a float: the sums are exact.
// CONTENTION: arg0: [64]
// CONTENTION-NEXT: arg1: [32]
tt.func public @contention(%counter: !tt.ptr<i32>, %sum: !tt.ptr<f32>) {
  %one = arith.constant 1 : i32
  %half = arith.constant 0.5 : f32
  %true = arith.constant true
  %a = tt.atomic_rmw add, acq_rel, gpu, %counter, %one, %true : !tt.ptr<i32>
  %b = tt.atomic_rmw fadd, acq_rel, gpu, %sum, %half, %true : !tt.ptr<f32>
  tt.return
}
