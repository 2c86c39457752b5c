// An op outside tt, arith, math and scf that holds a tensor has no layout rule.
module attributes {ttg.target = "cpu:x86_64:avx2"} {
  tt.func public @branch(%x: tensor<16xf32>) {
    cf.br ^bb1(%x : tensor<16xf32>)
  ^bb1(%y: tensor<16xf32>):
    tt.return
  }
}
