// Masks of a 2-D tile: the row mask is constant along dimension 1, the column mask along
// dimension 0 in runs that the bound's divisibility allows; their conjunction keeps both.
tt.func public @masks(%m: i32 {tt.divisibility = 16 : i32}, %n: i32) {
  %rm = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %ms = tt.splat %m : i32 -> tensor<64xi32>
  %rowmask = arith.cmpi slt, %rm, %ms : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<32xi32>
  %colmask = arith.cmpi slt, %rn, %ns : tensor<32xi32>
  %r2 = tt.expand_dims %rowmask {axis = 1 : i32} : tensor<64xi1> -> tensor<64x1xi1>
  %c2 = tt.expand_dims %colmask {axis = 0 : i32} : tensor<32xi1> -> tensor<1x32xi1>
  %rb = tt.broadcast %r2 : tensor<64x1xi1> -> tensor<64x32xi1>
  %cb = tt.broadcast %c2 : tensor<1x32xi1> -> tensor<64x32xi1>
  %both = arith.andi %rb, %cb : tensor<64x32xi1>
  // A bound on the left: m > range holds over runs, as range < m does.
  %gt = arith.cmpi sgt, %ms, %rm : tensor<64xi32>
  %eq = arith.cmpi eq, %rm, %ms : tensor<64xi32>
  tt.return
}
