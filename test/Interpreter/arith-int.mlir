// RUN: nereid-run %s --kernel=divisions --arg=i32:zeros:28 --print-args | FileCheck %s --check-prefix=DIV
// RUN: nereid-run %s --kernel=wrapping --arg=i32:zeros:48 --arg=i64:zeros:1 --print-args | FileCheck %s --check-prefix=WRAP
// RUN: nereid-run %s --kernel=shifts --arg=i32:zeros:12 --print-args | FileCheck %s --check-prefix=SHIFT
// RUN: nereid-run %s --kernel=compare --arg=i32:zeros:40 --print-args | FileCheck %s --check-prefix=CMP
// RUN: nereid-run %s --kernel=casts --arg=i32:zeros:12 --print-args | FileCheck %s --check-prefix=CAST
// RUN: nereid-run %s --kernel=products --arg=i32:zeros:16 --print-args | FileCheck %s --check-prefix=PRODUCT

// Integer ops of arith (and tt.mulhiui): integers wrap around at their width, and each op says
// whether it reads them signed or unsigned. Division by zero gives all ones (-1) and a
// remainder equal to the dividend; INT_MIN / -1 wraps to INT_MIN with remainder 0. Results are
// printed as signed i32.

// Stores the four elements of %v at out[4 row .. 4 row + 3].
tt.func private @put(%out: !tt.ptr<i32>, %row: i32, %v: tensor<4xi32>) {
  %c4 = arith.constant 4 : i32
  %start = arith.muli %row, %c4 : i32
  %base = tt.addptr %out, %start : !tt.ptr<i32>, i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %bs = tt.splat %base : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %p = tt.addptr %bs, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  tt.store %p, %v : tensor<4x!tt.ptr<i32>>
  tt.return
}

// a = [7, -7, INT_MIN, 5], b = [2, 2, -1, 0]: divsi, remsi, divui, remui, ceildivsi,
// floordivsi, ceildivui. Unsigned, -7 is 4294967289 and -1 is 4294967295.
// DIV: arg0: [3, -3, -2147483648, -1,
// DIV-SAME: 1, -1, 0, 5,
// DIV-SAME: 3, 2147483644, 0, -1,
// DIV-SAME: 1, 1, -2147483648, 5,
// DIV-SAME: 4, -3, -2147483648, -1,
// DIV-SAME: 3, -4, -2147483648, -1,
// DIV-SAME: 4, 2147483645, 1, -1]
tt.func public @divisions(%out: !tt.ptr<i32>) {
  %a = arith.constant dense<[7, -7, -2147483648, 5]> : tensor<4xi32>
  %b = arith.constant dense<[2, 2, -1, 0]> : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %divsi = arith.divsi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c0, %divsi) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %remsi = arith.remsi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c1, %remsi) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %divui = arith.divui %a, %b : tensor<4xi32>
  tt.call @put(%out, %c2, %divui) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %remui = arith.remui %a, %b : tensor<4xi32>
  tt.call @put(%out, %c3, %remui) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %ceilsi = arith.ceildivsi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c4, %ceilsi) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %floorsi = arith.floordivsi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c5, %floorsi) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %ceilui = arith.ceildivui %a, %b : tensor<4xi32>
  tt.call @put(%out, %c6, %ceilui) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.return
}

