tt.func @program_and_creation(%x: f32) -> (i32, i32, i32) {
  %pid = tt.get_program_id x : i32
  %pidz = tt.get_program_id z : i32
  %num = tt.get_num_programs y : i32
  %range = tt.make_range {end = 192 : i32, start = 64 : i32} : tensor<128xi32>
  %s = tt.splat %x : f32 -> tensor<4x8xf32>
  tt.return %pid, %pidz, %num : i32, i32, i32
}
