tt.func @masks(%ps: tensor<8x!tt.ptr<f32>>, %other: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) {
  %true = arith.constant dense<true> : tensor<8xi1>
  %false = arith.constant dense<false> : tensor<8xi1>
  // An all-true mask is dropped, along with `other`.
  %a = tt.load %ps, %true, %other : tensor<8x!tt.ptr<f32>>
  // An all-false load is its `other`...
  %b = tt.load %ps, %false, %other : tensor<8x!tt.ptr<f32>>
  // ...unless it is volatile.
  %c = tt.load %ps, %false, %other volatile : tensor<8x!tt.ptr<f32>>
  tt.store %ps, %a, %true : tensor<8x!tt.ptr<f32>>
  // An all-false store disappears.
  tt.store %ps, %a, %false : tensor<8x!tt.ptr<f32>>
  tt.return %a, %b, %c : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>
}
