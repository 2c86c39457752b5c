// RUN: nereid-opt %s -split-input-file -verify-diagnostics --nvidia-convert-ttg-to-llvm

// An op that the NVIDIA backend does not lower yet is an error at the op, naming it and the
// backend, before anything is converted. A dot that neither the tensor cores nor multiply-adds
// take says why.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @unsupported(%a: tensor<16x16xf32, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.dot' yet: its operands are not in the #ttg.dot_op layouts of its blocked result}}
    %b = tt.dot %a, %a, %a : tensor<16x16xf32, #blocked> * tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func public @fp8(%a: tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>>, %b: tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>, %c: tensor<16x16xf32, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.dot' yet: a dot of f8E4M3FN operands into f32 (multiply-adds take float operands of 16 bits or more, or integers, of the accumulator's type or narrower)}}
    %d = tt.dot %a, %b, %c : tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 0, parent = #blocked}>> * tensor<16x16xf8E4M3FN, #ttg.dot_op<{opIdx = 1, parent = #blocked}>> -> tensor<16x16xf32, #blocked>
    tt.return
  }
}

// -----

// An mma.sync dot whose operands hold 4 f16 per register group (kWidth 4) is not mma.sync's
// fragment.
#mma = #nvidia.mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  tt.func public @wide_kwidth(%a: tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>, %b: tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>>, %c: tensor<16x8xf32, #mma>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.dot' yet: its operands are not in the #ttg.dot_op layouts of its #nvidia.mma result with kWidth 32 bits of elements}}
    %d = tt.dot %a, %b, %c : tensor<16x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>> * tensor<32x8xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 4}>> -> tensor<16x8xf32, #mma>
    tt.return
  }
}

// -----

// expected-error @below {{nvidia-convert-ttg-to-llvm needs an NVIDIA target; got cpu:x86_64:avx2}}
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cpu:x86_64:avx2"} {
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // expected-error @below {{the NVIDIA backend cannot lower 'tt.func' yet: argument 0 has the type tensor<32xf32>, which has no layout}}
  tt.func public @unlaid(%a: tensor<32xf32>) {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @constant(%out: !tt.ptr<i32>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'arith.constant' yet: a tensor constant that is not a splat}}
    %c = arith.constant dense<[0, 1]> : tensor<2xi32, #blocked>
    tt.return
  }
}

// -----

// A layout conversion between threads goes through shared memory, of which a program has at
// most 227 KiB on sm_90 (the dynamic opt-in): 256 x 256 f32 is 256 KiB.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @too_large(%a: tensor<256x256xf32, #rows>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'ttg.convert_layout': it needs 262144 bytes of shared memory, more than the 232448 bytes that a program may have on cuda:90}}
    %b = ttg.convert_layout %a : tensor<256x256xf32, #rows> -> tensor<256x256xf32, #cols>
    tt.return
  }
}

// -----

// NVIDIA kernels link libdevice alone: an external function of another library has nothing to
// be linked from.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @not_libdevice(%a: tensor<32xf32, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot call '__ocml_exp_f32' of the library 'ocml': NVIDIA kernels link only libdevice, whose functions are named __nv_*}}
    %b = tt.extern_elementwise %a {libname = "ocml", libpath = "", pure = true, symbol = "__ocml_exp_f32"} : (tensor<32xf32, #blocked>) -> tensor<32xf32, #blocked>
    tt.return
  }
}

// -----

// A math op with neither a PTX instruction nor a libdevice function.
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @ipowi(%a: i32) {
    // expected-error @below {{the NVIDIA backend cannot lower 'math.ipowi' yet: PTX has no instruction for it and libdevice no function}}
    %b = math.ipowi %a, %a : i32
    tt.return
  }
}

// -----

// A reduction across warps exchanges one value per thread and group of registers through
// shared memory: 128 threads x 256 columns x 8 bytes of f64 is 256 KiB.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @reduce_too_large(%a: tensor<4x8192xf64, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.reduce': it needs 262144 bytes of shared memory, more than the 232448 bytes that a program may have on cuda:90}}
    %s = tt.reduce(%a) axis = 0 {
    ^bb0(%x: f64, %y: f64):
      %z = arith.addf %x, %y : f64
      tt.reduce.return %z : f64
    } : (tensor<4x8192xf64, #blocked>) -> tensor<8192xf64, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}

// -----

// A gather whose source goes through shared memory (the warps hold rows of the axis) needs the
// whole source there: 256 x 256 f32 is 256 KiB, more than the 163 KiB of an sm_80 program.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @gather_too_large(%a: tensor<256x256xf32, #blocked>, %i: tensor<256x256xi32, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.gather': it needs 262144 bytes of shared memory, more than the 166912 bytes that a program may have on cuda:80}}
    %b = tt.gather %a[%i] {axis = 0 : i32} : (tensor<256x256xf32, #blocked>, tensor<256x256xi32, #blocked>) -> tensor<256x256xf32, #blocked>
    tt.return
  }
}

// -----

// The indices of a gather give the result its layout.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 1], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @gather_layouts(%a: tensor<32x32xf32, #rows>, %i: tensor<32x32xi32, #rows>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.gather' yet: its indices and its result have different layouts}}
    %b = tt.gather %a[%i] {axis = 1 : i32} : (tensor<32x32xf32, #rows>, tensor<32x32xi32, #rows>) -> tensor<32x32xf32, #cols>
    tt.return
  }
}

// -----

// The bins of a histogram live in shared memory: 65536 i32 bins are 256 KiB.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @histogram_too_large(%a: tensor<32xi32, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.histogram': it needs 262144 bytes of shared memory, more than the 232448 bytes that a program may have on cuda:90}}
    %b = tt.histogram %a : tensor<32xi32, #blocked> -> tensor<65536xi32, #blocked>
    tt.return
  }
}

// -----

// A trans or join whose result's layout has other lanes than its operand's (here the default
// layouts of the shapes, which convert-tt-to-ttg does not give them) would move elements
// between threads.
#m = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0]}>
#j = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [2, 8, 2], warpsPerCTA = [1, 1, 1], order = [2, 1, 0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @across_threads(%x: tensor<16x16xf32, #m>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.trans' yet: its source's elements are held by other threads than its result's (moving values between threads is not lowered yet)}}
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x16xf32, #m> -> tensor<16x16xf32, #m>
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.join' yet: its operands' elements are held by other threads than its result's (moving values between threads is not lowered yet)}}
    %j = tt.join %x, %x : tensor<16x16xf32, #m> -> tensor<16x16x2xf32, #j>
    tt.return
  }
}

// -----

// wgmma is Hopper's: a warpgroup dot for another chip is refused, naming the reason.
#sa = #nvidia.mma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#wgmma = #nvidia.mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:80"} {
  tt.func public @wgmma_on_sm80(%a: !ttg.memdesc<64x64xf16, #sa>, %b: !ttg.memdesc<64x64xf16, #sa>, %c: tensor<64x64xf32, #wgmma>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'nvidia.warpgroup_dot' yet: wgmma needs sm_90a}}
    %d = nvidia.warpgroup_dot %a, %b, %c : !ttg.memdesc<64x64xf16, #sa>, !ttg.memdesc<64x64xf16, #sa>, tensor<64x64xf32, #wgmma> -> tensor<64x64xf32, #wgmma>
    tt.return
  }
}
