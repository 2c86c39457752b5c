// A kernel `probe(out_i: !tt.ptr<i32>, out_f: !tt.ptr<f32>, scale: i32, bias: f32)` written by
// hand in the LLVM dialect, following the CPU kernel ABI, for testing the driver without the
// lowering. Program (x, y, z) of a gx x gy x gz grid writes, at its linear index
// l = x + gx * (y + gy * z): out_i[l] = l * scale + z, out_f[l] = l + bias. The grid loop is
// serial whatever the thread count.
module {
  llvm.func @probe_program(%args: !llvm.ptr, %x: i32, %y: i32, %z: i32, %gx: i32, %gy: i32,
                           %gz: i32) {
    %out_i_slot = llvm.load %args : !llvm.ptr -> !llvm.ptr
    %out_i = llvm.load %out_i_slot : !llvm.ptr -> !llvm.ptr
    %p1 = llvm.getelementptr %args[1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %out_f_slot = llvm.load %p1 : !llvm.ptr -> !llvm.ptr
    %out_f = llvm.load %out_f_slot : !llvm.ptr -> !llvm.ptr
    %p2 = llvm.getelementptr %args[2] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %scale_slot = llvm.load %p2 : !llvm.ptr -> !llvm.ptr
    %scale = llvm.load %scale_slot : !llvm.ptr -> i32
    %p3 = llvm.getelementptr %args[3] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
    %bias_slot = llvm.load %p3 : !llvm.ptr -> !llvm.ptr
    %bias = llvm.load %bias_slot : !llvm.ptr -> f32
    %yz = llvm.mul %gy, %z : i32
    %row = llvm.add %y, %yz : i32
    %rows = llvm.mul %gx, %row : i32
    %l = llvm.add %x, %rows : i32
    %scaled = llvm.mul %l, %scale : i32
    %value_i = llvm.add %scaled, %z : i32
    %at_i = llvm.getelementptr %out_i[%l] : (!llvm.ptr, i32) -> !llvm.ptr, i32
    llvm.store %value_i, %at_i : i32, !llvm.ptr
    %lf = llvm.sitofp %l : i32 to f32
    %value_f = llvm.fadd %lf, %bias : f32
    %at_f = llvm.getelementptr %out_f[%l] : (!llvm.ptr, i32) -> !llvm.ptr, f32
    llvm.store %value_f, %at_f : f32, !llvm.ptr
    llvm.return
  }

  llvm.func @probe_grid(%args: !llvm.ptr, %gx: i32, %gy: i32, %gz: i32, %threads: i32) {
    %c0 = llvm.mlir.constant(0 : i32) : i32
    %c1 = llvm.mlir.constant(1 : i32) : i32
    llvm.br ^z_loop(%c0 : i32)
  ^z_loop(%z: i32):
    %z_more = llvm.icmp "slt" %z, %gz : i32
    llvm.cond_br %z_more, ^y_loop(%c0 : i32), ^done
  ^y_loop(%y: i32):
    %y_more = llvm.icmp "slt" %y, %gy : i32
    llvm.cond_br %y_more, ^x_loop(%c0 : i32), ^z_next
  ^x_loop(%x: i32):
    %x_more = llvm.icmp "slt" %x, %gx : i32
    llvm.cond_br %x_more, ^x_body, ^y_next
  ^x_body:
    llvm.call @probe_program(%args, %x, %y, %z, %gx, %gy, %gz)
        : (!llvm.ptr, i32, i32, i32, i32, i32, i32) -> ()
    %x_next = llvm.add %x, %c1 : i32
    llvm.br ^x_loop(%x_next : i32)
  ^y_next:
    %y_next = llvm.add %y, %c1 : i32
    llvm.br ^y_loop(%y_next : i32)
  ^z_next:
    %z_next = llvm.add %z, %c1 : i32
    llvm.br ^z_loop(%z_next : i32)
  ^done:
    llvm.return
  }
}
