// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize --cse | FileCheck %s --enable-var-scope

// The tutorial's histogram: 128 values, one per thread of 4 warps, with a mask, into 32 bins
// (held by the 32 lanes of each warp). The bins are 128 bytes of shared memory: every thread
// zeroes its bin (the kernel's first access to shared memory: no barrier before it); after a
// barrier, it adds one with a shared-memory atomic where its value lies in [0, 32) (read as
// signed) and its mask is set; after a second, it reads its bin back.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: module attributes {ttg.shared = 128 : i32}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @masked
  tt.func public @masked(%x: tensor<128xi32, #blocked>, %m: tensor<128xi1, #blocked>, %out: tensor<32x!tt.ptr<i32>, #blocked>) {
    // CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
    // CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
    // CHECK-DAG: %[[BINS:.*]] = llvm.mlir.constant(32 : i32) : i32
    // CHECK-DAG: %[[BUFFER:.*]] = llvm.mlir.addressof @nereid_shared : !llvm.ptr<3>
    // CHECK-NOT: nvvm.barrier0
    // CHECK: %[[MINE:.*]] = llvm.getelementptr %[[BUFFER]][%{{.*}}] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    // CHECK: llvm.store %[[ZERO]], %[[MINE]] {alignment = 4 : i64} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: %[[X:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i32)>
    // CHECK: %[[M:.*]] = llvm.extractvalue %arg1[0] : !llvm.struct<(i1)>
    // CHECK: %[[GE:.*]] = llvm.icmp "sge" %[[X]], %[[ZERO]] : i32
    // CHECK: %[[LT:.*]] = llvm.icmp "slt" %[[X]], %[[BINS]] : i32
    // CHECK: %[[IN:.*]] = llvm.and %[[GE]], %[[LT]] : i1
    // CHECK: %[[COUNTS:.*]] = llvm.and %[[IN]], %[[M]] : i1
    // CHECK: llvm.cond_br %[[COUNTS]], ^[[ADD:.*]], ^[[AFTER:.*]]
    // CHECK: ^[[ADD]]:
    // CHECK: %[[BIN:.*]] = llvm.getelementptr %[[BUFFER]][%[[X]]] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, i32
    // CHECK: llvm.atomicrmw add %[[BIN]], %[[ONE]] monotonic : !llvm.ptr<3>, i32
    // CHECK: ^[[AFTER]]:
    // CHECK: nvvm.barrier0
    // CHECK: %[[COUNT:.*]] = llvm.load %[[MINE]] {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    // CHECK: llvm.insertelement %[[COUNT]]
    // CHECK-NOT: nvvm.barrier0
    %h = tt.histogram %x, %m : tensor<128xi32, #blocked> -> tensor<32xi32, #blocked>
    tt.store %out, %h : tensor<32x!tt.ptr<i32>, #blocked>
    tt.return
  }
}

// -----

// 16 bytes, which lanes 16 to 31 hold copies of, into 256 bins (8 per thread): only lanes 0
// to 15 count (tid & 16 == 0), each value once; an i8 never reaches 256, so only values below
// zero are left out, and a counted value is zero-extended to index the bins.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
// CHECK: module attributes {ttg.shared = 1024 : i32}
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK: llvm.mlir.global external @nereid_shared() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
  // CHECK-LABEL: llvm.func @bytes
  tt.func public @bytes(%x: tensor<16xi8, #blocked>, %out: tensor<256x!tt.ptr<i32>, #blocked>) {
    // CHECK-DAG: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
    // CHECK-DAG: %[[BYTE_ZERO:.*]] = llvm.mlir.constant(0 : i8) : i8
    // CHECK-NOT: nvvm.barrier0
    // CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : i32, !llvm.ptr<3>
    // CHECK: nvvm.barrier0
    // CHECK: %[[X:.*]] = llvm.extractvalue %arg0[0] : !llvm.struct<(i8)>
    // CHECK: %[[HIGH:.*]] = llvm.and %{{.*}}, %[[SIXTEEN]] : i32
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[HIGH]], %{{.*}} : i32
    // CHECK: %[[GE:.*]] = llvm.icmp "sge" %[[X]], %[[BYTE_ZERO]] : i8
    // CHECK-NOT: llvm.icmp "slt"
    // CHECK: %[[COUNTS:.*]] = llvm.and %[[GE]], %[[FIRST]] : i1
    // CHECK: llvm.cond_br %[[COUNTS]]
    // CHECK: %[[INDEX:.*]] = llvm.zext %[[X]] : i8 to i32
    // CHECK: %[[BIN:.*]] = llvm.getelementptr %{{.*}}[%[[INDEX]]]
    // CHECK: llvm.atomicrmw add %[[BIN]]
    // CHECK: nvvm.barrier0
    // CHECK-COUNT-8: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
    %h = tt.histogram %x : tensor<16xi8, #blocked> -> tensor<256xi32, #blocked>
    tt.store %out, %h : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
