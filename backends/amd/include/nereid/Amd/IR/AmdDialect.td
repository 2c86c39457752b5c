#ifndef NEREID_AMD_IR_AMDDIALECT_TD
#define NEREID_AMD_IR_AMDDIALECT_TD

include "mlir/IR/OpBase.td"

def Amd_Dialect : Dialect {
  let name = "amd";
  let cppNamespace = "::mlir::nereid::amd";
  let summary = "the layouts of AMD's matrix cores, as encodings of ttg tensors";
  let description = [{
    The AMD backend's own layouts, which the shared passes see only through the ttg layout
    interfaces (docs/layouts.md): `#amd.mfma`, the accumulator of the MFMA instructions (a
    tensor-core encoding, the parent of a `#ttg.dot_op`). Triton's TTGIR spells it
    `#ttg.amd_mfma`.
  }];
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["::mlir::nereid::ttg::TritonGPUDialect"];
  let extraClassDeclaration = [{
    void registerAttributes();
  }];
}

#endif // NEREID_AMD_IR_AMDDIALECT_TD
