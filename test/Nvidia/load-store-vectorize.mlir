// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// Each thread moves its registers in groups: as many consecutive elements as its layout gives
// it along the fastest dimension, as AxisInfo proves contiguous and aligned (the pointer's
// tt.divisibility) and, where masked, under one mask value (the bound's divisibility), up to
// 128 bits. sizePerThread [4] of f32 from a 16-byte-aligned pointer: one <4 x f32> per group.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @copy_f32
  tt.func public @copy_f32(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK-COUNT-2: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    // CHECK-NOT: llvm.load
    %v = tt.load %xp : tensor<1024x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
    // CHECK-NOT: llvm.store
    tt.store %yp, %v : tensor<1024x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A mask whose bound is a multiple of 16 is constant over each group of 4: one masked vector
// access per group, its predicate splat over the lanes of the vector (LLVM branches once around
// the vector access), and `other` for the masked-off elements.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @masked_f32
  tt.func public @masked_f32(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %mask = arith.cmpi slt, %r, %ns : tensor<512xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %other = arith.constant dense<2.5> : tensor<512xf32, #blocked>
    // CHECK: %[[SPLAT:.*]] = llvm.shufflevector %{{.*}}, %{{.*}} [0, 0, 0, 0] : vector<4xi1>
    // CHECK: llvm.intr.masked.load %{{.*}}, %[[SPLAT]], %{{.*}} {alignment = 16 : i32} : (!llvm.ptr<1>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
    %v = tt.load %xp, %mask, %other : tensor<512x!tt.ptr<f32>, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    // CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 16 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr<1>
    tt.store %yp, %v, %mask : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// 128 bits of f16 are 8 elements, of f64 2, of i8 16 (sizePerThread 8: 8 bytes).
#b8 = #ttg.blocked<{sizePerThread = [8], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @widths
  tt.func public @widths(%h: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %d: !tt.ptr<f64> {tt.divisibility = 16 : i32}, %b: !tt.ptr<i8> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #b8>
    %hs = tt.splat %h : !tt.ptr<f16> -> tensor<256x!tt.ptr<f16>, #b8>
    %hp = tt.addptr %hs, %r : tensor<256x!tt.ptr<f16>, #b8>, tensor<256xi32, #b8>
    // CHECK: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
    %hv = tt.load %hp : tensor<256x!tt.ptr<f16>, #b8>
    tt.store %hp, %hv : tensor<256x!tt.ptr<f16>, #b8>
    %ds = tt.splat %d : !tt.ptr<f64> -> tensor<256x!tt.ptr<f64>, #b8>
    %dp = tt.addptr %ds, %r : tensor<256x!tt.ptr<f64>, #b8>, tensor<256xi32, #b8>
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<2xf64>
    %dv = tt.load %dp : tensor<256x!tt.ptr<f64>, #b8>
    tt.store %dp, %dv : tensor<256x!tt.ptr<f64>, #b8>
    %bs = tt.splat %b : !tt.ptr<i8> -> tensor<256x!tt.ptr<i8>, #b8>
    %bp = tt.addptr %bs, %r : tensor<256x!tt.ptr<i8>, #b8>, tensor<256xi32, #b8>
    // CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr<1> -> vector<8xi8>
    %bv = tt.load %bp : tensor<256x!tt.ptr<i8>, #b8>
    tt.store %bp, %bv : tensor<256x!tt.ptr<i8>, #b8>
    tt.return
  }
}

// -----

// Nothing is known of a pointer without tt.divisibility, nor of a mask whose bound may be any
// integer: one access per element, whatever the layout gives each thread.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @unaligned
  tt.func public @unaligned(%x: !tt.ptr<f32>, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    // CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %v = tt.load %xp : tensor<128x!tt.ptr<f32>, #blocked>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked>
    %mask = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %yp = tt.addptr %ys, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    // CHECK-COUNT-4: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<1xf32>, vector<1xi1> into !llvm.ptr<1>
    tt.store %yp, %v, %mask : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Where a layout broadcasts, only the first holder of each element stores it. 16 elements over
// 4 warps of 32 lanes: lanes 16-31 and warps 1-3 repeat lanes 0-15 of warp 0, so a thread
// stores when (tid & (16 | 32 | 64)) == 0. Two registers for a 2-element tensor with
// sizePerThread [4]: registers 2 and 3 repeat 0 and 1 and store nothing.
#wide = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#regs = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @broadcast_store
  tt.func public @broadcast_store(%x: !tt.ptr<i32>) {
    // CHECK-DAG: %[[REPEATS:.*]] = llvm.mlir.constant(112 : i32) : i32
    // CHECK: %[[BITS:.*]] = llvm.and %{{.*}}, %[[REPEATS]] : i32
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[BITS]], %{{.*}} : i32
    // CHECK: %[[M:.*]] = llvm.insertelement %[[FIRST]]
    // CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<1xi32>, vector<1xi1> into !llvm.ptr<1>
    %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #wide>
    %xs = tt.splat %x : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>, #wide>
    %xp = tt.addptr %xs, %r : tensor<16x!tt.ptr<i32>, #wide>, tensor<16xi32, #wide>
    tt.store %xp, %r : tensor<16x!tt.ptr<i32>, #wide>
    // CHECK: llvm.and %{{.*}}, %{{.*}} : i32
    // CHECK-COUNT-2: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<1xi32>, vector<1xi1> into !llvm.ptr<1>
    // CHECK-NOT: llvm.intr.masked.store
    // CHECK: llvm.return
    %r2 = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32, #regs>
    %xs2 = tt.splat %x : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>, #regs>
    %xp2 = tt.addptr %xs2, %r2 : tensor<2x!tt.ptr<i32>, #regs>, tensor<2xi32, #regs>
    tt.store %xp2, %r2 : tensor<2x!tt.ptr<i32>, #regs>
    tt.return
  }
}

