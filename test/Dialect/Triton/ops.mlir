// RUN: nereid-opt %s -split-input-file | nereid-opt -split-input-file | FileCheck %s
// RUN: nereid-opt %s -split-input-file --mlir-print-op-generic | nereid-opt -split-input-file | FileCheck %s

// Every tt op round-trips through its custom assembly format, and through the generic form.

// CHECK-LABEL: tt.func @types
// CHECK-SAME: !tt.ptr<f32>, %{{.*}}: !tt.ptr<i8, 3>, %{{.*}}: tensor<4x!tt.ptr<bf16>>, %{{.*}}: !tt.ptr<!tt.ptr<f16>>
// CHECK-SAME: f8E4M3FN, %{{.*}}: f8E5M2, %{{.*}}: f8E4M3B11FNUZ
tt.func @types(%a: !tt.ptr<f32, 1>, %b: !tt.ptr<i8, 3>, %c: tensor<4x!tt.ptr<bf16>>,
               %d: !tt.ptr<!tt.ptr<f16>>, %e: f8E4M3FN, %f: f8E5M2, %g: f8E4M3B11FNUZ) {
  tt.return
}

// -----

// CHECK-LABEL: tt.func @program_and_creation
tt.func @program_and_creation(%x: f32) -> (i32, i32, i32) {
  // CHECK: %[[PID:.*]] = tt.get_program_id x : i32
  %pid = tt.get_program_id x : i32
  // CHECK: tt.get_program_id z : i32
  %pidz = tt.get_program_id z : i32
  // CHECK: %[[NUM:.*]] = tt.get_num_programs y : i32
  %num = tt.get_num_programs y : i32
  // CHECK: tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  %range = tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  // CHECK: tt.splat %{{.*}} : f32 -> tensor<4x8xf32>
  %s = tt.splat %x : f32 -> tensor<4x8xf32>
  tt.return %pid, %pidz, %num : i32, i32, i32
}

// -----

