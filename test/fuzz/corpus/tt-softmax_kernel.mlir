module {
  tt.func public @softmax_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32, %arg4: i32, %arg5: i32) {
    %0 = tt.get_program_id x : i32
    %1 = tt.get_num_programs x : i32
    scf.for %arg6 = %0 to %arg4 step %1  : i32 {
      %2 = arith.muli %arg6, %arg2 : i32
      %3 = tt.addptr %arg1, %2 : !tt.ptr<f32>, i32
      %4 = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
      %5 = tt.splat %3 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
      %6 = tt.addptr %5, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
      %7 = tt.splat %arg5 : i32 -> tensor<1024xi32>
      %8 = arith.cmpi slt, %4, %7 : tensor<1024xi32>
      %cst = arith.constant 0xFF800000 : f32
      %9 = tt.splat %cst : f32 -> tensor<1024xf32>
      %10 = tt.load %6, %8, %9 : tensor<1024x!tt.ptr<f32>>
      %11 = tt.reduce(%10) axis = 0 {
      ^bb0(%arg7: f32, %arg8: f32):
        %22 = arith.maxnumf %arg7, %arg8 : f32
        tt.reduce.return %22 : f32
      } : (tensor<1024xf32>) -> f32
      %12 = tt.splat %11 : f32 -> tensor<1024xf32>
      %13 = arith.subf %10, %12 : tensor<1024xf32>
      %14 = math.exp %13 : tensor<1024xf32>
      %15 = tt.reduce(%14) axis = 0 {
      ^bb0(%arg7: f32, %arg8: f32):
        %22 = arith.addf %arg7, %arg8 : f32
        tt.reduce.return %22 : f32
      } : (tensor<1024xf32>) -> f32
      %16 = tt.splat %15 : f32 -> tensor<1024xf32>
      %17 = arith.divf %14, %16 : tensor<1024xf32>
      %18 = arith.muli %arg6, %arg3 : i32
      %19 = tt.addptr %arg0, %18 : !tt.ptr<f32>, i32
      %20 = tt.splat %19 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
      %21 = tt.addptr %20, %4 : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
      tt.store %21, %17, %8 : tensor<1024x!tt.ptr<f32>>
    }
    tt.return
  }
}