// -----

// Through a scalar pointer every thread loads, and the first thread of the program stores.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
module attributes {"ttg.num-warps" = 2 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @scalar
  tt.func public @scalar(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %flag: i1) {
    // CHECK: %[[V:.*]] = llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
    %v = tt.load %x : !tt.ptr<f32>
    // CHECK: %[[W:.*]] = llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr<1>, vector<1xi1>, vector<1xf32>) -> vector<1xf32>
    %c = arith.constant 0.5 : f32
    %w = tt.load %x, %flag, %c : !tt.ptr<f32>
    %s = arith.addf %v, %w : f32
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]], %{{.*}} : i32
    // CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<1xf32>, vector<1xi1> into !llvm.ptr<1>
    tt.store %y, %s : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Cache operators, eviction priorities and volatile are inline PTX, predicated where masked,
// with `other` moved into the outputs first.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @hints
  tt.func public @hints(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<128xi32, #blocked>
    %mask = arith.cmpi slt, %r, %ns : tensor<128xi32, #blocked>
    // CHECK: llvm.inline_asm has_side_effects asm_dialect = att "mov.b32 $0, $6;\0Amov.b32 $1, $7;\0Amov.b32 $2, $8;\0Amov.b32 $3, $9;\0A@$5 ld.global.cg.v4.b32 { $0, $1, $2, $3 }, [$4];", "=r,=r,=r,=r,l,b,r,r,r,r"
    %a = tt.load %xp, %mask cacheModifier = cg : tensor<128x!tt.ptr<f32>, #blocked>
    // CHECK: "ld.global.L1::evict_last.v4.b32 { $0, $1, $2, $3 }, [$4];", "=r,=r,=r,=r,l"
    %b = tt.load %xp evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>, #blocked>
    // CHECK: "ld.volatile.global.v4.b32 { $0, $1, $2, $3 }, [$4];", "=r,=r,=r,=r,l"
    %c = tt.load %xp volatile : tensor<128x!tt.ptr<f32>, #blocked>
    %ab = arith.addf %a, %b : tensor<128xf32, #blocked>
    %abc = arith.addf %ab, %c : tensor<128xf32, #blocked>
    // CHECK: "@$5 st.global.cs.v4.b32 [$0], { $1, $2, $3, $4 };", "l,r,r,r,r,b"
    tt.store %xp, %abc, %mask cacheModifier = cs : tensor<128x!tt.ptr<f32>, #blocked>
    // CHECK: "st.global.L1::evict_first.v4.b32 [$0], { $1, $2, $3, $4 };", "l,r,r,r,r"
    tt.store %xp, %abc evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
