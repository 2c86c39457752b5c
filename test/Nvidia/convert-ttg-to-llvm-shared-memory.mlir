// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// Two buffers of ttg.local_alloc, 16 KiB each, at offsets 0 and 16384 of the kernel's shared
// memory (ttg.shared = 32768). Each thread of 8 warps writes its 32 f16 of each tile as 4
// vectors of 8 (16 bytes): its rows' 8 consecutive f16 stay together in the swizzled layout.
// It reads A's mma fragments as 2 f16 along K (4 bytes, the registers that kWidth 2 pairs,
// consecutive in the buffer) and B's one f16 at a time (its pairs run along K, down a column,
// a row apart in the buffer). The first buffer is the kernel's first access to shared memory:
// a barrier after its writes, then one before and one after the second's.
// CHECK: module attributes {ttg.shared = 32768 : i32}
// CHECK-LABEL: llvm.func @operands
// CHECK-NOT: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-64: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> vector<2xf16>
// CHECK: llvm.getelementptr %{{.*}}[16384] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK: nvvm.barrier0
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-64: llvm.load %{{.*}} {alignment = 2 : i64} : !llvm.ptr<3> -> f16
// CHECK-NOT: nvvm.barrier0
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [8, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 4], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 8 : i32, ttg.target = "cuda:90"} {
  tt.func public @operands(%x: tensor<128x64xf16, #a>, %y: tensor<64x128xf16, #b>, %out: !tt.ptr<f16>) {
    %abuf = ttg.local_alloc %x : (tensor<128x64xf16, #a>) -> !ttg.memdesc<128x64xf16, #shared>
    %a = ttg.local_load %abuf : !ttg.memdesc<128x64xf16, #shared> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %bbuf = ttg.local_alloc %y : (tensor<64x128xf16, #b>) -> !ttg.memdesc<64x128xf16, #shared>
    %b = ttg.local_load %bbuf : !ttg.memdesc<64x128xf16, #shared> -> tensor<64x128xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    %pa = tt.splat %out : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    tt.store %pa, %a : tensor<128x64x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %pb = tt.splat %out : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.store %pb, %b : tensor<64x128x!tt.ptr<f16>, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>
    tt.return
  }
}

// -----

// A mutable buffer of 2 slices of 32 x 32 f32, written through memdesc_index and local_store
// (between two barriers) and read back in another layout: slice i starts i * 1024 elements in.
// CHECK: module attributes {ttg.shared = 8192 : i32}
// CHECK-LABEL: llvm.func @slices
// CHECK: %[[START:.*]] = llvm.mul %{{.*}}, %{{.*}} : i32
// CHECK: %[[SLICE:.*]] = llvm.getelementptr %{{.*}}[%[[START]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, f32
// CHECK: nvvm.barrier0
// CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<3>
// CHECK-NEXT: nvvm.barrier0
// CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> f32
#rows = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [2, 1, 0]}>
#shared2 = #ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @slices(%x: tensor<32x32xf32, #rows>, %i: i32, %out: !tt.ptr<f32>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<2x32x32xf32, #shared, mutable>
    %slice = ttg.memdesc_index %buf[%i] : !ttg.memdesc<2x32x32xf32, #shared, mutable> -> !ttg.memdesc<32x32xf32, #shared2, mutable>
    ttg.local_store %x, %slice : tensor<32x32xf32, #rows> -> !ttg.memdesc<32x32xf32, #shared2, mutable>
    %y = ttg.local_load %slice : !ttg.memdesc<32x32xf32, #shared2, mutable> -> tensor<32x32xf32, #cols>
    %p = tt.splat %out : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>, #cols>
    tt.store %p, %y : tensor<32x32x!tt.ptr<f32>, #cols>
    ttg.local_dealloc %buf : !ttg.memdesc<2x32x32xf32, #shared, mutable>
    tt.return
  }
}
