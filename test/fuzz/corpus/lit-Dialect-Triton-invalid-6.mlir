tt.func @f(%x: i32) {
  %s = tt.splat %x : i32 -> tensor<0xi32>
  tt.return
}
