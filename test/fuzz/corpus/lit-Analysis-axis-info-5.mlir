// Selects, loads (unknown values) and the hints of tl.multiple_of / max_contiguous /
// max_constancy.
tt.func public @select_load_hints(%p: !tt.ptr<i32> {tt.divisibility = 16 : i32}, %c: i1) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %shifted = arith.addi %r, %c64 : tensor<64xi32>
  %sel = arith.select %c, %r, %shifted : tensor<64xi32>
  %ps = tt.splat %p : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %pp = tt.addptr %ps, %r : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %idx = tt.load %pp : tensor<64x!tt.ptr<i32>>
  %lt = arith.cmpi slt, %r, %c64 : tensor<64xi32>
  %vsel = arith.select %lt, %r, %idx : tensor<64xi1>, tensor<64xi32>
  %hinted = tt.load %pp {tt.divisibility = dense<8> : tensor<1xi32>, tt.contiguity = dense<64> : tensor<1xi32>} : tensor<64x!tt.ptr<i32>>
  %const = tt.load %pp {tt.constancy = dense<4> : tensor<1xi32>} : tensor<64x!tt.ptr<i32>>
  tt.return
}
