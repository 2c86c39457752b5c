#ifndef NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
#define NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestPrintLinearLayoutPass : Pass<"test-print-linear-layout"> {
  let summary = "Emits a remark with the LinearLayout of every result that has a ttg encoding.";
  let description = [{
    A test aid for the conversion of encodings to LinearLayout. Input: any IR. For every op
    result of ranked tensor type whose encoding is a ttg distributed encoding (blocked, slice),
    it emits a remark at the op: "linear layout of <shape>:" followed by
    LinearLayout::toString() of the encoding for that shape. The IR is left unchanged.
  }];
}

#endif // NEREID_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
