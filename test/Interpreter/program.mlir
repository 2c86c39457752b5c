// RUN: nereid-run %s --kernel=ids --grid=2,3,2 --arg=i32:zeros:12 --arg=i32:zeros:1 --print-args | FileCheck %s --check-prefix=IDS
// RUN: nereid-run %s --kernel=ids --grid=2,3,2 --num-threads=3 --arg=i32:zeros:12 --arg=i32:zeros:1 --print-args | FileCheck %s --check-prefix=IDS
// RUN: nereid-run %s --kernel=range_splat --arg=i32:zeros:4 --arg=i32:9 --print-args | FileCheck %s --check-prefix=RANGE

// tt.get_program_id, tt.get_num_programs, tt.make_range and tt.splat. Programs are numbered x
// fastest, then y, then z; running them on several threads changes nothing.

// Program (x, y, z) writes 100x + 10y + z at its linear index x + 2 (y + 3 z), and every program
// writes the grid as 100 nx + 10 ny + nz.
// IDS: arg0: [0, 100, 10, 110, 20, 120, 1, 101, 11, 111, 21, 121]
// IDS-NEXT: arg1: [232]
tt.func public @ids(%out: !tt.ptr<i32>, %grid: !tt.ptr<i32>) {
  %x = tt.get_program_id x : i32
  %y = tt.get_program_id y : i32
  %z = tt.get_program_id z : i32
  %nx = tt.get_num_programs x : i32
  %ny = tt.get_num_programs y : i32
  %nz = tt.get_num_programs z : i32
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : i32
  %x100 = arith.muli %x, %c100 : i32
  %y10 = arith.muli %y, %c10 : i32
  %xy = arith.addi %x100, %y10 : i32
  %id = arith.addi %xy, %z : i32
  %zny = arith.muli %z, %ny : i32
  %yz = arith.addi %y, %zny : i32
  %yznx = arith.muli %yz, %nx : i32
  %linear = arith.addi %x, %yznx : i32
  %slot = tt.addptr %out, %linear : !tt.ptr<i32>, i32
  tt.store %slot, %id : !tt.ptr<i32>
  %nx100 = arith.muli %nx, %c100 : i32
  %ny10 = arith.muli %ny, %c10 : i32
  %nxy = arith.addi %nx100, %ny10 : i32
  %n = arith.addi %nxy, %nz : i32
  tt.store %grid, %n : !tt.ptr<i32>
  tt.return
}

// [3, 4, 5, 6] + splat(9)
// RANGE: arg0: [12, 13, 14, 15]
tt.func public @range_splat(%out: !tt.ptr<i32>, %k: i32) {
  %r = tt.make_range {end = 7 : i32, start = 3 : i32} : tensor<4xi32>
  %s = tt.splat %k : i32 -> tensor<4xi32>
  %v = arith.addi %r, %s : tensor<4xi32>
  %zero = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %ps = tt.splat %out : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p = tt.addptr %ps, %zero : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<i32>>
  tt.return
}
