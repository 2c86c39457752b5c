#ifndef NEREID_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD
#define NEREID_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [Pure]> {
  let summary = "the same tensor in another layout";
  let description = [{
    ```
    %1 = ttg.convert_layout %0 : tensor<16x16xf32, #blocked> -> tensor<16x16xf32, #blocked1>
    ```
    Moves the elements of a tensor to the hardware indices that the result's encoding assigns
    them. The shape and element type stay; the encodings may be any. What the conversion costs
    (register renaming, lane shuffles, or a round trip through memory) follows from the two
    LinearLayouts (classifyLayoutConversion).
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

#endif // NEREID_DIALECT_TRITONGPU_IR_TRITONGPUOPS_TD