// CHECK-LABEL: tt.func @shapes
tt.func @shapes(%v: tensor<128xf32>, %m: tensor<1x64xf32>, %i: tensor<4x8xi32>, %h: tensor<64xi32>,
                %mask: tensor<64xi1>) {
  // CHECK: %[[E:.*]] = tt.expand_dims %{{.*}} {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  %e = tt.expand_dims %v {axis = 0 : i32} : tensor<128xf32> -> tensor<1x128xf32>
  // CHECK: tt.broadcast %{{.*}} : tensor<1x64xf32> -> tensor<32x64xf32>
  %b = tt.broadcast %m : tensor<1x64xf32> -> tensor<32x64xf32>
  // CHECK: tt.reshape %{{.*}} : tensor<128xf32> -> tensor<8x16xf32>
  %r = tt.reshape %v : tensor<128xf32> -> tensor<8x16xf32>
  // CHECK: tt.reshape %{{.*}} allow_reorder : tensor<128xf32> -> tensor<16x8xf32>
  %r2 = tt.reshape %v allow_reorder : tensor<128xf32> -> tensor<16x8xf32>
  // CHECK: tt.trans %{{.*}} {order = array<i32: 1, 0>} : tensor<8x16xf32> -> tensor<16x8xf32>
  %t = tt.trans %r {order = array<i32: 1, 0>} : tensor<8x16xf32> -> tensor<16x8xf32>
  // CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<128xf32> -> tensor<256xf32>
  %c = tt.cat %v, %v : tensor<128xf32> -> tensor<256xf32>
  // CHECK: %[[J:.*]] = tt.join %{{.*}}, %{{.*}} : tensor<128xf32> -> tensor<128x2xf32>
  %j = tt.join %v, %v : tensor<128xf32> -> tensor<128x2xf32>
  // CHECK: tt.split %[[J]] : tensor<128x2xf32> -> tensor<128xf32>
  %lo, %hi = tt.split %j : tensor<128x2xf32> -> tensor<128xf32>
  // CHECK: tt.gather %{{.*}}[%{{.*}}] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  %idx = tt.reshape %i : tensor<4x8xi32> -> tensor<8x4xi32>
  %g = tt.gather %r[%idx] {axis = 1 : i32} : (tensor<8x16xf32>, tensor<8x4xi32>) -> tensor<8x4xf32>
  // CHECK: tt.histogram %{{.*}} : tensor<64xi32> -> tensor<16xi32>
  %hist = tt.histogram %h : tensor<64xi32> -> tensor<16xi32>
  // CHECK: tt.histogram %{{.*}}, %{{.*}} : tensor<64xi32> -> tensor<8xi32>
  %hist2 = tt.histogram %h, %mask : tensor<64xi32> -> tensor<8xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @pointers_and_casts
tt.func @pointers_and_casts(%p: !tt.ptr<f32>, %ps: tensor<16x!tt.ptr<f32>>, %off: tensor<16xi64>,
                            %i: i64, %f: tensor<16xf32>) {
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>, tensor<16xi64>
  %q = tt.addptr %ps, %off : tensor<16x!tt.ptr<f32>>, tensor<16xi64>
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f32>, i64
  %q1 = tt.addptr %p, %i : !tt.ptr<f32>, i64
  // CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f16>
  %ip = tt.int_to_ptr %i : i64 -> !tt.ptr<f16>
  // CHECK: tt.ptr_to_int %{{.*}} : tensor<16x!tt.ptr<f32>> -> tensor<16xi64>
  %pi = tt.ptr_to_int %ps : tensor<16x!tt.ptr<f32>> -> tensor<16xi64>
  // CHECK: tt.bitcast %{{.*}} : tensor<16xf32> -> tensor<16xi32>
  %bc = tt.bitcast %f : tensor<16xf32> -> tensor<16xi32>
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i8>
  %bp = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i8>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @memory
tt.func @memory(%p: !tt.ptr<f32>, %ps: tensor<16x!tt.ptr<f32>>, %mask: tensor<16xi1>,
                %other: tensor<16xf32>, %ip: tensor<16x!tt.ptr<i32>>, %iv: tensor<16xi32>) {
  // CHECK: tt.load %{{.*}} : !tt.ptr<f32>
  %s = tt.load %p : !tt.ptr<f32>
  // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
  %v = tt.load %ps, %mask, %other : tensor<16x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}} cacheModifier = cg evictionPolicy = evict_last volatile : tensor<16x!tt.ptr<f32>>
  %w = tt.load %ps, %mask cacheModifier = cg evictionPolicy = evict_last volatile : tensor<16x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
  tt.store %ps, %v, %mask : tensor<16x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = wt evictionPolicy = evict_first : !tt.ptr<f32>
  tt.store %p, %s cacheModifier = wt evictionPolicy = evict_first : !tt.ptr<f32>
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<f32>>
  %a0 = tt.atomic_rmw fadd, acq_rel, gpu, %ps, %v, %mask : tensor<16x!tt.ptr<f32>>
  // CHECK: tt.atomic_rmw add, relaxed, cta, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<i32>>
  %a1 = tt.atomic_rmw add, relaxed, cta, %ip, %iv : tensor<16x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw and, acquire, sys
  %a2 = tt.atomic_rmw and, acquire, sys, %ip, %iv : tensor<16x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw or, release, gpu
  %a3 = tt.atomic_rmw or, release, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw xor, acq_rel, gpu
  %a4 = tt.atomic_rmw xor, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw max, acq_rel, gpu
  %a5 = tt.atomic_rmw max, acq_rel, gpu, %ps, %v : tensor<16x!tt.ptr<f32>>
  // CHECK: tt.atomic_rmw min, acq_rel, gpu
  %a6 = tt.atomic_rmw min, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw umax, acq_rel, gpu
  %a7 = tt.atomic_rmw umax, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw umin, acq_rel, gpu
  %a8 = tt.atomic_rmw umin, acq_rel, gpu, %ip, %iv : tensor<16x!tt.ptr<i32>>
  // CHECK: tt.atomic_rmw exch, acq_rel, gpu, %{{.*}}, %{{.*}} : !tt.ptr<f32>
  %a9 = tt.atomic_rmw exch, acq_rel, gpu, %p, %s : !tt.ptr<f32>
  // CHECK: tt.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tt.ptr<i32>>
  %c = tt.atomic_cas acq_rel, gpu, %ip, %iv, %iv : tensor<16x!tt.ptr<i32>>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @descriptors
tt.func @descriptors(%base: !tt.ptr<f16>, %m: i32, %n: i32, %stride: i64, %tile: tensor<64x32xf16>) {
  %one = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  // CHECK: %[[D:.*]] = tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  %d = tt.make_tensor_descriptor %base, [%m, %n], [%stride, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x32xf16>>
  // CHECK: tt.descriptor_load %[[D]][%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  %t = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK: tt.descriptor_load %[[D]][%{{.*}}, %{{.*}}] cacheModifier = ca : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  %t2 = tt.descriptor_load %d[%c0, %c0] cacheModifier = ca : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
  // CHECK: tt.descriptor_store %[[D]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.descriptor_store %d[%c0, %c0], %tile : !tt.tensordesc<tensor<64x32xf16>>, tensor<64x32xf16>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @dot
tt.func @dot(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>,
             %fa: tensor<32x16xf32>, %fb: tensor<16x64xf32>,
             %ia: tensor<32x16xi8>, %ib: tensor<16x64xi8>, %ic: tensor<32x64xi32>,
             %e4: tensor<32x16xf8E4M3FN>, %e5: tensor<16x64xf8E5M2>,
             %ba: tensor<2x32x16xbf16>, %bb: tensor<2x16x64xbf16>, %bc: tensor<2x32x64xf32>) {
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  %1 = tt.dot %fa, %fb, %c, inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32x3
  %2 = tt.dot %fa, %fb, %c, inputPrecision = tf32x3 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = bf16x3
  %3 = tt.dot %fa, %fb, %c, inputPrecision = bf16x3 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = bf16x6
  %4 = tt.dot %fa, %fb, %c, inputPrecision = bf16x6 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<32x16xi8> * tensor<16x64xi8> -> tensor<32x64xi32>
  %5 = tt.dot %ia, %ib, %ic : tensor<32x16xi8> * tensor<16x64xi8> -> tensor<32x64xi32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf8E4M3FN> * tensor<16x64xf8E5M2> -> tensor<32x64xf32>
  %6 = tt.dot %e4, %e5, %c {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf8E4M3FN> * tensor<16x64xf8E5M2> -> tensor<32x64xf32>
  // CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x32x16xbf16> * tensor<2x16x64xbf16> -> tensor<2x32x64xf32>
  %7 = tt.dot %ba, %bb, %bc : tensor<2x32x16xbf16> * tensor<2x16x64xbf16> -> tensor<2x32x64xf32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @dot_scaled
tt.func @dot_scaled(%p: tensor<32x32xi8>, %ps: tensor<32x2xi8>, %e4: tensor<64x16xf8E4M3FN>,
                    %e4s: tensor<16x2xi8>, %c: tensor<32x16xf32>, %m: tensor<16x64xi8>,
                    %h: tensor<64x16xf16>, %e5: tensor<2x32x64xf8E5M2>, %e5s: tensor<2x32x2xi8>,
                    %bf: tensor<2x64x16xbf16>, %bc: tensor<2x32x16xf32>) {
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}} scale %{{.*}}, %{{.*}} lhs = e2m1 rhs = e4m3 : tensor<32x32xi8>, tensor<32x2xi8> * tensor<64x16xf8E4M3FN>, tensor<16x2xi8> -> tensor<32x16xf32>
  %0 = tt.dot_scaled %p scale %ps, %e4 scale %e4s, %c lhs = e2m1 rhs = e4m3 : tensor<32x32xi8>, tensor<32x2xi8> * tensor<64x16xf8E4M3FN>, tensor<16x2xi8> -> tensor<32x16xf32>
  // CHECK: tt.dot_scaled %{{.*}}, %{{.*}}, %{{.*}} lhs = e2m1 rhs = fp16 {fastMath = true, lhs_k_pack = false} : tensor<16x64xi8> * tensor<64x16xf16> -> tensor<32x16xf32>
  %1 = tt.dot_scaled %m, %h, %c lhs = e2m1 rhs = fp16 {fastMath = true, lhs_k_pack = false} : tensor<16x64xi8> * tensor<64x16xf16> -> tensor<32x16xf32>
  // CHECK: tt.dot_scaled %{{.*}} scale %{{.*}}, %{{.*}}, %{{.*}} lhs = e5m2 rhs = bf16 : tensor<2x32x64xf8E5M2>, tensor<2x32x2xi8> * tensor<2x64x16xbf16> -> tensor<2x32x16xf32>
  %2 = tt.dot_scaled %e5 scale %e5s, %bf, %bc lhs = e5m2 rhs = bf16 : tensor<2x32x64xf8E5M2>, tensor<2x32x2xi8> * tensor<2x64x16xbf16> -> tensor<2x32x16xf32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @reduce_and_scan
tt.func @reduce_and_scan(%v: tensor<8x16xf32>, %idx: tensor<8x16xi32>, %r: tensor<16xf32>) {
  // CHECK: tt.reduce(%{{.*}}) axis = 1 {
  // CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK:   %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
  // CHECK:   tt.reduce.return %[[S]] : f32
  // CHECK: } : (tensor<8x16xf32>) -> tensor<8xf32>
  %sum = tt.reduce(%v) axis = 1 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  } : (tensor<8x16xf32>) -> tensor<8xf32>
  // A reduction of a 1-D tensor gives a scalar; several operands reduce together (argmax).
  // CHECK: tt.reduce(%{{.*}}, %{{.*}}) axis = 0 {
  // CHECK: } : (tensor<16xf32>, tensor<16xi32>) -> (f32, i32)
  %ri = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %max, %arg = tt.reduce(%r, %ri) axis = 0 {
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %va, %vb : f32
    %vm = arith.select %gt, %va, %vb : f32
    %im = arith.select %gt, %ia, %ib : i32
    tt.reduce.return %vm, %im : f32, i32
  } : (tensor<16xf32>, tensor<16xi32>) -> (f32, i32)
  // CHECK: tt.scan(%{{.*}}) axis = 0 {
  // CHECK:   tt.scan.return %{{.*}} : f32
  // CHECK: } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %cum = tt.scan(%v) axis = 0 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.mulf %a, %b : f32
    tt.scan.return %s : f32
  } : (tensor<8x16xf32>) -> tensor<8x16xf32>
  // CHECK: tt.scan(%{{.*}}) axis = 1 reverse {
  %rev = tt.scan(%idx) axis = 1 reverse {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tt.scan.return %s : i32
  } : (tensor<8x16xi32>) -> tensor<8x16xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @elementwise
tt.func @elementwise(%f: tensor<16xf32>, %h: tensor<16xf16>, %i: tensor<16xi32>, %s: f32) {
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<16xf16> -> tensor<16xf32>
  %up = tt.fp_to_fp %h : tensor<16xf16> -> tensor<16xf32>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  %down = tt.fp_to_fp %f, rounding = rtne : tensor<16xf32> -> tensor<16xf8E4M3FN>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
  %bf = tt.fp_to_fp %f, rounding = rtz : tensor<16xf32> -> tensor<16xbf16>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = all : tensor<16xf32>
  %c = tt.clampf %f, %f, %f, propagateNan = all : tensor<16xf32>
  // CHECK: tt.clampf %{{.*}}, %{{.*}}, %{{.*}}, propagateNan = none : f32
  %cs = tt.clampf %s, %s, %s, propagateNan = none : f32
  // CHECK: tt.precise_sqrt %{{.*}} : tensor<16xf32>
  %sq = tt.precise_sqrt %f : tensor<16xf32>
  // CHECK: tt.precise_divf %{{.*}}, %{{.*}} : tensor<16xf32>
  %dv = tt.precise_divf %f, %f : tensor<16xf32>
  // CHECK: tt.mulhiui %{{.*}}, %{{.*}} : tensor<16xi32>
  %hi = tt.mulhiui %i, %i : tensor<16xi32>
  // CHECK: tt.extern_elementwise %{{.*}} {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<16xf32>) -> tensor<16xf32>
  %e = tt.extern_elementwise %f {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<16xf32>) -> tensor<16xf32>
  // CHECK: tt.extern_elementwise %{{.*}}, %{{.*}} {{.*}}symbol = "__nv_powf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %pw = tt.extern_elementwise %f, %f {libname = "libdevice", libpath = "", pure = false, symbol = "__nv_powf"} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  // CHECK: tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %{{.*}} : tensor<16xi32> -> tensor<16xi32>
  %asm = tt.elementwise_inline_asm "shl.b32 $0, $1, 3;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %i : tensor<16xi32> -> tensor<16xi32>
  // CHECK: tt.elementwise_inline_asm "{{.*}}" {{.*}}packed_element = 4 : i32{{.*}} -> tensor<16xi32>, tensor<16xi32>
  %a1, %a2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $3;" {constraints = "=r,=r,r,r", packed_element = 4 : i32, pure = false} %i, %i : tensor<16xi32>, tensor<16xi32> -> tensor<16xi32>, tensor<16xi32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @debugging
tt.func @debugging(%v: tensor<16xi32>, %f: tensor<16xf32>, %cond: tensor<16xi1>) {
  // CHECK: tt.print "x = " {hex = false, isSigned = array<i32: 1, 0>} : %{{.*}}, %{{.*}} : tensor<16xi32>, tensor<16xf32>
  tt.print "x = " {hex = false, isSigned = array<i32: 1, 0>} : %v, %f : tensor<16xi32>, tensor<16xf32>
  // CHECK: tt.print "here" {hex = true, isSigned = array<i32>}
  tt.print "here" {hex = true, isSigned = array<i32>}
  // CHECK: tt.assert %{{.*}}, "index out of range" : tensor<16xi1>
  tt.assert %cond, "index out of range" : tensor<16xi1>
  tt.return
}

// -----

// CHECK-LABEL: tt.func private @callee
// CHECK-SAME: (%{{.*}}: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %{{.*}}: f32) -> f32
tt.func private @callee(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %x: f32) -> f32 {
  tt.return %x : f32
}
// CHECK-LABEL: tt.func private @declared(i32) -> i32
tt.func private @declared(i32) -> i32
// CHECK-LABEL: tt.func public @caller
tt.func public @caller(%p: !tt.ptr<f32>, %x: f32, %n: i32 {tt.equal_to = 1 : i32}) -> f32 {
  // CHECK: %[[R:.*]] = tt.call @callee(%{{.*}}, %{{.*}}) : (!tt.ptr<f32>, f32) -> f32
  %r = tt.call @callee(%p, %x) : (!tt.ptr<f32>, f32) -> f32
  // CHECK: tt.call @declared(%{{.*}}) : (i32) -> i32
  %d = tt.call @declared(%n) : (i32) -> i32
  // CHECK: tt.return %[[R]] : f32
  tt.return %r : f32
}