// The same a and b: addi, subi, muli, maxsi, minsi, maxui, minui, andi, ori, xori (wrapping
// where the result leaves i32); then i8 [127, 1, 1, 1] + 1, i1 true + true and i64
// INT64_MAX + 1.
// WRAP: arg0: [9, -5, 2147483647, 5,
// WRAP-SAME: 5, -9, -2147483647, 5,
// WRAP-SAME: 14, -14, -2147483648, 0,
// WRAP-SAME: 7, 2, -1, 5,
// WRAP-SAME: 2, -7, -2147483648, 0,
// WRAP-SAME: 7, -7, -1, 5,
// WRAP-SAME: 2, 2, -2147483648, 0,
// WRAP-SAME: 2, 0, -2147483648, 0,
// WRAP-SAME: 7, -5, -1, 5,
// WRAP-SAME: 5, -5, 2147483647, 5,
// WRAP-SAME: -128, 2, 2, 2,
// WRAP-SAME: 0, 0, 0, 0]
// WRAP-NEXT: arg1: [-9223372036854775808]
tt.func public @wrapping(%out: !tt.ptr<i32>, %wide: !tt.ptr<i64>) {
  %a = arith.constant dense<[7, -7, -2147483648, 5]> : tensor<4xi32>
  %b = arith.constant dense<[2, 2, -1, 0]> : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %add = arith.addi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c0, %add) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %sub = arith.subi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c1, %sub) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %mul = arith.muli %a, %b : tensor<4xi32>
  tt.call @put(%out, %c2, %mul) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %maxs = arith.maxsi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c3, %maxs) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %mins = arith.minsi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c4, %mins) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %maxu = arith.maxui %a, %b : tensor<4xi32>
  tt.call @put(%out, %c5, %maxu) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %minu = arith.minui %a, %b : tensor<4xi32>
  tt.call @put(%out, %c6, %minu) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %and = arith.andi %a, %b : tensor<4xi32>
  tt.call @put(%out, %c7, %and) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %or = arith.ori %a, %b : tensor<4xi32>
  tt.call @put(%out, %c8, %or) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %c9 = arith.constant 9 : i32
  %c10 = arith.constant 10 : i32
  %c11 = arith.constant 11 : i32
  %xor = arith.xori %a, %b : tensor<4xi32>
  tt.call @put(%out, %c9, %xor) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %x8 = arith.constant dense<[127, 1, 1, 1]> : tensor<4xi8>
  %one8 = arith.constant dense<1> : tensor<4xi8>
  %sum8 = arith.addi %x8, %one8 : tensor<4xi8>
  %sum8w = arith.extsi %sum8 : tensor<4xi8> to tensor<4xi32>
  tt.call @put(%out, %c10, %sum8w) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %true = arith.constant dense<true> : tensor<4xi1>
  %sum1 = arith.addi %true, %true : tensor<4xi1>
  %sum1w = arith.extui %sum1 : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c11, %sum1w) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %max64 = arith.constant 9223372036854775807 : i64
  %one64 = arith.constant 1 : i64
  %sum64 = arith.addi %max64, %one64 : i64
  tt.store %wide, %sum64 : !tt.ptr<i64>
  tt.return
}

// [1, -8, 1, -8] shifted by [31, 1, 32, 40]: shli, shrui, shrsi. A shift by the width or more
// gives 0, or the sign for shrsi.
// SHIFT: arg0: [-2147483648, -16, 0, 0, 0, 2147483644, 0, 0, 0, -4, 0, -1]
tt.func public @shifts(%out: !tt.ptr<i32>) {
  %a = arith.constant dense<[1, -8, 1, -8]> : tensor<4xi32>
  %s = arith.constant dense<[31, 1, 32, 40]> : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %shl = arith.shli %a, %s : tensor<4xi32>
  tt.call @put(%out, %c0, %shl) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %shru = arith.shrui %a, %s : tensor<4xi32>
  tt.call @put(%out, %c1, %shru) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %shrs = arith.shrsi %a, %s : tensor<4xi32>
  tt.call @put(%out, %c2, %shrs) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.return
}

