#ifndef NEREID_AMD_IR_AMDATTRDEFS_TD
#define NEREID_AMD_IR_AMDATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"
include "nereid/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "nereid/Amd/IR/AmdDialect.td"

class Amd_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Amd_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

//===----------------------------------------------------------------------===//
// mfma
//===----------------------------------------------------------------------===//

def Amd_MfmaEncodingAttr : Amd_Attr<"MfmaEncoding", "mfma",
    [DeclareAttrInterfaceMethods<TTG_DistributedEncoding>,
     DeclareAttrInterfaceMethods<TTG_TensorCoreEncoding>,
     DeclareAttrInterfaceMethods<VerifiableTensorEncoding>]> {
  let summary = "the accumulator of AMD matrix-core instructions (MFMA)";
  let description = [{
    ```
    #mfma = #amd.mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = false}>
    ```
    Each wavefront (warp, 64 lanes) holds 32x32 or 16x16 tiles of the result (`instrShape`, M
    then N). In a 32x32 tile lane l holds column l % 32 and the rows 8i + 4 (l / 32) + j of
    registers 4i + j; in a 16x16 tile lane l holds column l % 16 and the rows 4 (l / 16) + j
    of registers j. `isTransposed` swaps the roles of rows and columns, so that a lane holds
    consecutive elements of a row (for wider stores). `version` is the matrix-core generation:
    1 for gfx908, 2 for gfx90a, 3 for gfx942, 4 for gfx950. The warps are laid out row-major;
    a larger tensor repeats the tile in more registers, along dim1 first.

    As the parent of a `#ttg.dot_op` (A and B both from registers): each lane holds `kWidth`
    consecutive elements along K.
  }];
  let parameters = (ins
    "unsigned":$version,
    ArrayRefParameter<"unsigned">:$warpsPerCTA,
    ArrayRefParameter<"unsigned">:$instrShape,
    "bool":$isTransposed
  );
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // NEREID_AMD_IR_AMDATTRDEFS_TD
