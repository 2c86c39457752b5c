// RUN: nereid-opt %s -split-input-file --nvidia-pipeline-warpgroup-dots | FileCheck %s

// The tutorial matmul's loop: each operand gets a double buffer before the loop, the loop
// carries the slice that an iteration writes (0, 1, 0, ...), the dot is asynchronous and
// waited for down to one running dot in the loop, to none after it; the loop and the last
// wait run where the loop runs at all, the initial values are the results elsewhere.
// CHECK-LABEL: tt.func public @matmul_loop
// CHECK: %[[ABUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x128x64xf16, #shared, mutable>
// CHECK: %[[BBUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x128xf16, #shared, mutable>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[RAN:.*]] = arith.cmpi slt, %{{.*}}, %arg2 : i32
// CHECK: %[[R:.*]]:3 = scf.if %[[RAN]] -> ({{.*}}) {
// CHECK: %[[LOOP:.*]]:3 = scf.for {{.*}} iter_args(%[[PTRS:.*]] = %arg0, %[[ACC:.*]] = %[[INIT:.*]], %[[STAGE:.*]] = %[[ZERO]])
// CHECK: %[[A:.*]] = tt.load %[[PTRS]]
// CHECK: %[[ASLICE:.*]] = ttg.memdesc_index %[[ABUF]][%[[STAGE]]] : !ttg.memdesc<2x128x64xf16, #shared, mutable> -> !ttg.memdesc<128x64xf16, #shared, mutable>
// CHECK: ttg.local_store %[[A]], %[[ASLICE]]
// CHECK: %[[BSLICE:.*]] = ttg.memdesc_index %[[BBUF]][%[[STAGE]]]
// CHECK: ttg.local_store %arg1, %[[BSLICE]]
// CHECK: %[[D:.*]] = nvidia.warpgroup_dot %[[ASLICE]], %[[BSLICE]], %[[ACC]] {isAsync}
// CHECK: %[[W:.*]] = nvidia.warpgroup_dot_wait %[[D]] {pendings = 1 : i32}
// CHECK: %[[NEXT:.*]] = arith.xori %[[STAGE]], %{{.*}} : i32
// CHECK: scf.yield %{{.*}}, %[[W]], %[[NEXT]]
// CHECK: %[[W0:.*]] = nvidia.warpgroup_dot_wait %[[LOOP]]#1 {pendings = 0 : i32}
// CHECK-NEXT: scf.yield %[[LOOP]]#0, %[[W0]], %[[LOOP]]#2
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg0, %[[INIT]], %[[ZERO]]
// CHECK: tt.return %[[R]]#1
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @matmul_loop(%a_ptrs: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: tensor<64x128xf16, #blocked>, %n: i32) -> tensor<128x128xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %step = arith.constant dense<64> : tensor<128x64xi32, #blocked>
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%ptrs = %a_ptrs, %acc = %zero) -> (tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x128xf32, #mma>) : i32 {
      %a = tt.load %ptrs : tensor<128x64x!tt.ptr<f16>, #blocked>
      %abuf = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared>
      %bbuf = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared>
      %d = nvidia.warpgroup_dot %abuf, %bbuf, %acc : !ttg.memdesc<128x64xf16, #shared>, !ttg.memdesc<64x128xf16, #shared>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
      %next = tt.addptr %ptrs, %step : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
      scf.yield %next, %d : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x128xf32, #mma>
    }
    tt.return %r#1 : tensor<128x128xf32, #mma>
  }
}

// -----

// Left as they are: a loop that reads its accumulator besides the dot (it would read the
// registers that a running dot writes), one whose dot's result is used in the loop, and one
// whose operand buffer is read by another op.
// CHECK-LABEL: tt.func public @kept
// CHECK-NOT: isAsync
// CHECK-NOT: warpgroup_dot_wait
// CHECK-NOT: mutable
// CHECK: tt.return
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @kept(%a: tensor<128x64xf16, #blocked>, %b: tensor<64x128xf16, #blocked>, %n: i32, %out: tensor<128x128x!tt.ptr<f32>, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %r0 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x128xf32, #mma>) : i32 {
      %abuf = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared>
      %bbuf = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared>
      %d = nvidia.warpgroup_dot %abuf, %bbuf, %acc : !ttg.memdesc<128x64xf16, #shared>, !ttg.memdesc<64x128xf16, #shared>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
      tt.store %out, %acc : tensor<128x128x!tt.ptr<f32>, #mma>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    %r1 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %r0) -> (tensor<128x128xf32, #mma>) : i32 {
      %abuf = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared>
      %bbuf = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared>
      %d = nvidia.warpgroup_dot %abuf, %bbuf, %acc : !ttg.memdesc<128x64xf16, #shared>, !ttg.memdesc<64x128xf16, #shared>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
      %e = arith.addf %d, %d : tensor<128x128xf32, #mma>
      scf.yield %e : tensor<128x128xf32, #mma>
    }
    %r2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %r1) -> (tensor<128x128xf32, #mma>) : i32 {
      %abuf = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared>
      %bbuf = ttg.local_alloc %b : (tensor<64x128xf16, #blocked>) -> !ttg.memdesc<64x128xf16, #shared>
      %d = nvidia.warpgroup_dot %abuf, %bbuf, %acc : !ttg.memdesc<128x64xf16, #shared>, !ttg.memdesc<64x128xf16, #shared>, tensor<128x128xf32, #mma> -> tensor<128x128xf32, #mma>
      %x = ttg.local_load %abuf : !ttg.memdesc<128x64xf16, #shared> -> tensor<128x64xf16, #blocked>
      scf.yield %d : tensor<128x128xf32, #mma>
    }
    tt.store %out, %r2 : tensor<128x128x!tt.ptr<f32>, #mma>
    tt.return
  }
}
