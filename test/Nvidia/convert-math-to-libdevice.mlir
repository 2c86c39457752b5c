// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm | FileCheck %s

// Math ops on each register of a tensor become calls of libdevice's functions (declared here,
// linked by the compiler before NVPTX code generation): `__nv_<name>f` for f32, `__nv_<name>`
// for f64. Two registers per thread: two calls each.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-DAG: llvm.func @__nv_sinf(f32) -> f32
  // CHECK-DAG: llvm.func @__nv_cos(f64) -> f64
  // CHECK-DAG: llvm.func @__nv_atan2f(f32, f32) -> f32
  // CHECK-DAG: llvm.func @__nv_powf(f32, f32) -> f32
  // CHECK-DAG: llvm.func @__nv_isinff(f32) -> i32
  // CHECK-LABEL: llvm.func @f32_and_f64
  tt.func public @f32_and_f64(%x: tensor<64xf32, #blocked>, %d: tensor<64xf64, #blocked>) {
    // CHECK-COUNT-2: llvm.call @__nv_sinf(%{{.*}}) : (f32) -> f32
    %0 = math.sin %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_logf(%{{.*}}) : (f32) -> f32
    %1 = math.log %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_log2f
    %2 = math.log2 %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_exp2f
    %3 = math.exp2 %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_tanhf
    %4 = math.tanh %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_erff
    %5 = math.erf %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_rsqrtf
    %6 = math.rsqrt %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_atan2f(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
    %7 = math.atan2 %x, %0 : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_powf(%{{.*}}, %{{.*}}) : (f32, f32) -> f32
    %8 = math.powf %x, %1 : tensor<64xf32, #blocked>
    // libdevice's predicates return an int: compared with 0.
    // CHECK-COUNT-2: llvm.call @__nv_isinff(%{{.*}}) : (f32) -> i32
    %9 = math.isinf %x : tensor<64xf32, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_cos(%{{.*}}) : (f64) -> f64
    %10 = math.cos %d : tensor<64xf64, #blocked>
    // CHECK-COUNT-2: llvm.call @__nv_exp(%{{.*}}) : (f64) -> f64
    %11 = math.exp %d : tensor<64xf64, #blocked>
    // arith.remf is libdevice's fmod: exact, where LLVM's frem on NVPTX divides.
    // CHECK-COUNT-2: llvm.call @__nv_fmodf
    %12 = arith.remf %x, %0 : tensor<64xf32, #blocked>
    tt.return
  }
}

// -----

// f32 exp is libdevice's __nv_expf (within 2 ULP), not upstream Triton's ex2.approx.f32 of
// x * log2(e), whose error grows with |x|. f16 and bf16 math goes through f32.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @exp_and_narrow
  tt.func public @exp_and_narrow(%x: tensor<32xf32, #blocked>, %h: tensor<32xf16, #blocked>, %b: tensor<32xbf16, #blocked>) {
    // CHECK-NOT: llvm.nvvm.ex2.approx
    // CHECK: llvm.call @__nv_expf(%{{.*}}) : (f32) -> f32
    %0 = math.exp %x : tensor<32xf32, #blocked>
    // CHECK: %[[H:.*]] = llvm.fpext %{{.*}} : f16 to f32
    // CHECK: %[[HEXP:.*]] = llvm.call @__nv_expf(%[[H]]) : (f32) -> f32
    // CHECK: llvm.fptrunc %[[HEXP]] : f32 to f16
    %1 = math.exp %h : tensor<32xf16, #blocked>
    // CHECK: %[[B:.*]] = llvm.fpext %{{.*}} : bf16 to f32
    // CHECK: %[[BSIN:.*]] = llvm.call @__nv_sinf(%[[B]]) : (f32) -> f32
    // CHECK: llvm.fptrunc %[[BSIN]] : f32 to bf16
    %2 = math.sin %b : tensor<32xbf16, #blocked>
    tt.return
  }
}

// -----

// What PTX computes exactly with one instruction stays an LLVM intrinsic: sqrt is sqrt.rn
// (libdevice's __nv_sqrtf would be sqrt.approx), and floor, fma, abs and trunc have instructions
// too.
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @native
  tt.func public @native(%x: f32) {
    // CHECK: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
    %0 = math.sqrt %x : f32
    // CHECK: llvm.intr.floor
    %1 = math.floor %0 : f32
    // CHECK: llvm.intr.fma
    %2 = math.fma %1, %1, %0 : f32
    // CHECK: llvm.intr.fabs
    %3 = math.absf %2 : f32
    // CHECK: llvm.intr.trunc
    %4 = math.trunc %3 : f32
    // CHECK-NOT: __nv_
    tt.return
  }
}

// -----

// tt.extern_elementwise (tl.extra.libdevice's functions without a math op) calls the function
// it names, on scalars and on each register of a tensor.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-DAG: llvm.func @__nv_lgammaf(f32) -> f32
  // CHECK-DAG: llvm.func @__nv_hypot(f64, f64) -> f64
  // CHECK-LABEL: llvm.func @extern
  tt.func public @extern(%x: tensor<64xf32, #blocked>, %d: f64) {
    // CHECK-COUNT-2: llvm.call @__nv_lgammaf(%{{.*}}) : (f32) -> f32
    %0 = tt.extern_elementwise %x {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_lgammaf"} : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    // CHECK: llvm.call @__nv_hypot(%{{.*}}, %{{.*}}) : (f64, f64) -> f64
    %1 = tt.extern_elementwise %d, %d {libname = "libdevice", libpath = "", pure = true, symbol = "__nv_hypot"} : (f64, f64) -> f64
    tt.return
  }
}

// -----

// tl.sqrt_rn, tl.div_rn and tl.umulhi: LLVM's sqrt and fdiv (sqrt.rn and div.rn, IEEE-rounded)
// and the high half of a widened product.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @correctly_rounded
  tt.func public @correctly_rounded(%x: tensor<32xf32, #blocked>, %i: tensor<32xi32, #blocked>, %d: f64) {
    // CHECK: llvm.intr.sqrt(%{{.*}}) : (f32) -> f32
    %0 = tt.precise_sqrt %x : tensor<32xf32, #blocked>
    // CHECK: llvm.fdiv %{{.*}}, %{{.*}} : f32
    %1 = tt.precise_divf %x, %0 : tensor<32xf32, #blocked>
    // CHECK: llvm.fdiv %{{.*}}, %{{.*}} : f64
    %2 = tt.precise_divf %d, %d : f64
    // CHECK: %[[X:.*]] = llvm.zext %{{.*}} : i32 to i64
    // CHECK: %[[Y:.*]] = llvm.zext %{{.*}} : i32 to i64
    // CHECK: %[[P:.*]] = llvm.mul %[[X]], %[[Y]] : i64
    // CHECK: %[[H:.*]] = llvm.lshr %[[P]], %{{.*}} : i64
    // CHECK: llvm.trunc %[[H]] : i64 to i32
    %3 = tt.mulhiui %i, %i : tensor<32xi32, #blocked>
    tt.return
  }
}
