// RUN: nereid-opt %s -split-input-file --ttg-order-global-memory | FileCheck %s

// ttg-order-global-memory: a gpu.barrier wherever a program's threads could make its global
// accesses out of program order: before a read after a write, and before a write after a read
// or a write, unless both go through the same tensor of pointers (each element the same
// thread's).

// Loads through two pointers, then a store through a third: the store waits for the loads,
// which other threads may make of the elements it writes.
// CHECK-LABEL: tt.func @add
// CHECK: tt.load
// CHECK-NEXT: tt.load
// CHECK-NEXT: arith.addf
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.store
// CHECK-NOT: gpu.barrier
tt.func @add(%x: tensor<64x!tt.ptr<f32>>, %y: tensor<64x!tt.ptr<f32>>, %out: tensor<64x!tt.ptr<f32>>) {
  %a = tt.load %x : tensor<64x!tt.ptr<f32>>
  %b = tt.load %y : tensor<64x!tt.ptr<f32>>
  %sum = arith.addf %a, %b : tensor<64xf32>
  tt.store %out, %sum : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// An update in place through one tensor of pointers: each element is loaded and stored by
// the same thread, in order. A print is no access.
// CHECK-LABEL: tt.func @in_place
// CHECK-NOT: gpu.barrier
tt.func @in_place(%p: tensor<64x!tt.ptr<f32>>) {
  %a = tt.load %p : tensor<64x!tt.ptr<f32>>
  tt.print " a: " {hex = false, isSigned = array<i32: 0>} : %a : tensor<64xf32>
  %twice = arith.addf %a, %a : tensor<64xf32>
  tt.store %p, %twice : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A store, then a load of a rotation of what it stored (test_load_sees_whole_store): the load
// waits for the store. So does the atomic after the load, which writes.
// CHECK-LABEL: tt.func @rotate
// CHECK: tt.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.atomic_rmw
tt.func @rotate(%buffer: tensor<64x!tt.ptr<f32>>, %rotated: tensor<64x!tt.ptr<f32>>, %x: tensor<64xf32>) {
  tt.store %buffer, %x : tensor<64x!tt.ptr<f32>>
  %r = tt.load %rotated : tensor<64x!tt.ptr<f32>>
  %old = tt.atomic_rmw fadd, acq_rel, gpu, %buffer, %r : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// A loop that loads and stores through the pointer it advances: within an iteration the same
// tensor of pointers, but the next iteration's load reads what other threads stored through
// the previous one's, so it waits.
// CHECK-LABEL: tt.func @sliding
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.load
// CHECK-NEXT: tt.store
// CHECK-NOT: gpu.barrier
tt.func @sliding(%p: tensor<64x!tt.ptr<f32>>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant dense<1> : tensor<64xi32>
  %end = scf.for %i = %c0 to %n step %c1 iter_args(%q = %p) -> (tensor<64x!tt.ptr<f32>>) : i32 {
    %a = tt.load %q : tensor<64x!tt.ptr<f32>>
    tt.store %q, %a : tensor<64x!tt.ptr<f32>>
    %next = tt.addptr %q, %one : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    scf.yield %next : tensor<64x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// Loads in a loop and a store after it: one barrier, after the loop. A store in a branch waits
// for the store before it, and the load after the branch waits for either.
// CHECK-LABEL: tt.func @loop_then_branch
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.store %arg1
// CHECK: scf.if
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.store %arg2
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tt.load %arg0
tt.func @loop_then_branch(%x: tensor<64x!tt.ptr<f32>>, %out: tensor<64x!tt.ptr<f32>>, %other: tensor<64x!tt.ptr<f32>>, %n: i32, %flag: i1) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %total = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64xf32>) : i32 {
    %a = tt.load %x : tensor<64x!tt.ptr<f32>>
    %sum = arith.addf %acc, %a : tensor<64xf32>
    scf.yield %sum : tensor<64xf32>
  }
  tt.store %out, %total : tensor<64x!tt.ptr<f32>>
  scf.if %flag {
    tt.store %other, %total : tensor<64x!tt.ptr<f32>>
  }
  %again = tt.load %x : tensor<64x!tt.ptr<f32>>
  tt.return
}
