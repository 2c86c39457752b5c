// RUN: nereid-opt %s -split-input-file --cpu-store-tiles-by-rows | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#rows = #ttg.slice<{dim = 1, parent = #blocked}>
#cols = #ttg.slice<{dim = 0, parent = #blocked}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
// A matmul's epilogue: the accumulator buffer, rounded to bf16, stored under the mask
// rows[:, None] < m & cols[None, :] < n. Row r reads row r of the buffer, and its mask is
// splat(r < m) & (cols < n); the whole-tile read of the buffer and the tile ops go.
// CHECK-LABEL: tt.func @epilogue
// CHECK-SAME: (%[[OUT:[^:]*]]: !tt.ptr<bf16>, %[[BUF:[^:]*]]: !ttg.memdesc<8x16xf32, #shared, mutable>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32)
// CHECK: %[[COLS:.*]] = tt.make_range {end = 16 : i32, start = 0 : i32}
// CHECK-NOT: ttg.local_load
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// CHECK:   %[[ROW:.*]] = arith.addi %{{.*}}, %[[R]] : i32
// CHECK:   %[[VIEW:.*]] = ttg.memdesc_index %[[BUF]][%[[R]]] : !ttg.memdesc<8x16xf32, #shared, mutable> -> !ttg.memdesc<16xf32, #{{.*}}, mutable>
// CHECK:   %[[VALUES:.*]] = ttg.local_load %[[VIEW]] : !ttg.memdesc<16xf32, #{{.*}}, mutable> -> tensor<16xf32, #slice>
// CHECK:   %[[NARROW:.*]] = arith.truncf %[[VALUES]] : tensor<16xf32, #slice> to tensor<16xbf16, #slice>
// CHECK:   %[[IN:.*]] = arith.cmpi slt, %[[ROW]], %[[M]] : i32
// CHECK:   %[[RMASK:.*]] = tt.splat %[[IN]] : i1 -> tensor<16xi1, #slice>
// CHECK:   %[[CMASK:.*]] = arith.cmpi slt, %[[COLS]], %{{.*}} : tensor<16xi32, #slice>
// CHECK:   %[[MASK:.*]] = arith.andi %[[RMASK]], %[[CMASK]] : tensor<16xi1, #slice>
// CHECK:   tt.store %{{.*}}, %[[NARROW]], %[[MASK]] : tensor<16x!tt.ptr<bf16>, #slice>
// CHECK: }
// CHECK-NEXT: tt.return
tt.func @epilogue(%out: !tt.ptr<bf16>, %buf: !ttg.memdesc<8x16xf32, #shared, mutable>, %m: i32, %n: i32) {
  %acc = ttg.local_load %buf : !ttg.memdesc<8x16xf32, #shared, mutable> -> tensor<8x16xf32, #blocked>
  %c = arith.truncf %acc : tensor<8x16xf32, #blocked> to tensor<8x16xbf16, #blocked>
  %rows = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #rows>
  %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #cols>
  %r2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32, #rows> -> tensor<8x1xi32, #blocked>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32, #cols> -> tensor<1x16xi32, #blocked>
  %c16 = arith.constant dense<16> : tensor<8x1xi32, #blocked>
  %rs = arith.muli %r2, %c16 : tensor<8x1xi32, #blocked>
  %rsb = tt.broadcast %rs : tensor<8x1xi32, #blocked> -> tensor<8x16xi32, #blocked>
  %c2b = tt.broadcast %c2 : tensor<1x16xi32, #blocked> -> tensor<8x16xi32, #blocked>
  %off = arith.addi %rsb, %c2b : tensor<8x16xi32, #blocked>
  %base = tt.splat %out : !tt.ptr<bf16> -> tensor<8x16x!tt.ptr<bf16>, #blocked>
  %ptrs = tt.addptr %base, %off : tensor<8x16x!tt.ptr<bf16>, #blocked>, tensor<8x16xi32, #blocked>
  %ms = tt.splat %m : i32 -> tensor<8x1xi32, #blocked>
  %rin = arith.cmpi slt, %r2, %ms : tensor<8x1xi32, #blocked>
  %ns = tt.splat %n : i32 -> tensor<1x16xi32, #blocked>
  %cin = arith.cmpi slt, %c2, %ns : tensor<1x16xi32, #blocked>
  %rinb = tt.broadcast %rin : tensor<8x1xi1, #blocked> -> tensor<8x16xi1, #blocked>
  %cinb = tt.broadcast %cin : tensor<1x16xi1, #blocked> -> tensor<8x16xi1, #blocked>
  %mask = arith.andi %rinb, %cinb : tensor<8x16xi1, #blocked>
  tt.store %ptrs, %c, %mask : tensor<8x16x!tt.ptr<bf16>, #blocked>
  tt.return
}

