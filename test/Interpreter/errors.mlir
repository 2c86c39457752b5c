// RUN: not nereid-run %s --kernel=scale 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not nereid-run %s --kernel=scale --arg=f32:2 --arg=i32:4 2>&1 | FileCheck %s --check-prefix=KIND
// RUN: not nereid-run %s --kernel=scale --arg=f32:zeros:4 --arg=i32:2 --arg=i8:1 2>&1 | FileCheck %s --check-prefix=COUNT3
// RUN: not nereid-run %s --kernel=scale --arg=f32:zeros:4 --arg=i32:17 2>&1 | FileCheck %s --check-prefix=DIVISIBILITY
// RUN: not nereid-run %s --kernel=scales 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not nereid-run %s --kernel=inline_asm 2>&1 | FileCheck %s --check-prefix=ASM
// RUN: not nereid-run %s --kernel=switch --arg=i32:1 2>&1 | FileCheck %s --check-prefix=SWITCH
// RUN: not nereid-run %s --kernel=vector 2>&1 | FileCheck %s --check-prefix=VECTOR
// RUN: not nereid-run %s --kernel=empty 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not nereid-run %s --kernel=zero_step --arg=i32:0 2>&1 | FileCheck %s --check-prefix=STEP
// RUN: not nereid-run %s --kernel=runaway 2>&1 | FileCheck %s --check-prefix=RUNAWAY
// RUN: not nereid-run %s --kernel=scale --arg=q32:1 2>&1 | FileCheck %s --check-prefix=SPEC
// RUN: not nereid-run %s --kernel=scale --arg=i8:300 2>&1 | FileCheck %s --check-prefix=RANGE

// Errors that stop a launch before or while it runs, each at a source location.

// COUNT: kernel.py:3:0: error: kernel 'scale' takes 2 arguments; got 0
// KIND: kernel.py:3:0: error: argument 0 of kernel 'scale' (type '!tt.ptr<f32>') needs a buffer; got a float
// COUNT3: kernel.py:3:0: error: kernel 'scale' takes 2 arguments; got 3
// DIVISIBILITY: kernel.py:3:0: error: argument 1 of kernel 'scale' (type 'i32') is declared tt.divisibility = 16, but its value 17 is not a multiple of it
tt.func public @scale(%x: !tt.ptr<f32>, %n: i32 {tt.divisibility = 16 : i32}) {
  tt.return
} loc("kernel.py":3:0)

// UNKNOWN: {{^}}error: no tt.func named 'scales' in the module; its kernels are scale, inline_asm, switch, vector, empty, zero_step, runaway

// Target assembly cannot run in the interpreter; it fails where it runs.
// ASM: kernel.py:20:10: error: unsupported op in kernel 'inline_asm' at program (0, 0, 0): tt.elementwise_inline_asm holds target assembly ("mov.b32 $0, $1;"), which the interpreter cannot run
tt.func public @inline_asm() {
  %x = arith.constant dense<1> : tensor<4xi32>
  %y = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<4xi32> -> tensor<4xi32> loc("kernel.py":20:10)
  tt.return
}

// An op outside what the interpreter runs is reported before any program starts.
// SWITCH: kernel.py:30:3: error: the interpreter does not support cf.switch
tt.func public @switch(%flag: i32) {
  cf.switch %flag : i32, [
    default: ^a,
    1: ^b
  ] loc("kernel.py":30:3)
^a:
  tt.return
^b:
  tt.return
}

// Types the interpreter does not hold are reported before any program starts, too.
// VECTOR: kernel.py:40:8: error: the interpreter cannot run arith.constant: 'vector<4xf32>' is not a type the interpreter holds
tt.func public @vector() {
  %v = arith.constant dense<1.0> : vector<4xf32> loc("kernel.py":40:8)
  %w = arith.addf %v, %v : vector<4xf32>
  tt.return
}

// EMPTY: kernel.py:50:8: error: the interpreter cannot run arith.constant: 'tensor<0xf32>' has an empty dimension
tt.func public @empty() {
  %e = arith.constant dense<> : tensor<0xf32> loc("kernel.py":50:8)
  tt.return
}

// A loop whose step is not positive would never end.
// STEP: kernel.py:60:5: error: invalid scf.for in kernel 'zero_step' at program (0, 0, 0): the step must be positive; got 0
tt.func public @zero_step(%step: i32) {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  scf.for %i = %c0 to %c10 step %step : i32 {
  } loc("kernel.py":60:5)
  tt.return
}

// Recursion that never ends stops at a depth of 256 calls.
// RUNAWAY: kernel.py:70:7: error: call depth exceeded in kernel 'runaway' at program (0, 0, 0): calls nest more than 256 deep
tt.func private @forever() {
  tt.call @forever() : () -> () loc("kernel.py":70:7)
  tt.return
}

tt.func public @runaway() {
  tt.call @forever() : () -> ()
  tt.return
}

// SPEC: error: --arg=q32:1: unknown element type 'q32'
// RANGE: error: --arg=i8:300: '300' is not a value of type i8
