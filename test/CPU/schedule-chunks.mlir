// RUN: nereid-opt %s -split-input-file --pass-pipeline='builtin.module(func.func(cpu-schedule-chunks))' | FileCheck %s

// cpu-schedule-chunks reorders each block depth first from its anchors (ops that write
// memory or have regions, in their original order): every pure op and every load moves down to
// just before the first anchor that needs it. A load that an anchor does not use stays before
// that anchor unless both carry nereid.chunk_elements and the element ranges of their tiles are
// disjoint: within a program, tiles are ordered per element, as GPU threads order their own
// elements.

// The chunks of a load -> add -> store kernel, emitted op by op, become chunk-major: each chunk
// flows from its load to its store before the next chunk is loaded. The load of elements
// [16, 32) sinks below the store of elements [0, 16).
// CHECK-LABEL: func.func @chunk_major
// CHECK-SAME: (%[[X:[^:]*]]: !llvm.ptr, %[[Y:[^:]*]]: !llvm.ptr, %[[M:[^:]*]]: vector<16xi1>, %[[O:[^:]*]]: vector<16xf32>)
// CHECK-NEXT: %[[A0:.*]] = llvm.intr.masked.load %[[X]], %[[M]], %[[O]] {{{.*}}nereid.chunk_elements = array<i64: 0, 16>}
// CHECK-NEXT: %[[S0:.*]] = arith.addf %[[A0]], %[[A0]] : vector<16xf32>
// CHECK-NEXT: llvm.intr.masked.store %[[S0]], %[[Y]], %[[M]] {{{.*}}nereid.chunk_elements = array<i64: 0, 16>}
// CHECK-NEXT: %[[X1:.*]] = llvm.getelementptr %[[X]][16]
// CHECK-NEXT: %[[A1:.*]] = llvm.intr.masked.load %[[X1]], %[[M]], %[[O]] {{{.*}}nereid.chunk_elements = array<i64: 16, 32>}
// CHECK-NEXT: %[[S1:.*]] = arith.addf %[[A1]], %[[A1]] : vector<16xf32>
// CHECK-NEXT: %[[Y1:.*]] = llvm.getelementptr %[[Y]][16]
// CHECK-NEXT: llvm.intr.masked.store %[[S1]], %[[Y1]], %[[M]] {{{.*}}nereid.chunk_elements = array<i64: 16, 32>}
// CHECK-NEXT: return
func.func @chunk_major(%x: !llvm.ptr, %y: !llvm.ptr, %m: vector<16xi1>, %o: vector<16xf32>) {
  %a0 = llvm.intr.masked.load %x, %m, %o {alignment = 4 : i32, nereid.chunk_elements = array<i64: 0, 16>} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
  %x1 = llvm.getelementptr %x[16] : (!llvm.ptr) -> !llvm.ptr, f32
  %a1 = llvm.intr.masked.load %x1, %m, %o {alignment = 4 : i32, nereid.chunk_elements = array<i64: 16, 32>} : (!llvm.ptr, vector<16xi1>, vector<16xf32>) -> vector<16xf32>
  %s0 = arith.addf %a0, %a0 : vector<16xf32>
  %s1 = arith.addf %a1, %a1 : vector<16xf32>
  %y1 = llvm.getelementptr %y[16] : (!llvm.ptr) -> !llvm.ptr, f32
  llvm.intr.masked.store %s0, %y, %m {alignment = 4 : i32, nereid.chunk_elements = array<i64: 0, 16>} : vector<16xf32>, vector<16xi1> into !llvm.ptr
  llvm.intr.masked.store %s1, %y1, %m {alignment = 4 : i32, nereid.chunk_elements = array<i64: 16, 32>} : vector<16xf32>, vector<16xi1> into !llvm.ptr
  return
}

// -----

