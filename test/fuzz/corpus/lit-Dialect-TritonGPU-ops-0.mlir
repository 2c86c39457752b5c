// The ttg encodings, convert_layout and the module attributes print as they parse.

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 1], order = [1, 0]}>
#columns = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 2], order = [0, 1]}>
#slice = #ttg.slice<{dim = 1, parent = #blocked}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 2 : i32} {
  tt.func @convert(%a: tensor<16x16xf32, #blocked>, %b: tensor<16xf32, #slice>) -> tensor<16x16xf32> {
    %0 = ttg.convert_layout %a : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #columns>
    %1 = ttg.convert_layout %0 : tensor<16x16xf32, #columns> -> tensor<16x16xf32>
    tt.return %1 : tensor<16x16xf32>
  }
}
