// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// Each atomic is one inline PTX atom with the op's ordering and scope (LLVM 22's NVPTX drops
// both from atomicrmw), predicated by the mask, its result 0 where masked off.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @kinds
  tt.func public @kinds(%p: !tt.ptr<i32>, %q: !tt.ptr<i64>, %f: !tt.ptr<f32>, %h: !tt.ptr<f16>, %b: !tt.ptr<bf16>, %d: !tt.ptr<f64>, %n: i32) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #blocked>
    %pp = tt.addptr %ps, %r : tensor<128x!tt.ptr<i32>, #blocked>, tensor<128xi32, #blocked>
    // CHECK: "mov.b32 $0, 0;\0A@$3 atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r,b"
    %0 = tt.atomic_rmw add, acq_rel, gpu, %pp, %r, %m : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.relaxed.cta.global.and.b32 $0, [$1], $2;", "=r,l,r"
    %1 = tt.atomic_rmw and, relaxed, cta, %pp, %0 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.acquire.sys.global.or.b32 $0, [$1], $2;"
    %2 = tt.atomic_rmw or, acquire, sys, %pp, %1 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.release.gpu.global.xor.b32 $0, [$1], $2;"
    %3 = tt.atomic_rmw xor, release, gpu, %pp, %2 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.max.s32 $0, [$1], $2;"
    %4 = tt.atomic_rmw max, acq_rel, gpu, %pp, %3 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.min.s32 $0, [$1], $2;"
    %5 = tt.atomic_rmw min, acq_rel, gpu, %pp, %4 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.max.u32 $0, [$1], $2;"
    %6 = tt.atomic_rmw umax, acq_rel, gpu, %pp, %5 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.min.u32 $0, [$1], $2;"
    %7 = tt.atomic_rmw umin, acq_rel, gpu, %pp, %6 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.exch.b32 $0, [$1], $2;"
    %8 = tt.atomic_rmw exch, acq_rel, gpu, %pp, %7 : tensor<128x!tt.ptr<i32>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"
    %9 = tt.atomic_cas acq_rel, gpu, %pp, %8, %r : tensor<128x!tt.ptr<i32>, #blocked>
    %qs = tt.splat %q : !tt.ptr<i64> -> tensor<128x!tt.ptr<i64>, #blocked>
    %qp = tt.addptr %qs, %r : tensor<128x!tt.ptr<i64>, #blocked>, tensor<128xi32, #blocked>
    %w = arith.extsi %9 : tensor<128xi32, #blocked> to tensor<128xi64, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.add.u64 $0, [$1], $2;", "=l,l,l"
    %10 = tt.atomic_rmw add, acq_rel, gpu, %qp, %w : tensor<128x!tt.ptr<i64>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.max.u64 $0, [$1], $2;", "=l,l,l"
    %11 = tt.atomic_rmw umax, acq_rel, gpu, %qp, %10 : tensor<128x!tt.ptr<i64>, #blocked>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %fp = tt.addptr %fs, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %one = arith.constant dense<1.0> : tensor<128xf32, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.add.f32 $0, [$1], $2;", "=r,l,r"
    %12 = tt.atomic_rmw fadd, acq_rel, gpu, %fp, %one : tensor<128x!tt.ptr<f32>, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.exch.b32 $0, [$1], $2;"
    %13 = tt.atomic_rmw exch, acq_rel, gpu, %fp, %12 : tensor<128x!tt.ptr<f32>, #blocked>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #blocked>
    %hp = tt.addptr %hs, %r : tensor<128x!tt.ptr<f16>, #blocked>, tensor<128xi32, #blocked>
    %hv = arith.truncf %13 : tensor<128xf32, #blocked> to tensor<128xf16, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.add.noftz.f16 $0, [$1], $2;", "=h,l,h"
    %14 = tt.atomic_rmw fadd, acq_rel, gpu, %hp, %hv : tensor<128x!tt.ptr<f16>, #blocked>
    %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<128x!tt.ptr<bf16>, #blocked>
    %bp = tt.addptr %bs, %r : tensor<128x!tt.ptr<bf16>, #blocked>, tensor<128xi32, #blocked>
    %bv = arith.truncf %13 : tensor<128xf32, #blocked> to tensor<128xbf16, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.add.noftz.bf16 $0, [$1], $2;", "=h,l,h"
    %15 = tt.atomic_rmw fadd, acq_rel, gpu, %bp, %bv : tensor<128x!tt.ptr<bf16>, #blocked>
    %ds = tt.splat %d : !tt.ptr<f64> -> tensor<128x!tt.ptr<f64>, #blocked>
    %dp = tt.addptr %ds, %r : tensor<128x!tt.ptr<f64>, #blocked>, tensor<128xi32, #blocked>
    %dv = arith.extf %13 : tensor<128xf32, #blocked> to tensor<128xf64, #blocked>
    // CHECK: "atom.acq_rel.gpu.global.add.f64 $0, [$1], $2;", "=l,l,l"
    %16 = tt.atomic_rmw fadd, acq_rel, gpu, %dp, %dv : tensor<128x!tt.ptr<f64>, #blocked>
    tt.return
  }
}

