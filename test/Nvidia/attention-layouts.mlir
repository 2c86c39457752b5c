// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-ttg-pipeline{target=cuda:90 num-warps=8 num-stages=3})' | FileCheck %s

// bench/triton_kernels.py's fused attention forward (128 queries by 64 keys of one head,
// HEAD_DIM 128, 8 warps), as the frontend emits it. Between its two dots everything stays in
// the layouts of their accumulators (ttg-remove-layout-conversions moves the conversions out of
// them past the softmax): the scores are scaled, reduced along the rows and exponentiated in
// the first dot's layout, the rows' statistics are carried in its slice, the accumulator in
// the second dot's layout, and the probabilities, which the loop computes, are the second
// dot's A in registers: the conversion to its operand layout moves nothing (wgmma's A
// fragments are where the first dot's accumulator holds them). The other conversion in the
// loop is of the rows' scale between the two slices (the same rows in each thread). The
// queries, which the loop does not change, are written to shared memory once, before it. (test_nvidia_dot.py's attention test takes it through ptxas
// and, on a GPU, checks it against torch.)
// CHECK-DAG: #[[$S:.*]] = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[$O:.*]] = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[$ROWS:.*]] = #ttg.slice<{dim = 1, parent = #[[$S]]}>
// CHECK-DAG: #[[$SCALE:.*]] = #ttg.slice<{dim = 1, parent = #[[$O]]}>
// CHECK: %[[Q:.*]] = ttg.local_alloc %{{.*}} : (tensor<128x128xf16, #{{.*}}>) -> !ttg.memdesc<128x128xf16
// CHECK: scf.for {{.*}} -> ({{.*}}, tensor<128xf32, #[[$ROWS]]>, tensor<128xf32, #[[$ROWS]]>, tensor<128x128xf32, #[[$O]]>, i32)
// CHECK-NOT: ttg.local_alloc %{{.*}} : (tensor<128x128xf16
// CHECK: nvidia.warpgroup_dot %[[Q]]
// CHECK: tt.reduce
// CHECK: (tensor<128x64xf32, #[[$S]]>) -> tensor<128xf32, #[[$ROWS]]>
// CHECK: ttg.convert_layout %{{.*}} : tensor<128xf32, #[[$ROWS]]> -> tensor<128xf32, #[[$SCALE]]>
// CHECK: tt.reduce
// CHECK: (tensor<128x64xf32, #[[$S]]>) -> tensor<128xf32, #[[$ROWS]]>
// CHECK-NOT: ttg.local_alloc
// CHECK: %[[P:.*]] = ttg.convert_layout %{{.*}} : tensor<128x64xf16, #[[$S]]> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$O]], kWidth = 2}>>
// CHECK: nvidia.warpgroup_dot %[[P]], {{.*}} -> tensor<128x128xf32, #[[$O]]>
// CHECK-NOT: ttg.convert_layout
// CHECK: scf.yield
module {
    tt.func public @attention_fwd_kernel(%arg0: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg4: f32, %arg5: i32 {tt.divisibility = 16 : i32}) {
      %cst = arith.constant dense<8192> : tensor<64x128xi32>
      %cst_0 = arith.constant dense<8192> : tensor<128x64xi32>
      %cst_1 = arith.constant dense<0.000000e+00> : tensor<128x64xf32>
      %cst_2 = arith.constant dense<0.000000e+00> : tensor<128x128xf32>
      %cst_3 = arith.constant dense<1.000000e+00> : tensor<128xf32>
      %cst_4 = arith.constant dense<0xFF800000> : tensor<128xf32>
      %cst_5 = arith.constant dense<128> : tensor<64x1xi32>
      %cst_6 = arith.constant dense<128> : tensor<1x64xi32>
      %cst_7 = arith.constant dense<128> : tensor<128x1xi32>
      %c64_i32 = arith.constant 64 : i32
      %c0_i32 = arith.constant 0 : i32
      %cst_8 = arith.constant 1.44269502 : f32
      %c128_i32 = arith.constant 128 : i32
      %0 = tt.get_program_id y : i32
      %1 = arith.muli %0, %arg5 : i32
      %2 = arith.muli %1, %c128_i32 : i32
      %3 = tt.get_program_id x : i32
      %4 = arith.muli %3, %c128_i32 : i32
      %5 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
      %6 = tt.splat %4 : i32 -> tensor<128xi32>
      %7 = arith.addi %6, %5 : tensor<128xi32>
      %8 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
      %9 = tt.addptr %arg0, %2 : !tt.ptr<f16>, i32
      %10 = tt.expand_dims %7 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %11 = arith.muli %10, %cst_7 : tensor<128x1xi32>
      %12 = tt.splat %9 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
      %13 = tt.addptr %12, %11 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
      %14 = tt.expand_dims %5 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
      %15 = tt.broadcast %13 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x128x!tt.ptr<f16>>
      %16 = tt.broadcast %14 : tensor<1x128xi32> -> tensor<128x128xi32>
      %17 = tt.addptr %15, %16 : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
      %18 = tt.load %17 {nereid.implicit_descriptor = "not rewritten: its pointers are not offsets from a parameter"} : tensor<128x128x!tt.ptr<f16>>
      %19 = tt.addptr %arg1, %2 : !tt.ptr<f16>, i32
      %20 = tt.expand_dims %5 {axis = 1 : i32} : tensor<128xi32> -> tensor<128x1xi32>
      %21 = tt.splat %19 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
      %22 = tt.addptr %21, %20 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
      %23 = tt.expand_dims %8 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
      %24 = arith.muli %23, %cst_6 : tensor<1x64xi32>
      %25 = tt.broadcast %22 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x64x!tt.ptr<f16>>
      %26 = tt.broadcast %24 : tensor<1x64xi32> -> tensor<128x64xi32>
      %27 = tt.addptr %25, %26 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
      %28 = tt.addptr %arg2, %2 : !tt.ptr<f16>, i32
      %29 = tt.expand_dims %8 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
      %30 = arith.muli %29, %cst_5 : tensor<64x1xi32>
      %31 = tt.splat %28 : !tt.ptr<f16> -> tensor<64x1x!tt.ptr<f16>>
      %32 = tt.addptr %31, %30 : tensor<64x1x!tt.ptr<f16>>, tensor<64x1xi32>
      %33 = tt.broadcast %32 : tensor<64x1x!tt.ptr<f16>> -> tensor<64x128x!tt.ptr<f16>>
      %34 = tt.broadcast %14 : tensor<1x128xi32> -> tensor<64x128xi32>
      %35 = tt.addptr %33, %34 : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
      %36 = arith.mulf %arg4, %cst_8 : f32
      %37:5 = scf.for %arg6 = %c0_i32 to %arg5 step %c64_i32 iter_args(%arg7 = %27, %arg8 = %35, %arg9 = %cst_4, %arg10 = %cst_3, %arg11 = %cst_2) -> (tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>, tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>)  : i32 {
        %47 = tt.load %arg7 {nereid.implicit_descriptor = "not rewritten: its pointers are not offsets from a parameter"} : tensor<128x64x!tt.ptr<f16>>
        %48 = tt.dot %18, %47, %cst_1 : tensor<128x128xf16> * tensor<128x64xf16> -> tensor<128x64xf32>
        %49 = tt.splat %36 : f32 -> tensor<128x64xf32>
        %50 = arith.mulf %48, %49 : tensor<128x64xf32>
        %51 = tt.reduce(%50) axis = 1 {
        ^bb0(%arg12: f32, %arg13: f32):
          %70 = arith.maxnumf %arg12, %arg13 : f32
          tt.reduce.return %70 : f32
        } : (tensor<128x64xf32>) -> tensor<128xf32>
        %52 = arith.maxnumf %arg9, %51 : tensor<128xf32>
        %53 = tt.expand_dims %52 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
        %54 = tt.broadcast %53 : tensor<128x1xf32> -> tensor<128x64xf32>
        %55 = arith.subf %50, %54 : tensor<128x64xf32>
        %56 = math.exp2 %55 : tensor<128x64xf32>
        %57 = arith.subf %arg9, %52 : tensor<128xf32>
        %58 = math.exp2 %57 : tensor<128xf32>
        %59 = arith.mulf %arg10, %58 : tensor<128xf32>
        %60 = tt.reduce(%56) axis = 1 {
        ^bb0(%arg12: f32, %arg13: f32):
          %70 = arith.addf %arg12, %arg13 : f32
          tt.reduce.return %70 : f32
        } : (tensor<128x64xf32>) -> tensor<128xf32>
        %61 = arith.addf %59, %60 : tensor<128xf32>
        %62 = arith.truncf %56 : tensor<128x64xf32> to tensor<128x64xf16>
        %63 = tt.load %arg8 {nereid.implicit_descriptor = "not rewritten: its pointers are not offsets from a parameter"} : tensor<64x128x!tt.ptr<f16>>
        %64 = tt.expand_dims %58 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
        %65 = tt.broadcast %64 : tensor<128x1xf32> -> tensor<128x128xf32>
        %66 = arith.mulf %arg11, %65 : tensor<128x128xf32>
        %67 = tt.dot %62, %63, %66 : tensor<128x64xf16> * tensor<64x128xf16> -> tensor<128x128xf32>
        %68 = tt.addptr %arg7, %cst_0 : tensor<128x64x!tt.ptr<f16>>, tensor<128x64xi32>
        %69 = tt.addptr %arg8, %cst : tensor<64x128x!tt.ptr<f16>>, tensor<64x128xi32>
        scf.yield %68, %69, %52, %61, %67 : tensor<128x64x!tt.ptr<f16>>, tensor<64x128x!tt.ptr<f16>>, tensor<128xf32>, tensor<128xf32>, tensor<128x128xf32>
      }
      %38 = tt.expand_dims %37#3 {axis = 1 : i32} : tensor<128xf32> -> tensor<128x1xf32>
      %39 = tt.broadcast %38 : tensor<128x1xf32> -> tensor<128x128xf32>
      %40 = arith.divf %37#4, %39 : tensor<128x128xf32>
      %41 = tt.addptr %arg3, %2 : !tt.ptr<f16>, i32
      %42 = tt.splat %41 : !tt.ptr<f16> -> tensor<128x1x!tt.ptr<f16>>
      %43 = tt.addptr %42, %11 : tensor<128x1x!tt.ptr<f16>>, tensor<128x1xi32>
      %44 = tt.broadcast %43 : tensor<128x1x!tt.ptr<f16>> -> tensor<128x128x!tt.ptr<f16>>
      %45 = tt.addptr %44, %16 : tensor<128x128x!tt.ptr<f16>>, tensor<128x128xi32>
      %46 = arith.truncf %40 : tensor<128x128xf32> to tensor<128x128xf16>
      tt.store %45, %46 : tensor<128x128x!tt.ptr<f16>>
      tt.return
    }
}
