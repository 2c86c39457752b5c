#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
tt.func @f(%a: tensor<16x16xf32, #blocked>) {
  %0 = ttg.convert_layout %a : tensor<16x16xf32, #blocked> -> tensor<16x16xf16, #blocked>
  tt.return
}
