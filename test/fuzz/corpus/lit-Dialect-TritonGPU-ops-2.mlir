// The tensor-core encodings and their dot operands.
#mma = #nvidia.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = true}>
#fma = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [2, 2], order = [1, 0]}>
tt.func @dot_operands(%a: tensor<32x16xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                      %b: tensor<16x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>,
                      %c: tensor<32x32xf32, #mma>,
                      %d: tensor<64x64xf32, #wgmma>,
                      %e: tensor<64x16xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>,
                      %f: tensor<64x64xf32, #mfma>,
                      %g: tensor<16x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mfma, kWidth = 8}>>,
                      %h: tensor<16x8xf32, #ttg.dot_op<{opIdx = 0, parent = #fma}>>) {
  tt.return
}
