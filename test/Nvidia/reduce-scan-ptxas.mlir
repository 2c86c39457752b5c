// REQUIRES: ptxas
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:80 num-warps=8})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t80.ptx
// RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin

// A kernel of tl.argmax along dim 1 of a 32 x 64 tile, and tl.cumsum along dim 0 summed along
// dim 0 (the frontend's tt IR), lowered for sm_90a with 4 warps and sm_80 with 8: the PTX of
// the shuffles, barriers and shared memory of the reductions and the scan assembles.

// CHECK: .extern .shared .align 1024 .b8 nereid_shared[];
// CHECK-NOT: .shared .align
// CHECK: shfl.sync.bfly.b32
// CHECK: bar.sync 0
module {
  tt.func public @k(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %1 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %c64_i32 = arith.constant 64 : i32
    %3 = tt.splat %c64_i32 : i32 -> tensor<32x1xi32>
    %4 = arith.muli %2, %3 : tensor<32x1xi32>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
    %6 = tt.addptr %5, %4 : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
    %7 = tt.expand_dims %1 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %8 = tt.broadcast %6 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
    %9 = tt.broadcast %7 : tensor<1x64xi32> -> tensor<32x64xi32>
    %10 = tt.addptr %8, %9 : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    %11 = tt.load %10 : tensor<32x64x!tt.ptr<f32>>
    %12 = tt.splat %arg2 : !tt.ptr<i32> -> tensor<32x!tt.ptr<i32>>
    %13 = tt.addptr %12, %0 : tensor<32x!tt.ptr<i32>>, tensor<32xi32>
    %14 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %15 = tt.expand_dims %14 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %16 = tt.broadcast %15 : tensor<1x64xi32> -> tensor<32x64xi32>
    %17:2 = tt.reduce(%11, %16) axis = 1 {
    ^bb0(%arg3: f32, %arg4: i32, %arg5: f32, %arg6: i32):
      %31 = arith.cmpf oeq, %arg3, %arg5 : f32
      %32 = arith.cmpi slt, %arg4, %arg6 : i32
      %33 = arith.andi %31, %32 : i1
      %34 = arith.cmpf ogt, %arg3, %arg5 : f32
      %35 = arith.ori %34, %33 : i1
      %36 = arith.select %35, %arg3, %arg5 : f32
      %37 = arith.select %35, %arg4, %arg6 : i32
      tt.reduce.return %36, %37 : f32, i32
    } : (tensor<32x64xf32>, tensor<32x64xi32>) -> (tensor<32xf32>, tensor<32xi32>)
    %18 = arith.cmpf une, %11, %11 : tensor<32x64xf32>
    %c64_i32_0 = arith.constant 64 : i32
    %19 = tt.splat %c64_i32_0 : i32 -> tensor<32x64xi32>
    %20 = arith.select %18, %16, %19 : tensor<32x64xi1>, tensor<32x64xi32>
    %21 = tt.reduce(%20) axis = 1 {
    ^bb0(%arg3: i32, %arg4: i32):
      %31 = arith.minsi %arg3, %arg4 : i32
      tt.reduce.return %31 : i32
    } : (tensor<32x64xi32>) -> tensor<32xi32>
    %c64_i32_1 = arith.constant 64 : i32
    %22 = tt.splat %c64_i32_1 : i32 -> tensor<32xi32>
    %23 = arith.cmpi slt, %21, %22 : tensor<32xi32>
    %cst = arith.constant 0x7FC00000 : f32
    %24 = tt.splat %cst : f32 -> tensor<32xf32>
    %25 = arith.select %23, %24, %17#0 : tensor<32xi1>, tensor<32xf32>
    %26 = arith.select %23, %21, %17#1 : tensor<32xi1>, tensor<32xi32>
    tt.store %13, %26 : tensor<32x!tt.ptr<i32>>
    %27 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %28 = tt.addptr %27, %1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %29 = tt.scan(%11) axis = 0 {
    ^bb0(%arg3: f32, %arg4: f32):
      %31 = arith.addf %arg3, %arg4 : f32
      tt.scan.return %31 : f32
    } : (tensor<32x64xf32>) -> tensor<32x64xf32>
    %30 = tt.reduce(%29) axis = 0 {
    ^bb0(%arg3: f32, %arg4: f32):
      %31 = arith.addf %arg3, %arg4 : f32
      tt.reduce.return %31 : f32
    } : (tensor<32x64xf32>) -> tensor<64xf32>
    tt.store %28, %30 : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}

