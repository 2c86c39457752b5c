module {
  tt.func public @sum_in_order_kernel(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %1 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %2 = tt.addptr %1, %0 : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %3 = tt.load %2 : tensor<128x!tt.ptr<f32>>
    %4 = tt.reduce(%3) axis = 0 {
    ^bb0(%arg2: f32, %arg3: f32):
      %5 = arith.addf %arg2, %arg3 : f32
      tt.reduce.return %5 : f32
    } : (tensor<128xf32>) -> f32
    tt.store %arg1, %4 : !tt.ptr<f32>
    tt.return
  }
}
