// RUN: nereid-opt %s -split-input-file -verify-diagnostics

// One case per verifier message of the nvidia dialect's layouts (#nvidia.mma,
// #nvidia.mma_shared), and of the ttg checks that reach them (dot operands, lanes per warp,
// the size of a layout, a shared encoding on a tensor).

// expected-error @below {{nvidia.mma encoding must have versionMajor 2 (mma.sync) or 3 (wgmma); got 1}}
#mma = #nvidia.mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>

// -----

// expected-error @below {{nvidia.mma encoding must have warpsPerCTA of rank 2 or 3; got 1}}
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4], instrShape = [16, 8]}>

// -----

// expected-error @below {{nvidia.mma encoding must have powers of two in warpsPerCTA; got 3}}
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [3, 1], instrShape = [16, 8]}>

// -----

// expected-error @below {{nvidia.mma encoding must have at most 1024 warps; got 2048}}
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [64, 32], instrShape = [16, 8]}>

// -----

// expected-error @below {{nvidia.mma encoding of version 2 must have instrShape [16, 8] ([1, 16, 8] with a batch dimension); got [16, 16]}}
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 16]}>

// -----

// expected-error @below {{nvidia.mma encoding of version 3 must have instrShape [16, N, K], N a power of two from 8 to 256 and K 8, 16 or 32; got [16, 48, 16]}}
#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 48, 16]}>

// -----

// expected-error @below {{nvidia.mma encoding must have warpsPerCTA of rank 2; got 3}}
#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [1, 4, 1], instrShape = [16, 64, 16]}>

// -----

// expected-error @below {{nvidia.mma encoding of version 3 must have warpsPerCTA[0] a multiple of 4 (a warpgroup spans 64 rows); got 2}}
#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 64, 16]}>

// -----

// expected-error @below {{expects 'versionMajor', a non-negative integer}}
#mma = #nvidia.mma<{warpsPerCTA = [2, 2], instrShape = [16, 8]}>

// -----

// expected-error @below {{unknown parameter 'CTAsPerCGA'}}
#mma = #nvidia.mma<{versionMajor = 2, warpsPerCTA = [2, 2], instrShape = [16, 8], CTAsPerCGA = [1, 1]}>

// -----

#mma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// expected-error @below {{dot_op encoding with a version 3 nvidia.mma parent must have opIdx 0: wgmma reads B from shared memory}}
#dot = #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>

// -----

#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// expected-error @below {{layout encoding needs more than 2^30 registers, lanes or warps for this tensor}}
tt.func @f(%a: tensor<8192x4096xf32, #mma>) { tt.return }

// -----

// expected-error @below {{nvidia.mma_shared encoding must have swizzlingByteWidth 0, 32, 64 or 128; got 16}}
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16}>

// -----

// expected-error @below {{nvidia.mma_shared encoding must have elementBitWidth 8, 16, 32 or 64; got 4}}
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 4}>

// -----

// expected-error @below {{expects 'transposed', true or false}}
#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = 0 : i32, elementBitWidth = 16}>

// -----

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @below {{nvidia.mma_shared encoding needs a memdesc of rank at least 2; got 1}}
tt.func @f(%a: !ttg.memdesc<64xf16, #shared>) { tt.return }

// -----

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @below {{nvidia.mma_shared encoding of elementBitWidth 16 on elements of 32 bits}}
tt.func @f(%a: !ttg.memdesc<64x64xf32, #shared>) { tt.return }

// -----

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @below {{nvidia.mma_shared encoding needs at least 8 rows (dim0) of 64 elements (dim1); got 64x32}}
tt.func @f(%a: !ttg.memdesc<64x32xf16, #shared>) { tt.return }

// -----

// An mma.sync layout (32 lanes) on an AMD target (64).
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {ttg.target = "hip:gfx942", "ttg.num-warps" = 4 : i32} {
  tt.func @f(%a: tensor<32x32xf32>) {
    // expected-error @below {{'ttg.convert_layout' op expects 'tensor<32x32xf32, #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>>' to have 64 lanes per warp on hip:gfx942; its layout has 32}}
    %0 = ttg.convert_layout %a : tensor<32x32xf32> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#shared = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// expected-error @below {{shared encoding #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}> lays out a !ttg.memdesc, not a tensor in registers}}
tt.func @f(%a: tensor<64x64xf16, #shared>) { tt.return }
