tt.func @dot(%a: tensor<32x16xf16>, %b: tensor<16x64xf16>, %c: tensor<32x64xf32>,
             %fa: tensor<32x16xf32>, %fb: tensor<16x64xf32>,
             %ia: tensor<32x16xi8>, %ib: tensor<16x64xi8>, %ic: tensor<32x64xi32>,
             %e4: tensor<32x16xf8E4M3FN>, %e5: tensor<16x64xf8E5M2>,
             %ba: tensor<2x32x16xbf16>, %bb: tensor<2x16x64xbf16>, %bc: tensor<2x32x64xf32>) {
  %0 = tt.dot %a, %b, %c : tensor<32x16xf16> * tensor<16x64xf16> -> tensor<32x64xf32>
  %1 = tt.dot %fa, %fb, %c, inputPrecision = tf32 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  %2 = tt.dot %fa, %fb, %c, inputPrecision = tf32x3 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  %3 = tt.dot %fa, %fb, %c, inputPrecision = bf16x3 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  %4 = tt.dot %fa, %fb, %c, inputPrecision = bf16x6 : tensor<32x16xf32> * tensor<16x64xf32> -> tensor<32x64xf32>
  %5 = tt.dot %ia, %ib, %ic : tensor<32x16xi8> * tensor<16x64xi8> -> tensor<32x64xi32>
  %6 = tt.dot %e4, %e5, %c {maxNumImpreciseAcc = 32 : i32} : tensor<32x16xf8E4M3FN> * tensor<16x64xf8E5M2> -> tensor<32x64xf32>
  %7 = tt.dot %ba, %bb, %bc : tensor<2x32x16xbf16> * tensor<2x16x64xbf16> -> tensor<2x32x64xf32>
  tt.return
}
