// A matrix in panels (a CPU dot's B) and a row of it.
#panels = #ttg.panel_shared<{width = 16, rows = 8}>
module attributes {ttg.target = "cpu:x86_64:avx2", "ttg.num-warps" = 1 : i32} {
  tt.func @panels(%i: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<8x32xf32, #panels, mutable>
    %row = ttg.memdesc_index %buf[%i] : !ttg.memdesc<8x32xf32, #panels, mutable> -> !ttg.memdesc<32xf32, #panels, mutable>
    tt.return
  }
}
