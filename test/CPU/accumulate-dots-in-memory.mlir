// RUN: nereid-opt %s -split-input-file --cpu-accumulate-dots-in-memory | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-accumulate-dots-in-memory --cpu-convert-to-vector=target=cpu:x86_64:avx2 --canonicalize | FileCheck %s --check-prefix=VECTOR

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// The accumulator moves into a buffer allocated with its initial value; the loop no longer
// carries it, and the tile after the loop is read from the buffer.
// CHECK-LABEL: tt.func @k_loop
// CHECK: %[[BUF:.*]] = ttg.local_alloc %{{.*}} : (tensor<8x16xf32, #blocked>) -> !ttg.memdesc<8x16xf32, #shared, mutable>
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[ACC:.*]] = ttg.local_load %[[BUF]] : !ttg.memdesc<8x16xf32, #shared, mutable> -> tensor<8x16xf32, #blocked>
// CHECK:   %[[D:.*]] = tt.dot %{{.*}}, %{{.*}}, %[[ACC]]
// CHECK:   ttg.local_store %[[D]], %[[BUF]]
// CHECK-NOT: scf.yield %
// CHECK: }
// CHECK: %[[OUT:.*]] = ttg.local_load %[[BUF]]
// CHECK: tt.store %{{.*}}, %[[OUT]]

// The dot accumulates in the stack buffer in place: C is neither copied into a buffer nor
// read back out in the loop, and the one buffer of C is read after the loop. Before the loop
// C's initial value is stored (16 chunks of 8); in it, only the micro-kernel's blocks of 6 and
// 2 rows load their accumulators from C and store them back.
// VECTOR-LABEL: func.func private @k_loop_impl
// VECTOR: %[[C:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8x16xf32>
// VECTOR-COUNT-16: vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<8x16xf32>, vector<8xf32>
// VECTOR: scf.for
// VECTOR-NOT: vector.store %{{.*}}, %[[C]]
// VECTOR-COUNT-12: vector.load %[[C]][%{{.*}}, %{{.*}}] : memref<8x16xf32>, vector<8xf32>
// VECTOR: math.fma
// VECTOR-COUNT-12: vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<8x16xf32>, vector<8xf32>
// VECTOR-COUNT-4: vector.load %[[C]][%{{.*}}, %{{.*}}] : memref<8x16xf32>, vector<8xf32>
// VECTOR: math.fma
// VECTOR-COUNT-4: vector.store %{{.*}}, %[[C]][%{{.*}}, %{{.*}}] : memref<8x16xf32>, vector<8xf32>
// VECTOR-NEXT: }
// VECTOR-COUNT-16: vector.load %[[C]][%{{.*}}, %{{.*}}] : memref<8x16xf32>, vector<8xf32>
// VECTOR: return
tt.func @k_loop(%a_ptr: !tt.ptr<f32>, %b_ptr: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<8x16xf32, #blocked>
  %result = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<8x16xf32, #blocked>) : i32 {
    %a_ptrs = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<8x4x!tt.ptr<f32>, #blocked>
    %a = tt.load %a_ptrs : tensor<8x4x!tt.ptr<f32>, #blocked>
    %b_ptrs = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<4x16x!tt.ptr<f32>, #blocked>
    %b = tt.load %b_ptrs : tensor<4x16x!tt.ptr<f32>, #blocked>
    %ad = ttg.convert_layout %a : tensor<8x4xf32, #blocked> -> tensor<8x4xf32, #a>
    %bd = ttg.convert_layout %b : tensor<4x16xf32, #blocked> -> tensor<4x16xf32, #b>
    %d = tt.dot %ad, %bd, %acc, inputPrecision = ieee : tensor<8x4xf32, #a> * tensor<4x16xf32, #b> -> tensor<8x16xf32, #blocked>
    scf.yield %d : tensor<8x16xf32, #blocked>
  }
  %out_ptrs = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %out_ptrs, %result : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// Left alone: an accumulator that the loop also uses elsewhere.
// CHECK-LABEL: tt.func @acc_read_twice
// CHECK-NOT: ttg.local_alloc
// CHECK: scf.yield
tt.func @acc_read_twice(%a: tensor<8x4xf32, #a>, %b: tensor<4x16xf32, #b>, %out: tensor<8x16x!tt.ptr<f32>, #blocked>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<8x16xf32, #blocked>
  %result = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<8x16xf32, #blocked>) : i32 {
    tt.store %out, %acc : tensor<8x16x!tt.ptr<f32>, #blocked>
    %d = tt.dot %a, %b, %acc, inputPrecision = ieee : tensor<8x4xf32, #a> * tensor<4x16xf32, #b> -> tensor<8x16xf32, #blocked>
    scf.yield %d : tensor<8x16xf32, #blocked>
  }
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#a = #ttg.dot_op<{opIdx = 0, parent = #blocked}>
#b = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A dot that no loop carries, of more than 64 x 64 elements: its accumulator goes into a
// buffer that the dot reads and writes, and its users read the buffer (a store of it is then
// a loop over rows). The 64 x 64 dot stays in registers.
// CHECK-LABEL: tt.func @large_dot
// CHECK: %[[BUFFER:.*]] = ttg.local_alloc %arg2 : (tensor<128x128xf32, #blocked>) -> !ttg.memdesc<128x128xf32, #shared, mutable>
// CHECK: %[[C:.*]] = ttg.local_load %[[BUFFER]]
// CHECK: %[[D:.*]] = tt.dot %arg0, %arg1, %[[C]]
// CHECK: ttg.local_store %[[D]], %[[BUFFER]]
// CHECK: %[[RESULT:.*]] = ttg.local_load %[[BUFFER]]
// CHECK: tt.store %arg3, %[[RESULT]]
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[SMALL:.*]] = tt.dot %arg4, %arg5, %arg6
// CHECK: tt.store %arg7, %[[SMALL]]
tt.func @large_dot(%a: tensor<128x16xf32, #a>, %b: tensor<16x128xf32, #b>, %c: tensor<128x128xf32, #blocked>, %out: tensor<128x128x!tt.ptr<f32>, #blocked>, %sa: tensor<64x16xf32, #a>, %sb: tensor<16x64xf32, #b>, %sc: tensor<64x64xf32, #blocked>, %sout: tensor<64x64x!tt.ptr<f32>, #blocked>) {
  %d = tt.dot %a, %b, %c, inputPrecision = ieee : tensor<128x16xf32, #a> * tensor<16x128xf32, #b> -> tensor<128x128xf32, #blocked>
  tt.store %out, %d : tensor<128x128x!tt.ptr<f32>, #blocked>
  %s = tt.dot %sa, %sb, %sc, inputPrecision = ieee : tensor<64x16xf32, #a> * tensor<16x64xf32, #b> -> tensor<64x64xf32, #blocked>
  tt.store %sout, %s : tensor<64x64x!tt.ptr<f32>, #blocked>
  tt.return
}
}
