// RUN: nereid-opt %s --cpu-convert-to-vector=target=cpu:x86_64:avx512 | FileCheck %s

// A contiguous row of 64 f32 whose base tt.divisibility proves 128-byte aligned is accessed in
// 16-lane chunks; chunks 1 and 3 start at x + 64 and x + 192 bytes, so each chunk may claim at
// most min(divisibility, chunk width * element size) = 64 bytes of alignment.
// CHECK-LABEL: func.func private @wide_alignment_impl
// CHECK-COUNT-4: llvm.load %{{.*}} {alignment = 64 : i64, nereid.chunk_elements
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 64 : i64, nereid.chunk_elements
tt.func public @wide_alignment(%x: !tt.ptr<f32> {tt.divisibility = 128 : i32}) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp : tensor<64x!tt.ptr<f32>>
  tt.store %xp, %v : tensor<64x!tt.ptr<f32>>
  tt.return
}