// -----

// PTX has no atomic float max or min: a loop that reads the old value, takes llvm.maximum of it
// (NaN wins, -0 < +0, as the interpreter's arith.maximumf), and swaps it in while memory still
// holds the old bits. Masked-off elements skip the loop and give 0. bf16 adds before sm_90 loop
// the same way.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @float_max
  tt.func public @float_max(%f: !tt.ptr<f32>, %b: !tt.ptr<bf16>, %n: i32) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<32xi32, #blocked>
    %m = arith.cmpi slt, %r, %ns : tensor<32xi32, #blocked>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %fp = tt.addptr %fs, %r : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %v = arith.sitofp %r : tensor<32xi32, #blocked> to tensor<32xf32, #blocked>
    // CHECK: llvm.cond_br %{{.*}}, ^[[START:bb[0-9]+]], ^[[AFTER:bb[0-9]+]](%{{.*}} : f32)
    // CHECK: ^[[START]]:
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    // CHECK: ^[[LOOP:bb[0-9]+]](%[[SEEN:.*]]: f32):
    // CHECK: %[[MAX:.*]] = llvm.intr.maximum(%[[SEEN]], %{{.*}}) : (f32, f32) -> f32
    // CHECK: "atom.relaxed.cta.global.cas.b32 $0, [$1], $2, $3;"
    // CHECK: llvm.cond_br %{{.*}}, ^[[AFTER]](%[[SEEN]] : f32), ^[[LOOP]](%{{.*}} : f32)
    // CHECK: ^[[AFTER]](%{{.*}}: f32):
    %0 = tt.atomic_rmw max, relaxed, cta, %fp, %v, %m : tensor<32x!tt.ptr<f32>, #blocked>
    %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<32x!tt.ptr<bf16>, #blocked>
    %bp = tt.addptr %bs, %r : tensor<32x!tt.ptr<bf16>, #blocked>, tensor<32xi32, #blocked>
    %bv = arith.truncf %0 : tensor<32xf32, #blocked> to tensor<32xbf16, #blocked>
    // CHECK: llvm.fadd %{{.*}}, %{{.*}} : bf16
    // CHECK: "atom.acq_rel.gpu.global.cas.b16 $0, [$1], $2, $3;", "=h,l,h,h"
    %1 = tt.atomic_rmw fadd, acq_rel, gpu, %bp, %bv : tensor<32x!tt.ptr<bf16>, #blocked>
    tt.return
  }
}

// -----

// Where the layout repeats elements over threads, only their first holders update memory (16
// elements over 128 threads: (tid & 112) == 0), and the old values reach the other holders
// through shared memory, after a barrier. A scalar atomic is the first thread's, its old value
// read back by every thread the same way, through the same bytes of the kernel's one buffer of
// shared memory (512 bytes, the larger of the two): so a barrier comes before its writes too,
// which the first atomic, the kernel's first access to shared memory, does not need.
#wide = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {ttg.shared = 512 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-NOT: llvm.mlir.global
  // CHECK-LABEL: llvm.func @replicated
  tt.func public @replicated(%p: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #wide>
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #wide>
    %pp = tt.addptr %ps, %r : tensor<16x!tt.ptr<i32>, #wide>, tensor<16xi32, #wide>
    // CHECK-DAG: %[[REPEATS:.*]] = llvm.mlir.constant(112 : i32) : i32
    // CHECK: %[[BITS:.*]] = llvm.and %{{.*}}, %[[REPEATS]] : i32
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[BITS]]
    // CHECK: "mov.b32 $0, 0;\0A@$3 atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;"{{.*}} %{{.*}}, %{{.*}}, %[[FIRST]]
    // CHECK-NOT: nvvm.barrier0
    // CHECK: llvm.store %{{.*}} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    %old = tt.atomic_rmw add, acq_rel, gpu, %pp, %r : tensor<16x!tt.ptr<i32>, #wide>
    %os = tt.splat %out : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #wide>
    %op = tt.addptr %os, %r : tensor<16x!tt.ptr<i32>, #wide>, tensor<16xi32, #wide>
    tt.store %op, %old : tensor<16x!tt.ptr<i32>, #wide>
    %c = arith.constant 7 : i32
    // CHECK: llvm.intr.masked.store
    // CHECK: %[[TID2:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK-NEXT: %[[FIRST2:.*]] = llvm.icmp "eq" %[[TID2]], %{{.*}} : i32
    // CHECK-NEXT: "mov.b32 $0, 0;\0A@$3 atom.acq_rel.gpu.global.exch.b32 $0, [$1], $2;"{{.*}} %{{.*}}, %{{.*}}, %[[FIRST2]]
    // CHECK: nvvm.barrier0
    // CHECK: llvm.store %{{.*}} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    %s = tt.atomic_rmw exch, acq_rel, gpu, %p, %c : !tt.ptr<i32>
    tt.store %out, %s : !tt.ptr<i32>
    tt.return
  }
}
