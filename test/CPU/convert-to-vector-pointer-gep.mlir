// RUN: nereid-opt %s --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// A known bug: tt.addptr on a pointer to pointers builds its GEP with the unconverted pointee
// type, `llvm.getelementptr ... -> !llvm.ptr, !tt.ptr<f32>`, which is not an LLVM type, so
// translation to LLVM IR fails later. The element type must be the converted one, !llvm.ptr
// (a stride of 8 bytes).
// CHECK-LABEL: func.func private @step_pointer_array
// CHECK: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.ptr
tt.func public @step_pointer_array(%p: !tt.ptr<!tt.ptr<f32>>, %o: i32) -> !tt.ptr<!tt.ptr<f32>> {
  %q = tt.addptr %p, %o : !tt.ptr<!tt.ptr<f32>>, i32
  tt.return %q : !tt.ptr<!tt.ptr<f32>>
}
