// RUN: nereid-run %s --kernel=offsets --arg=i32:zeros:4 --arg=i64:zeros:4 --print-args | FileCheck %s --check-prefix=OFFSETS
// RUN: nereid-run %s --kernel=casts --arg='f32:[1,-2]' --arg=i32:zeros:2 --arg=i32:zeros:2 --arg=i32:zeros:3 --print-args | FileCheck %s --check-prefix=CASTS
// RUN: nereid-run %s --kernel=through_memory --arg='f32:[0.5,1.5,2.5]' --arg=i64:zeros:1 --arg=f32:zeros:1 --print-args | FileCheck %s --check-prefix=MEMORY

// tt.addptr, tt.int_to_ptr, tt.ptr_to_int and tt.bitcast.

// addptr scales offsets by the pointee size and takes them as signed: from out + 3, the offsets
// -3..0 reach out[0..3]. i64 offsets work the same.
// OFFSETS: arg0: [7, 8, 9, 10]
// OFFSETS-NEXT: arg1: [-1, -2, -3, -4]
tt.func public @offsets(%out: !tt.ptr<i32>, %wide: !tt.ptr<i64>) {
  %c3 = arith.constant 3 : i32
  %end = tt.addptr %out, %c3 : !tt.ptr<i32>, i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %three = arith.constant dense<3> : tensor<4xi32>
  %back = arith.subi %r, %three : tensor<4xi32>
  %ps = tt.splat %end : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p = tt.addptr %ps, %back : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %seven = arith.constant dense<7> : tensor<4xi32>
  %v = arith.addi %r, %seven : tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<i32>>
  %r64 = arith.extsi %r : tensor<4xi32> to tensor<4xi64>
  %ws = tt.splat %wide : !tt.ptr<i64> -> tensor<4x!tt.ptr<i64>>
  %wp = tt.addptr %ws, %r64 : tensor<4x!tt.ptr<i64>>, tensor<4xi64>
  %minus = arith.constant dense<-1> : tensor<4xi64>
  %w = arith.subi %minus, %r64 : tensor<4xi64>
  tt.store %wp, %w : tensor<4x!tt.ptr<i64>>
  tt.return
}

// A pointer bitcast reads the bits of f32 1 and -2 as i32 (0x3f800000, 0xc0000000); a tensor
// bitcast does the same to values; ptr_to_int + 8 bytes, back through int_to_ptr, is element 2.
// CASTS: arg1: [1065353216, -1073741824]
// CASTS-NEXT: arg2: [1065353216, -1073741824]
// CASTS-NEXT: arg3: [0, 0, 42]
tt.func public @casts(%f: !tt.ptr<f32>, %bits: !tt.ptr<i32>, %bits2: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
  %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %asInt = tt.bitcast %f : !tt.ptr<f32> -> !tt.ptr<i32>
  %is = tt.splat %asInt : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %ip = tt.addptr %is, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %iv = tt.load %ip : tensor<2x!tt.ptr<i32>>
  %bs = tt.splat %bits : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %bp = tt.addptr %bs, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  tt.store %bp, %iv : tensor<2x!tt.ptr<i32>>
  %fs = tt.splat %f : !tt.ptr<f32> -> tensor<2x!tt.ptr<f32>>
  %fp = tt.addptr %fs, %r : tensor<2x!tt.ptr<f32>>, tensor<2xi32>
  %fv = tt.load %fp : tensor<2x!tt.ptr<f32>>
  %cast = tt.bitcast %fv : tensor<2xf32> -> tensor<2xi32>
  %cs = tt.splat %bits2 : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %cp = tt.addptr %cs, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  tt.store %cp, %cast : tensor<2x!tt.ptr<i32>>
  %address = tt.ptr_to_int %out : !tt.ptr<i32> -> i64
  %c8 = arith.constant 8 : i64
  %moved = arith.addi %address, %c8 : i64
  %third = tt.int_to_ptr %moved : i64 -> !tt.ptr<i32>
  %c42 = arith.constant 42 : i32
  tt.store %third, %c42 : !tt.ptr<i32>
  tt.return
}

// A pointer stored to memory as an integer and loaded back as !tt.ptr<!tt.ptr<f32>> keeps
// pointing into its buffer: it reads element 1.
// MEMORY: arg2: [1.5]
tt.func public @through_memory(%data: !tt.ptr<f32>, %table: !tt.ptr<i64>, %out: !tt.ptr<f32>) {
  %address = tt.ptr_to_int %data : !tt.ptr<f32> -> i64
  tt.store %table, %address : !tt.ptr<i64>
  %slots = tt.bitcast %table : !tt.ptr<i64> -> !tt.ptr<!tt.ptr<f32>>
  %loaded = tt.load %slots : !tt.ptr<!tt.ptr<f32>>
  %c1 = arith.constant 1 : i32
  %second = tt.addptr %loaded, %c1 : !tt.ptr<f32>, i32
  %v = tt.load %second : !tt.ptr<f32>
  tt.store %out, %v : !tt.ptr<f32>
  tt.return
}
