// RUN: nereid-opt %s -split-input-file -verify-diagnostics --nvidia-convert-ttg-to-llvm

// An op that the NVIDIA backend does not lower yet is an error at the op, naming it and the
// backend, before anything is converted.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  tt.func public @unsupported(%a: tensor<32xi32, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.histogram' yet}}
    %b = tt.histogram %a : tensor<32xi32, #blocked> -> tensor<8xi32, #blocked>
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

// A layout conversion between threads goes through shared memory, which a program has 48 KiB
// of without the dynamic opt-in: 128 x 128 f32 is 64 KiB.
#rows = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#cols = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @too_large(%a: tensor<128x128xf32, #rows>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'ttg.convert_layout' yet: moving 65536 bytes between threads needs more than the 49152 bytes of static shared memory a program has}}
    %b = ttg.convert_layout %a : tensor<128x128xf32, #rows> -> tensor<128x128xf32, #cols>
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
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.reduce' yet: combining across warps exchanges 262144 bytes, more than the 49152 bytes of static shared memory a program has}}
    %s = tt.reduce(%a) axis = 0 {
    ^bb0(%x: f64, %y: f64):
      %z = arith.addf %x, %y : f64
      tt.reduce.return %z : f64
    } : (tensor<4x8192xf64, #blocked>) -> tensor<8192xf64, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}

// -----

// A reduction across warps exchanges one value per thread and group of registers through
// shared memory: 128 threads x 256 columns x 8 bytes of f64 is 256 KiB.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @reduce_too_large(%a: tensor<4x8192xf64, #blocked>) {
    // expected-error @below {{the NVIDIA backend cannot lower 'tt.reduce' yet: combining across warps exchanges 262144 bytes, more than the 49152 bytes of static shared memory a program has}}
    %s = tt.reduce(%a) axis = 0 {
    ^bb0(%x: f64, %y: f64):
      %z = arith.addf %x, %y : f64
      tt.reduce.return %z : f64
    } : (tensor<4x8192xf64, #blocked>) -> tensor<8192xf64, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}
