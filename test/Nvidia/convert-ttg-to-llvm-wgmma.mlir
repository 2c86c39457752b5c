// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// A 64 x 64 x 32 f16 dot on one warpgroup: A (64 x 32, K contiguous) in a buffer swizzled by
// 64 bytes at offset 0, B (32 x 64, N contiguous) swizzled by 128 bytes at 4096 (a multiple of
// its 1024-byte tile). Each thread writes its elements of both, each fenced for the async
// proxy, and then waits on one barrier (the two writes share it; the first is the kernel's
// first access to shared memory, which needs none before); then wgmma.fence, which the accumulator registers pass through, two wgmma m64n64k16 (K = 32 in two steps: A's
// descriptor 32 bytes on, B's 2048, two 8-row groups of 128 bytes), the commit and one wait
// that every accumulator register passes through.
// A's descriptor fields: LBO 16 (unused for K-major), SBO 512 (8 rows of 64 bytes), 64-byte
// swizzle (2 << 62): -9223371899415756800. B's (read transposed, N-major): LBO 4096 (32 rows of
// 128 bytes to the next 64 columns), SBO 1024, 128-byte swizzle (1 << 62): 4611686293322072064.
// CHECK: module attributes {ttg.shared = 8192 : i32}
// CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64}
// CHECK-LABEL: llvm.func @dot
// CHECK-DAG: %[[AFIELDS:.*]] = llvm.mlir.constant(-9223371899415756800 : i64) : i64
// CHECK-DAG: %[[BFIELDS:.*]] = llvm.mlir.constant(4611686293322072064 : i64) : i64
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.store {{.*}} : vector<8xf16>, !llvm.ptr<3>
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.getelementptr %{{.*}}[4096] : (!llvm.ptr<3>) -> !llvm.ptr<3>, i8
// CHECK-NOT: nvvm.barrier0
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: nvvm.barrier0
// CHECK-NOT: nvvm.barrier0
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;"
// CHECK: llvm.or %{{.*}}, %[[AFIELDS]] : i64
// CHECK: llvm.or %{{.*}}, %[[BFIELDS]] : i64
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred d;\0Asetp.ne.b32 d, $66, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, $64, $65, d, 1, 1, 0, 1;\0A}"
// CHECK: llvm.inline_asm has_side_effects {{.*}}wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;"
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @dot(%x: tensor<64x32xf16, #a>, %y: tensor<32x64xf16, #b>, %c: tensor<64x64xf32, #wgmma>) {
    %abuf = ttg.local_alloc %x : (tensor<64x32xf16, #a>) -> !ttg.memdesc<64x32xf16, #sa>
    %bbuf = ttg.local_alloc %y : (tensor<32x64xf16, #b>) -> !ttg.memdesc<32x64xf16, #sb>
    %d = nvidia.warpgroup_dot %abuf, %bbuf, %c : !ttg.memdesc<64x32xf16, #sa>, !ttg.memdesc<32x64xf16, #sb>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
    tt.return
  }
}

