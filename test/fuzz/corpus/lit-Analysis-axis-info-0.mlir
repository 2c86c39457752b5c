// The AxisInfo lattice (contiguity, divisibility, constancy per dimension) of every integer and
// pointer result. Divisibility is that of the first element of each run of contiguous values,
// and for pointers it is in bytes, as in Triton. 2^30 (1073741824) is the divisibility of 0.

// The vector-add pattern: pid * BLOCK + make_range, with divisibility-16 arguments. The offsets
// are 128-contiguous runs starting at multiples of 128; the pointers are 128-contiguous and
// 16-byte aligned (the base's divisibility, in bytes); the mask is constant over runs of 16,
// since n is a multiple of 16.
tt.func public @vector_add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  %c128 = arith.constant 128 : i32
  %pid = tt.get_program_id x : i32
  %start = arith.muli %pid, %c128 : i32
  %range = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %splat = tt.splat %start : i32 -> tensor<128xi32>
  %offs = arith.addi %splat, %range : tensor<128xi32>
  %ns = tt.splat %n : i32 -> tensor<128xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %xp, %mask : tensor<128x!tt.ptr<f32>>
  tt.store %xp, %v, %mask : tensor<128x!tt.ptr<f32>>
  tt.return
}
