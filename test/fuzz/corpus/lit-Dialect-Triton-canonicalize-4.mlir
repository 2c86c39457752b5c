tt.func @pointer_folds(%p: !tt.ptr<f32>, %ps: tensor<8x!tt.ptr<f32>>, %i: i64, %f: tensor<8xf32>)
    -> (!tt.ptr<f32>, tensor<8x!tt.ptr<f32>>, !tt.ptr<f32>, i64, tensor<8xf32>, tensor<8xf32>) {
  %zero = arith.constant 0 : i32
  %q = tt.addptr %p, %zero : !tt.ptr<f32>, i32
  %zeros = arith.constant dense<0> : tensor<8xi64>
  %qs = tt.addptr %ps, %zeros : tensor<8x!tt.ptr<f32>>, tensor<8xi64>
  %asint = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  %back = tt.int_to_ptr %asint : i64 -> !tt.ptr<f32>
  %asptr = tt.int_to_ptr %i : i64 -> !tt.ptr<f32>
  %backint = tt.ptr_to_int %asptr : !tt.ptr<f32> -> i64
  %same = tt.bitcast %f : tensor<8xf32> -> tensor<8xf32>
  %bi = tt.bitcast %f : tensor<8xf32> -> tensor<8xi32>
  %bf = tt.bitcast %bi : tensor<8xi32> -> tensor<8xf32>
  tt.return %q, %qs, %back, %backint, %same, %bf : !tt.ptr<f32>, tensor<8x!tt.ptr<f32>>, !tt.ptr<f32>, i64, tensor<8xf32>, tensor<8xf32>
}
