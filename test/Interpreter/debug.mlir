// RUN: nereid-run %s --kernel=prints --grid=2 | FileCheck %s --check-prefix=PRINT
// RUN: not nereid-run %s --kernel=asserts --grid=3 --arg='i32:[3,2,1,0,5]' 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: not nereid-run %s --kernel=cf_assert --arg=i32:7 2>&1 | FileCheck %s --check-prefix=CFASSERT

// tt.print writes one line per element, as Triton's device_print does:
// "pid (x, y, z) idx (i, j)<prefix><value>", with "(operand n) " when there are several values.

// PRINT:      pid (0, 0, 0) idx (0, 0) m: -1
// PRINT-NEXT: pid (0, 0, 0) idx (0, 1) m: 2
// PRINT-NEXT: pid (0, 0, 0) idx (1, 0) m: 30
// PRINT-NEXT: pid (0, 0, 0) idx (1, 1) m: -400
// PRINT-NEXT: pid (0, 0, 0) idx (0) hex: 0x000000ff
// PRINT-NEXT: pid (0, 0, 0) idx (1) hex: 0xffffffff
// PRINT-NEXT: pid (0, 0, 0) unsigned: 4294967295
// PRINT-NEXT: pid (0, 0, 0) both: (operand 0) 0
// PRINT-NEXT: pid (0, 0, 0) idx (0) both: (operand 1) 0.1
// PRINT-NEXT: pid (0, 0, 0) idx (1) both: (operand 1) -inf
// PRINT-NEXT: pid (0, 0, 0) idx (0) bits: 0x3c00
// PRINT-NEXT: pid (0, 0, 0) idx (1) bits: 0x0001
// PRINT-NEXT: pid (0, 0, 0) done
// PRINT-NEXT: pid (1, 0, 0) idx (0, 0) m: -1
// PRINT:      pid (1, 0, 0) both: (operand 0) 1
// PRINT:      pid (1, 0, 0) done
tt.func public @prints() {
  %m = arith.constant dense<[[-1, 2], [30, -400]]> : tensor<2x2xi32>
  tt.print " m: " {hex = false, isSigned = array<i32: 1>} : %m : tensor<2x2xi32>
  %h = arith.constant dense<[255, -1]> : tensor<2xi32>
  tt.print " hex: " {hex = true, isSigned = array<i32: 1>} : %h : tensor<2xi32>
  %u = arith.constant -1 : i32
  tt.print " unsigned: " {hex = false, isSigned = array<i32: 0>} : %u : i32
  %pid = tt.get_program_id x : i32
  %f = arith.constant dense<[0.1, 0xFF800000]> : tensor<2xf32>
  tt.print " both: " {hex = false, isSigned = array<i32: 1, 1>} : %pid, %f : i32, tensor<2xf32>
  %half = arith.constant dense<[1.0, 5.96046448e-08]> : tensor<2xf16>
  tt.print " bits: " {hex = true, isSigned = array<i32: 0>} : %half : tensor<2xf16>
  tt.print " done" {hex = false, isSigned = array<i32>}
  tt.return
}

// Every program checks that the next two elements are positive: program 1 reads x[3] = 0 and
// stops the kernel, after its own print and those of the programs before it.
// ASSERT:      pid (0, 0, 0) idx (0) x: 2
// ASSERT-NEXT: pid (0, 0, 0) idx (1) x: 1
// ASSERT-NEXT: pid (1, 0, 0) idx (0) x: 1
// ASSERT-NEXT: pid (1, 0, 0) idx (1) x: 0
// ASSERT-NEXT: debug.py:41:5: error: assertion failed in kernel 'asserts' at program (1, 0, 0): x must be positive (element 1 is false)
// ASSERT-NOT: pid (2
tt.func public @asserts(%x: !tt.ptr<i32>) {
  %pid = tt.get_program_id x : i32
  %c1 = arith.constant 1 : i32
  %next = arith.addi %pid, %c1 : i32
  %base = tt.addptr %x, %next : !tt.ptr<i32>, i32
  %r = tt.make_range {end = 2 : i32, start = 0 : i32} : tensor<2xi32>
  %bs = tt.splat %base : !tt.ptr<i32> -> tensor<2x!tt.ptr<i32>>
  %p = tt.addptr %bs, %r : tensor<2x!tt.ptr<i32>>, tensor<2xi32>
  %v = tt.load %p : tensor<2x!tt.ptr<i32>>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %v : tensor<2xi32>
  %zero = arith.constant dense<0> : tensor<2xi32>
  %positive = arith.cmpi sgt, %v, %zero : tensor<2xi32>
  tt.assert %positive, "x must be positive" : tensor<2xi1> loc("debug.py":41:5)
  tt.return
}

// cf.assert reports the same way.
// CFASSERT: debug.py:9:3: error: assertion failed in kernel 'cf_assert' at program (0, 0, 0): n must be even
tt.func public @cf_assert(%n: i32) {
  %c1 = arith.constant 1 : i32
  %odd = arith.andi %n, %c1 : i32
  %c0 = arith.constant 0 : i32
  %even = arith.cmpi eq, %odd, %c0 : i32
  cf.assert %even, "n must be even" loc("debug.py":9:3)
  tt.return
}
