// A mfma that is not transposed prints isTransposed = false; a rank-3 mma.
tt.func @defaults(%a: tensor<16x16xf32, #amd.mfma<{version = 2, warpsPerCTA = [1, 1], instrShape = [16, 16]}>>,
                  %b: tensor<2x32x16xf32, #nvidia.mma<{versionMajor = 2, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>>) {
  tt.return
}
