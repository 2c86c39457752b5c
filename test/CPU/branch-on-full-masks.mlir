// RUN: nereid-opt %s -split-input-file --cpu-branch-on-full-masks=target=cpu:x86_64:avx2 | FileCheck %s
// RUN: nereid-opt %s -split-input-file --cpu-branch-on-full-masks=target=cpu:x86_64:avx512 | FileCheck %s --check-prefix=AVX512

// On AVX2, a masked chunk access whose mask is all true at run time takes a plain load or
// store; a mask with a lane off takes the masked access. AVX-512's masked accesses are as
// cheap as plain ones and stay.
// CHECK-LABEL: func.func @copy_chunk(
// CHECK-SAME: %[[SRC:[^:]*]]: !llvm.ptr, %[[DST:[^:]*]]: !llvm.ptr, %[[MASK:[^:]*]]: vector<8xi1>, %[[OTHER:[^:]*]]: vector<8xf32>
// CHECK: %[[FULL:.*]] = vector.reduction <and>, %[[MASK]] : vector<8xi1> into i1
// CHECK: %[[LOADED:.*]] = scf.if %[[FULL]] -> (vector<8xf32>) {
// CHECK:   %[[PLAIN:.*]] = llvm.load %[[SRC]] {alignment = 4 : i64} : !llvm.ptr -> vector<8xf32>
// CHECK:   scf.yield %[[PLAIN]] : vector<8xf32>
// CHECK: } else {
// CHECK:   %[[MASKED:.*]] = llvm.intr.masked.load %[[SRC]], %[[MASK]], %[[OTHER]] {alignment = 4 : i32}
// CHECK:   scf.yield %[[MASKED]] : vector<8xf32>
// CHECK: }
// CHECK: %[[FULL2:.*]] = vector.reduction <and>, %[[MASK]] : vector<8xi1> into i1
// CHECK: scf.if %[[FULL2]] {
// CHECK:   llvm.store %[[LOADED]], %[[DST]] {alignment = 4 : i64} : vector<8xf32>, !llvm.ptr
// CHECK: } else {
// CHECK:   llvm.intr.masked.store %[[LOADED]], %[[DST]], %[[MASK]] {alignment = 4 : i32}
// CHECK: }
// AVX512-LABEL: func.func @copy_chunk(
// AVX512-NOT: scf.if
// AVX512: llvm.intr.masked.load
// AVX512: llvm.intr.masked.store
func.func @copy_chunk(%src: !llvm.ptr, %dst: !llvm.ptr, %mask: vector<8xi1>, %other: vector<8xf32>) {
  %x = llvm.intr.masked.load %src, %mask, %other {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  llvm.intr.masked.store %x, %dst, %mask {alignment = 4 : i32} : vector<8xf32>, vector<8xi1> into !llvm.ptr
  return
}

// -----

// A constant mask is left alone: LLVM folds it.
// CHECK-LABEL: func.func @constant_mask(
// CHECK-NOT: scf.if
func.func @constant_mask(%src: !llvm.ptr, %other: vector<8xf32>) -> vector<8xf32> {
  %mask = arith.constant dense<[true, true, true, false, false, false, false, false]> : vector<8xi1>
  %x = llvm.intr.masked.load %src, %mask, %other {alignment = 4 : i32} : (!llvm.ptr, vector<8xi1>, vector<8xf32>) -> vector<8xf32>
  return %x : vector<8xf32>
}
