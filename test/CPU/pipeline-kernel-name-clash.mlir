// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx512})' | FileCheck %s

// A known bug: the kernel's implementation keeps the kernel's own name (Passes.td says
// `<name>_impl`, the code does not rename it), in the same symbol table as the C library
// functions that the lowering declares. A kernel named like one of them, here `erff`, makes
// cpu-lower-math call the kernel instead of libm's erff: "'func.call' op incorrect number
// of operands for callee". (Even without a clash, the implementation is an exported symbol of
// the kernel's library.) Expected: the implementation under a name of its own, libm's erff
// called, and the entry points erff_program and erff_grid.
// CHECK-DAG: llvm.func @erff(f32) -> f32
// CHECK-DAG: llvm.call @erff(%{{.*}}) : (f32) -> f32
// CHECK-DAG: llvm.func @erff_program(
// CHECK-DAG: llvm.func @erff_grid(
tt.func public @erff(%p: !tt.ptr<f32>, %x: f32) {
  %e = math.erf %x : f32
  tt.store %p, %e : !tt.ptr<f32>
  tt.return
}
