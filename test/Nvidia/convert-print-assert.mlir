// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// tt.print: one vprintf per element a thread holds, with the interpreter's line as the format
// and the program id, the element's coordinates and its value packed in a buffer. 64 elements
// over 32 lanes: two registers, two calls. Integers print signed or not as isSigned says.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-DAG: llvm.func @vprintf(!llvm.ptr, !llvm.ptr) -> i32
  // CHECK-DAG: llvm.mlir.global internal constant @printFormat_0("pid (%u, %u, %u) idx (%u) x: %.9g\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printFormat_1("pid (%u, %u, %u) idx (%u) i: (operand 0) %d\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printFormat_2("pid (%u, %u, %u) idx (%u) i: (operand 1) %u\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printFormat_3("pid (%u, %u, %u) idx (%u) h: 0x%08x\0A\00")
  // CHECK-DAG: llvm.mlir.global internal constant @printFormat_4("pid (%u, %u, %u) 100%% done\0A\00")
  // CHECK-LABEL: llvm.func @print
  tt.func public @print(%x: tensor<64xf32, #blocked>, %i: tensor<64xi32, #blocked>, %u: tensor<64xi32, #blocked>) {
    // The buffers are allocated in the entry block, whatever block the print is in.
    // CHECK: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, f64)>
    // CHECK: nvvm.read.ptx.sreg.ctaid.x
    // CHECK: %[[X:.*]] = llvm.fpext %{{.*}} : f32 to f64
    // CHECK: llvm.store %[[X]]
    // CHECK: llvm.call @vprintf(%{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> i32
    // CHECK: llvm.call @vprintf
    tt.print " x: " {hex = false, isSigned = array<i32: 0>} : %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-4: llvm.call @vprintf
    tt.print " i: " {hex = false, isSigned = array<i32: 1, 0>} : %i, %u : tensor<64xi32, #blocked>, tensor<64xi32, #blocked>
    // CHECK-COUNT-2: llvm.call @vprintf
    tt.print " h: " {hex = true, isSigned = array<i32: 0>} : %u : tensor<64xi32, #blocked>
    // A prefix alone prints once per program, from its first thread, with `%` escaped.
    // CHECK: %[[TID:.*]] = nvvm.read.ptx.sreg.tid.x
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq" %[[TID]]
    // CHECK: llvm.cond_br %[[FIRST]]
    // CHECK: llvm.call @vprintf
    tt.print " 100% done" {hex = false, isSigned = array<i32>}
    tt.return
  }
}

// -----

// A broadcast layout holds each element in several threads: only the first holder prints it.
// 16 elements over 32 lanes: lane 16 repeats lane 0.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @print_broadcast
  tt.func public @print_broadcast(%x: tensor<16xi64, #blocked>) {
    // CHECK: %[[FIRST:.*]] = llvm.icmp "eq"
    // CHECK: llvm.cond_br %[[FIRST]], ^[[PRINT:.*]], ^[[AFTER:.*]]
    // CHECK: ^[[PRINT]]:
    // CHECK: llvm.call @vprintf
    // CHECK-NEXT: llvm.br ^[[AFTER]]
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<16xi64, #blocked>
    tt.return
  }
}

// -----

// tt.assert: a thread with a false element calls __assertfail with the message, the Python file
// and line of the op, the kernel's name and the size of a char.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
  // CHECK-DAG: llvm.mlir.global internal constant @assertMessage_0("x must be positive\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFile_0("kernels.py\00")
  // CHECK-DAG: llvm.mlir.global internal constant @assertFunction_0("checked\00")
  // CHECK-LABEL: llvm.func @checked
  // CHECK-DAG: %[[LINE:.*]] = llvm.mlir.constant(41 : i32) : i32
  // CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
  tt.func public @checked(%c: tensor<64xi1, #blocked>) {
    // CHECK: %[[A:.*]] = llvm.icmp "eq"
    // CHECK: %[[B:.*]] = llvm.icmp "eq"
    // CHECK: %[[ANY:.*]] = llvm.or %[[A]], %[[B]]
    // CHECK: llvm.cond_br %[[ANY]], ^[[FAIL:.*]], ^[[AFTER:.*]]
    // CHECK: ^[[FAIL]]:
    // CHECK: llvm.call @__assertfail(%{{.*}}, %{{.*}}, %[[LINE]], %{{.*}}, %[[ONE]])
    tt.assert %c, "x must be positive" : tensor<64xi1, #blocked> loc("kernels.py":41:5)
    tt.return
  }
}
