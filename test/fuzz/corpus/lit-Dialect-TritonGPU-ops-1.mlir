// A slice of a slice, and a 3-D parent.
#b3 = #ttg.blocked<{sizePerThread = [1, 1, 8], threadsPerWarp = [2, 4, 8], warpsPerCTA = [1, 2, 2], order = [2, 1, 0]}>
#s1 = #ttg.slice<{dim = 0, parent = #b3}>
#s2 = #ttg.slice<{dim = 1, parent = #s1}>
module attributes {ttg.target = "hip:gfx942", "ttg.num-warps" = 4 : i32} {
  tt.func @nested(%a: tensor<64xi32, #s2>) {
    tt.return
  }
}
