// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-cpu-lower{target=cpu:x86_64:avx2})' | FileCheck %s

// bf16 elements move between memory and registers as i16: a `bfloat` vector, on a target
// without bf16 arithmetic, is taken through f32 with a library call per lane. The loaded bits
// are widened to f32 by a shift, and the f32 sum is rounded back with integer code.
// CHECK-LABEL: llvm.func @add_bf16_impl(
// CHECK-NOT: {{xbf16|: bf16}}
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<8xi16>
// CHECK-NOT: {{xbf16|: bf16}}
// CHECK: llvm.fadd %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK-NOT: {{xbf16|: bf16}}
// CHECK: llvm.store %{{.*}}, %{{.*}} : vector<8xi16>, !llvm.ptr
// CHECK-NOT: {{xbf16|: bf16}}
// CHECK: llvm.return
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
tt.func public @add_bf16(%x: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %out: !tt.ptr<bf16> {tt.divisibility = 16 : i32}) {
  %range = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #blocked>
  %base = tt.splat %x : !tt.ptr<bf16> -> tensor<8x!tt.ptr<bf16>, #blocked>
  %ptrs = tt.addptr %base, %range : tensor<8x!tt.ptr<bf16>, #blocked>, tensor<8xi32, #blocked>
  %v = tt.load %ptrs : tensor<8x!tt.ptr<bf16>, #blocked>
  %s = arith.addf %v, %v : tensor<8xbf16, #blocked>
  %obase = tt.splat %out : !tt.ptr<bf16> -> tensor<8x!tt.ptr<bf16>, #blocked>
  %optrs = tt.addptr %obase, %range : tensor<8x!tt.ptr<bf16>, #blocked>, tensor<8xi32, #blocked>
  tt.store %optrs, %s : tensor<8x!tt.ptr<bf16>, #blocked>
  tt.return
}
}