// A store of elements [8, 24) comes between the loads and their use. The load of [0, 16)
// overlaps it, so it stays before the store although the store does not use it; the load of
// [24, 32) is disjoint and sinks to its user, after the store. The stores keep their order.
// CHECK-LABEL: func.func @overlap
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[Q:[^:]*]]: !llvm.ptr, %[[V:[^:]*]]: vector<16xf32>)
// CHECK-NEXT: %[[L0:.*]] = llvm.load %[[P]] {nereid.chunk_elements = array<i64: 0, 16>}
// CHECK-NEXT: llvm.store %[[V]], %[[P]] {nereid.chunk_elements = array<i64: 8, 24>}
// CHECK-NEXT: llvm.store %[[L0]], %[[Q]] {nereid.chunk_elements = array<i64: 0, 16>}
// CHECK-NEXT: %[[L1:.*]] = llvm.load %[[P]] {nereid.chunk_elements = array<i64: 24, 32>}
// CHECK-NEXT: llvm.store %[[L1]], %[[Q]] {nereid.chunk_elements = array<i64: 24, 32>}
// CHECK-NEXT: return
func.func @overlap(%p: !llvm.ptr, %q: !llvm.ptr, %v: vector<16xf32>) {
  %l0 = llvm.load %p {nereid.chunk_elements = array<i64: 0, 16>} : !llvm.ptr -> vector<16xf32>
  %l1 = llvm.load %p {nereid.chunk_elements = array<i64: 24, 32>} : !llvm.ptr -> vector<8xf32>
  llvm.store %v, %p {nereid.chunk_elements = array<i64: 8, 24>} : vector<16xf32>, !llvm.ptr
  llvm.store %l0, %q {nereid.chunk_elements = array<i64: 0, 16>} : vector<16xf32>, !llvm.ptr
  llvm.store %l1, %q {nereid.chunk_elements = array<i64: 24, 32>} : vector<8xf32>, !llvm.ptr
  return
}

// -----

// Without nereid.chunk_elements on either side, the elements are unknown: every earlier load
// stays before the store. Gathers are loads too.
// CHECK-LABEL: func.func @unknown_elements
// CHECK-NEXT: %[[L:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK-NEXT: %[[G:.*]] = llvm.intr.masked.gather %{{.*}} {{{.*}}nereid.chunk_elements = array<i64: 0, 4>}
// CHECK-NEXT: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr
// CHECK-NEXT: llvm.store %[[L]], %{{.*}} : f32, !llvm.ptr
// CHECK-NEXT: llvm.intr.masked.scatter %[[G]]
// CHECK-NEXT: return
func.func @unknown_elements(%p: !llvm.ptr, %ps: vector<4x!llvm.ptr>, %m: vector<4xi1>, %o: vector<4xf32>, %f: f32) {
  %l = llvm.load %p : !llvm.ptr -> f32
  %g = llvm.intr.masked.gather %ps, %m, %o {alignment = 4 : i32, nereid.chunk_elements = array<i64: 0, 4>} : (vector<4x!llvm.ptr>, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
  llvm.store %f, %p : f32, !llvm.ptr
  llvm.store %l, %p : f32, !llvm.ptr
  llvm.intr.masked.scatter %g, %ps, %m {alignment = 4 : i32, nereid.chunk_elements = array<i64: 0, 4>} : vector<4xf32>, vector<4xi1> into vector<4x!llvm.ptr>
  return
}

// -----

// Ops with regions are anchors with unknown elements, and so are volatile and atomic loads:
// all keep their order, and the plain load stays before them. The pure ops that only the last
// store needs (the addf) move below the scf.if to it. Blocks inside regions are scheduled the
// same way.
// CHECK-LABEL: func.func @anchors
// CHECK-SAME: (%[[P:[^:]*]]: !llvm.ptr, %[[C:[^:]*]]: i1, %[[X:[^:]*]]: f32)
// CHECK-NEXT: %[[L:.*]] = llvm.load %[[P]] {nereid.chunk_elements = array<i64: 0, 1>}
// CHECK-NEXT: %[[V:.*]] = llvm.load volatile %[[P]]
// CHECK-NEXT: %[[A:.*]] = llvm.load %[[P]] atomic monotonic
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT:   %[[Y:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:   llvm.store %[[Y]], %[[P]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[L]], %[[V]] : f32
// CHECK-NEXT: %[[T:.*]] = arith.addf %[[S]], %[[A]] : f32
// CHECK-NEXT: llvm.store %[[T]], %[[P]]
// CHECK-NEXT: return
func.func @anchors(%p: !llvm.ptr, %c: i1, %x: f32) {
  %l = llvm.load %p {nereid.chunk_elements = array<i64: 0, 1>} : !llvm.ptr -> f32
  %v = llvm.load volatile %p : !llvm.ptr -> f32
  %a = llvm.load %p atomic monotonic {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = arith.addf %l, %v : f32
  %t = arith.addf %s, %a : f32
  scf.if %c {
    %y = arith.mulf %x, %x : f32
    llvm.store %y, %p : f32, !llvm.ptr
  }
  llvm.store %t, %p : f32, !llvm.ptr
  return
}
