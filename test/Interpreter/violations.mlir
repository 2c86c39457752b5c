// RUN: not nereid-run %s --kernel=copy --grid=2 --arg=f32:iota:6 --arg=f32:zeros:6 --arg=i32:7 --arg=i32:6 2>&1 | FileCheck %s --check-prefix=PAST-END
// RUN: not nereid-run %s --kernel=copy --grid=2 --arg=f32:iota:6 --arg=f32:zeros:6 --arg=i32:6 --arg=i32:7 2>&1 | FileCheck %s --check-prefix=WRONG-MASK
// RUN: nereid-run %s --kernel=copy --grid=2 --arg=f32:iota:6 --arg=f32:zeros:6 --arg=i32:6 --arg=i32:6 --print-args | FileCheck %s --check-prefix=RAGGED
// RUN: not nereid-run %s --kernel=copy --grid=8 --num-threads=4 --arg=f32:iota:32 --arg=f32:zeros:14 --arg=i32:32 --arg=i32:32 2>&1 | FileCheck %s --check-prefix=PARALLEL
// RUN: not nereid-run %s --kernel=before_start --arg=f32:zeros:4 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: not nereid-run %s --kernel=other_buffer --arg=f32:zeros:4 --arg=f32:zeros:4096 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not nereid-run %s --kernel=atomic --arg=i32:zeros:4 2>&1 | FileCheck %s --check-prefix=ATOMIC
// RUN: not nereid-run %s --kernel=descriptor --arg=f32:zeros:12 2>&1 | FileCheck %s --check-prefix=DESCRIPTOR
// RUN: not nereid-run %s --kernel=misaligned --arg=i8:zeros:8 2>&1 | FileCheck %s --check-prefix=MISALIGNED
// RUN: not nereid-run %s --kernel=no_buffer 2>&1 | FileCheck %s --check-prefix=NO-BUFFER
// RUN: not nereid-run %s --kernel=gather 2>&1 | FileCheck %s --check-prefix=GATHER

// Every masked-in element of every memory access must lie in the argument buffer its pointer
// derives from. A violation stops the kernel with the kernel, the program, the element, how far
// outside the buffer it is, and the source line of the op.

// Program p copies elements 4p .. 4p + 3 of x to y: it loads where the offset is below %n and
// stores where it is below %m. Both buffers hold 6 floats.
// With n = 7 the mask lets element 6 through: program 1, element 2 of its tensor, reads bytes
// [24, 28) of x.
// PAST-END: kernel.py:12:9: error: out-of-bounds tt.load in kernel 'copy' at program (1, 0, 0): element 2 reads bytes [24, 28) of argument 0, a buffer of 24 bytes: 4 bytes past its end
// A wrong store mask (m = 7) writes one element past the end of y.
// WRONG-MASK: kernel.py:13:5: error: out-of-bounds tt.store in kernel 'copy' at program (1, 0, 0): element 2 writes bytes [24, 28) of argument 1, a buffer of 24 bytes: 4 bytes past its end
// With both masks right, the last program's masked-out elements touch nothing.
// RAGGED: arg1: [0, 1, 2, 3, 4, 5]
// On 4 threads, the first failing program in program order is reported: y holds 14 floats, so
// program 3 is the first to write past it.
// PARALLEL: kernel.py:13:5: error: out-of-bounds tt.store in kernel 'copy' at program (3, 0, 0): element 2 writes bytes [56, 60) of argument 1, a buffer of 56 bytes: 4 bytes past its end
tt.func public @copy(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32, %m: i32) {
  %pid = tt.get_program_id x : i32
  %c4 = arith.constant 4 : i32
  %start = arith.muli %pid, %c4 : i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %s = tt.splat %start : i32 -> tensor<4xi32>
  %offsets = arith.addi %s, %r : tensor<4xi32>
  %ns = tt.splat %n : i32 -> tensor<4xi32>
  %loadMask = arith.cmpi slt, %offsets, %ns : tensor<4xi32>
  %ms = tt.splat %m : i32 -> tensor<4xi32>
  %storeMask = arith.cmpi slt, %offsets, %ms : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offsets : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xp, %loadMask : tensor<4x!tt.ptr<f32>> loc("kernel.py":12:9)
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offsets : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %yp, %v, %storeMask : tensor<4x!tt.ptr<f32>> loc("kernel.py":13:5)
  tt.return
}

// BEFORE: kernel.py:20:7: error: out-of-bounds tt.load in kernel 'before_start' at program (0, 0, 0): element 0 reads bytes [-8, -4) of argument 0, a buffer of 16 bytes: 8 bytes before its start
tt.func public @before_start(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %two = arith.constant dense<2> : tensor<4xi32>
  %back = arith.subi %r, %two : tensor<4xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %back : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %xp : tensor<4x!tt.ptr<f32>> loc("kernel.py":20:7)
  tt.return
}

