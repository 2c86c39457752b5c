// RUN: nereid-opt %s -split-input-file --tt-cpu-stream-large-stores=streaming-store-bytes=33554432 | FileCheck %s
// RUN: nereid-opt %s -split-input-file --tt-cpu-stream-large-stores | FileCheck %s --check-prefix=OFF

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A strip loop of 16 iterations storing 64 f32s each: a program writes 4096 bytes, so a launch
// of at least 32 MiB / 4096 = 8192 programs runs a copy of the loop whose store is marked.
// The value the loop carries comes out of either copy.
// CHECK: module attributes {nereid.nontemporal_stores
// CHECK-LABEL: tt.func @strips
// CHECK:      %[[ONE:.*]] = arith.constant 1 : i64
// CHECK:      %[[X:.*]] = tt.get_num_programs x : i32
// CHECK:      %[[XL:.*]] = arith.extui %[[X]] : i32 to i64
// CHECK:      %[[P1:.*]] = arith.muli %[[ONE]], %[[XL]] : i64
// CHECK:      tt.get_num_programs y
// CHECK:      tt.get_num_programs z
// CHECK:      %[[PROGRAMS:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK:      %[[NEEDED:.*]] = arith.constant 8192 : i64
// CHECK:      %[[STREAM:.*]] = arith.cmpi sge, %[[PROGRAMS]], %[[NEEDED]] : i64
// CHECK:      %[[R:.*]] = scf.if %[[STREAM]] -> (tensor<64xf32, #blocked>) {
// CHECK:        %[[COPY:.*]] = scf.for
// CHECK:          tt.store %{{.*}}, %{{.*}}, %{{.*}} {nereid.nontemporal} :
// CHECK:        scf.yield %[[COPY]]
// CHECK:      } else {
// CHECK:        %[[ORIGINAL:.*]] = scf.for
// CHECK-NOT:      nereid.nontemporal
// CHECK:          tt.store %{{.*}}, %{{.*}}, %{{.*}} :
// CHECK:        scf.yield %[[ORIGINAL]]
// CHECK:      }
// CHECK:      tt.return %[[R]]
// OFF-NOT: nereid.nontemporal
tt.func @strips(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) -> tensor<64xf32, #blocked> {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c1024 = arith.constant 1024 : i32
  %true = arith.constant dense<true> : tensor<64xi1, #blocked>
  %zero = arith.constant dense<0.0> : tensor<64xf32, #blocked>
  %r = scf.for %s = %c0 to %c1024 step %c64 iter_args(%acc = %zero) -> (tensor<64xf32, #blocked>) : i32 {
    %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %strip = tt.splat %s : i32 -> tensor<64xi32, #blocked>
    %cols = arith.addi %range, %strip : tensor<64xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>, #blocked>
    %ptrs = tt.addptr %base, %cols : tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xi32, #blocked>
    tt.store %ptrs, %acc, %true : tensor<64x!tt.ptr<f32>, #blocked>
    %next = arith.addf %acc, %acc : tensor<64xf32, #blocked>
    scf.yield %next : tensor<64xf32, #blocked>
  }
  tt.return %r : tensor<64xf32, #blocked>
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A store outside any loop is versioned itself: 1024 f32s, so 8192 programs.
// CHECK-LABEL: tt.func @tile
// CHECK:      %[[NEEDED:.*]] = arith.constant 8192 : i64
// CHECK:      %[[STREAM:.*]] = arith.cmpi sge, %{{.*}}, %[[NEEDED]] : i64
// CHECK:      scf.if %[[STREAM]] {
// CHECK-NEXT:   tt.store %{{.*}}, %{{.*}} {nereid.nontemporal} :
// CHECK-NEXT: } else {
// CHECK-NEXT:   tt.store %{{.*}}, %{{.*}} :
// CHECK-NEXT: }
tt.func @tile(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %x: tensor<1024xf32, #blocked>) {
  %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  tt.store %ptrs, %x : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Scattered elements (a stride of 2) and a scalar store are left alone, and so is the module.
// CHECK-NOT: nereid.nontemporal
// CHECK-LABEL: tt.func @scattered
// CHECK-NOT: scf.if
tt.func @scattered(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %x: tensor<1024xf32, #blocked>, %s: f32) {
  %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %two = arith.constant dense<2> : tensor<1024xi32, #blocked>
  %strided = arith.muli %range, %two : tensor<1024xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %strided : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  tt.store %ptrs, %x : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.store %p, %s : !tt.ptr<f32>
  tt.return
}
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// Contiguous elements from a pointer that may be only 4-byte aligned stay ordinary stores:
// x86's non-temporal vector stores need 16-byte aligned addresses.
// CHECK-NOT: nereid.nontemporal
// CHECK-LABEL: tt.func @unaligned
// CHECK-NOT: scf.if
tt.func @unaligned(%p: !tt.ptr<f32>, %x: tensor<1024xf32, #blocked>) {
  %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  tt.store %ptrs, %x : tensor<1024x!tt.ptr<f32>, #blocked>
  tt.return
}
}
