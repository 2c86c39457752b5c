// RUN: nereid-opt %s -split-input-file --nvidia-convert-ttg-to-llvm --canonicalize | FileCheck %s

// tt.fp_to_fp and tt.clampf, bit for bit as the interpreter computes them. Without an
// instruction (fp8 on sm_80), f32 is rounded to e4m3fn from its bits: the significand shifted
// to e4m3fn's quantum (20 bits, more below its smallest normal exponent: f32's exponent field
// under 121), rounded to nearest even on the bits shifted out, added to the rebiased exponent;
// above the largest finite value (0x7e = 448) and for infinities it saturates, as e4m3fn has no
// infinity. A NaN gives the NaN of its sign, 0x7f | sign.
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:80"} {
  // CHECK-LABEL: llvm.func @f32_to_e4m3_on_sm80
  tt.func public @f32_to_e4m3_on_sm80(%x: f32, %out: !tt.ptr<f8E4M3FN>) {
    // CHECK-NOT: llvm.inline_asm
    // CHECK-DAG: %[[SATURATED:.*]] = llvm.mlir.constant(126 : i32) : i32
    // CHECK-DAG: %[[INFINITY:.*]] = llvm.mlir.constant(2139095040 : i32) : i32
    // CHECK-DAG: %[[REBIAS:.*]] = llvm.mlir.constant(121 : i32) : i32
    // CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : f32 to i32
    // CHECK: %[[MAGNITUDE:.*]] = llvm.and %[[BITS]]
    // CHECK: llvm.icmp "ult" %{{.*}}, %[[REBIAS]] : i32
    // CHECK: %[[ROUNDED:.*]] = llvm.lshr
    // CHECK: %[[TIE:.*]] = llvm.icmp "eq"
    // CHECK: llvm.and %[[TIE]]
    // CHECK: %[[OVERFLOW:.*]] = llvm.icmp "ugt" %{{.*}}, %[[SATURATED]] : i32
    // CHECK: llvm.select %[[OVERFLOW]], %[[SATURATED]]
    // CHECK: llvm.icmp "eq" %[[MAGNITUDE]], %[[INFINITY]] : i32
    // CHECK: llvm.trunc %{{.*}} : i32 to i8
    // CHECK: %[[ISNAN:.*]] = llvm.icmp "ugt" %{{.*}}, %[[INFINITY]] : i32
    // CHECK: llvm.select %[[ISNAN]], %{{.*}}, %{{.*}} : i1, i8
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
    tt.store %out, %y : !tt.ptr<f8E4M3FN>
    tt.return
  }

  // Decoding e4m3fn: a normal value's exponent and mantissa move into f32's places, rebiased by
  // 120 (0x3c000000); a subnormal one is normalized at its leading one (ctlz).
  // CHECK-LABEL: llvm.func @e4m3_to_f32_on_sm80
  tt.func public @e4m3_to_f32_on_sm80(%x: f8E4M3FN, %out: !tt.ptr<f32>) {
    // CHECK-NOT: llvm.inline_asm
    // CHECK-DAG: llvm.mlir.constant(1006632960 : i32) : i32
    // CHECK: "llvm.intr.ctlz"(%{{.*}}) <{is_zero_poison = false}> : (i32) -> i32
    // The NaN 0x7f and 0xff: the quiet f32 NaN of their sign.
    // CHECK: llvm.icmp "eq" %{{.*}}, %{{.*}} : i8
    // CHECK: llvm.select
    %y = tt.fp_to_fp %x : f8E4M3FN -> f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }

  // Toward zero, with cvt.rz where PTX has it; f64 to bf16 has no instruction before sm_90.
  // CHECK-LABEL: llvm.func @toward_zero_on_sm80
  tt.func public @toward_zero_on_sm80(%x: f32, %d: f64, %out: !tt.ptr<f16>, %out2: !tt.ptr<bf16>) {
    // CHECK: llvm.inline_asm asm_dialect = att "cvt.rz.f16.f32 $0, $1;", "=h,f" %{{.*}} : (f32) -> i16
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f16
    // CHECK-NOT: llvm.inline_asm
    // CHECK: llvm.bitcast %{{.*}} : f64 to i64
    %z = tt.fp_to_fp %d, rounding = rtne : f64 -> bf16
    tt.store %out, %y : !tt.ptr<f16>
    tt.store %out2, %z : !tt.ptr<bf16>
    tt.return
  }

  // bf16 widens by a shift; a NaN keeps its payload and becomes quiet (0x400000), as the host's
  // conversion that the interpreter uses does.
  // CHECK-LABEL: llvm.func @bf16_to_f32
  tt.func public @bf16_to_f32(%x: bf16, %out: !tt.ptr<f32>) {
    // CHECK-DAG: %[[SIXTEEN:.*]] = llvm.mlir.constant(16 : i32) : i32
    // CHECK-DAG: %[[QUIET:.*]] = llvm.mlir.constant(2143289344 : i32) : i32
    // CHECK: %[[BITS:.*]] = llvm.bitcast %{{.*}} : bf16 to i16
    // CHECK: %[[WIDE:.*]] = llvm.zext %[[BITS]] : i16 to i32
    // CHECK: %[[VALUE:.*]] = llvm.shl %[[WIDE]], %[[SIXTEEN]] : i32
    // CHECK: llvm.or %{{.*}}, %[[QUIET]] : i32
    // CHECK: %[[PAYLOAD:.*]] = llvm.shl %{{.*}}, %[[SIXTEEN]] : i32
    // CHECK: %[[NAN:.*]] = llvm.or %{{.*}}, %[[PAYLOAD]] : i32
    // CHECK: llvm.select %{{.*}}, %[[NAN]], %[[VALUE]] : i1, i32
    %y = tt.fp_to_fp %x : bf16 -> f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }

  // arith.extf and arith.truncf, which the frontend emits for f16, bf16, f32 and f64 to nearest
  // even, convert as tt.fp_to_fp does (the interpreter executes them alike): f32's NaN becomes
  // bf16's of its sign (0x7fc0), where LLVM's fptrunc would give cvt's canonical NaN.
  // CHECK-LABEL: llvm.func @arith_conversions
  tt.func public @arith_conversions(%x: f32, %h: f16, %out: !tt.ptr<bf16>, %out2: !tt.ptr<f32>) {
    // CHECK-NOT: llvm.fptrunc
    // CHECK-DAG: llvm.mlir.constant(32704 : i16) : i16
    // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.bf16.f32 $0, $1;", "=h,f"
    // CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i16
    %y = arith.truncf %x : f32 to bf16
    // CHECK: llvm.fpext %{{.*}} : f16 to f32
    // CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i32
    %z = arith.extf %h : f16 to f32
    tt.store %out, %y : !tt.ptr<bf16>
    tt.store %out2, %z : !tt.ptr<f32>
    tt.return
  }
}

