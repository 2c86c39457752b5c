// Without a target option the module must name its target.
module {
  tt.func public @kernel(%x: tensor<16xf32>) {
    tt.return
  }
}
