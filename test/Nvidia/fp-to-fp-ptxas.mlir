// REQUIRES: ptxas
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:90 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90a -mattr=+ptx80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=SM90 < %t.ptx
// RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
// RUN: nereid-opt %s --pass-pipeline='builtin.module(nereid-nvidia-lower{target=cuda:80 num-warps=4})' | mlir-translate --mlir-to-llvmir | llc -O3 -mtriple=nvptx64-nvidia-cuda -mcpu=sm_80 -mattr=+ptx80 -o %t80.ptx
// RUN: FileCheck %s --check-prefix=SM80 < %t80.ptx
// RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin

// Every tt.fp_to_fp between the float types of tt, with each rounding where it rounds, on tiles
// of 512 elements, and tt.clampf of each type: PTX that ptxas assembles for sm_80 and sm_90a.
// fp8 e4m3fn and e5m2 have instructions from sm_90; the other conversions to them round the
// bits; f32 to bf16 is cvt.rn.bf16.f32 from sm_80, f64 to bf16 cvt.rn.bf16.f64 from sm_90.

// SM90-DAG: cvt.rn.satfinite.e4m3x2.f32
// SM90-DAG: cvt.rn.satfinite.e5m2x2.f16x2
// SM90-DAG: cvt.rn.f16x2.e4m3x2
// SM90-DAG: cvt.rn.bf16.f64
// SM90-DAG: cvt.rz.bf16.f32
// SM80-NOT: e4m3x2
// SM80-NOT: e5m2x2
// SM80-NOT: cvt.rn.bf16.f64
// SM80-DAG: cvt.rn.bf16.f32
// SM80-DAG: cvt.rz.f16.f64
// SM80-DAG: clz.b32

