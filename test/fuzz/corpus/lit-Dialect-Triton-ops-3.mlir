tt.func @pointers_and_casts(%p: !tt.ptr<f32>, %ps: tensor<16x!tt.ptr<f32>>, %off: tensor<16xi64>,
                            %i: i64, %f: tensor<16xf32>) {
  %q = tt.addptr %ps, %off : tensor<16x!tt.ptr<f32>>, tensor<16xi64>
  %q1 = tt.addptr %p, %i : !tt.ptr<f32>, i64
  %ip = tt.int_to_ptr %i : i64 -> !tt.ptr<f16>
  %pi = tt.ptr_to_int %ps : tensor<16x!tt.ptr<f32>> -> tensor<16xi64>
  %bc = tt.bitcast %f : tensor<16xf32> -> tensor<16xi32>
  %bp = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i8>
  tt.return
}
