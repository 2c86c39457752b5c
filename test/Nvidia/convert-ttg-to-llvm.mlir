// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// A kernel becomes an llvm.func marked nvvm.kernel with num-warps x 32 threads; pointers are
// global (address space 1). Each tensor a thread holds is a struct of its registers: with
// sizePerThread [2], 32 lanes and 4 warps, a 512-element tensor is 2 registers of 2 consecutive
// elements, repeated twice (256 elements apart).
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @range
  // CHECK-SAME: (%[[OUT:.*]]: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>}
  tt.func public @range(%out: !tt.ptr<i32>) {
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x : i32
    // CHECK: %[[LANE:.*]] = llvm.urem %[[TID]]
    // CHECK: %[[WARP:.*]] = llvm.udiv %[[TID]]
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<512x!tt.ptr<i32>, #blocked>
    // CHECK-COUNT-4: llvm.getelementptr %[[OUT]][%{{.*}}] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
    %q = tt.addptr %p, %r : tensor<512x!tt.ptr<i32>, #blocked>, tensor<512xi32, #blocked>
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
    tt.store %q, %r : tensor<512x!tt.ptr<i32>, #blocked>
    // CHECK: llvm.return
    tt.return
  }
}

// -----

// Masked loads take `other` for the masked-off elements; masked stores write only where the mask
// holds; arith on tensors is the scalar op on each register; bools are bytes in memory.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @masked
  tt.func public @masked(%x: !tt.ptr<f32>, %flags: !tt.ptr<i1>, %n: i32) {
    // CHECK-DAG: nvvm.read.ptx.sreg.ctaid.y : i32
    %pid = tt.get_program_id y : i32
    // CHECK-DAG: nvvm.read.ptx.sreg.nctaid.z : i32
    %np = tt.get_num_programs z : i32
    %base = arith.muli %pid, %np : i32
    %bases = tt.splat %base : i32 -> tensor<32xi32, #blocked>
    %range = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %r = arith.addi %bases, %range : tensor<32xi32, #blocked>
    %ns = tt.splat %n : i32 -> tensor<32xi32, #blocked>
    // CHECK: %[[MASK:.*]] = llvm.icmp "slt"
    %mask = arith.cmpi slt, %r, %ns : tensor<32xi32, #blocked>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %xp = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    %other = arith.constant dense<1.5> : tensor<32xf32, #blocked>
    // CHECK: %[[V:.*]] = llvm.intr.masked.load %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : (!llvm.ptr<1>, vector<1xi1>, vector<1xf32>) -> vector<1xf32>
    %v = tt.load %xp, %mask, %other : tensor<32x!tt.ptr<f32>, #blocked>
    // CHECK: llvm.fmul
    %w = arith.mulf %v, %v : tensor<32xf32, #blocked>
    // CHECK: llvm.intr.masked.store %{{.*}}, %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<1xf32>, vector<1xi1> into !llvm.ptr<1>
    tt.store %xp, %w, %mask : tensor<32x!tt.ptr<f32>, #blocked>
    %fs = tt.splat %flags : !tt.ptr<i1> -> tensor<32x!tt.ptr<i1>, #blocked>
    %fp = tt.addptr %fs, %r : tensor<32x!tt.ptr<i1>, #blocked>, tensor<32xi32, #blocked>
    // CHECK: %[[BYTE:.*]] = llvm.zext %{{.*}} : i1 to i8
    // CHECK: llvm.store %[[BYTE]], %{{.*}} {alignment = 1 : i64} : i8, !llvm.ptr<1>
    tt.store %fp, %mask : tensor<32x!tt.ptr<i1>, #blocked>
    tt.return
  }
}


// -----

// expand_dims and broadcast only pick registers: a row of 64 offsets (lanes along dim 1)
// broadcast to 16 x 64 reuses each thread's own registers.
#row = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>}>
#blocked = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @broadcast_rows
  tt.func public @broadcast_rows(%out: !tt.ptr<i32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #row>
    // CHECK-NOT: llvm.call
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32, #row> -> tensor<1x64xi32, #blocked>
    %b = tt.broadcast %e : tensor<1x64xi32, #blocked> -> tensor<16x64xi32, #blocked>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<16x64x!tt.ptr<i32>, #blocked>
    %q = tt.addptr %p, %b : tensor<16x64x!tt.ptr<i32>, #blocked>, tensor<16x64xi32, #blocked>
    // Each thread holds 4 rows x 2 columns: 8 stores.
    // CHECK-COUNT-8: llvm.store
    // CHECK-NOT: llvm.store
    tt.store %q, %b : tensor<16x64x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// A conversion that moves elements between threads (lanes along dim 0 to lanes along dim 1)
// goes through the kernel's shared memory, 4096 bytes: each thread stores its 32 elements where
// row-major order puts them (the kernel's first access to shared memory: no barrier before),
// then, after a barrier, loads the 32 of its new layout.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
// CHECK: module attributes {ttg.shared = 4096 : i32}
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @transpose_layout
  tt.func public @transpose_layout(%a: tensor<32x32xi32, #rows>, %out: !tt.ptr<i32>) {
    // CHECK: %[[BUFFER:.*]] = llvm.mlir.addressof @nereid_shared : !llvm.ptr<3>
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-32: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-32: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    %b = ttg.convert_layout %a : tensor<32x32xi32, #rows> -> tensor<32x32xi32, #cols>
    %p = tt.splat %out : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>, #cols>
    tt.store %p, %b : tensor<32x32x!tt.ptr<i32>, #cols>
    tt.return
  }
}

// -----

// tt.int_to_ptr and tt.ptr_to_int (upstream's grouped GEMM takes its matrices as addresses in an
// int64 tensor): LLVM's inttoptr and ptrtoint on each register, and on a scalar.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @addresses
  tt.func public @addresses(%addresses: tensor<64xi64, #blocked>, %address: i64, %pointers: tensor<64x!tt.ptr<f32>, #blocked>, %out: tensor<64x!tt.ptr<i64>, #blocked>) {
    // CHECK-COUNT-2: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
    // CHECK: llvm.inttoptr %{{.*}} : i64 to !llvm.ptr<1>
    // CHECK-COUNT-2: llvm.ptrtoint %{{.*}} : !llvm.ptr<1> to i64
    %p = tt.int_to_ptr %addresses : tensor<64xi64, #blocked> -> tensor<64x!tt.ptr<f32>, #blocked>
    %q = tt.int_to_ptr %address : i64 -> !tt.ptr<f32>
    %i = tt.ptr_to_int %pointers : tensor<64x!tt.ptr<f32>, #blocked> -> tensor<64xi64, #blocked>
    %x = tt.load %p : tensor<64x!tt.ptr<f32>, #blocked>
    tt.store %pointers, %x : tensor<64x!tt.ptr<f32>, #blocked>
    %y = tt.load %q : !tt.ptr<f32>
    tt.store %q, %y : !tt.ptr<f32>
    tt.store %out, %i : tensor<64x!tt.ptr<i64>, #blocked>
    tt.return
  }
}
