module {
  tt.func public @custom_reduce_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg3: !tt.ptr<i32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %1 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %2 = tt.expand_dims %0 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %c32_i32 = arith.constant 32 : i32
    %3 = tt.splat %c32_i32 : i32 -> tensor<8x1xi32>
    %4 = arith.muli %2, %3 : tensor<8x1xi32>
    %5 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<8x1x!tt.ptr<f32>>
    %6 = tt.addptr %5, %4 : tensor<8x1x!tt.ptr<f32>>, tensor<8x1xi32>
    %7 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %8 = tt.broadcast %6 : tensor<8x1x!tt.ptr<f32>> -> tensor<8x32x!tt.ptr<f32>>
    %9 = tt.broadcast %7 : tensor<1x32xi32> -> tensor<8x32xi32>
    %10 = tt.addptr %8, %9 : tensor<8x32x!tt.ptr<f32>>, tensor<8x32xi32>
    %11 = tt.load %10 : tensor<8x32x!tt.ptr<f32>>
    %12 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %13 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %14 = tt.addptr %13, %12 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %15 = tt.reduce(%11) axis = 1 {
    ^bb0(%arg4: f32, %arg5: f32):
      %30 = arith.subf %arg4, %arg5 : f32
      tt.reduce.return %30 : f32
    } : (tensor<8x32xf32>) -> tensor<8xf32>
    tt.store %14, %15 : tensor<8x!tt.ptr<f32>>
    %c8_i32 = arith.constant 8 : i32
    %16 = tt.addptr %arg1, %c8_i32 : !tt.ptr<f32>, i32
    %17 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %18 = tt.splat %16 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %19 = tt.addptr %18, %17 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    %20 = tt.reduce(%11) axis = 1 {
    ^bb0(%arg4: f32, %arg5: f32):
      %30 = math.absf %arg4 : f32
      %31 = math.absf %arg5 : f32
      %32 = arith.cmpf oge, %30, %31 : f32
      %33 = arith.select %32, %arg4, %arg5 : f32
      tt.reduce.return %33 : f32
    } : (tensor<8x32xf32>) -> tensor<8xf32>
    tt.store %19, %20 : tensor<8x!tt.ptr<f32>>
    %21 = tt.expand_dims %1 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %22 = tt.broadcast %21 : tensor<1x32xi32> -> tensor<8x32xi32>
    %23:2 = tt.reduce(%11, %22) axis = 1 {
    ^bb0(%arg4: f32, %arg5: i32, %arg6: f32, %arg7: i32):
      %30 = arith.cmpf ogt, %arg6, %arg4 : f32
      %31 = arith.cmpf oeq, %arg6, %arg4 : f32
      %32 = arith.cmpi slt, %arg7, %arg5 : i32
      %33 = arith.andi %31, %32 : i1
      %34 = arith.ori %30, %33 : i1
      %35 = arith.select %34, %arg6, %arg4 : f32
      %36 = arith.select %34, %arg7, %arg5 : i32
      tt.reduce.return %35, %36 : f32, i32
    } : (tensor<8x32xf32>, tensor<8x32xi32>) -> (tensor<8xf32>, tensor<8xi32>)
    %24 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %25 = tt.splat %arg2 : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>>
    %26 = tt.addptr %25, %24 : tensor<8x!tt.ptr<f32>>, tensor<8xi32>
    tt.store %26, %23#0 : tensor<8x!tt.ptr<f32>>
    %27 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %28 = tt.splat %arg3 : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %29 = tt.addptr %28, %27 : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    tt.store %29, %23#1 : tensor<8x!tt.ptr<i32>>
    tt.return
  }
}