module {
  tt.func public @from_f64(%x: !tt.ptr<f64>, %o0: !tt.ptr<f32>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<f16>, %o4: !tt.ptr<bf16>, %o5: !tt.ptr<bf16>, %o6: !tt.ptr<f8E5M2>, %o7: !tt.ptr<f8E5M2>, %o8: !tt.ptr<f8E4M3FN>, %o9: !tt.ptr<f8E4M3FN>, %o10: !tt.ptr<f8E4M3FNUZ>, %o11: !tt.ptr<f8E4M3FNUZ>, %o12: !tt.ptr<f8E5M2FNUZ>, %o13: !tt.ptr<f8E5M2FNUZ>, %o14: !tt.ptr<f8E4M3B11FNUZ>, %o15: !tt.ptr<f8E4M3B11FNUZ>, %o16: !tt.ptr<f64>, %o17: !tt.ptr<f64>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f64>>
    %y0 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xf32>
    %os0 = tt.splat %o0 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f32>>
    %y1 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xf16>
    %os3 = tt.splat %o3 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<f16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xbf16>
    %os4 = tt.splat %o4 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<bf16>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xbf16>
    %os5 = tt.splat %o5 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<bf16>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xf8E5M2>
    %os6 = tt.splat %o6 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E5M2>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xf8E5M2>
    %os7 = tt.splat %o7 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E5M2>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xf8E4M3FN>
    %os8 = tt.splat %o8 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xf8E4M3FN>
    %os9 = tt.splat %o9 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xf8E4M3FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xf8E4M3FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y12 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xf8E5M2FNUZ>
    %os12 = tt.splat %o12 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y13 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xf8E5M2FNUZ>
    %os13 = tt.splat %o13 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y14 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf64> -> tensor<512xf8E4M3B11FNUZ>
    %os14 = tt.splat %o14 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op14 = tt.addptr %os14, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op14, %y14 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y15 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf64> -> tensor<512xf8E4M3B11FNUZ>
    %os15 = tt.splat %o15 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op15 = tt.addptr %os15, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op15, %y15 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y16 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf64>
    %os16 = tt.splat %o16 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op16 = tt.addptr %os16, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op16, %y16 : tensor<512x!tt.ptr<f64>>
    %y17 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf64>
    %os17 = tt.splat %o17 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op17 = tt.addptr %os17, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op17, %y17 : tensor<512x!tt.ptr<f64>>
    tt.return
  }
  tt.func public @from_f32(%x: !tt.ptr<f32>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f16>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<bf16>, %o4: !tt.ptr<bf16>, %o5: !tt.ptr<f8E5M2>, %o6: !tt.ptr<f8E5M2>, %o7: !tt.ptr<f8E4M3FN>, %o8: !tt.ptr<f8E4M3FN>, %o9: !tt.ptr<f8E4M3FNUZ>, %o10: !tt.ptr<f8E4M3FNUZ>, %o11: !tt.ptr<f8E5M2FNUZ>, %o12: !tt.ptr<f8E5M2FNUZ>, %o13: !tt.ptr<f8E4M3B11FNUZ>, %o14: !tt.ptr<f8E4M3B11FNUZ>, %o15: !tt.ptr<f32>, %o16: !tt.ptr<f32>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f32>>
    %y0 = tt.fp_to_fp %v : tensor<512xf32> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf32> -> tensor<512xf16>
    %os1 = tt.splat %o1 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f16>>
    %y2 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf32> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf32> -> tensor<512xbf16>
    %os3 = tt.splat %o3 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<bf16>>
    %y4 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf32> -> tensor<512xbf16>
    %os4 = tt.splat %o4 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<bf16>>
    %y5 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf32> -> tensor<512xf8E5M2>
    %os5 = tt.splat %o5 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E5M2>>
    %y6 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf32> -> tensor<512xf8E5M2>
    %os6 = tt.splat %o6 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E5M2>>
    %y7 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf32> -> tensor<512xf8E4M3FN>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y8 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf32> -> tensor<512xf8E4M3FN>
    %os8 = tt.splat %o8 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y9 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf32> -> tensor<512xf8E4M3FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf32> -> tensor<512xf8E4M3FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf32> -> tensor<512xf8E5M2FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y12 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf32> -> tensor<512xf8E5M2FNUZ>
    %os12 = tt.splat %o12 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y13 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf32> -> tensor<512xf8E4M3B11FNUZ>
    %os13 = tt.splat %o13 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y14 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf32> -> tensor<512xf8E4M3B11FNUZ>
    %os14 = tt.splat %o14 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op14 = tt.addptr %os14, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op14, %y14 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y15 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf32>
    %os15 = tt.splat %o15 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op15 = tt.addptr %os15, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op15, %y15 : tensor<512x!tt.ptr<f32>>
    %y16 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf32>
    %os16 = tt.splat %o16 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op16 = tt.addptr %os16, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op16, %y16 : tensor<512x!tt.ptr<f32>>
    tt.return
  }
  tt.func public @from_f16(%x: !tt.ptr<f16>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<bf16>, %o3: !tt.ptr<bf16>, %o4: !tt.ptr<f8E5M2>, %o5: !tt.ptr<f8E5M2>, %o6: !tt.ptr<f8E4M3FN>, %o7: !tt.ptr<f8E4M3FN>, %o8: !tt.ptr<f8E4M3FNUZ>, %o9: !tt.ptr<f8E4M3FNUZ>, %o10: !tt.ptr<f8E5M2FNUZ>, %o11: !tt.ptr<f8E5M2FNUZ>, %o12: !tt.ptr<f8E4M3B11FNUZ>, %o13: !tt.ptr<f8E4M3B11FNUZ>, %o14: !tt.ptr<f16>, %o15: !tt.ptr<f16>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f16>>
    %y0 = tt.fp_to_fp %v : tensor<512xf16> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v : tensor<512xf16> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf16> -> tensor<512xbf16>
    %os2 = tt.splat %o2 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<bf16>>
    %y3 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf16> -> tensor<512xbf16>
    %os3 = tt.splat %o3 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<bf16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf16> -> tensor<512xf8E5M2>
    %os4 = tt.splat %o4 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<f8E5M2>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf16> -> tensor<512xf8E5M2>
    %os5 = tt.splat %o5 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E5M2>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf16> -> tensor<512xf8E4M3FN>
    %os6 = tt.splat %o6 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf16> -> tensor<512xf8E4M3FN>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf16> -> tensor<512xf8E4M3FNUZ>
    %os8 = tt.splat %o8 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf16> -> tensor<512xf8E4M3FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf16> -> tensor<512xf8E5M2FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf16> -> tensor<512xf8E5M2FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y12 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf16> -> tensor<512xf8E4M3B11FNUZ>
    %os12 = tt.splat %o12 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y13 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf16> -> tensor<512xf8E4M3B11FNUZ>
    %os13 = tt.splat %o13 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y14 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf16>
    %os14 = tt.splat %o14 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op14 = tt.addptr %os14, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op14, %y14 : tensor<512x!tt.ptr<f16>>
    %y15 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf16>
    %os15 = tt.splat %o15 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op15 = tt.addptr %os15, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op15, %y15 : tensor<512x!tt.ptr<f16>>
    tt.return
  }
  tt.func public @from_bf16(%x: !tt.ptr<bf16>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<f16>, %o4: !tt.ptr<f8E5M2>, %o5: !tt.ptr<f8E5M2>, %o6: !tt.ptr<f8E4M3FN>, %o7: !tt.ptr<f8E4M3FN>, %o8: !tt.ptr<f8E4M3FNUZ>, %o9: !tt.ptr<f8E4M3FNUZ>, %o10: !tt.ptr<f8E5M2FNUZ>, %o11: !tt.ptr<f8E5M2FNUZ>, %o12: !tt.ptr<f8E4M3B11FNUZ>, %o13: !tt.ptr<f8E4M3B11FNUZ>, %o14: !tt.ptr<bf16>, %o15: !tt.ptr<bf16>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<bf16>>
    %y0 = tt.fp_to_fp %v : tensor<512xbf16> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v : tensor<512xbf16> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v, rounding = rtne : tensor<512xbf16> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v, rounding = rtz : tensor<512xbf16> -> tensor<512xf16>
    %os3 = tt.splat %o3 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<f16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xbf16> -> tensor<512xf8E5M2>
    %os4 = tt.splat %o4 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<f8E5M2>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xbf16> -> tensor<512xf8E5M2>
    %os5 = tt.splat %o5 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E5M2>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xbf16> -> tensor<512xf8E4M3FN>
    %os6 = tt.splat %o6 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xbf16> -> tensor<512xf8E4M3FN>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xbf16> -> tensor<512xf8E4M3FNUZ>
    %os8 = tt.splat %o8 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xbf16> -> tensor<512xf8E4M3FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xbf16> -> tensor<512xf8E5M2FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xbf16> -> tensor<512xf8E5M2FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y12 = tt.fp_to_fp %v, rounding = rtne : tensor<512xbf16> -> tensor<512xf8E4M3B11FNUZ>
    %os12 = tt.splat %o12 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y13 = tt.fp_to_fp %v, rounding = rtz : tensor<512xbf16> -> tensor<512xf8E4M3B11FNUZ>
    %os13 = tt.splat %o13 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y14 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xbf16>
    %os14 = tt.splat %o14 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op14 = tt.addptr %os14, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op14, %y14 : tensor<512x!tt.ptr<bf16>>
    %y15 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xbf16>
    %os15 = tt.splat %o15 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op15 = tt.addptr %os15, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op15, %y15 : tensor<512x!tt.ptr<bf16>>
    tt.return
  }
  tt.func public @from_f8e5m2(%x: !tt.ptr<f8E5M2>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<bf16>, %o4: !tt.ptr<f8E4M3FN>, %o5: !tt.ptr<f8E4M3FN>, %o6: !tt.ptr<f8E4M3FNUZ>, %o7: !tt.ptr<f8E4M3FNUZ>, %o8: !tt.ptr<f8E5M2FNUZ>, %o9: !tt.ptr<f8E5M2FNUZ>, %o10: !tt.ptr<f8E4M3B11FNUZ>, %o11: !tt.ptr<f8E4M3B11FNUZ>, %o12: !tt.ptr<f8E5M2>, %o13: !tt.ptr<f8E5M2>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f8E5M2>>
    %y0 = tt.fp_to_fp %v : tensor<512xf8E5M2> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v : tensor<512xf8E5M2> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v : tensor<512xf8E5M2> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v : tensor<512xf8E5M2> -> tensor<512xbf16>
    %os3 = tt.splat %o3 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<bf16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2> -> tensor<512xf8E4M3FN>
    %os4 = tt.splat %o4 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2> -> tensor<512xf8E4M3FN>
    %os5 = tt.splat %o5 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2> -> tensor<512xf8E4M3FNUZ>
    %os6 = tt.splat %o6 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2> -> tensor<512xf8E4M3FNUZ>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2> -> tensor<512xf8E5M2FNUZ>
    %os8 = tt.splat %o8 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2> -> tensor<512xf8E5M2FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2> -> tensor<512xf8E4M3B11FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2> -> tensor<512xf8E4M3B11FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y12 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf8E5M2>
    %os12 = tt.splat %o12 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E5M2>>
    %y13 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf8E5M2>
    %os13 = tt.splat %o13 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E5M2>>
    tt.return
  }
  tt.func public @from_f8e4m3fn(%x: !tt.ptr<f8E4M3FN>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<bf16>, %o4: !tt.ptr<f8E5M2>, %o5: !tt.ptr<f8E5M2>, %o6: !tt.ptr<f8E4M3FNUZ>, %o7: !tt.ptr<f8E4M3FNUZ>, %o8: !tt.ptr<f8E5M2FNUZ>, %o9: !tt.ptr<f8E5M2FNUZ>, %o10: !tt.ptr<f8E4M3B11FNUZ>, %o11: !tt.ptr<f8E4M3B11FNUZ>, %o12: !tt.ptr<f8E4M3FN>, %o13: !tt.ptr<f8E4M3FN>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f8E4M3FN>>
    %y0 = tt.fp_to_fp %v : tensor<512xf8E4M3FN> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v : tensor<512xf8E4M3FN> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v : tensor<512xf8E4M3FN> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v : tensor<512xf8E4M3FN> -> tensor<512xbf16>
    %os3 = tt.splat %o3 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<bf16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FN> -> tensor<512xf8E5M2>
    %os4 = tt.splat %o4 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<f8E5M2>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FN> -> tensor<512xf8E5M2>
    %os5 = tt.splat %o5 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E5M2>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FN> -> tensor<512xf8E4M3FNUZ>
    %os6 = tt.splat %o6 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FN> -> tensor<512xf8E4M3FNUZ>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FN> -> tensor<512xf8E5M2FNUZ>
    %os8 = tt.splat %o8 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FN> -> tensor<512xf8E5M2FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FN> -> tensor<512xf8E4M3B11FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FN> -> tensor<512xf8E4M3B11FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y12 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf8E4M3FN>
    %os12 = tt.splat %o12 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y13 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf8E4M3FN>
    %os13 = tt.splat %o13 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E4M3FN>>
    tt.return
  }
  tt.func public @from_f8e4m3fnuz(%x: !tt.ptr<f8E4M3FNUZ>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<bf16>, %o4: !tt.ptr<f8E5M2>, %o5: !tt.ptr<f8E5M2>, %o6: !tt.ptr<f8E4M3FN>, %o7: !tt.ptr<f8E4M3FN>, %o8: !tt.ptr<f8E5M2FNUZ>, %o9: !tt.ptr<f8E5M2FNUZ>, %o10: !tt.ptr<f8E4M3B11FNUZ>, %o11: !tt.ptr<f8E4M3B11FNUZ>, %o12: !tt.ptr<f8E4M3FNUZ>, %o13: !tt.ptr<f8E4M3FNUZ>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y0 = tt.fp_to_fp %v : tensor<512xf8E4M3FNUZ> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v : tensor<512xf8E4M3FNUZ> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v : tensor<512xf8E4M3FNUZ> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v : tensor<512xf8E4M3FNUZ> -> tensor<512xbf16>
    %os3 = tt.splat %o3 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<bf16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E5M2>
    %os4 = tt.splat %o4 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<f8E5M2>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E5M2>
    %os5 = tt.splat %o5 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E5M2>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E4M3FN>
    %os6 = tt.splat %o6 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E4M3FN>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E5M2FNUZ>
    %os8 = tt.splat %o8 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E5M2FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E4M3B11FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3FNUZ> -> tensor<512xf8E4M3B11FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y12 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf8E4M3FNUZ>
    %os12 = tt.splat %o12 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y13 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf8E4M3FNUZ>
    %os13 = tt.splat %o13 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    tt.return
  }
  tt.func public @from_f8e5m2fnuz(%x: !tt.ptr<f8E5M2FNUZ>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<bf16>, %o4: !tt.ptr<f8E5M2>, %o5: !tt.ptr<f8E5M2>, %o6: !tt.ptr<f8E4M3FN>, %o7: !tt.ptr<f8E4M3FN>, %o8: !tt.ptr<f8E4M3FNUZ>, %o9: !tt.ptr<f8E4M3FNUZ>, %o10: !tt.ptr<f8E4M3B11FNUZ>, %o11: !tt.ptr<f8E4M3B11FNUZ>, %o12: !tt.ptr<f8E5M2FNUZ>, %o13: !tt.ptr<f8E5M2FNUZ>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y0 = tt.fp_to_fp %v : tensor<512xf8E5M2FNUZ> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v : tensor<512xf8E5M2FNUZ> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v : tensor<512xf8E5M2FNUZ> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v : tensor<512xf8E5M2FNUZ> -> tensor<512xbf16>
    %os3 = tt.splat %o3 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<bf16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E5M2>
    %os4 = tt.splat %o4 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<f8E5M2>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E5M2>
    %os5 = tt.splat %o5 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E5M2>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E4M3FN>
    %os6 = tt.splat %o6 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E4M3FN>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E4M3FNUZ>
    %os8 = tt.splat %o8 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E4M3FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E4M3B11FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E5M2FNUZ> -> tensor<512xf8E4M3B11FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y12 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf8E5M2FNUZ>
    %os12 = tt.splat %o12 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y13 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf8E5M2FNUZ>
    %os13 = tt.splat %o13 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    tt.return
  }
  tt.func public @from_f8e4m3b11fnuz(%x: !tt.ptr<f8E4M3B11FNUZ>, %o0: !tt.ptr<f64>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f16>, %o3: !tt.ptr<bf16>, %o4: !tt.ptr<f8E5M2>, %o5: !tt.ptr<f8E5M2>, %o6: !tt.ptr<f8E4M3FN>, %o7: !tt.ptr<f8E4M3FN>, %o8: !tt.ptr<f8E4M3FNUZ>, %o9: !tt.ptr<f8E4M3FNUZ>, %o10: !tt.ptr<f8E5M2FNUZ>, %o11: !tt.ptr<f8E5M2FNUZ>, %o12: !tt.ptr<f8E4M3B11FNUZ>, %o13: !tt.ptr<f8E4M3B11FNUZ>) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32>
    %xs = tt.splat %x : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    %v = tt.load %xp : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y0 = tt.fp_to_fp %v : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf64>
    %os0 = tt.splat %o0 : !tt.ptr<f64> -> tensor<512x!tt.ptr<f64>>
    %op0 = tt.addptr %os0, %r : tensor<512x!tt.ptr<f64>>, tensor<512xi32>
    tt.store %op0, %y0 : tensor<512x!tt.ptr<f64>>
    %y1 = tt.fp_to_fp %v : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf32>
    %os1 = tt.splat %o1 : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>>
    %op1 = tt.addptr %os1, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32>
    tt.store %op1, %y1 : tensor<512x!tt.ptr<f32>>
    %y2 = tt.fp_to_fp %v : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf16>
    %os2 = tt.splat %o2 : !tt.ptr<f16> -> tensor<512x!tt.ptr<f16>>
    %op2 = tt.addptr %os2, %r : tensor<512x!tt.ptr<f16>>, tensor<512xi32>
    tt.store %op2, %y2 : tensor<512x!tt.ptr<f16>>
    %y3 = tt.fp_to_fp %v : tensor<512xf8E4M3B11FNUZ> -> tensor<512xbf16>
    %os3 = tt.splat %o3 : !tt.ptr<bf16> -> tensor<512x!tt.ptr<bf16>>
    %op3 = tt.addptr %os3, %r : tensor<512x!tt.ptr<bf16>>, tensor<512xi32>
    tt.store %op3, %y3 : tensor<512x!tt.ptr<bf16>>
    %y4 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E5M2>
    %os4 = tt.splat %o4 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op4 = tt.addptr %os4, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op4, %y4 : tensor<512x!tt.ptr<f8E5M2>>
    %y5 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E5M2>
    %os5 = tt.splat %o5 : !tt.ptr<f8E5M2> -> tensor<512x!tt.ptr<f8E5M2>>
    %op5 = tt.addptr %os5, %r : tensor<512x!tt.ptr<f8E5M2>>, tensor<512xi32>
    tt.store %op5, %y5 : tensor<512x!tt.ptr<f8E5M2>>
    %y6 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E4M3FN>
    %os6 = tt.splat %o6 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op6 = tt.addptr %os6, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op6, %y6 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y7 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E4M3FN>
    %os7 = tt.splat %o7 : !tt.ptr<f8E4M3FN> -> tensor<512x!tt.ptr<f8E4M3FN>>
    %op7 = tt.addptr %os7, %r : tensor<512x!tt.ptr<f8E4M3FN>>, tensor<512xi32>
    tt.store %op7, %y7 : tensor<512x!tt.ptr<f8E4M3FN>>
    %y8 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E4M3FNUZ>
    %os8 = tt.splat %o8 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op8 = tt.addptr %os8, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op8, %y8 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y9 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E4M3FNUZ>
    %os9 = tt.splat %o9 : !tt.ptr<f8E4M3FNUZ> -> tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %op9 = tt.addptr %os9, %r : tensor<512x!tt.ptr<f8E4M3FNUZ>>, tensor<512xi32>
    tt.store %op9, %y9 : tensor<512x!tt.ptr<f8E4M3FNUZ>>
    %y10 = tt.fp_to_fp %v, rounding = rtne : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E5M2FNUZ>
    %os10 = tt.splat %o10 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op10 = tt.addptr %os10, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op10, %y10 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y11 = tt.fp_to_fp %v, rounding = rtz : tensor<512xf8E4M3B11FNUZ> -> tensor<512xf8E5M2FNUZ>
    %os11 = tt.splat %o11 : !tt.ptr<f8E5M2FNUZ> -> tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %op11 = tt.addptr %os11, %r : tensor<512x!tt.ptr<f8E5M2FNUZ>>, tensor<512xi32>
    tt.store %op11, %y11 : tensor<512x!tt.ptr<f8E5M2FNUZ>>
    %y12 = tt.clampf %v, %v, %v, propagateNan = all : tensor<512xf8E4M3B11FNUZ>
    %os12 = tt.splat %o12 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op12 = tt.addptr %os12, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op12, %y12 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %y13 = tt.clampf %v, %v, %v, propagateNan = none : tensor<512xf8E4M3B11FNUZ>
    %os13 = tt.splat %o13 : !tt.ptr<f8E4M3B11FNUZ> -> tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    %op13 = tt.addptr %os13, %r : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>, tensor<512xi32>
    tt.store %op13, %y13 : tensor<512x!tt.ptr<f8E4M3B11FNUZ>>
    tt.return
  }
}
