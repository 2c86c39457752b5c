// A layout describes dimensions of powers of two only.
module attributes {ttg.target = "cuda:90"} {
  tt.func public @odd_shape() {
    %r = tt.make_range {end = 3 : i32, start = 0 : i32} : tensor<3xi32>
    tt.return
  }
}
