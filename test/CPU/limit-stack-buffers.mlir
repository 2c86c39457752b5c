// RUN: nereid-opt %s --cpu-limit-stack-buffers=max-stack-bytes=4096 | FileCheck %s

// cpu-limit-stack-buffers: when a function's buffers take more than max-stack-bytes, the
// largest go to the heap, one at a time, until the rest fit; each is freed before every
// return. Here 4096 + 2048 + 1024 bytes: the 4096-byte buffer moves and the others stay.
// CHECK-LABEL: func.func private @kernel_impl
// CHECK: %[[SMALL:.*]] = memref.alloca() {alignment = 64 : i64} : memref<256xf32>
// CHECK: %[[LARGE:.*]] = memref.alloc() {alignment = 64 : i64} : memref<32x32xf32>
// CHECK: %[[MIDDLE:.*]] = memref.alloca() {alignment = 64 : i64} : memref<512xi32>
// CHECK: cf.cond_br
// CHECK: memref.dealloc %[[LARGE]] : memref<32x32xf32>
// CHECK-NEXT: return
// CHECK: memref.dealloc %[[LARGE]] : memref<32x32xf32>
// CHECK-NEXT: return
// CHECK-NOT: memref.dealloc
func.func private @kernel_impl(%flag: i1, %i: index) -> f32 {
  %small = memref.alloca() {alignment = 64 : i64} : memref<256xf32>
  %large = memref.alloca() {alignment = 64 : i64} : memref<32x32xf32>
  %middle = memref.alloca() {alignment = 64 : i64} : memref<512xi32>
  %x = memref.load %large[%i, %i] : memref<32x32xf32>
  memref.store %x, %small[%i] : memref<256xf32>
  cf.cond_br %flag, ^early, ^late
^early:
  return %x : f32
^late:
  %y = memref.load %small[%i] : memref<256xf32>
  return %y : f32
}

// Within the budget, every buffer stays on the stack.
// CHECK-LABEL: func.func private @small_impl
// CHECK-NOT: memref.alloc()
// CHECK-NOT: memref.dealloc
func.func private @small_impl(%i: index) -> f32 {
  %a = memref.alloca() {alignment = 64 : i64} : memref<512xf32>
  %b = memref.alloca() {alignment = 64 : i64} : memref<256xf32>
  %x = memref.load %a[%i] : memref<512xf32>
  memref.store %x, %b[%i] : memref<256xf32>
  return %x : f32
}
