// RUN: nereid-opt %s -split-input-file | FileCheck %s
// RUN: nereid-opt %s -split-input-file | nereid-opt -split-input-file | FileCheck %s

// The amd dialect's layout prints as it parses: #amd.mfma and its dot operands.

// CHECK-DAG: #[[$MFMA:.*]] = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = true}>
// CHECK-LABEL: tt.func @dot_operands
// CHECK-SAME: tensor<64x64xf32, #[[$MFMA]]>
// CHECK-SAME: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #[[$MFMA]], kWidth = 8}>>
// CHECK-SAME: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[$MFMA]], kWidth = 8}>>
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = true}>
tt.func @dot_operands(%f: tensor<64x64xf32, #mfma>,
                      %a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 8}>>,
                      %g: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mfma, kWidth = 8}>>) {
  tt.return
}

// -----

// A mfma without isTransposed prints isTransposed = false; a rank-3 mfma.
// CHECK-DAG: #amd.mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 16], isTransposed = false}>
// CHECK-DAG: #amd.mfma<{version = 3, warpsPerCTA = [2, 1, 2], instrShape = [16, 16], isTransposed = false}>
// CHECK-LABEL: tt.func @defaults
tt.func @defaults(%a: tensor<16x16xf32, #amd.mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 16]}>>,
                  %b: tensor<2x16x32xf32, #amd.mfma<{version = 3, warpsPerCTA = [2, 1, 2], instrShape = [16, 16]}>>) {
  tt.return
}