// A tile that only the store uses is loaded a row at a time in the loop (a copy `y = x + 1`
// is one loop over rows of code, not an unrolled access per register chunk).
// CHECK-LABEL: tt.func @loaded
// CHECK: scf.for
// CHECK:   %[[ROW:.*]] = tt.load %{{.*}} : tensor<16x!tt.ptr<f32>, #slice>
// CHECK:   %[[SUM:.*]] = arith.addf %[[ROW]], %{{.*}} : tensor<16xf32, #slice>
// CHECK:   tt.store %{{.*}}, %[[SUM]] : tensor<16x!tt.ptr<f32>, #slice>
// CHECK-NOT: tt.load
tt.func @loaded(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %ip = tt.splat %in : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %x = tt.load %ip : tensor<8x16x!tt.ptr<f32>, #blocked>
  %one = arith.constant dense<1.0> : tensor<8x16xf32, #blocked>
  %y = arith.addf %x, %one : tensor<8x16xf32, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %op, %y : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return
}

// A value that reaches the store along two paths (`x != x` compares x with itself, and the
// select takes x again): the whole-tile ops are erased once each (the old recursion looked at
// the erased load again, a use after free that crashed about one compile in four).
// CHECK-LABEL: tt.func @operand_used_twice
// CHECK: scf.for
// CHECK:   %[[ROW:.*]] = tt.load %{{.*}} : tensor<16x!tt.ptr<f32>, #slice>
// CHECK:   %[[NAN:.*]] = arith.cmpf une, %[[ROW]], %[[ROW]] : tensor<16xf32, #slice>
// CHECK:   %[[CLEAN:.*]] = arith.select %[[NAN]], %{{.*}}, %[[ROW]] : tensor<16xi1, #slice>, tensor<16xf32, #slice>
// CHECK:   tt.store %{{.*}}, %[[CLEAN]] : tensor<16x!tt.ptr<f32>, #slice>
// CHECK: }
// CHECK-NEXT: tt.return
tt.func @operand_used_twice(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %ip = tt.splat %in : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %x = tt.load %ip : tensor<8x16x!tt.ptr<f32>, #blocked>
  %nan = arith.cmpf une, %x, %x : tensor<8x16xf32, #blocked>
  %zero = arith.constant dense<0.0> : tensor<8x16xf32, #blocked>
  %clean = arith.select %nan, %zero, %x : tensor<8x16xi1, #blocked>, tensor<8x16xf32, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %op, %clean : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return
}

// Left alone: a load that memory is written after (the row loop would read the new values),
// and a volatile load.
// CHECK-LABEL: tt.func @loads_left_alone
// CHECK-NOT: scf.for
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<8x16x!tt.ptr<f32>, #blocked>
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<8x16x!tt.ptr<f32>, #blocked>
// CHECK: tt.return
tt.func @loads_left_alone(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %flag: !tt.ptr<i32>) {
  %ip = tt.splat %in : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %x = tt.load %ip : tensor<8x16x!tt.ptr<f32>, #blocked>
  %c = arith.constant 0 : i32
  tt.store %flag, %c : !tt.ptr<i32>
  tt.store %op, %x : tensor<8x16x!tt.ptr<f32>, #blocked>
  %v = tt.load %ip {isVolatile} : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %op, %v : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return
}

// A load that is also used whole stays for that use, and the store loads its rows again.
// CHECK-LABEL: tt.func @load_used_twice
// CHECK: %[[WHOLE:.*]] = tt.load %{{.*}} : tensor<8x16x!tt.ptr<f32>, #blocked>
// CHECK: scf.for
// CHECK:   %[[ROW:.*]] = tt.load %{{.*}} : tensor<16x!tt.ptr<f32>, #slice>
// CHECK:   tt.store %{{.*}}, %[[ROW]] : tensor<16x!tt.ptr<f32>, #slice>
// CHECK: tt.return %[[WHOLE]]
tt.func @load_used_twice(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) -> tensor<8x16xf32, #blocked> {
  %ip = tt.splat %in : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  %w = tt.load %ip : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %op, %w : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return %w : tensor<8x16xf32, #blocked>
}

// Left alone: the buffer is written between its read and the store, so the store cannot read
// it again.
// CHECK-LABEL: tt.func @written_between
// CHECK-NOT: scf.for
// CHECK: ttg.local_load
// CHECK: ttg.local_store
// CHECK: tt.store %{{.*}}, %{{.*}} : tensor<8x16x!tt.ptr<f32>, #blocked>
tt.func @written_between(%out: !tt.ptr<f32>, %buf: !ttg.memdesc<8x16xf32, #shared, mutable>, %other: tensor<8x16xf32, #blocked>) {
  %acc = ttg.local_load %buf : !ttg.memdesc<8x16xf32, #shared, mutable> -> tensor<8x16xf32, #blocked>
  ttg.local_store %other, %buf : tensor<8x16xf32, #blocked> -> !ttg.memdesc<8x16xf32, #shared, mutable>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.store %op, %acc : tensor<8x16x!tt.ptr<f32>, #blocked>
  tt.return
}
}
