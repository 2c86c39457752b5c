// RUN: nereid-opt %s -split-input-file -verify-diagnostics

// nvidia.warpgroup_dot's operands: A in a buffer or in the registers of wgmma's A fragments,
// B in a buffer, one of each verifier message.

#sb = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
tt.func public @a_blocked(%a: tensor<64x32xf16, #blocked>, %b: !ttg.memdesc<32x64xf16, #sb>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{must have A in registers of 16-bit elements in the layout #ttg.dot_op<{opIdx = 0, parent = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>; got 'tensor<64x32xf16, #ttg.blocked}}
  %d = nvidia.warpgroup_dot %a, %b, %c : tensor<64x32xf16, #blocked>, !ttg.memdesc<32x64xf16, #sb>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
  tt.return
}

// -----

// Another accumulator layout's operand: its warps would hold other rows.
#sb = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#other = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], instrShape = [16, 32, 16]}>
tt.func public @a_other_parent(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #other, kWidth = 2}>>, %b: !ttg.memdesc<32x64xf16, #sb>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{must have A in registers of 16-bit elements}}
  %d = nvidia.warpgroup_dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #other, kWidth = 2}>>, !ttg.memdesc<32x64xf16, #sb>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
  tt.return
}

// -----

// 8-bit A from registers (kWidth 4) is not taken yet.
#sb = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 8}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 32]}>
tt.func public @a_fp8(%a: tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 4}>>, %b: !ttg.memdesc<32x64xf8E4M3FN, #sb>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{must have A in registers of 16-bit elements}}
  %d = nvidia.warpgroup_dot %a, %b, %c : tensor<64x32xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 4}>>, !ttg.memdesc<32x64xf8E4M3FN, #sb>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
  tt.return
}

// -----

#sb = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
tt.func public @a_shape(%a: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, %b: !ttg.memdesc<32x64xf16, #sb>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{must have A of MxK, B of KxN and the accumulator of MxN; got 64x16, 32x64 and 64x64}}
  %d = nvidia.warpgroup_dot %a, %b, %c : tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, !ttg.memdesc<32x64xf16, #sb>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
  tt.return
}

// -----

#sb = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
tt.func public @a_element(%a: tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, %b: !ttg.memdesc<32x64xf16, #sb>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{must have A and B of one element type}}
  %d = nvidia.warpgroup_dot %a, %b, %c : tensor<64x32xbf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, !ttg.memdesc<32x64xf16, #sb>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
  tt.return
}

// -----

#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#swizzled = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
tt.func public @b_layout(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, %b: !ttg.memdesc<32x64xf16, #swizzled>, %c: tensor<64x64xf32, #wgmma>) {
  // expected-error @+1 {{must have B in a 2-D buffer of #nvidia.mma_shared encoding}}
  %d = nvidia.warpgroup_dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>, !ttg.memdesc<32x64xf16, #swizzled>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
  tt.return
}
