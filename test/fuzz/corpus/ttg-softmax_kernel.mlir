#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx512"} {
  tt.func public @softmax_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) {
    %cst = arith.constant dense<0xFF800000> : tensor<1024xf32, #blocked>
    %0 = tt.get_program_id x : i32
    %1 = tt.get_num_programs x : i32
    scf.for %arg6 = %0 to %arg4 step %1  : i32 {
      %2 = arith.muli %arg6, %arg2 : i32
      %3 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
      %4 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32, #blocked>
      %5 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
      %6 = tt.addptr %5, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      %7 = tt.splat %arg5 : i32 -> tensor<1024xi32, #blocked>
      %8 = arith.cmpi slt, %4, %7 : tensor<1024xi32, #blocked>
      %9 = tt.load %6, %8, %cst : tensor<1024x!tt.ptr<f32>, #blocked>
      %10 = tt.reduce(%9) axis = 0 {
      ^bb0(%arg7: f32, %arg8: f32):
        %21 = arith.maxnumf %arg7, %arg8 : f32
        tt.reduce.return %21 : f32
      } : (tensor<1024xf32, #blocked>) -> f32
      %11 = tt.splat %10 : f32 -> tensor<1024xf32, #blocked>
      %12 = arith.subf %9, %11 : tensor<1024xf32, #blocked>
      %13 = math.exp %12 : tensor<1024xf32, #blocked>
      %14 = tt.reduce(%13) axis = 0 {
      ^bb0(%arg7: f32, %arg8: f32):
        %21 = arith.addf %arg7, %arg8 : f32
        tt.reduce.return %21 : f32
      } : (tensor<1024xf32, #blocked>) -> f32
      %15 = tt.splat %14 : f32 -> tensor<1024xf32, #blocked>
      %16 = arith.divf %13, %15 : tensor<1024xf32, #blocked>
      %17 = arith.muli %arg6, %arg3 : i32
      %18 = tt.addptr %arg0, %17 : !tt.ptr<f32>, i32
      %19 = tt.splat %18 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>, #blocked>
      %20 = tt.addptr %19, %4 : tensor<1024x!tt.ptr<f32>, #blocked>, tensor<1024xi32, #blocked>
      tt.store %20, %16, %8 : tensor<1024x!tt.ptr<f32>, #blocked>
    }
    tt.return
  }
}
