// ttg.prefetch takes a tile of pointers.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [8], warpsPerCTA = [1], order = [0]}>
module attributes {ttg.target = "cpu:x86_64:avx2", "ttg.num-warps" = 1 : i32} {
  tt.func @prefetch(%p: !tt.ptr<f32>) {
    %ptrs = tt.splat %p : !tt.ptr<f32> -> tensor<8x!tt.ptr<f32>, #blocked>
    ttg.prefetch %ptrs : tensor<8x!tt.ptr<f32>, #blocked>
    tt.return
  }
}