// -----

// From sm_90, e4m3fn and e5m2 convert with cvt.rn.satfinite, which saturates: right for
// e4m3fn, but e5m2 has infinities, which rounding to nearest reaches from 61440 up.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @f8_on_sm90
  tt.func public @f8_on_sm90(%x: f32, %h: f16, %out: !tt.ptr<f8E4M3FN>, %out2: !tt.ptr<f8E5M2>) {
    // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.satfinite.e4m3x2.f32 $0, $1, $2;", "=h,f,f"
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
    // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.satfinite.e5m2x2.f16x2 $0, $1;", "=h,r"
    // CHECK: %[[MAGNITUDE:.*]] = llvm.intr.fabs(%{{.*}}) : (f16) -> f16
    // CHECK: llvm.fcmp "oge" %[[MAGNITUDE]], %{{.*}} : f16
    %z = tt.fp_to_fp %h, rounding = rtne : f16 -> f8E5M2
    tt.store %out, %y : !tt.ptr<f8E4M3FN>
    tt.store %out2, %z : !tt.ptr<f8E5M2>
    tt.return
  }

  // Toward zero, fp8 has no instruction: the bits again.
  // CHECK-LABEL: llvm.func @f8_toward_zero_on_sm90
  tt.func public @f8_toward_zero_on_sm90(%x: f32, %out: !tt.ptr<f8E4M3FN>) {
    // CHECK-NOT: llvm.inline_asm
    // CHECK: llvm.return
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
    tt.store %out, %y : !tt.ptr<f8E4M3FN>
    tt.return
  }

  // Decoding to f16 exactly, then f32 and f64 by widening.
  // CHECK-LABEL: llvm.func @e5m2_to_f64_on_sm90
  tt.func public @e5m2_to_f64_on_sm90(%x: f8E5M2, %out: !tt.ptr<f64>) {
    // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.f16x2.e5m2x2 $0, $1;", "=r,h"
    // CHECK: llvm.fpext %{{.*}} : f16 to f32
    // CHECK: llvm.fpext %{{.*}} : f32 to f64
    %y = tt.fp_to_fp %x : f8E5M2 -> f64
    tt.store %out, %y : !tt.ptr<f64>
    tt.return
  }

  // Each element of a tensor: 4 registers, 4 conversions.
  // CHECK-LABEL: llvm.func @tensor
  tt.func public @tensor(%p: !tt.ptr<f32>, %q: !tt.ptr<f8E4M3FN>) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>, #blocked>
    %pa = tt.addptr %ps, %r : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked>
    %x = tt.load %pa : tensor<128x!tt.ptr<f32>, #blocked>
    // CHECK-COUNT-4: llvm.inline_asm asm_dialect = att "cvt.rn.satfinite.e4m3x2.f32
    // CHECK-NOT: llvm.inline_asm asm_dialect = att "cvt
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<128xf32, #blocked> -> tensor<128xf8E4M3FN, #blocked>
    %qs = tt.splat %q : !tt.ptr<f8E4M3FN> -> tensor<128x!tt.ptr<f8E4M3FN>, #blocked>
    %qa = tt.addptr %qs, %r : tensor<128x!tt.ptr<f8E4M3FN>, #blocked>, tensor<128xi32, #blocked>
    tt.store %qa, %y : tensor<128x!tt.ptr<f8E4M3FN>, #blocked>
    tt.return
  }
}

