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


// -----

// Tiles copied into slices of buffers asynchronously (ttg-pipeline-async-copies), then an
// asynchronous dot of them. Each thread copies its four 16-byte groups with cp.async (.cg),
// zero-filling where its mask is false; the wait for the copies is followed by the proxy fence
// that lets wgmma see them. An asynchronous dot ends at its commit: no wait;
// nvidia.warpgroup_dot_wait is a wgmma.wait_group of its `pendings`, through which every
// register of the result passes.
// CHECK-LABEL: llvm.func @async_dot
// CHECK-NOT: nvvm.barrier0
// CHECK: %[[SIZE:.*]] = llvm.select %arg2
// CHECK-NEXT: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg, %[[SIZE]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK: %[[SIZE2:.*]] = llvm.select %arg2
// CHECK-NEXT: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg, %[[SIZE2]] : !llvm.ptr<3>, !llvm.ptr<1>, i32
// CHECK-COUNT-2: nvvm.cp.async.shared.global %{{.*}}, %{{.*}}, 16, cache =  cg : !llvm.ptr<3>, !llvm.ptr<1>
// CHECK: nvvm.cp.async.commit.group
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: nvvm.fence.proxy
// CHECK-NEXT: nvvm.barrier0
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NOT: wgmma.wait_group
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 1;", "=f,{{.*}},31"
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;"
#a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sa = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#sb = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @async_dot(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %in: i1, %c: tensor<64x64xf32, #wgmma>, %stage: i32, %out: tensor<64x64x!tt.ptr<f32>, #wgmma>) {
    %abufs = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #sa, mutable>
    %bbufs = ttg.local_alloc : () -> !ttg.memdesc<2x32x64xf16, #sb, mutable>
    %abuf = ttg.memdesc_index %abufs[%stage] : !ttg.memdesc<2x64x32xf16, #sa, mutable> -> !ttg.memdesc<64x32xf16, #sa, mutable>
    %bbuf = ttg.memdesc_index %bbufs[%stage] : !ttg.memdesc<2x32x64xf16, #sb, mutable> -> !ttg.memdesc<32x64xf16, #sb, mutable>
    %ar = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #a}>>
    %ac = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>>
    %ar2 = tt.expand_dims %ar {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #a}>> -> tensor<64x1xi32, #a>
    %ac2 = tt.expand_dims %ac {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #a}>> -> tensor<1x32xi32, #a>
    %c32 = arith.constant dense<32> : tensor<64x1xi32, #a>
    %arow = arith.muli %ar2, %c32 : tensor<64x1xi32, #a>
    %arowb = tt.broadcast %arow : tensor<64x1xi32, #a> -> tensor<64x32xi32, #a>
    %acolb = tt.broadcast %ac2 : tensor<1x32xi32, #a> -> tensor<64x32xi32, #a>
    %aoff = arith.addi %arowb, %acolb : tensor<64x32xi32, #a>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<64x32x!tt.ptr<f16>, #a>
    %xp = tt.addptr %xs, %aoff : tensor<64x32x!tt.ptr<f16>, #a>, tensor<64x32xi32, #a>
    %xm = tt.splat %in : i1 -> tensor<64x32xi1, #a>
    ttg.async_copy_global_to_local %xp, %abuf mask %xm : tensor<64x32xi1, #a> : tensor<64x32x!tt.ptr<f16>, #a> -> !ttg.memdesc<64x32xf16, #sa, mutable>
    %br = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>>
    %bc = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>>
    %br2 = tt.expand_dims %br {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #b}>> -> tensor<32x1xi32, #b>
    %bc2 = tt.expand_dims %bc {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #b}>> -> tensor<1x64xi32, #b>
    %c64 = arith.constant dense<64> : tensor<32x1xi32, #b>
    %brow = arith.muli %br2, %c64 : tensor<32x1xi32, #b>
    %browb = tt.broadcast %brow : tensor<32x1xi32, #b> -> tensor<32x64xi32, #b>
    %bcolb = tt.broadcast %bc2 : tensor<1x64xi32, #b> -> tensor<32x64xi32, #b>
    %boff = arith.addi %browb, %bcolb : tensor<32x64xi32, #b>
    %ys = tt.splat %y : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>, #b>
    %yp = tt.addptr %ys, %boff : tensor<32x64x!tt.ptr<f16>, #b>, tensor<32x64xi32, #b>
    ttg.async_copy_global_to_local %yp, %bbuf : tensor<32x64x!tt.ptr<f16>, #b> -> !ttg.memdesc<32x64xf16, #sb, mutable>
    ttg.async_commit_group
    ttg.async_wait {num = 0 : i32}
    gpu.barrier
    %d = nvidia.warpgroup_dot %abuf, %bbuf, %c {isAsync} : !ttg.memdesc<64x32xf16, #sa, mutable>, !ttg.memdesc<32x64xf16, #sb, mutable>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
    %w = nvidia.warpgroup_dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #wgmma>
    %r = nvidia.warpgroup_dot_wait %w {pendings = 0 : i32} : tensor<64x64xf32, #wgmma>
    tt.store %out, %r : tensor<64x64x!tt.ptr<f32>, #wgmma>
    tt.return
  }
}

// -----

// A in registers (attention's probabilities): a thread's elements of each 16 x 16 block of A
// are packed two to a 32-bit register, four registers a wgmma (the PTX ISA's A fragment:
// rows r and r + 8, columns c, c + 1 and c + 8, c + 9), and pass through wgmma.fence with the
// accumulators; each wgmma takes them in braces, B through its descriptor, and only B's
// transpose immediate (1: B is read N-major).
// CHECK-LABEL: llvm.func @registers_dot
// CHECK: llvm.bitcast %{{.*}} : vector<2xf16> to i32
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.fence.sync.aligned;", "=f,{{.*}}=f,=r,=r,=r,=r,=r,=r,=r,=r,0,
// CHECK: llvm.inline_asm has_side_effects asm_dialect = att "{\0A.reg .pred d;\0Asetp.ne.b32 d, $69, 0;\0Awgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {$0, {{.*}}, $31}, {$64, $65, $66, $67}, $68, d, 1, 1, 1;\0A}"
// CHECK-SAME: "=f,{{.*}},31,r,r,r,r,l,r"
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
// CHECK-NOT: wgmma.mma_async
// CHECK: nvvm.wgmma.commit.group.sync.aligned
// CHECK-NEXT: llvm.inline_asm has_side_effects asm_dialect = att "wgmma.wait_group.sync.aligned 0;"
#b = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#sb = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @registers_dot(%x: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, %y: tensor<32x64xf16, #b>, %c: tensor<64x64xf32, #wgmma>, %out: tensor<64x64x!tt.ptr<f32>, #wgmma>) {
    %bbuf = ttg.local_alloc %y : (tensor<32x64xf16, #b>) -> !ttg.memdesc<32x64xf16, #sb>
    %d = nvidia.warpgroup_dot %x, %bbuf, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, !ttg.memdesc<32x64xf16, #sb>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
    tt.store %out, %d : tensor<64x64x!tt.ptr<f32>, #wgmma>
    tt.return
  }
}
