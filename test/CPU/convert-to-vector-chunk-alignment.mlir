// XFAIL: *
// RUN: nereid-opt %s --tt-cpu-convert-to-vector | FileCheck %s

// A known bug: the alignment of a contiguous access is min(divisibility, run width * element
// size), and every chunk of the run gets it. Here the run is the whole 64-element row (256
// bytes) and tt.divisibility proves 128, so each 16-lane chunk claims 128-byte alignment; but
// chunks 1 and 3 start at x + 64 and x + 192 bytes, which are only 64-byte aligned. LLVM may
// rely on a false alignment. Each chunk may claim at most min(divisibility, chunk width *
// element size) = 64.
// CHECK-LABEL: func.func private @wide_alignment
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
