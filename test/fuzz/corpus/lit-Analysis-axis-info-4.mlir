// Integer arithmetic on a contiguous range and constants.
tt.func public @arith_ops(%k: i32 {tt.divisibility = 16 : i32}, %one: i32 {tt.equal_to = 1 : i32}) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %c4 = arith.constant dense<4> : tensor<128xi32>
  %c2 = arith.constant dense<2> : tensor<128xi32>
  %c12 = arith.constant dense<12> : tensor<128xi32>
  %ks = tt.splat %k : i32 -> tensor<128xi32>
  %sub = arith.subi %r, %ks : tensor<128xi32>
  %rsub = arith.subi %ks, %r : tensor<128xi32>
  %mul = arith.muli %r, %c4 : tensor<128xi32>
  %ones = tt.splat %one : i32 -> tensor<128xi32>
  %mul1 = arith.muli %r, %ones : tensor<128xi32>
  %div = arith.divsi %r, %c4 : tensor<128xi32>
  %divu = arith.divui %r, %c12 : tensor<128xi32>
  %rem = arith.remsi %r, %c4 : tensor<128xi32>
  %remu = arith.remui %r, %ks : tensor<128xi32>
  %and = arith.andi %mul, %c12 : tensor<128xi32>
  %shl = arith.shli %r, %c2 : tensor<128xi32>
  %shr = arith.shrsi %r, %c2 : tensor<128xi32>
  %shru = arith.shrui %mul, %c2 : tensor<128xi32>
  %ext = arith.extsi %r : tensor<128xi32> to tensor<128xi64>
  %extu = arith.extui %r : tensor<128xi32> to tensor<128xi64>
  %tr = arith.trunci %ext : tensor<128xi64> to tensor<128xi32>
  %folded = arith.muli %c4, %c12 : tensor<128xi32>
  tt.return
}