// A pointer derived from x stays x's, even where its address lies in another buffer (or none):
// the check is against the buffer it came from, not whatever memory is there.
// OTHER: kernel.py:30:3: error: out-of-bounds tt.store in kernel 'other_buffer' at program (0, 0, 0): the scalar writes bytes [4096, 4100) of argument 0, a buffer of 16 bytes: 4084 bytes past its end
tt.func public @other_buffer(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %c1024 = arith.constant 1024 : i32
  %far = tt.addptr %x, %c1024 : !tt.ptr<f32>, i32
  %one = arith.constant 1.0 : f32
  tt.store %far, %one : !tt.ptr<f32> loc("kernel.py":30:3)
  tt.return
}

// ATOMIC: kernel.py:40:11: error: out-of-bounds tt.atomic_rmw in kernel 'atomic' at program (0, 0, 0): element [1, 2] updates bytes [20, 24) of argument 0, a buffer of 16 bytes: 8 bytes past its end
tt.func public @atomic(%counts: !tt.ptr<i32>) {
  %r = tt.make_range {end = 6 : i32, start = 0 : i32} : tensor<6xi32>
  %idx = tt.reshape %r : tensor<6xi32> -> tensor<2x3xi32>
  %cs = tt.splat %counts : !tt.ptr<i32> -> tensor<2x3x!tt.ptr<i32>>
  %cp = tt.addptr %cs, %idx : tensor<2x3x!tt.ptr<i32>>, tensor<2x3xi32>
  %ones = arith.constant dense<1> : tensor<2x3xi32>
  %first5 = arith.constant dense<[[true, true, true], [true, false, true]]> : tensor<2x3xi1>
  %old = tt.atomic_rmw add, relaxed, gpu, %cp, %ones, %first5 : tensor<2x3x!tt.ptr<i32>> loc("kernel.py":40:11)
  tt.return
}

// A descriptor whose shape claims 4 rows of a buffer of 3: the elements of row 3 are inside the
// shape, so they are read, and checked: the block at [2, 2] first leaves the buffer at (3, 2).
// DESCRIPTOR: kernel.py:50:8: error: out-of-bounds tt.descriptor_load in kernel 'descriptor' at program (0, 0, 0): element [1, 0] reads bytes [56, 60) of argument 0, a buffer of 48 bytes: 12 bytes past its end
tt.func public @descriptor(%m: !tt.ptr<f32>) {
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %s1 = arith.constant 1 : i64
  %s4 = arith.constant 4 : i64
  %d = tt.make_tensor_descriptor %m, [%c4, %c4], [%s4, %s1] : !tt.ptr<f32>, !tt.tensordesc<tensor<2x2xf32>>
  %b = tt.descriptor_load %d[%c2, %c2] : !tt.tensordesc<tensor<2x2xf32>> -> tensor<2x2xf32> loc("kernel.py":50:8)
  tt.return
}

// MISALIGNED: kernel.py:60:4: error: misaligned tt.load in kernel 'misaligned' at program (0, 0, 0): the scalar reads 4 bytes at offset 1 of argument 0 (address 0x{{[0-9a-f]+}}), which is not a multiple of 4
tt.func public @misaligned(%bytes: !tt.ptr<i8>) {
  %c1 = arith.constant 1 : i32
  %odd = tt.addptr %bytes, %c1 : !tt.ptr<i8>, i32
  %word = tt.bitcast %odd : !tt.ptr<i8> -> !tt.ptr<i32>
  %v = tt.load %word : !tt.ptr<i32> loc("kernel.py":60:4)
  tt.return
}

// NO-BUFFER: kernel.py:70:2: error: invalid tt.load in kernel 'no_buffer' at program (0, 0, 0): the scalar reads 4 bytes at address 0x40, which derives from no argument buffer
tt.func public @no_buffer() {
  %address = arith.constant 64 : i64
  %p = tt.int_to_ptr %address : i64 -> !tt.ptr<f32>
  %v = tt.load %p : !tt.ptr<f32> loc("kernel.py":70:2)
  tt.return
}

// GATHER: kernel.py:80:6: error: out-of-range tt.gather index in kernel 'gather' at program (0, 0, 0): element 2 has index 4, outside [0, 4) along axis 0
tt.func public @gather() {
  %src = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %idx = arith.constant dense<[0, 3, 4]> : tensor<3xi32>
  %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<4xf32>, tensor<3xi32>) -> tensor<3xf32> loc("kernel.py":80:6)
  tt.return
}
