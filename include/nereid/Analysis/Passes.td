#ifndef NEREID_ANALYSIS_PASSES
#define NEREID_ANALYSIS_PASSES

include "mlir/Pass/PassBase.td"

def TestPrintAxisInfoPass : Pass<"test-print-axis-info", "ModuleOp"> {
  let summary = "Emits a remark with the AxisInfo lattice of every integer and pointer result";
  let description = [{
    Input: any module of tt IR. Runs the AxisInfo analysis and, on every op with an integer or
    pointer result, emits a remark such as
    `contiguity = [128], divisibility = [16], constancy = [1]` (with `constant_value = N` when the
    value is a known constant; prefixed with `result #i: ` when the op has several results, and
    one remark `induction variable: ...` on each scf.for). The IR is left unchanged. It exists so
    that lit tests can check the lattice with -verify-diagnostics.
  }];
}

#endif // NEREID_ANALYSIS_PASSES
