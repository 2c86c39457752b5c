// RUN: nereid-opt %s -split-input-file -cse -canonicalize | FileCheck %s

// The memory effects of the local_* ops, as CSE and DCE see them.

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>

// A store between two loads of a buffer keeps both; two loads with nothing written between
// them are one.
// CHECK-LABEL: tt.func @loads_and_stores
// CHECK: %[[BUF:.*]] = ttg.local_alloc
// CHECK-NEXT: %[[FIRST:.*]] = ttg.local_load %[[BUF]]
// CHECK-NEXT: ttg.local_store %{{.*}}, %[[BUF]]
// CHECK-NEXT: %[[SECOND:.*]] = ttg.local_load %[[BUF]]
// CHECK-NEXT: ttg.local_dealloc %[[BUF]]
// CHECK-NEXT: tt.return %[[FIRST]], %[[FIRST]], %[[SECOND]]
tt.func @loads_and_stores(%x: tensor<16x16xf16>) -> (tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>) {
  %m = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, mutable>
  %0 = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared, mutable> -> tensor<16x16xf16>
  %1 = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared, mutable> -> tensor<16x16xf16>
  ttg.local_store %x, %m : tensor<16x16xf16> -> !ttg.memdesc<16x16xf16, #shared, mutable>
  %2 = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared, mutable> -> tensor<16x16xf16>
  %3 = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared, mutable> -> tensor<16x16xf16>
  ttg.local_dealloc %m : !ttg.memdesc<16x16xf16, #shared, mutable>
  tt.return %0, %1, %2 : tensor<16x16xf16>, tensor<16x16xf16>, tensor<16x16xf16>
}

// -----

#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>

// Immutable allocations of one value are one value; mutable allocations are distinct
// buffers, which stay while they are used. Unused allocations of either kind disappear.
// CHECK-LABEL: tt.func @allocations
// CHECK-COUNT-1: ttg.local_alloc %{{.*}} : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #{{.*}}>
// CHECK-COUNT-2: ttg.local_alloc %{{.*}} : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #{{.*}}, mutable>
// CHECK-NOT: ttg.local_alloc
tt.func @allocations(%x: tensor<16x16xf16>) -> (!ttg.memdesc<16x16xf16, #shared>, !ttg.memdesc<16x16xf16, #shared>, !ttg.memdesc<16x16xf16, #shared, mutable>, !ttg.memdesc<16x16xf16, #shared, mutable>) {
  %0 = ttg.local_alloc %x : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #shared>
  %1 = ttg.local_alloc %x : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #shared>
  %2 = ttg.local_alloc %x : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #shared>
  %3 = ttg.local_alloc %x : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #shared, mutable>
  %4 = ttg.local_alloc %x : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #shared, mutable>
  %5 = ttg.local_alloc %x : (tensor<16x16xf16>) -> !ttg.memdesc<16x16xf16, #shared, mutable>
  tt.return %0, %1, %3, %4 : !ttg.memdesc<16x16xf16, #shared>, !ttg.memdesc<16x16xf16, #shared>, !ttg.memdesc<16x16xf16, #shared, mutable>, !ttg.memdesc<16x16xf16, #shared, mutable>
}
