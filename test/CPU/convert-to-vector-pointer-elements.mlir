// RUN: nereid-opt %s --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// A known bug: memory holding pointers (!tt.ptr<!tt.ptr<f32>>, 8 bytes per element in
// docs/semantics.md) crashes the pass. The load and store patterns take the element's size
// with getIntOrFloatBitWidth() and build `other` with getZeroAttr(), neither of which exists
// for !llvm.ptr: the load dies with "Failed to infer result type(s): arith.constant", the
// store with an assertion. Expected: plain llvm.load/llvm.store of !llvm.ptr, 8-byte aligned.
// CHECK-LABEL: func.func private @load_pointer
// CHECK: llvm.load %{{.*}} {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK-LABEL: func.func private @store_pointer
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 8 : i64} : !llvm.ptr, !llvm.ptr
tt.func public @load_pointer(%p: !tt.ptr<!tt.ptr<f32>>) -> !tt.ptr<f32> {
  %v = tt.load %p : !tt.ptr<!tt.ptr<f32>>
  tt.return %v : !tt.ptr<f32>
}

tt.func public @store_pointer(%p: !tt.ptr<!tt.ptr<f32>>, %v: !tt.ptr<f32>) {
  tt.store %p, %v : !tt.ptr<!tt.ptr<f32>>
  tt.return
}
