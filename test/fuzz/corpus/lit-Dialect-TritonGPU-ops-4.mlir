// The shared encodings, !ttg.memdesc and the local_* ops.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#swizzled = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#swizzled1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#nvmma = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma_t = #nvidia.mma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8}>
module attributes {ttg.target = "cuda:90", "ttg.num-warps" = 4 : i32} {
  tt.func @shared_memory(%x: tensor<64x64xf16, #blocked>, %b: !ttg.memdesc<64x128xi8, #nvmma_t>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #swizzled, mutable>
    ttg.local_store %x, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #swizzled, mutable>
    %y = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #swizzled, mutable> -> tensor<64x64xf16, #blocked>
    %i = arith.constant 3 : i32
    %row = ttg.memdesc_index %buf[%i] : !ttg.memdesc<64x64xf16, #swizzled, mutable> -> !ttg.memdesc<64xf16, #swizzled1, mutable>
    %r = ttg.local_load %row : !ttg.memdesc<64xf16, #swizzled1, mutable> -> tensor<64xf16, #blocked1>
    ttg.local_dealloc %buf : !ttg.memdesc<64x64xf16, #swizzled, mutable>
    %tile = ttg.local_alloc %y : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #nvmma>
    %a = ttg.local_load %tile : !ttg.memdesc<64x64xf16, #nvmma> -> tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #wgmma, kWidth = 2}>>
    tt.return
  }
}