// -----

// tt.clampf: max then min by comparisons and selects, so that a NaN result is an operand's own
// bits as on the host: with propagateNan = all the first NaN operand wins; with none a NaN
// operand gives the other one. Of +0 and -0 the maximum is +0 and the minimum -0.
module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: llvm.func @clamp_all
  // CHECK-SAME: (%[[X:.*]]: f32, %[[LOW:.*]]: f32, %[[HIGH:.*]]: f32
  tt.func public @clamp_all(%x: f32, %low: f32, %high: f32, %out: !tt.ptr<f32>) {
    // CHECK-DAG: %[[XNAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : f32
    // CHECK-DAG: %[[LOWNAN:.*]] = llvm.fcmp "uno" %[[LOW]], %[[LOW]] : f32
    // CHECK-DAG: llvm.fcmp "ogt" %[[X]], %[[LOW]] : f32
    // CHECK: %[[PICK:.*]] = llvm.select %[[LOWNAN]], %[[LOW]], %{{.*}} : i1, f32
    // CHECK: %[[MAX:.*]] = llvm.select %[[XNAN]], %[[X]], %[[PICK]] : i1, f32
    // CHECK: llvm.fcmp "olt" %[[MAX]], %[[HIGH]] : f32
    %y = tt.clampf %x, %low, %high, propagateNan = all : f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }

  // CHECK-LABEL: llvm.func @clamp_none
  // CHECK-SAME: (%[[X:.*]]: f32, %[[LOW:.*]]: f32, %[[HIGH:.*]]: f32
  tt.func public @clamp_none(%x: f32, %low: f32, %high: f32, %out: !tt.ptr<f32>) {
    // CHECK-DAG: %[[XNAN:.*]] = llvm.fcmp "uno" %[[X]], %[[X]] : f32
    // CHECK-DAG: %[[LOWNAN:.*]] = llvm.fcmp "uno" %[[LOW]], %[[LOW]] : f32
    // CHECK: %[[PICK:.*]] = llvm.select %[[LOWNAN]], %[[X]], %{{.*}} : i1, f32
    // CHECK: %[[MAX:.*]] = llvm.select %[[XNAN]], %[[LOW]], %[[PICK]] : i1, f32
    // CHECK: llvm.fcmp "olt" %[[MAX]], %[[HIGH]] : f32
    %y = tt.clampf %x, %low, %high, propagateNan = none : f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }

  // f16 clamps in f32, which holds it exactly, and rounds back (exactly), so that a NaN
  // becomes f16's NaN of its sign.
  // CHECK-LABEL: llvm.func @clamp_f16
  tt.func public @clamp_f16(%x: f16, %low: f16, %high: f16, %out: !tt.ptr<f16>) {
    // CHECK-COUNT-3: llvm.fpext %{{.*}} : f16 to f32
    // CHECK: llvm.inline_asm asm_dialect = att "cvt.rn.f16.f32 $0, $1;"
    %y = tt.clampf %x, %low, %high, propagateNan = all : f16
    tt.store %out, %y : !tt.ptr<f16>
    tt.return
  }
}