// a = [7, -7, INT_MIN, 5], b = [2, 2, -1, 0] under eq, ne, slt, sle, sgt, sge, ult, ule, ugt,
// uge.
// CMP: arg0: [0, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1]
tt.func public @compare(%out: !tt.ptr<i32>) {
  %a = arith.constant dense<[7, -7, -2147483648, 5]> : tensor<4xi32>
  %b = arith.constant dense<[2, 2, -1, 0]> : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c7 = arith.constant 7 : i32
  %c8 = arith.constant 8 : i32
  %c9 = arith.constant 9 : i32
  %eq = arith.cmpi eq, %a, %b : tensor<4xi32>
  %eqi = arith.extui %eq : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c0, %eqi) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %ne = arith.cmpi ne, %a, %b : tensor<4xi32>
  %nei = arith.extui %ne : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c1, %nei) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %slt = arith.cmpi slt, %a, %b : tensor<4xi32>
  %slti = arith.extui %slt : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c2, %slti) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %sle = arith.cmpi sle, %a, %b : tensor<4xi32>
  %slei = arith.extui %sle : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c3, %slei) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %sgt = arith.cmpi sgt, %a, %b : tensor<4xi32>
  %sgti = arith.extui %sgt : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c4, %sgti) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %sge = arith.cmpi sge, %a, %b : tensor<4xi32>
  %sgei = arith.extui %sge : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c5, %sgei) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %ult = arith.cmpi ult, %a, %b : tensor<4xi32>
  %ulti = arith.extui %ult : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c6, %ulti) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %ule = arith.cmpi ule, %a, %b : tensor<4xi32>
  %ulei = arith.extui %ule : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c7, %ulei) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %ugt = arith.cmpi ugt, %a, %b : tensor<4xi32>
  %ugti = arith.extui %ugt : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c8, %ugti) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %uge = arith.cmpi uge, %a, %b : tensor<4xi32>
  %ugei = arith.extui %uge : tensor<4xi1> to tensor<4xi32>
  tt.call @put(%out, %c9, %ugei) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.return
}

// i8 [-1, 127, -128, 5] sign- and zero-extended; i32 [300, -1, 65535, 128] truncated to i8 and
// sign-extended back.
// CAST: arg0: [-1, 127, -128, 5, 255, 127, 128, 5, 44, -1, -1, -128]
tt.func public @casts(%out: !tt.ptr<i32>) {
  %n = arith.constant dense<[-1, 127, -128, 5]> : tensor<4xi8>
  %w = arith.constant dense<[300, -1, 65535, 128]> : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %s = arith.extsi %n : tensor<4xi8> to tensor<4xi32>
  tt.call @put(%out, %c0, %s) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %u = arith.extui %n : tensor<4xi8> to tensor<4xi32>
  tt.call @put(%out, %c1, %u) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %t = arith.trunci %w : tensor<4xi32> to tensor<4xi8>
  %ts = arith.extsi %t : tensor<4xi8> to tensor<4xi32>
  tt.call @put(%out, %c2, %ts) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.return
}

// tt.mulhiui of [-1, 2, 65536, 3] and [-1, 3, 65536, -1] (unsigned: (2^32 - 1)^2 has high half
// 2^32 - 2); arith.mulsi_extended of [-1, 65536, 3, -2] by itself (low, then high halves); the
// high halves of arith.mului_extended of the same.
// PRODUCT: arg0: [-2, 0, 1, 2, 1, 0, 9, 4, 0, 1, 0, 0, -2, 1, 0, -4]
tt.func public @products(%out: !tt.ptr<i32>) {
  %a = arith.constant dense<[-1, 2, 65536, 3]> : tensor<4xi32>
  %b = arith.constant dense<[-1, 3, 65536, -1]> : tensor<4xi32>
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %hi = tt.mulhiui %a, %b : tensor<4xi32>
  tt.call @put(%out, %c0, %hi) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %x = arith.constant dense<[-1, 65536, 3, -2]> : tensor<4xi32>
  %low, %high = arith.mulsi_extended %x, %x : tensor<4xi32>
  tt.call @put(%out, %c1, %low) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.call @put(%out, %c2, %high) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  %ulow, %uhigh = arith.mului_extended %x, %x : tensor<4xi32>
  tt.call @put(%out, %c3, %uhigh) : (!tt.ptr<i32>, i32, tensor<4xi32>) -> ()
  tt.return
}
