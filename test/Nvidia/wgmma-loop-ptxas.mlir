// REQUIRES: ptxas
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=8 num-stages=3 implicit-tma=false})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=8 num-stages=1 implicit-tma=false})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t1.ptx
// RUN: FileCheck %s --check-prefix=ONE < %t1.ptx
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=8 num-stages=3})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx84 -o %t2.ptx
// RUN: FileCheck %s --check-prefix=TMA < %t2.ptx
// RUN: %ptxas -arch=sm_90a %t2.ptx -o %t2.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty

// With implicit TMA (the default; the runs above turn it off), the same kernel's tiles are
// tensor copies, bounded by the masks' M, N and K, two iterations ahead, and its wgmma still
// runs on into the next one.
// TMA: cp.async.bulk.tensor.2d
// TMA-NOT: cp.async.cg
// TMA: mbarrier.try_wait.parity
// TMA: wgmma.wait_group.sync.aligned 1;

// Implicit TMA off: the tutorial matmul (test_nvidia_dot.py's matmul_masked, 128 x 128 x 64
// blocks, 8 warps) as
// the frontend emits it, through the sm_90 pipeline to a cubin. With num_stages 3 its tiles
// are copied two iterations ahead (ttg-pipeline-async-copies: two groups of cp.async before the
// loop) and its wgmma runs on into the next iteration (nvidia-pipeline-warpgroup-dots): in the
// loop, a wait for all but the latest group of copies, the proxy fence and a barrier, the
// wgmmas, a wait for all but the last wgmma group, a barrier, and the next iteration's copies
// of 16 bytes; after the loop, a wait for no wgmma. ptxas serializes none of the wgmmas (its
// advisories C7508-C7520, printed as infos, would say so: C7515 did, before the wait after the
// loop was put where the loop ran). With num_stages 1, each wgmma is waited for at once and
// nothing is copied asynchronously.
// CHECK-LABEL: .visible .entry matmul_masked(
// CHECK-COUNT-2: cp.async.commit_group
// CHECK: cp.async.wait_group 1
// CHECK-NEXT: fence.proxy.async.shared::cta
// CHECK-NEXT: bar.sync 0
// CHECK: wgmma.fence.sync.aligned
// CHECK-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// CHECK: wgmma.commit_group.sync.aligned
// CHECK: wgmma.wait_group.sync.aligned 1
// CHECK: bar.sync 0
// CHECK: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, {{.*}};
// CHECK: cp.async.commit_group
// CHECK: wgmma.wait_group.sync.aligned 0
// PTXAS-NOT: C75
// PTXAS-NOT: warning
// ONE-NOT: wgmma.wait_group.sync.aligned 1
// ONE-NOT: cp.async
module {
  tt.func public @matmul_masked(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: i32 {tt.divisibility = 16 : i32}, %arg4: i32 {tt.divisibility = 16 : i32}, %arg5: i32 {tt.divisibility = 16 : i32}, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.equal_to = 1 : i32}, %arg8: i32 {tt.divisibility = 16 : i32}, %arg9: i32 {tt.equal_to = 1 : i32}, %arg10: i32 {tt.divisibility = 16 : i32}, %arg11: i32 {tt.equal_to = 1 : i32}) {
    %0 = tt.get_program_id x : i32
    %c128_i32 = arith.constant 128 : i32
    %1 = arith.addi %arg3, %c128_i32 : i32
    %c1_i32 = arith.constant 1 : i32
    %2 = arith.subi %1, %c1_i32 : i32
    %c128_i32_0 = arith.constant 128 : i32
    %3 = arith.divsi %2, %c128_i32_0 : i32
    %c128_i32_1 = arith.constant 128 : i32
    %4 = arith.addi %arg4, %c128_i32_1 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %5 = arith.subi %4, %c1_i32_2 : i32
    %c128_i32_3 = arith.constant 128 : i32
    %6 = arith.divsi %5, %c128_i32_3 : i32
    %c8_i32 = arith.constant 8 : i32
    %7 = arith.muli %c8_i32, %6 : i32
    %8 = arith.divsi %0, %7 : i32
    %c8_i32_4 = arith.constant 8 : i32
    %9 = arith.muli %8, %c8_i32_4 : i32
    %10 = arith.subi %3, %9 : i32
    %c8_i32_5 = arith.constant 8 : i32
    %11 = arith.minsi %10, %c8_i32_5 : i32
    %12 = arith.remsi %0, %7 : i32
    %13 = arith.remsi %12, %11 : i32
    %14 = arith.addi %9, %13 : i32
    %15 = arith.remsi %0, %7 : i32
    %16 = arith.divsi %15, %11 : i32
    %c128_i32_6 = arith.constant 128 : i32
    %17 = arith.muli %14, %c128_i32_6 : i32
    %18 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %19 = tt.splat %17 : i32 -> tensor<128xi32>
    %20 = arith.addi %19, %18 : tensor<128xi32>
    %c128_i32_7 = arith.constant 128 : i32
    %21 = arith.muli %16, %c128_i32_7 : i32
    %22 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %23 = tt.splat %21 : i32 -> tensor<128xi32>
    %24 = arith.addi %23, %22 : tensor<128xi32>
    %25 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %26 = tt.expand_dims %20 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %27 = tt.splat %arg6 : i32 -> tensor<128x1xi32>
    %28 = arith.muli %26, %27 : tensor<128x1xi32>
    %29 = tt.expand_dims %25 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %30 = tt.splat %arg7 : i32 -> tensor<1x64xi32>
    %31 = arith.muli %29, %30 : tensor<1x64xi32>
    %32 = tt.broadcast %28 : tensor<128x1xi32> -> tensor<128x64xi32>
    %33 = tt.broadcast %31 : tensor<1x64xi32> -> tensor<128x64xi32>
    %34 = arith.addi %32, %33 : tensor<128x64xi32>
    %35 = tt.splat %arg0 : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>>
    %36 = tt.addptr %35, %34 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
    %37 = tt.expand_dims %25 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %38 = tt.splat %arg8 : i32 -> tensor<64x1xi32>
    %39 = arith.muli %37, %38 : tensor<64x1xi32>
    %40 = tt.expand_dims %24 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %41 = tt.splat %arg9 : i32 -> tensor<1x128xi32>
    %42 = arith.muli %40, %41 : tensor<1x128xi32>
    %43 = tt.broadcast %39 : tensor<64x1xi32> -> tensor<64x128xi32>
    %44 = tt.broadcast %42 : tensor<1x128xi32> -> tensor<64x128xi32>
    %45 = arith.addi %43, %44 : tensor<64x128xi32>
    %46 = tt.splat %arg1 : !tt.ptr<f16> -> tensor<64x128x!tt.ptr<f16>>
    %47 = tt.addptr %46, %45 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
    %cst = arith.constant 0.000000e+00 : f32
    %48 = tt.splat %cst : f32 -> tensor<128x128xf32>
    %c64_i32 = arith.constant 64 : i32
    %49 = arith.addi %arg5, %c64_i32 : i32
    %c1_i32_8 = arith.constant 1 : i32
    %50 = arith.subi %49, %c1_i32_8 : i32
    %c64_i32_9 = arith.constant 64 : i32
    %51 = arith.divsi %50, %c64_i32_9 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32_10 = arith.constant 1 : i32
    %52:3 = scf.for %arg12 = %c0_i32 to %51 step %c1_i32_10 iter_args(%arg13 = %36, %arg14 = %47, %arg15 = %48) -> (tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>, tensor<128x128xf32>)  : i32 {
      %c64_i32_13 = arith.constant 64 : i32
      %81 = arith.muli %arg12, %c64_i32_13 : i32
      %82 = arith.subi %arg5, %81 : i32
      %83 = tt.expand_dims %20 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %84 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
      %85 = arith.cmpi slt, %83, %84 : tensor<128x1xi32>
      %86 = tt.expand_dims %25 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %87 = tt.splat %82 : i32 -> tensor<1x64xi32>
      %88 = arith.cmpi slt, %86, %87 : tensor<1x64xi32>
      %89 = tt.broadcast %85 : tensor<128x1xi1> -> tensor<128x64xi1>
      %90 = tt.broadcast %88 : tensor<1x64xi1> -> tensor<128x64xi1>
      %91 = arith.andi %89, %90 : tensor<128x64xi1>
      %cst_14 = arith.constant 0.000000e+00 : f16
      %92 = tt.splat %cst_14 : f16 -> tensor<128x64xf16>
      %93 = tt.load %arg13, %91, %92 : tensor<128x64x!tt.ptr<f16>>
      %94 = tt.expand_dims %25 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %95 = tt.splat %82 : i32 -> tensor<64x1xi32>
      %96 = arith.cmpi slt, %94, %95 : tensor<64x1xi32>
      %97 = tt.expand_dims %24 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
      %98 = tt.splat %arg4 : i32 -> tensor<1x128xi32>
      %99 = arith.cmpi slt, %97, %98 : tensor<1x128xi32>
      %100 = tt.broadcast %96 : tensor<64x1xi1> -> tensor<64x128xi1>
      %101 = tt.broadcast %99 : tensor<1x128xi1> -> tensor<64x128xi1>
      %102 = arith.andi %100, %101 : tensor<64x128xi1>
      %cst_15 = arith.constant 0.000000e+00 : f16
      %103 = tt.splat %cst_15 : f16 -> tensor<64x128xf16>
      %104 = tt.load %arg14, %102, %103 : tensor<64x128x!tt.ptr<f16>>
      %105 = tt.dot %93, %104, %arg15 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
      %c64_i32_16 = arith.constant 64 : i32
      %106 = arith.muli %c64_i32_16, %arg7 : i32
      %107 = tt.splat %106 : i32 -> tensor<128x64xi32>
      %108 = tt.addptr %arg13, %107 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %c64_i32_17 = arith.constant 64 : i32
      %109 = arith.muli %c64_i32_17, %arg8 : i32
      %110 = tt.splat %109 : i32 -> tensor<64x128xi32>
      %111 = tt.addptr %arg14, %110 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
      scf.yield %108, %111, %105 : tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>, tensor<128x128xf32>
    }
    %c128_i32_11 = arith.constant 128 : i32
    %53 = arith.muli %14, %c128_i32_11 : i32
    %54 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %55 = tt.splat %53 : i32 -> tensor<128xi32>
    %56 = arith.addi %55, %54 : tensor<128xi32>
    %c128_i32_12 = arith.constant 128 : i32
    %57 = arith.muli %16, %c128_i32_12 : i32
    %58 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %59 = tt.splat %57 : i32 -> tensor<128xi32>
    %60 = arith.addi %59, %58 : tensor<128xi32>
    %61 = tt.expand_dims %56 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %62 = tt.splat %arg10 : i32 -> tensor<128x1xi32>
    %63 = arith.muli %62, %61 : tensor<128x1xi32>
    %64 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<128x1x!tt.ptr<f32>>
    %65 = tt.addptr %64, %63 : tensor<128x1x!tt.ptr<f32>>, tensor<128x1xi32>
    %66 = tt.expand_dims %60 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %67 = tt.splat %arg11 : i32 -> tensor<1x128xi32>
    %68 = arith.muli %67, %66 : tensor<1x128xi32>
    %69 = tt.broadcast %65 : tensor<128x1x!tt.ptr<f32>> -> tensor<128x128x!tt.ptr<f32>>
    %70 = tt.broadcast %68 : tensor<1x128xi32> -> tensor<128x128xi32>
    %71 = tt.addptr %69, %70 : tensor<128x128x!tt.ptr<f32>>, tensor<128x128xi32>
    %72 = tt.expand_dims %56 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
    %73 = tt.splat %arg3 : i32 -> tensor<128x1xi32>
    %74 = arith.cmpi slt, %72, %73 : tensor<128x1xi32>
    %75 = tt.expand_dims %60 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
    %76 = tt.splat %arg4 : i32 -> tensor<1x128xi32>
    %77 = arith.cmpi slt, %75, %76 : tensor<1x128xi32>
    %78 = tt.broadcast %74 : tensor<128x1xi1> -> tensor<128x128xi1>
    %79 = tt.broadcast %77 : tensor<1x128xi1> -> tensor<128x128xi1>
    %80 = arith.andi %78, %79 : tensor<128x128xi1>
    tt.store %71, %52#2, %80 : tensor<128x128x!tt.ptr<f32>>
    tt.return
  }
}
