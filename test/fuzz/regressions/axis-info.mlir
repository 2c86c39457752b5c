// RUN: nereid-opt %s -split-input-file --test-print-axis-info --verify-diagnostics -o /dev/null

// Found by nereid-fuzz (test/fuzz): AxisInfo of a right shift by a constant of 128, more than
// the width (poison in arith), computed divisibility >> 128, undefined behaviour in C++
// (UBSan: shift exponent 128 is too large for 64-bit type). It knows nothing of such a shift.
tt.func public @shift_past_the_width() {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], non_negative}}
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [128], constancy = [64], constant_value = 128, non_negative}}
  %c128 = arith.constant dense<128> : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], non_negative}}
  %s = arith.shrsi %range, %c128 : tensor<64xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], non_negative}}
  %u = arith.shrui %range, %c128 : tensor<64xi32>
  tt.return
}
