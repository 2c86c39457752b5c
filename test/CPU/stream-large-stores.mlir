// RUN: nereid-opt %s -split-input-file --cpu-stream-large-stores=streaming-store-bytes=33554432 | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-stream-large-stores | FileCheck %s --check-prefix=OFF

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A strip loop of 16 iterations storing 64 f32s (256 bytes) each: the launch stores programs x
// 256 x 16 bytes, computed in f64; from 32 MiB on, a copy of the loop runs whose store is
// marked. The value the loop carries comes out of either copy.
// CHECK: module attributes {nereid.nontemporal_stores
// CHECK-LABEL: tt.func @strips
// CHECK:      %[[X:.*]] = tt.get_num_programs x : i32
// CHECK:      %[[XL:.*]] = arith.extui %[[X]] : i32 to i64
// CHECK:      %[[XF:.*]] = arith.uitofp %[[XL]] : i64 to f64
// CHECK:      tt.get_num_programs y
// CHECK:      tt.get_num_programs z
// CHECK:      %[[PROGRAMS:.*]] = arith.mulf %{{.*}}, %{{.*}} : f64
// CHECK:      %[[TILE:.*]] = arith.constant 2.560000e+02 : f64
// CHECK:      %[[B1:.*]] = arith.mulf %[[PROGRAMS]], %[[TILE]] : f64
// CHECK:      %[[TRIPS:.*]] = arith.constant 1.600000e+01 : f64
// CHECK:      %[[BYTES:.*]] = arith.mulf %[[B1]], %[[TRIPS]] : f64
// CHECK:      %[[THRESHOLD:.*]] = arith.constant 0x4180000000000000 : f64
// CHECK:      %[[STREAM:.*]] = arith.cmpf oge, %[[BYTES]], %[[THRESHOLD]] : f64
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
// A store outside any loop is versioned itself: programs x 4096 bytes.
// CHECK-LABEL: tt.func @tile
// CHECK:      %[[TILE:.*]] = arith.constant 4.096000e+03 : f64
// CHECK:      %[[BYTES:.*]] = arith.mulf %{{.*}}, %[[TILE]] : f64
// CHECK:      %[[STREAM:.*]] = arith.cmpf oge, %[[BYTES]], %{{.*}} : f64
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

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
// A persistent kernel's loop over rows, whose bounds are known only at run time: its trip
// count, ceil((n - start) / step) and at least 0, computed before it, multiplies the bytes.
// CHECK-LABEL: tt.func @rows
// CHECK-SAME: (%{{[^:]*}}: !tt.ptr<f32> {{.*}}, %[[START:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[STEP:[^:]*]]: i32
// CHECK:      %[[TILE:.*]] = arith.constant 4.096000e+03 : f64
// CHECK:      %[[B1:.*]] = arith.mulf %{{.*}}, %[[TILE]] : f64
// CHECK-DAG:  %[[LOW:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK-DAG:  %[[HIGH:.*]] = arith.sitofp %{{.*}} : i64 to f64
// CHECK:      %[[SPAN:.*]] = arith.subf %[[HIGH]], %[[LOW]] : f64
// CHECK:      %[[QUOTIENT:.*]] = arith.divf %[[SPAN]], %{{.*}} : f64
// CHECK:      %[[CEIL:.*]] = math.ceil %[[QUOTIENT]] : f64
// CHECK:      %[[TRIPS:.*]] = arith.maximumf %[[CEIL]], %{{.*}} : f64
// CHECK:      %[[BYTES:.*]] = arith.mulf %[[B1]], %[[TRIPS]] : f64
// CHECK:      arith.cmpf oge, %[[BYTES]], %{{.*}} : f64
// CHECK:      scf.if
// CHECK:        scf.for %{{.*}} = %[[START]] to %[[N]] step %[[STEP]]
// CHECK:          tt.store {{.*}} {nereid.nontemporal}
tt.func @rows(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %start: i32, %n: i32, %step: i32, %x: tensor<1024xf32, #blocked>) {
  %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
  %base = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
  scf.for %row = %start to %n step %step : i32 {
    tt.store %ptrs, %x : tensor<1024x!tt.ptr<f32>, #blocked>
  }
  tt.return
}
}
