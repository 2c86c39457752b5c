// RUN: nereid-opt %s -split-input-file --tt-fold-dot-additions | FileCheck %s

// `acc += tl.dot(a, b)` in a loop: the addition becomes a dot that starts from the
// accumulator, at the addition's place.
// CHECK-LABEL: tt.func @loop
// CHECK: scf.for {{.*}} iter_args(%[[ACC:arg[0-9]+]] =
// CHECK-NEXT: %[[D:.*]] = tt.dot %arg0, %arg1, %[[ACC]], inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
// CHECK-NEXT: scf.yield %[[D]]
module {
  tt.func @loop(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %n: index) -> tensor<16x16xf32> {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<16x16xf32>) {
      %d = tt.dot %a, %b, %zero, inputPrecision = tf32 : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
      %s = arith.addf %acc, %d : tensor<16x16xf32>
      scf.yield %s : tensor<16x16xf32>
    }
    tt.return %r : tensor<16x16xf32>
  }
}

// -----

// The dot first, an addend made after it: the folded dot is made where the addition was.
// Integer dots fold the same way.
// CHECK-LABEL: tt.func @addend_after_the_dot
// CHECK: %[[X:.*]] = tt.load %arg2
// CHECK-NEXT: %[[D:.*]] = tt.dot %arg0, %arg1, %[[X]] : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
// CHECK-NEXT: tt.return %[[D]]
module {
  tt.func @addend_after_the_dot(%a: tensor<16x16xi8>, %b: tensor<16x16xi8>,
                                %p: tensor<16x16x!tt.ptr<i32>>) -> tensor<16x16xi32> {
    %zero = arith.constant dense<0> : tensor<16x16xi32>
    %d = tt.dot %a, %b, %zero : tensor<16x16xi8> * tensor<16x16xi8> -> tensor<16x16xi32>
    %x = tt.load %p : tensor<16x16x!tt.ptr<i32>>
    %s = arith.addi %d, %x : tensor<16x16xi32>
    tt.return %s : tensor<16x16xi32>
  }
}

// -----

// Left alone: a dot used twice, a dot from a non-zero accumulator, an f16 accumulator (which
// rounds after every step), and an addend of another type than the dot's.
// CHECK-LABEL: tt.func @kept
// CHECK: tt.dot
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tt.dot
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tt.dot
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tt.dot
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tt.return
module {
  tt.func @kept(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>, %x: tensor<16x16xf32>,
                %h: tensor<16x16xf16>, %c: tensor<16x16xf32>)
      -> (tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf16>,
          tensor<16x16xf32>) {
    %zero = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %zero16 = arith.constant dense<0.000000e+00> : tensor<16x16xf16>
    %d0 = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %s0 = arith.addf %x, %d0 : tensor<16x16xf32>
    %d1 = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %s1 = arith.addf %x, %d1 : tensor<16x16xf32>
    %d2 = tt.dot %a, %b, %zero16 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf16>
    %s2 = arith.addf %h, %d2 : tensor<16x16xf16>
    %d3 = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %s3 = arith.addf %d3, %d3 : tensor<16x16xf32>
    tt.return %s0, %d0, %s1, %s2, %s3 : tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf16>, tensor<16x16xf32>
  }
}
