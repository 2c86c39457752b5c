// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 | FileCheck %s
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:80 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 | FileCheck %s --check-prefix=SM80

// Loads, stores and atomics from tt IR to PTX (memory-ptxas.mlir assembles the same PTX).
// Pointers divisible by 16 and a bound divisible by 16 (the launch's specialization) give 128-bit
// accesses; masked ones are one branch around each vector access, with `other` already in its
// registers.

// CHECK-LABEL: .visible .entry copy(
// CHECK: @%p{{[0-9]+}} bra
// CHECK: ld.global.v4.b32
// CHECK: st.global.v4.b32
// CHECK-NOT: ld.global.b32
// CHECK-LABEL: // -- End function
module {
  tt.func public @copy(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %s = tt.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %s, %range : tensor<1024xi32>
    %ns = tt.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
    %other = arith.constant dense<-1.0> : tensor<1024xf32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %a = tt.load %xp, %mask, %other : tensor<1024x!tt.ptr<f32>>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %yp, %a : tensor<1024x!tt.ptr<f32>>
    tt.return
  }

  // f16 and i8: 128 bits are 8 and 16 elements; ld.global.cg with cache hints, predicated.
  // CHECK-LABEL: .visible .entry narrow(
  // CHECK: ld.global.v4.b32
  // CHECK: @%p{{[0-9]+}} ld.global.cg.v4.b32
  // CHECK: st.global.v4.b32
  // CHECK-LABEL: // -- End function
  tt.func public @narrow(%h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %range = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<4096x!tt.ptr<f16>>
    %hp = tt.addptr %hs, %range : tensor<4096x!tt.ptr<f16>>, tensor<4096xi32>
    %hv = tt.load %hp : tensor<4096x!tt.ptr<f16>>
    %hv2 = arith.addf %hv, %hv : tensor<4096xf16>
    tt.store %hp, %hv2 : tensor<4096x!tt.ptr<f16>>
    %ns = tt.splat %n : i32 -> tensor<4096xi32>
    %mask = arith.cmpi slt, %range, %ns : tensor<4096xi32>
    %bs = tt.splat %b : !tt.ptr<i8> -> tensor<4096x!tt.ptr<i8>>
    %bp = tt.addptr %bs, %range : tensor<4096x!tt.ptr<i8>>, tensor<4096xi32>
    %bv = tt.load %bp, %mask cacheModifier = cg : tensor<4096x!tt.ptr<i8>>
    tt.store %bp, %bv : tensor<4096x!tt.ptr<i8>>
    tt.return
  }

  // Atomics keep their ordering and scope; float max loops on compare-and-swap; a bf16 add is
  // one atom from sm_90 and a 16-bit compare-and-swap loop before it.
  // CHECK-LABEL: .visible .entry atomics(
  // CHECK: atom.acquire.cta.global.add.u32
  // CHECK: atom.release.sys.global.exch.b64
  // CHECK: max.NaN.f32
  // CHECK: atom.acq_rel.gpu.global.cas.b32
  // CHECK: atom.relaxed.gpu.global.add.noftz.bf16
  // CHECK: atom.acq_rel.gpu.global.add.u32
  // CHECK: bar.sync 0
  // SM80-LABEL: .visible .entry atomics(
  // SM80: atom.relaxed.gpu.global.cas.b16
  tt.func public @atomics(%p: !tt.ptr<i32>, %q: !tt.ptr<i64>, %f: !tt.ptr<f32>, %b: !tt.ptr<bf16>, %out: !tt.ptr<i32>) {
    %range = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<256x!tt.ptr<i32>>
    %pp = tt.addptr %ps, %range : tensor<256x!tt.ptr<i32>>, tensor<256xi32>
    %0 = tt.atomic_rmw add, acquire, cta, %pp, %range : tensor<256x!tt.ptr<i32>>
    %qs = tt.splat %q : !tt.ptr<i64> -> tensor<256x!tt.ptr<i64>>
    %qp = tt.addptr %qs, %range : tensor<256x!tt.ptr<i64>>, tensor<256xi32>
    %w = arith.extsi %0 : tensor<256xi32> to tensor<256xi64>
    %1 = tt.atomic_rmw exch, release, sys, %qp, %w : tensor<256x!tt.ptr<i64>>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %fp = tt.addptr %fs, %range : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %fv = arith.sitofp %1 : tensor<256xi64> to tensor<256xf32>
    %2 = tt.atomic_rmw max, acq_rel, gpu, %fp, %fv : tensor<256x!tt.ptr<f32>>
    %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<256x!tt.ptr<bf16>>
    %bp = tt.addptr %bs, %range : tensor<256x!tt.ptr<bf16>>, tensor<256xi32>
    %bv = arith.truncf %2 : tensor<256xf32> to tensor<256xbf16>
    %3 = tt.atomic_rmw fadd, relaxed, gpu, %bp, %bv : tensor<256x!tt.ptr<bf16>>
    %c1 = arith.constant 1 : i32
    %4 = tt.atomic_rmw add, acq_rel, gpu, %p, %c1 : !tt.ptr<i32>
    tt.store %out, %4 : !tt.ptr<i32>
    tt.return
  }
}
