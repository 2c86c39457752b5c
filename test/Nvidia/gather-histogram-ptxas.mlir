// REQUIRES: ptxas
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:80 num-warps=1})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t80.ptx
// RUN: FileCheck %s --check-prefix=ONE-WARP < %t80.ptx
// RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin

// tl.gather of 32 rows of a 32 x 4 tile along dim 0 and a masked tl.histogram of 128 values
// into 16 bins (the frontend's tt IR), lowered for sm_90a with 4 warps and sm_80 with 1: the
// PTX of the shared-memory round trip (the rows lie on different warps), the indexed shuffles
// (on one warp), the assertion and the shared-memory atomics assembles.

// CHECK: .extern .shared .align 1024 .b8 nereid_shared[];
// CHECK-NOT: .shared
// CHECK: call.uni __assertfail
// CHECK: bar.sync 0
// CHECK: atom.shared.add.u32
// ONE-WARP: .extern .shared .align 1024 .b8 nereid_shared[];
// ONE-WARP: shfl.sync.idx.b32
// ONE-WARP: atom.shared.add.u32
module {
  tt.func public @k(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %index_ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %out_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %values_ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %bins_ptr: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c4 = arith.constant dense<4> : tensor<32x1xi32>
    %rows = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %cols = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
    %r1 = tt.expand_dims %rows {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %r4 = arith.muli %r1, %c4 : tensor<32x1xi32>
    %c1 = tt.expand_dims %cols {axis = 0 : i32} : tensor<4xi32> -> tensor<1x4xi32>
    %rb = tt.broadcast %r4 : tensor<32x1xi32> -> tensor<32x4xi32>
    %cb = tt.broadcast %c1 : tensor<1x4xi32> -> tensor<32x4xi32>
    %offsets = arith.addi %rb, %cb : tensor<32x4xi32>
    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<32x4x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %offsets : tensor<32x4x!tt.ptr<f32>>, tensor<32x4xi32>
    %x = tt.load %xa : tensor<32x4x!tt.ptr<f32>>
    %ip = tt.splat %index_ptr : !tt.ptr<i32> -> tensor<32x4x!tt.ptr<i32>>
    %ia = tt.addptr %ip, %offsets : tensor<32x4x!tt.ptr<i32>>, tensor<32x4xi32>
    %i = tt.load %ia : tensor<32x4x!tt.ptr<i32>>
    %g = tt.gather %x[%i] {axis = 0 : i32} : (tensor<32x4xf32>, tensor<32x4xi32>) -> tensor<32x4xf32>
    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<32x4x!tt.ptr<f32>>
    %oa = tt.addptr %op, %offsets : tensor<32x4x!tt.ptr<f32>>, tensor<32x4xi32>
    tt.store %oa, %g : tensor<32x4x!tt.ptr<f32>>
    %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %ns = tt.splat %n : i32 -> tensor<128xi32>
    %mask = arith.cmpi slt, %range, %ns : tensor<128xi32>
    %vp = tt.splat %values_ptr : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
    %va = tt.addptr %vp, %range : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
    %v = tt.load %va : tensor<128x!tt.ptr<i32>>
    %h = tt.histogram %v, %mask : tensor<128xi32> -> tensor<16xi32>
    %bins = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
    %bp = tt.splat %bins_ptr : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %ba = tt.addptr %bp, %bins : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
    tt.store %ba, %h : tensor<16x!tt.ptr<i32>>
    tt.return
  }
}
